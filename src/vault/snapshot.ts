/**
 * Snapshot file format v1. Layout: 8-byte magic `TIVAULT1`, a 4-byte big-endian header length, the
 * msgpack header, then the msgpack body. The header carries the format version, the day, the build
 * time, item counts and the SHA-256 of the body, so a reader can refuse a truncated, corrupt or
 * foreign file before trusting it. Files are written to a temp name and renamed into place, so a
 * reader never sees half a file.
 */
import { Packr } from "msgpackr";
import { mkdirSync, readdirSync, renameSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { basename, join } from "node:path";
import type { VaultBody } from "./model.ts";

export const FORMAT_VERSION = 1;
const MAGIC = Buffer.from("TIVAULT1");
/** Plain maps, no record extension: files stay readable by any msgpack reader. */
const packr = new Packr({ useRecords: false, moreTypes: false });

export interface SnapshotHeader {
  format: number;
  date: string;
  builtAt: string;
  counts: { videos: number; searches: number; news: number; stories: number; alerts: number };
  bodySha256: string;
  bodyBytes: number;
}

export class SnapshotError extends Error {}

function sha256(buf: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(buf).digest("hex");
}

/**
 * Build time is deterministic so re-running ingest over the same inputs is byte-identical: the
 * reproducible-builds SOURCE_DATE_EPOCH when set, else the end of the snapshot's own day.
 */
export function buildTime(date: string): string {
  const sde = process.env.SOURCE_DATE_EPOCH;
  if (sde && /^\d+$/.test(sde)) return new Date(Number(sde) * 1000).toISOString();
  return `${date}T23:59:59.000Z`;
}

export function encodeSnapshot(body: VaultBody): Uint8Array {
  const bodyBuf = packr.pack(body);
  const header: SnapshotHeader = {
    format: FORMAT_VERSION,
    date: body.date,
    builtAt: buildTime(body.date),
    counts: { videos: body.videos.length, searches: body.searches.length, news: body.news.length, stories: body.stories.length, alerts: body.alertLog.length },
    bodySha256: sha256(bodyBuf),
    bodyBytes: bodyBuf.length,
  };
  const headBuf = packr.pack(header);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(headBuf.length);
  return Buffer.concat([MAGIC, len, headBuf, bodyBuf]);
}

export function readHeader(buf: Uint8Array): { header: SnapshotHeader; bodyOffset: number } {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 12 || !b.subarray(0, 8).equals(MAGIC)) throw new SnapshotError("not a snapshot (bad magic)");
  const hlen = b.readUInt32BE(8);
  if (12 + hlen > b.length) throw new SnapshotError("truncated header");
  let header: SnapshotHeader;
  try {
    header = packr.unpack(b.subarray(12, 12 + hlen)) as SnapshotHeader;
  } catch {
    throw new SnapshotError("unreadable header");
  }
  if (header.format !== FORMAT_VERSION) throw new SnapshotError(`unsupported format version ${header.format} (expected ${FORMAT_VERSION})`);
  return { header, bodyOffset: 12 + hlen };
}

export function decodeSnapshot(buf: Uint8Array): { header: SnapshotHeader; body: VaultBody } {
  const { header, bodyOffset } = readHeader(buf);
  const bodyBuf = buf.subarray(bodyOffset);
  if (bodyBuf.length !== header.bodyBytes) throw new SnapshotError(`body is ${bodyBuf.length} bytes, header says ${header.bodyBytes}`);
  if (sha256(bodyBuf) !== header.bodySha256) throw new SnapshotError("checksum mismatch");
  const body = packr.unpack(bodyBuf) as VaultBody;
  if (body.date !== header.date) throw new SnapshotError("header and body dates differ");
  return { header, body };
}

export const SNAPSHOT_RE = /^(\d{4}-\d{2}-\d{2})\.msgpack$/;

export function snapshotPath(dir: string, date: string): string {
  return join(dir, `${date}.msgpack`);
}

export function writeSnapshot(dir: string, body: VaultBody): string {
  mkdirSync(dir, { recursive: true });
  const final = snapshotPath(dir, body.date);
  const tmp = join(dir, `.${body.date}.msgpack.${process.pid}.tmp`);
  writeFileSync(tmp, encodeSnapshot(body));
  renameSync(tmp, final);
  return final;
}

/**
 * Read and verify one snapshot file. The file name names the day: a file whose header disagrees
 * with its name (a copy of 10-05 saved as 10-14) is refused, since serving it would report one day
 * and log another, and a newer-looking name would be reloaded forever.
 */
export function readSnapshotFile(path: string): { header: SnapshotHeader; body: VaultBody } {
  const r = decodeSnapshot(readFileSync(path));
  const named = SNAPSHOT_RE.exec(basename(path))?.[1];
  if (named && named !== r.header.date) throw new SnapshotError(`file name says ${named} but its header says ${r.header.date}`);
  return r;
}

/** Snapshot dates present in `dir`, newest first. */
export function listSnapshots(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => SNAPSHOT_RE.exec(f)?.[1])
    .filter((d): d is string => !!d)
    .sort()
    .reverse();
}
