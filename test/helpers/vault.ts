/**
 * Real snapshots for the suites, built from the real Kaggle CSV (data/youtube-2017-v1/USvideos.csv, 40 days) with
 * the real ingest code into temp dirs. Built once per test process and shared (read-only): a
 * suite that mutates a vault dir must copy it first (copyVault).
 */
import { readFileSync, cpSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseKaggleCsv } from "../../src/feeds/kaggle.ts";
import { parseCsv } from "../../src/feeds/csv.ts";
import { ingestDays } from "../../src/cli-ingest.ts";
import type { DayInput } from "../../src/vault/ingest.ts";
import { listSnapshots, readSnapshotFile, snapshotPath } from "../../src/vault/snapshot.ts";
import { tempDir } from "./tmp.ts";

export const REPO = join(import.meta.dir, "../..");
export const KAGGLE_CSV = join(REPO, "data/youtube-2017-v1/USvideos.csv");
/** Days in the demo CSV (13.09 .. 22.10.2017). */
export const DEMO_DAYS = 40;
export const FIRST_DAY = "2017-09-13";

let days: DayInput[] | null = null;

/** All days of the real CSV as ingest inputs, in date order (the same mapping as `trend-intel ingest --kaggle-csv`). */
export function kaggleDays(): DayInput[] {
  if (!days) {
    const r = parseKaggleCsv(readFileSync(KAGGLE_CSV, "utf8"));
    days = [...r.days].map(([day, observations], i) => ({ day, observations, inputs: [`USvideos.csv#${day}`], skipped: i === 0 ? r.skipped : {} }));
  }
  return days;
}

const built = new Map<number, string>();

/** A vault dir holding the first `n` days (shared, do not modify). n = DEMO_DAYS is the full demo vault. */
export function vaultDir(n: number): string {
  let d = built.get(n);
  if (!d) {
    d = tempDir(`vault${n}`);
    ingestDays(kaggleDays().slice(0, n), d, () => {});
    built.set(n, d);
  }
  return d;
}

export const smallVault = () => vaultDir(3);

/** The demo vault shipped in the repo (built by `trend-intel ingest --kaggle-csv data/youtube-2017-v1/USvideos.csv`). */
export const REPO_SNAPSHOTS = join(REPO, "snapshots");
let full: string | null = null;

/**
 * The real full demo vault (40 days). The repo's snapshots/ when it holds all 40 days and its newest
 * file passes the format checks (that is the vault users get); otherwise built from the full CSV
 * into a temp dir with the real ingest (a few seconds). TEST_FULL_VAULT=build forces the build.
 */
export function fullVault(): string {
  if (!full) {
    const days = listSnapshots(REPO_SNAPSHOTS);
    let usable = days.length === DEMO_DAYS && process.env.TEST_FULL_VAULT !== "build";
    if (usable) {
      try {
        readSnapshotFile(snapshotPath(REPO_SNAPSHOTS, days[0]));
      } catch {
        usable = false;
      }
    }
    full = usable ? REPO_SNAPSHOTS : vaultDir(DEMO_DAYS);
  }
  return full;
}

/** A private copy of the first-n-days vault (or of only some of its files) that a test may modify. */
export function copyVault(n: number, only?: (file: string) => boolean): string {
  const src = vaultDir(n);
  const dst = tempDir(`vaultcopy${n}`);
  for (const f of readdirSync(src)) if (!only || only(f)) cpSync(join(src, f), join(dst, f));
  return dst;
}

/** The real CSV cut to its first `n` days, re-serialised as RFC 4180 CSV (every field quoted). */
export function kaggleCsvFirstDays(n: number): string {
  const rows = parseCsv(readFileSync(KAGGLE_CSV, "utf8"));
  const header = rows[0];
  const dateCol = header.indexOf("date");
  const keep = new Set<string>();
  const out = [header];
  for (const r of rows.slice(1)) {
    if (r.length !== header.length) continue;
    if (!keep.has(r[dateCol]) && keep.size === n) continue;
    keep.add(r[dateCol]);
    out.push(r);
  }
  const q = (f: string) => `"${f.replace(/"/g, '""')}"`;
  return out.map((r, i) => (i === 0 ? r.join(",") : r.map(q).join(","))).join("\n") + "\n";
}
