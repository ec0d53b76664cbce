/**
 * Scale of the vault, on a SYNTHETIC vault (bench/synth.ts) of 10k, 100k and 1M tracked videos over
 * 30 days. For each size, each figure from its own fresh child process:
 *   build   days 1..29 through the real path (buildDay + withAlertLog, in memory, as `ingestDays`
 *           does), day 29 written as a snapshot; per-day times kept. Cached per size in --work.
 *   ingest  "ingest a day": read day 29's snapshot, merge day 30, stories, alert log, encode, write:
 *           what `trend-intel ingest --feeds` does for one new day. Timed per phase; the clustering
 *           (assignStories) inside the stories phase is timed again on its own for the split. Up to
 *           --reference-up-to videos (default 100000) also run with the old clustering
 *           (test/vault/cluster.reference.ts) and the two day-30 files compared byte for byte.
 *   load    readSnapshotFile + buildIndexes (what Engine.refresh does), per phase.
 *   serve   createServerApp on the day-30 snapshot (a fresh process, as the server starts), then RSS
 *           after a full GC, top-10 (/api/public/trends) through app.handle and its handler alone,
 *           story matcher (idx.matcher.match) p50/p99 on noisy variants of story names, /forecast
 *           through app.handle.
 *   migrate (only when day 29 is a snapshot format v1 file from an older cache) rewrites it as v2.
 * Writes bench/RESULTS.scale.md (or --out). Run: bun bench/scale.ts [--sizes 10000,100000,1000000]
 *   [--work DIR] [--rebuild] [--fresh] [--queries 5000] [--out FILE] [--note TEXT] [--report-only]
 *   [--reference-up-to N] [--help]
 * Vaults are cached in --work (default $TMPDIR/ti-bench-scale) and rebuilt with --rebuild; each
 * measurement is saved next to its vault as step-*.json and reused unless --fresh. Above
 * --reference-up-to, day 30's clustering alone is compared with the old one by
 *   bun bench/scale.ts --child cluster-identity --n 1000000 --dir <work>/SYNTHETIC-videos1000000-gen1
 * A step can be run on its own, detached, with
 *   bun bench/scale.ts --child ingest --n 1000000 --dir <work>/SYNTHETIC-videos1000000-gen1 --tag a \
 *     > <work>/SYNTHETIC-videos1000000-gen1/step-ingest-real.json
 */
import { parseArgs } from "node:util";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync, rmSync, statSync, readdirSync } from "node:fs";
import { cpus, totalmem, tmpdir } from "node:os";
import { join } from "node:path";
import { SyntheticVault, SYNTH_DAYS, SYNTH_LABEL, isoDay, SYNTH_START, prng } from "./synth.ts";

const GEN_VERSION = 1; // bump when synth.ts changes what it generates (invalidates cached vaults)
const SCRIPT = import.meta.path;
const BUN = process.execPath;

const a = parseArgs({
  args: import.meta.main ? process.argv.slice(2) : [],
  options: {
    sizes: { type: "string" },
    work: { type: "string" },
    rebuild: { type: "boolean" },
    queries: { type: "string" },
    out: { type: "string" },
    child: { type: "string" },
    n: { type: "string" },
    dir: { type: "string" },
    tag: { type: "string" },
    reference: { type: "boolean" },
    "reference-up-to": { type: "string" },
    help: { type: "boolean" },
    "skip-determinism-above": { type: "string" },
    "report-only": { type: "boolean" },
    fresh: { type: "boolean" },
    note: { type: "string" },
  },
});

const now = () => performance.now();
const ms = (x: number) => Math.round(x);
const mb = (b: number) => Math.round(b / 1e6);
function pct(sorted: Float64Array | number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
async function loadavg(): Promise<string> {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}

// -------------------------------------------------------------------------------------------------
// The old clustering, for the byte-identity check.
//
// assignStories (src/vault/cluster.ts) scores only the stories that can pass the join rule. The old
// one, which scored every story sharing any word, is kept in test/vault/cluster.reference.ts. With
// --reference the ingest child loads cluster.ts with that assignStories in place of the real one (a
// Bun plugin, applied as text at load time; naming is the real code's), so day 30 can be ingested
// both ways and the two files compared (fileSha). It grows worse than linearly (about 1,015 s of a
// 1,105 s day at 1M), so the parent runs it up to --reference-up-to videos only.
export function referenceClusterSource(src: string): string | null {
  const from = "export function assignStories(";
  if (src.split(from).length !== 2) return null;
  const ref = join(import.meta.dir, "../test/vault/cluster.reference.ts");
  return src.replace(from, "function assignStoriesFast(") + `\nexport { assignStories } from ${JSON.stringify(ref)};\nexport const REFERENCE_CLUSTER = true;\n`;
}

async function useReferenceCluster(): Promise<void> {
  const file = join(import.meta.dir, "../src/vault/cluster.ts");
  const patched = referenceClusterSource(readFileSync(file, "utf8"));
  if (!patched) throw new Error("cannot swap the reference assignStories into src/vault/cluster.ts");
  Bun.plugin({
    name: "reference-cluster",
    setup(b) {
      b.onLoad({ filter: /src\/vault\/cluster\.ts$/ }, () => ({ contents: patched, loader: "ts" }));
    },
  });
  const m: any = await import("../src/vault/cluster.ts");
  if (!m.REFERENCE_CLUSTER) throw new Error("the reference clustering plugin did not take effect");
}

// -------------------------------------------------------------------------------------------------
// Children

async function childBuild(n: number, dir: string): Promise<void> {
  const { buildDay } = await import("../src/vault/ingest.ts");
  const { withAlertLog } = await import("../src/engine/alertlog.ts");
  const { writeSnapshot } = await import("../src/vault/snapshot.ts");
  const sv = new SyntheticVault({ videos: n });
  const perDay: { day: string; obs: number; videos: number; stories: number; buildMs: number; alertMs: number; rssMb: number }[] = [];
  let prev: any = null;
  for (let k = 0; k < SYNTH_DAYS - 1; k++) {
    const input = sv.day(k);
    const t0 = now();
    const b = buildDay(prev, input);
    const t1 = now();
    prev = withAlertLog(b);
    const t2 = now();
    Bun.gc(true);
    const rssMb = mb(process.memoryUsage().rss);
    perDay.push({ day: input.day, obs: input.observations.length, videos: prev.videos.length, stories: prev.stories.length, buildMs: ms(t1 - t0), alertMs: ms(t2 - t1), rssMb });
    console.error(`[${SYNTH_LABEL} ${n}] day ${k + 1}/${SYNTH_DAYS - 1}: ${input.observations.length} obs, ${prev.videos.length} videos, ${prev.stories.length} stories, build ${ms(t1 - t0)} ms, alert log ${ms(t2 - t1)} ms, RSS ${rssMb} MB`);
  }
  writeSnapshot(dir, prev);
  writeFileSync(join(dir, "build.json"), JSON.stringify({ perDay }));
}

async function childIngest(n: number, dir: string, tag: string, reference: boolean): Promise<void> {
  if (reference) await useReferenceCluster();
  const { mergeDay } = await import("../src/vault/ingest.ts");
  const { rebuildStories, clusterInput } = await import("../src/vault/stories.ts");
  const { assignStories } = await import("../src/vault/cluster.ts");
  const { withAlertLog } = await import("../src/engine/alertlog.ts");
  const { decodeSnapshot, encodeSnapshot, readHeader, snapshotPath } = await import("../src/vault/snapshot.ts");
  const sv = new SyntheticVault({ videos: n });
  const prevDay = isoDay(SYNTH_START, SYNTH_DAYS - 2);
  const input = sv.day(SYNTH_DAYS - 1); // generating the feed is not part of ingest
  Bun.gc(true);
  const t: Record<string, number> = {};
  let t0 = now();
  let buf: Buffer | null = readFileSync(snapshotPath(dir, prevDay));
  t.read = now() - t0;
  t0 = now();
  let prev: any = decodeSnapshot(buf).body;
  // A v2 body builds its records on first access: built here, so "decode" is checksum + records.
  for (const k of ["videos", "searches", "news", "stories"]) void prev[k];
  t.decode = now() - t0; // sha-256 check + unpack
  // Split of decode: the checksum alone (not added to the total).
  const { bodyOffset } = readHeader(buf);
  t0 = now();
  new Bun.CryptoHasher("sha256").update(buf.subarray(bodyOffset)).digest("hex");
  const shaPrev = now() - t0;
  const prevBytes = buf.length;
  buf = null;
  t0 = now();
  const changes = { retitled: new Set<string>() }; // as buildDay does
  const merged = mergeDay(prev, input, changes);
  t.merge = now() - t0;
  prev = null;
  t0 = now();
  const withStories = rebuildStories(merged, changes);
  t.stories = now() - t0;
  t0 = now();
  const body = withAlertLog(withStories);
  t.alertLog = now() - t0;
  t0 = now();
  const bytes = encodeSnapshot(body);
  t.encode = now() - t0; // pack + sha-256 of the new body
  t0 = now();
  const out = join(dir, `ingest-${tag}`);
  mkdirSync(out, { recursive: true });
  const final = snapshotPath(out, body.date);
  writeFileSync(final + ".tmp", bytes);
  renameSync(final + ".tmp", final);
  t.write = now() - t0;
  const total = Object.values(t).reduce((x, y) => x + y, 0);
  const main = {
    phases: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, ms(v)])),
    totalMs: ms(total),
    observations: input.observations.length,
    videoObs: input.observations.filter((o) => o.kind === "video").length,
    videos: body.videos.length,
    stories: body.stories.length,
    prevBytes,
    referenceCluster: reference,
    bytes: bytes.length,
    fileSha: new Bun.CryptoHasher("sha256").update(bytes).digest("hex"),
    file: final,
    peakRssMb: mb(process.memoryUsage().rss),
  };
  // The main figures first (a run stopped during the split below still leaves them), then all.
  console.log(JSON.stringify(main));
  // Clustering alone, on exactly the items rebuildStories gave it (repeated here for the split).
  const { items, existing } = clusterInput(merged);
  Bun.gc(true);
  t0 = now();
  assignStories(existing, items, merged.date);
  const cluster = now() - t0;
  t0 = now();
  const shaNew = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  const shaNewMs = now() - t0;
  console.log(JSON.stringify({ ...main, split: { shaPrevMs: ms(shaPrev), clusterMs: ms(cluster), clusterItems: items.length, existingStories: existing.length, shaNewMs: ms(shaNewMs) } }));
}

/**
 * Day 30's assignStories against the old one (test/vault/cluster.reference.ts) on the same input,
 * both timed, outputs compared field by field. For sizes above --reference-up-to, where the whole
 * old-clustering ingest is too long to run as a step: `--child cluster-identity --n N --dir <vault>`.
 */
async function childClusterIdentity(n: number, dir: string): Promise<void> {
  const { decodeSnapshot, snapshotPath } = await import("../src/vault/snapshot.ts");
  const { mergeDay } = await import("../src/vault/ingest.ts");
  const { clusterInput } = await import("../src/vault/stories.ts");
  const { assignStories } = await import("../src/vault/cluster.ts");
  const { assignStories: reference } = await import("../test/vault/cluster.reference.ts");
  let prev: any = decodeSnapshot(readFileSync(snapshotPath(dir, isoDay(SYNTH_START, SYNTH_DAYS - 2)))).body;
  const merged = mergeDay(prev, new SyntheticVault({ videos: n }).day(SYNTH_DAYS - 1), { retitled: new Set() });
  prev = null;
  const { items, existing } = clusterInput(merged);
  Bun.gc(true);
  let t0 = now();
  const f = assignStories(existing, items, merged.date);
  const fastMs = now() - t0;
  t0 = now();
  const r = reference(existing, items, merged.date);
  const refMs = now() - t0;
  const same =
    f.assignment.size === r.assignment.size &&
    [...f.assignment].every(([k, v]) => r.assignment.get(k) === v) &&
    f.stories.length === r.stories.length &&
    f.stories.every((s, i) => s.id === r.stories[i].id && s.firstSeen === r.stories[i].firstSeen && s.terms.join("\u0000") === r.stories[i].terms.join("\u0000"));
  console.log(JSON.stringify({ n, items: items.length, existing: existing.length, storiesAfter: f.stories.length, fastMs: ms(fastMs), refMs: ms(refMs), same }));
}

/** Rewrites every snapshot of `dir` in the current format (v1 files are read as they are). */
async function childMigrate(dir: string): Promise<void> {
  const { listSnapshots, readSnapshotFile, snapshotPath, writeSnapshot } = await import("../src/vault/snapshot.ts");
  for (const d of listSnapshots(dir)) {
    const t0 = now();
    const { header, body } = readSnapshotFile(snapshotPath(dir, d));
    writeSnapshot(dir, body);
    console.error(`${d}: format ${header.format} → current, ${ms(now() - t0)} ms`);
  }
  console.log(JSON.stringify({ ok: true }));
}

async function childLoad(dir: string): Promise<void> {
  const { decodeSnapshot, readHeader } = await import("../src/vault/snapshot.ts");
  const { buildIndexes, warmIndexes } = await import("../src/engine/indexes.ts");
  const file = join(dir, readdirSync(dir).find((f) => f.endsWith(".msgpack"))!);
  const t: Record<string, number> = {};
  let t0 = now();
  const buf = readFileSync(file);
  t.read = now() - t0;
  t0 = now();
  const { body } = decodeSnapshot(buf);
  t.decode = now() - t0;
  t0 = now();
  const idx = buildIndexes(body); // the rankings /trends serves; the rest is built on first use
  t.indexes = now() - t0;
  // warmIndexes (what a newer snapshot gets before its swap), part by part:
  const w: Record<string, number> = {};
  t0 = now();
  void idx.storyById; // video map + story views
  w.storyViews = now() - t0;
  t0 = now();
  void idx.matcher; // fuzzy index over names and member titles
  w.matcher = now() - t0;
  t0 = now();
  warmIndexes(idx); // the rest (news lists)
  w.news = now() - t0;
  t.warm = w.storyViews + w.matcher + w.news;
  const { bodyOffset } = readHeader(buf);
  t0 = now();
  new Bun.CryptoHasher("sha256").update(buf.subarray(bodyOffset)).digest("hex");
  const sha = now() - t0;
  console.log(JSON.stringify({ phases: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, ms(v)])), warm: Object.fromEntries(Object.entries(w).map(([k, v]) => [k, ms(v)])), totalMs: ms(t.read + t.decode + t.indexes + t.warm), toTrendsMs: ms(t.read + t.decode + t.indexes), shaMs: ms(sha), stories: idx.stories.length, matcherStories: idx.matcher.size }));
}

function variant(name: string, r: () => number): string {
  const ws = name.split(/\s+/).filter(Boolean);
  const k = Math.floor(r() * 5);
  if (k === 0 && ws.length) {
    const i = Math.floor(r() * ws.length);
    const w = ws[i];
    if (w.length >= 5) {
      const j = 1 + Math.floor(r() * (w.length - 2));
      ws[i] = w.slice(0, j) + w.slice(j + 1);
    }
    return ws.join(" ");
  }
  if (k === 1) return name.toLowerCase();
  if (k === 2) return [...ws].reverse().join(" ");
  if (k === 3) return name + " review";
  return name.toUpperCase();
}

async function childServe(dir: string, queries: number): Promise<void> {
  const { createServerApp } = await import("../src/server.ts");
  const { createAccount } = await import("../src/wallet/keys.ts");
  const { trends } = await import("../src/api/trends.ts");
  const { warmIndexes } = await import("../src/engine/indexes.ts");
  const wallet = join(dir, `wallet-${process.pid}.sqlite`);
  const rss0 = process.memoryUsage().rss;
  let t0 = now();
  const s = createServerApp({ walletPath: wallet, snapshotDir: dir, requestLog: false });
  const loadMs = now() - t0;
  const snap = s.engine.current!;
  t0 = now();
  warmIndexes(snap.idx);
  const warmMs = now() - t0;
  Bun.gc(true);
  await Bun.sleep(50);
  Bun.gc(true);
  const mu = process.memoryUsage();
  const acct = createAccount(s.db, { plan: "agency", credits: 1e9, burst: 1e9, dailyCap: 1e9, intelCap: 1e9 });
  const headers = { "x-service-api-key": acct.apiKey };
  const call = async (path: string) => {
    const r = await s.app.handle(new Request("http://localhost" + path, { headers }));
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  };
  const us = () => Bun.nanoseconds() / 1000;
  async function timeCalls(paths: string[], warm: number): Promise<Float64Array> {
    for (let i = 0; i < warm; i++) await call(paths[i % paths.length]);
    const out = new Float64Array(paths.length);
    for (let i = 0; i < paths.length; i++) {
      const x = us();
      await call(paths[i]);
      out[i] = us() - x;
    }
    return out.sort();
  }
  const N = queries;
  const trendsPaths = Array.from({ length: Math.min(N, 3000) }, (_, i) => `/api/public/trends?source=${i % 2 ? "youtube" : "google"}${i % 3 ? "&niche=Tech" : ""}`);
  const trendsApp = await timeCalls(trendsPaths, 300);
  // Handler alone (the lookup the index gives), without wallet or HTTP plumbing.
  const hq = [{ source: "youtube" }, { source: "google" }, { source: "youtube", niche: "Tech" }] as const;
  for (let i = 0; i < 2000; i++) trends.handle!(hq[i % 3], { snap, now: Date.now() });
  const th = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const x = us();
    trends.handle!(hq[i % 3], { snap, now: Date.now() });
    th[i] = us() - x;
  }
  th.sort();
  // Fuzzy: noisy variants of story names (seeded), 10% junk.
  const r = prng(7);
  const qs: string[] = [];
  const stories = snap.idx.stories;
  for (let i = 0; i < N; i++) {
    if (i % 10 === 9) {
      let j = "";
      for (let c = 0; c < 14; c++) j += c === 7 ? " " : String.fromCharCode(97 + Math.floor(r() * 26));
      qs.push(j);
    } else qs.push(variant(stories[Math.floor(r() * stories.length)].rec.name, r).slice(0, 200) || "news");
  }
  for (let i = 0; i < Math.min(1000, N); i++) snap.idx.matcher.match(qs[i]);
  const fz = new Float64Array(N);
  let hits = 0;
  for (let i = 0; i < N; i++) {
    const x = us();
    const m = snap.idx.matcher.match(qs[i]);
    fz[i] = us() - x;
    if (m) hits++;
  }
  fz.sort();
  // Queries the input guard refuses (400) are left out of the timing and counted.
  const fAll = qs.slice(0, Math.min(N, 2000)).map((q) => `/api/public/forecast?q=${encodeURIComponent(q)}`);
  const fPaths: string[] = [];
  for (const p of fAll) {
    const r = await s.app.handle(new Request("http://localhost" + p, { headers }));
    await r.arrayBuffer();
    if (r.status === 200) fPaths.push(p);
    else if (r.status !== 400) throw new Error(`${p}: ${r.status}`);
  }
  const fApp = await timeCalls(fPaths, 200);
  const stat = (x: Float64Array) => ({ p50: +pct(x, 50).toFixed(1), p99: +pct(x, 99).toFixed(1), max: +x[x.length - 1].toFixed(0), n: x.length });
  console.log(
    JSON.stringify({
      loadMs: ms(loadMs),
      warmMs: ms(warmMs),
      rssMb: mb(mu.rss),
      rssBeforeLoadMb: mb(rss0),
      heapUsedMb: mb(mu.heapUsed),
      trendsAppUs: stat(trendsApp),
      trendsHandlerUs: stat(th),
      fuzzyUs: stat(fz),
      fuzzyHitRate: +(hits / N).toFixed(3),
      forecastAppUs: stat(fApp),
      forecastRefused: fAll.length - fPaths.length,
    }),
  );
  s.close();
  rmSync(wallet, { force: true });
  rmSync(wallet + "-wal", { force: true });
  rmSync(wallet + "-shm", { force: true });
}

// -------------------------------------------------------------------------------------------------
// Parent

function runChild(args: string[], label: string): any {
  const t0 = now();
  const r = spawnSync(BUN, [SCRIPT, ...args], { encoding: "utf8", maxBuffer: 1 << 26, env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "production" }, stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`${label} failed (status ${r.status}, signal ${r.signal})`);
  const line = r.stdout.trim().split("\n").pop() ?? "{}";
  console.error(`  ${label}: ${((now() - t0) / 1000).toFixed(1)} s wall`);
  return line ? JSON.parse(line) : {};
}

function fmtN(n: number): string {
  return n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n);
}

async function parent(): Promise<void> {
  const sizes = (a.values.sizes ?? "10000,100000,1000000").split(",").map(Number);
  const work = a.values.work ?? join(tmpdir(), "ti-bench-scale");
  const queries = Number(a.values.queries ?? 5000);
  const outFile = a.values.out ?? "bench/RESULTS.scale.md";
  if (a.values["report-only"]) {
    // Rewrite the report from the saved results of the last run (no measuring).
    const run = JSON.parse(readFileSync(join(work, "run.json"), "utf8"));
    const saved = run.sizes.map((n: number) => JSON.parse(readFileSync(join(work, `results-${n}.json`), "utf8")));
    writeFileSync(outFile, report(saved, run));
    console.log(readFileSync(outFile, "utf8"));
    return;
  }
  const startedAt = new Date().toISOString();
  const load0 = await loadavg();
  const res: any[] = [];
  for (const n of sizes) {
    const dir = join(work, `${SYNTH_LABEL}-videos${n}-gen${GEN_VERSION}`);
    const meta = join(dir, "meta.json");
    const want = JSON.stringify({ gen: GEN_VERSION, n, days: SYNTH_DAYS, label: SYNTH_LABEL });
    if (a.values.rebuild || !existsSync(meta) || readFileSync(meta, "utf8") !== want) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      console.error(`[${fmtN(n)}] building ${SYNTH_LABEL} days 1..${SYNTH_DAYS - 1} in ${dir}`);
      runChild(["--child", "build", "--n", String(n), "--dir", dir], "build");
      writeFileSync(meta, want);
    } else console.error(`[${fmtN(n)}] reusing ${dir}`);
    const build = JSON.parse(readFileSync(join(dir, "build.json"), "utf8"));
    // Each measurement is saved as <dir>/step-<name>.json and reused by later runs unless --fresh
    // (so a long size can be resumed, or its real-code ingest run detached: see the header).
    const step = (name: string, args: string[], label: string): any => {
      const f = join(dir, `step-${name}.json`);
      if (!a.values.fresh && existsSync(f)) {
        console.error(`  ${label}: reusing ${f}`);
        return JSON.parse(readFileSync(f, "utf8").trim().split("\n").pop()!);
      }
      const r = runChild(args, label);
      writeFileSync(f, JSON.stringify(r) + "\n");
      return r;
    };
    // A day 29 cached by an older build is format v1: rewritten once as v2 (what a vault gets on its
    // first ingest with this code), so "ingest a day" reads the format it writes.
    const day29 = join(dir, `${isoDay(SYNTH_START, SYNTH_DAYS - 2)}.msgpack`);
    if (readFileSync(day29).subarray(0, 8).toString() === "TIVAULT1") {
      console.error(`[${fmtN(n)}] migrating day ${SYNTH_DAYS - 1} to snapshot format v2`);
      runChild(["--child", "migrate", "--dir", dir], "migrate");
    }
    console.error(`[${fmtN(n)}] ingest day ${SYNTH_DAYS}`);
    const ing = step("ingest-real", ["--child", "ingest", "--n", String(n), "--dir", dir, "--tag", "a"], "ingest (real code)");
    let ingRef: any = null;
    if (n <= Number(a.values["reference-up-to"] ?? 100_000)) {
      console.error(`[${fmtN(n)}] ingest day ${SYNTH_DAYS} again with the old clustering (test/vault/cluster.reference.ts; same output expected)`);
      ingRef = step("ingest-ref", ["--child", "ingest", "--n", String(n), "--dir", dir, "--tag", "r", "--reference"], "ingest (old clustering)");
      rmSync(join(dir, "ingest-r"), { recursive: true, force: true });
    }
    let deterministic: boolean | null = null;
    if (n <= Number(a.values["skip-determinism-above"] ?? 100_000)) {
      const ing2 = step("ingest-again", ["--child", "ingest", "--n", String(n), "--dir", dir, "--tag", "b"], "ingest (again, determinism check)");
      deterministic = ing2.fileSha === ing.fileSha;
      rmSync(join(dir, "ingest-b"), { recursive: true, force: true });
    }
    const day30 = join(dir, "ingest-a");
    console.error(`[${fmtN(n)}] load (${day30})`);
    const load = step("load", ["--child", "load", "--dir", day30], "load");
    console.error(`[${fmtN(n)}] serve`);
    const serve = step("serve", ["--child", "serve", "--dir", day30, "--queries", String(queries)], "serve");
    res.push({ n, build, ing, ingRef, refSame: ingRef ? ingRef.fileSha === ing.fileSha : null, deterministic, load, serve, fileBytes: statSync(ing.file).size });
    writeFileSync(join(work, `results-${n}.json`), JSON.stringify(res[res.length - 1], null, 1));
  }
  const load1 = await loadavg();
  const note = a.values.note;
  writeFileSync(join(work, "run.json"), JSON.stringify({ startedAt, load0, load1, queries, sizes, note }));
  writeFileSync(outFile, report(res, { startedAt, load0, load1, queries, sizes, note }));
  console.log(readFileSync(outFile, "utf8"));
}

function growth(xs: number[], ns: number[]): string {
  const out: string[] = [];
  for (let i = 1; i < xs.length; i++) {
    const r = xs[i] / xs[i - 1];
    const e = Math.log(r) / Math.log(ns[i] / ns[i - 1]);
    out.push(`×${r.toFixed(1)} (n^${e.toFixed(2)})`);
  }
  return out.join(", ");
}

function report(res: any[], o: { startedAt: string; load0: string; load1: string; queries: number; sizes: number[]; note?: string }): string {
  const ns = res.map((r) => r.n);
  const L: string[] = [];
  const cpu = cpus();
  L.push(`# Scale of the vault (${SYNTH_LABEL} data)`);
  L.push(``);
  L.push(`**Every figure here is from a ${SYNTH_LABEL} vault** made by \`bench/synth.ts\` (made-up videos, channels, queries and articles; titles built from real words of the 2017 titles; seeded), not from real feeds.`);
  L.push(``);
  L.push(`- Command: \`bun bench/scale.ts --sizes ${o.sizes.join(",")} --queries ${o.queries}\``);
  L.push(`- Date: ${o.startedAt} · Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM · Bun ${Bun.version} · load average at start ${o.load0}, at end ${o.load1} (shared machine: other jobs ran at the same time; single runs, so read small differences as noise)`);
  if (o.note) L.push(`- ${o.note}`);
  L.push(`- Per size: days 1-29 built in memory (buildDay + withAlertLog, as \`ingestDays\` does) and day 29 written; then each figure below in its own fresh child process, sizes one after the other.`);
  L.push(`- Snapshots are format v2 (typed-array columns and a string table, src/vault/columns.ts); a day 29 cached by an older build (format v1) is rewritten once as v2 before "ingest a day" (the \`migrate\` step), so the day reads the format it writes.`);
  L.push(`- **Ingest a day** = read day 29's snapshot + sha-256 check + decode (v2: checksum, column views and building the records ingest works on) + merge day 30's observations + stories (clustering, names, series) + alert log + encode + write: the real code, what \`trend-intel ingest --feeds\` does for one new day. Feed generation is not counted.`);
  L.push(`- **Load** = readSnapshotFile + buildIndexes + warmIndexes (everything Engine.refresh builds for a newer snapshot before it swaps). The first load builds only the /trends rankings before serving ("to first /trends" row) and the rest right after. Over v2 the engine reads columns and builds no vault records (story views, matcher documents, today's chart only).`);
  L.push(`- **RSS** = a fresh process that ran createServerApp on the day-30 snapshot and built every index, after a full GC. Queries: ${o.queries} calls each after warm-up; app.handle calls are sequential and include the wallet's group commit (one sqlite transaction per call here).`);
  L.push(``);
  L.push(`## Results`);
  L.push(``);
  L.push(`| figure | ${res.map((r) => fmtN(r.n) + " videos").join(" | ")} | growth per ×10 videos |`);
  L.push(`|---|${res.map(() => "---:").join("|")}|---|`);
  const row = (name: string, f: (r: any) => number, digits = 0, grow = true) => {
    const xs = res.map((r) => {
      try {
        return f(r);
      } catch {
        return NaN;
      }
    });
    const cells = xs.map((x) => (Number.isFinite(x) ? x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "n/a"));
    L.push(`| ${name} | ${cells.join(" | ")} | ${grow && xs.every((x) => Number.isFinite(x) && x > 0) ? growth(xs, ns) : ""} |`);
  };
  const text = (name: string, f: (r: any) => string) => L.push(`| ${name} | ${res.map(f).join(" | ")} | |`);
  row("observations on day 30", (r) => r.ing.observations);
  row("videos in the vault", (r) => r.ing.videos);
  row("stories in the vault", (r) => r.ing.stories);
  row("**ingest a day**, real code (s)", (r) => r.ing.totalMs / 1000, 1);
  row("ingest per million observations (s)", (r) => r.ing.totalMs / 1000 / (r.ing.observations / 1e6), 0);
  for (const k of ["read", "decode", "merge", "stories", "alertLog", "encode", "write"]) row(`· ${k} (ms)`, (r) => r.ing.phases[k]);
  row("· · of stories: assignStories alone (ms)", (r) => r.ing.split.clusterMs);
  row("· · of decode: sha-256 check (ms)", (r) => r.ing.split.shaPrevMs);
  row("ingest a day with the old clustering (test/vault/cluster.reference.ts) (s)", (r) => r.ingRef.totalMs / 1000, 1);
  row("· assignStories alone, old clustering (ms)", (r) => r.ingRef.split.clusterMs);
  text("· day 30 byte-identical to the old clustering's", (r) => (r.refSame === null ? "not run" : r.refSame ? "yes" : "**NO**"));
  row("ingest peak RSS, real code (MB)", (r) => r.ing.peakRssMb);
  row("**snapshot size on disk** (MB)", (r) => r.fileBytes / 1e6, 1);
  row("snapshot bytes per video", (r) => r.fileBytes / r.ing.videos);
  row("**load**, everything built (s)", (r) => r.load.totalMs / 1000, 2);
  row("load to first /trends (rankings only) (s)", (r) => r.load.toTrendsMs / 1000, 2);
  for (const k of ["read", "decode", "indexes", "warm"]) row(`· ${k} (ms)`, (r) => r.load.phases[k]);
  for (const k of ["storyViews", "matcher", "news"]) row(`· · of warm: ${k} (ms)`, (r) => r.load.warm[k]);
  row("· · of decode: sha-256 check (ms)", (r) => r.load.shaMs);
  row("createServerApp in a fresh process (s)", (r) => r.serve.loadMs / 1000, 2);
  row("**RSS after load**, all indexes built (MB)", (r) => r.serve.rssMb);
  row("JS heap used after load (MB)", (r) => r.serve.heapUsedMb);
  row("top-10 /trends via app.handle, p50 (µs)", (r) => r.serve.trendsAppUs.p50, 1);
  row("top-10 /trends via app.handle, p99 (µs)", (r) => r.serve.trendsAppUs.p99, 1);
  row("top-10 handler alone, p50 (µs)", (r) => r.serve.trendsHandlerUs.p50, 2);
  row("top-10 handler alone, p99 (µs)", (r) => r.serve.trendsHandlerUs.p99, 2);
  row("fuzzy match (StorySearch.match, idx.matcher), p50 (µs)", (r) => r.serve.fuzzyUs.p50, 1);
  row("**fuzzy match, p99** (µs)", (r) => r.serve.fuzzyUs.p99, 1);
  row("fuzzy match share answered (not null)", (r) => r.serve.fuzzyHitRate, 3, false);
  row("fuzzy index size (FuzzyIndex.size)", (r) => r.load.matcherStories);
  row("/forecast via app.handle, p50 (µs)", (r) => r.serve.forecastAppUs.p50, 1);
  row("/forecast via app.handle, p99 (µs)", (r) => r.serve.forecastAppUs.p99, 1);
  row("/forecast queries refused (400, left out of the timing)", (r) => r.serve.forecastRefused ?? NaN, 0, false);
  L.push(``);
  L.push(`Growth "×r (n^e)": the ratio to the previous size and its exponent; e = 1 is linear in the number of videos, e > 1 worse than linear, e ≈ 0 flat.`);
  L.push(`Determinism: day 30 ingested twice from the same day-29 snapshot gave byte-identical files: ${res.filter((r) => r.deterministic !== null).map((r) => `${fmtN(r.n)} ${r.deterministic ? "yes" : "NO"}`).join(", ") || "not checked"}.`);
  L.push(``);
  L.push(`## Days 1-29 (the history, built in memory in one process)`);
  L.push(``);
  L.push(`| videos | day 1 build ms | day 10 | day 20 | day 29 | day 29 alert log ms | day 29 obs | RSS after day 29 (MB, after GC) |`);
  L.push(`|---|---:|---:|---:|---:|---:|---:|---:|`);
  for (const r of res) {
    const d = r.build.perDay;
    L.push(`| ${fmtN(r.n)} | ${d[0].buildMs} | ${d[9].buildMs} | ${d[19].buildMs} | ${d[28].buildMs} | ${d[28].alertMs} | ${d[28].obs} | ${d[28].rssMb ?? "n/a"} |`);
  }
  const big = res[res.length - 1];
  if (big) {
    L.push(``);
    L.push(`## Goals at ${fmtN(big.n)} videos`);
    L.push(``);
    const g = (name: string, ok: boolean, val: string) => L.push(`| ${name} | ${val} | ${ok ? "met" : "**missed**"} |`);
    L.push(`| goal | measured | |`);
    L.push(`|---|---|---|`);
    g("load in under 3 s (everything built)", big.load.totalMs < 3000, `${(big.load.totalMs / 1000).toFixed(1)} s`);
    g("load in under 3 s (to first /trends)", big.load.toTrendsMs < 3000, `${(big.load.toTrendsMs / 1000).toFixed(1)} s`);
    g("under 1.5 GB resident", big.serve.rssMb < 1500, `${(big.serve.rssMb / 1000).toFixed(2)} GB`);
    g("ingest a day in under 60 s", big.ing.totalMs < 60_000, `${(big.ing.totalMs / 1000).toFixed(0)} s`);
    const s0 = res[0];
    const flat = (x0: number, x1: number) => x1 < 2 * x0;
    g(`query times flat: top-10 via app.handle p50 (${fmtN(s0.n)} → ${fmtN(big.n)})`, flat(s0.serve.trendsAppUs.p50, big.serve.trendsAppUs.p50), `${s0.serve.trendsAppUs.p50} → ${big.serve.trendsAppUs.p50} µs`);
    g(`query times flat: top-10 handler p50`, flat(s0.serve.trendsHandlerUs.p50, big.serve.trendsHandlerUs.p50), `${s0.serve.trendsHandlerUs.p50} → ${big.serve.trendsHandlerUs.p50} µs`);
    g(`query times flat: fuzzy p99`, flat(s0.serve.fuzzyUs.p99, big.serve.fuzzyUs.p99), `${s0.serve.fuzzyUs.p99} → ${big.serve.fuzzyUs.p99} µs`);
    L.push(``);
    L.push(`"Flat" here means within ×2 of the smallest size.`);
  }
  return L.join("\n") + "\n";
}

if (a.values.help) {
  console.log(readFileSync(SCRIPT, "utf8").split("*/")[0].replace(/^\/\*\*?|^ \* ?/gm, ""));
} else if (!import.meta.main) {
  // imported (e.g. for referenceClusterSource): run nothing
} else if (a.values.child === "build") await childBuild(Number(a.values.n), a.values.dir!);
else if (a.values.child === "ingest") await childIngest(Number(a.values.n), a.values.dir!, a.values.tag ?? "a", !!a.values.reference);
else if (a.values.child === "cluster-identity") await childClusterIdentity(Number(a.values.n), a.values.dir!);
else if (a.values.child === "load") await childLoad(a.values.dir!);
else if (a.values.child === "migrate") await childMigrate(a.values.dir!);
else if (a.values.child === "serve") await childServe(a.values.dir!, Number(a.values.queries ?? 5000));
else await parent();
