/**
 * Snapshot files. Every version starts with an 8-byte magic, a 4-byte big-endian header length and
 * the msgpack header. The header carries the format version, the day, the build time, item counts
 * and the SHA-256 of the body, so a reader can refuse a truncated, corrupt or foreign file before
 * trusting it. Files are written to a temp name and renamed into place, so a reader never sees half
 * a file.
 *
 * v1 (`TIVAULT1`, read only): the body is the whole VaultBody as one msgpack map. Decoding it builds
 * every record as a JS object: seconds and gigabytes at a million videos.
 * v2 (`TIVAULT2`, written): zero padding to a multiple of 8 after the header, then the body:
 *   u32 LE length of the directory, the directory (msgpack: [{name, type, offset, length}], offsets
 *   from the body start, each a multiple of 8), then the sections it names: "meta" (msgpack:
 *   date, days, alertLog, reports) and the typed-array columns of src/vault/columns.ts, little-endian,
 *   zero-padded to 8 bytes. The directory is inside the checksummed body, so a flipped header byte
 *   cannot move a section. Reading checks the checksum, then views the columns in place (no copy
 *   when aligned) and builds records only on first access (columns.ts `lazyBody`).
 */
import { Packr } from "msgpackr";
import { mkdirSync, readdirSync, renameSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { basename, join } from "node:path";
import type { VaultBody } from "./model.ts";
import { COLUMN_SECTIONS, CTORS, ELEM_BYTES, VaultColumns, colType, encodeColumns, lazyBody, type ColType, type Typed, type VaultMeta } from "./columns.ts";

/** The version written. */
export const FORMAT_VERSION = 2;
export const READABLE_VERSIONS = [1, 2] as const;
const MAGIC: Record<number, Buffer> = { 1: Buffer.from("TIVAULT1"), 2: Buffer.from("TIVAULT2") };
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

export interface SectionEntry {
  name: string;
  type: ColType | "msgpack";
  offset: number;
  /** Elements (bytes for msgpack). */
  length: number;
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

const align8 = (n: number) => (n + 7) & ~7;

/** The v2 body: directory, meta, columns. */
function encodeBodyV2(body: VaultBody): Uint8Array {
  const { meta, cols } = encodeColumns(body);
  const metaBuf = packr.pack(meta);
  const parts: { name: string; type: ColType | "msgpack"; bytes: Uint8Array; length: number }[] = [{ name: "meta", type: "msgpack", bytes: metaBuf, length: metaBuf.length }];
  for (const [name, a] of cols) parts.push({ name, type: colType(a), bytes: new Uint8Array(a.buffer, a.byteOffset, a.byteLength), length: a.length });
  // The directory's own size depends on the offsets it holds: offsets are laid out after a first
  // packing and re-packed until stable (twice at most in practice).
  let dirBuf: Uint8Array = new Uint8Array(0);
  let dir: SectionEntry[] = [];
  for (let round = 0; round < 4; round++) {
    let at = align8(4 + dirBuf.length);
    dir = parts.map((p) => {
      const e = { name: p.name, type: p.type, offset: at, length: p.length };
      at = align8(at + p.bytes.length);
      return e;
    });
    const next = packr.pack(dir);
    if (next.length === dirBuf.length) {
      dirBuf = next;
      break;
    }
    dirBuf = next;
  }
  const last = dir[dir.length - 1];
  const total = last.offset + parts[parts.length - 1].bytes.length;
  const out = new Uint8Array(total);
  new DataView(out.buffer).setUint32(0, dirBuf.length, true);
  out.set(dirBuf, 4);
  parts.forEach((p, i) => out.set(p.bytes, dir[i].offset));
  return out;
}

function frame(format: number, header: SnapshotHeader, bodyBuf: Uint8Array): Uint8Array {
  const headBuf = packr.pack(header);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(headBuf.length);
  const pad = format >= 2 ? Buffer.alloc(align8(12 + headBuf.length) - 12 - headBuf.length) : Buffer.alloc(0);
  return Buffer.concat([MAGIC[format], len, headBuf, pad, bodyBuf]);
}

/** A file from a header and a body as they are (for tests that forge files; the header is not checked). */
export function frameSnapshot(header: SnapshotHeader, bodyBuf: Uint8Array, format = header.format): Uint8Array {
  return frame(format === 1 ? 1 : 2, header, bodyBuf);
}

/** The file bytes of `body`, in format v2 (or v1, kept for compatibility tests and old readers). */
export function encodeSnapshot(body: VaultBody, opts: { format?: 1 | 2 } = {}): Uint8Array {
  const format = opts.format ?? FORMAT_VERSION;
  const bodyBuf = format === 1 ? packr.pack(body) : encodeBodyV2(body);
  const header: SnapshotHeader = {
    format,
    date: body.date,
    builtAt: buildTime(body.date),
    counts: { videos: body.videos.length, searches: body.searches.length, news: body.news.length, stories: body.stories.length, alerts: body.alertLog.length },
    bodySha256: sha256(bodyBuf),
    bodyBytes: bodyBuf.length,
  };
  return frame(format, header, bodyBuf);
}

export function readHeader(buf: Uint8Array): { header: SnapshotHeader; bodyOffset: number } {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const magic = b.length >= 12 ? b.subarray(0, 8) : null;
  const version = magic ? READABLE_VERSIONS.find((v) => magic.equals(MAGIC[v])) : undefined;
  if (!version) throw new SnapshotError("not a snapshot (bad magic)");
  const hlen = b.readUInt32BE(8);
  if (12 + hlen > b.length) throw new SnapshotError("truncated header");
  let header: SnapshotHeader;
  try {
    header = packr.unpack(b.subarray(12, 12 + hlen)) as SnapshotHeader;
  } catch {
    throw new SnapshotError("unreadable header");
  }
  if (!header || typeof header !== "object") throw new SnapshotError("unreadable header");
  // The magic names the layout; a header claiming another version is foreign or corrupt.
  if (header.format !== version) throw new SnapshotError(`unsupported format version ${header.format} (expected ${version} for a ${magic!.toString("latin1")} file; this build reads ${READABLE_VERSIONS.join(", ")})`);
  const bodyOffset = version >= 2 ? align8(12 + hlen) : 12 + hlen;
  if (bodyOffset > b.length) throw new SnapshotError("truncated header");
  return { header, bodyOffset };
}

/** Views of the columns of a checksummed v2 body (copied only when misaligned), and its meta. */
function decodeBodyV2(bodyBuf: Uint8Array): VaultColumns {
  const dv = new DataView(bodyBuf.buffer, bodyBuf.byteOffset, bodyBuf.byteLength);
  if (bodyBuf.length < 4) throw new SnapshotError("body too short for its directory");
  const dirLen = dv.getUint32(0, true);
  if (4 + dirLen > bodyBuf.length) throw new SnapshotError("section directory past the end of the body");
  let dir: SectionEntry[];
  let meta: VaultMeta | undefined;
  try {
    dir = packr.unpack(bodyBuf.subarray(4, 4 + dirLen)) as SectionEntry[];
  } catch {
    throw new SnapshotError("unreadable section directory");
  }
  if (!Array.isArray(dir)) throw new SnapshotError("unreadable section directory");
  const cols = new Map<string, Typed>();
  for (const e of dir) {
    if (!e || typeof e.name !== "string" || !Number.isInteger(e.offset) || !Number.isInteger(e.length) || e.offset < 0 || e.length < 0) throw new SnapshotError("bad section entry");
    const size = e.type === "msgpack" ? 1 : ELEM_BYTES[e.type as ColType];
    if (!size) throw new SnapshotError(`section ${e.name} has unknown type ${e.type}`);
    if (e.offset % 8 !== 0) throw new SnapshotError(`section ${e.name} is not aligned`);
    if (e.offset + e.length * size > bodyBuf.length) throw new SnapshotError(`section ${e.name} runs past the end of the body`);
    if (cols.has(e.name) || (e.name === "meta" && meta)) throw new SnapshotError(`section ${e.name} appears twice`);
    if (e.type === "msgpack") {
      if (e.name !== "meta") continue; // unknown msgpack sections are skipped (room for additions)
      try {
        meta = packr.unpack(bodyBuf.subarray(e.offset, e.offset + e.length)) as VaultMeta;
      } catch {
        throw new SnapshotError("unreadable meta section");
      }
      continue;
    }
    const ctor = CTORS[e.type as ColType];
    const abs = bodyBuf.byteOffset + e.offset;
    cols.set(e.name, abs % size === 0 ? new ctor(bodyBuf.buffer as ArrayBuffer, abs, e.length) : new ctor(bodyBuf.slice(e.offset, e.offset + e.length * size).buffer));
  }
  if (!meta || typeof meta.date !== "string" || !Array.isArray(meta.days) || !Array.isArray(meta.alertLog) || !Array.isArray(meta.reports)) throw new SnapshotError("meta section missing or malformed");
  for (const [name, type] of COLUMN_SECTIONS) {
    const a = cols.get(name);
    if (!a) throw new SnapshotError(`section ${name} missing`);
    if (colType(a) !== type) throw new SnapshotError(`section ${name} is ${colType(a)}, expected ${type}`);
  }
  const vc = new VaultColumns(meta, cols);
  const bad = vc.validate();
  if (bad) throw new SnapshotError(bad);
  return vc;
}

export function decodeSnapshot(buf: Uint8Array): { header: SnapshotHeader; body: VaultBody } {
  const { header, bodyOffset } = readHeader(buf);
  const bodyBuf = buf.subarray(bodyOffset);
  if (bodyBuf.length !== header.bodyBytes) throw new SnapshotError(`body is ${bodyBuf.length} bytes, header says ${header.bodyBytes}`);
  if (sha256(bodyBuf) !== header.bodySha256) throw new SnapshotError("checksum mismatch");
  let body: VaultBody;
  if (header.format === 1) {
    try {
      body = packr.unpack(bodyBuf) as VaultBody;
    } catch {
      throw new SnapshotError("unreadable body");
    }
  } else body = lazyBody(decodeBodyV2(bodyBuf));
  if (!body || body.date !== header.date) throw new SnapshotError("header and body dates differ");
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
