/**
 * In-process microbenchmark: the server's own µs per call for every endpoint of the registry
 * (src/api/registry.ts ENDPOINTS), through `app.handle` (no sockets, no HTTP parsing), on the demo
 * vault, with one account whose caps are effectively unlimited. Each paid call awaits a wallet
 * group-commit batch (one sqlite transaction per batch), so calls are timed both sequentially (one
 * in flight: every call pays a commit) and with 32 in flight (commits shared by a batch).
 * Reference in the same run: a bare Elysia app answering a precomputed JSON string via app.handle.
 * Run: bun bench/micro.ts [--calls 5000] [--warmup 500] [--concurrency 32] [--snapshots snapshots] [--out bench/RESULTS.micro.md]
 */
import { parseArgs } from "node:util";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { Elysia } from "elysia";
import { createServerApp } from "../src/server.ts";
import { createAccount } from "../src/wallet/keys.ts";
import { ENDPOINTS } from "../src/api/registry.ts";
import { warmIndexes } from "../src/engine/indexes.ts";
import { log } from "../src/log.ts";

const a = parseArgs({ args: process.argv.slice(2), options: { calls: { type: "string" }, warmup: { type: "string" }, concurrency: { type: "string" }, snapshots: { type: "string" }, out: { type: "string" }, sync: { type: "string" } } });
const CALLS = Number(a.values.calls ?? 5000);
const WARMUP = Number(a.values.warmup ?? 500);
const CONC = Number(a.values.concurrency ?? 32);
const REPO = resolve(import.meta.dir, "..");
const SNAPS = resolve(REPO, a.values.snapshots ?? "snapshots");
const OUT = a.values.out ?? join(REPO, "bench/RESULTS.micro.md");
const SYNC = (a.values.sync ?? "normal") as "normal" | "full";

log.setQuiet(true);
const dir = mkdtempSync(join(tmpdir(), "ti-micro-"));
const s = createServerApp({ walletPath: join(dir, "wallet.sqlite"), snapshotDir: SNAPS, requestLog: false, sync: SYNC, usageGuardPerMin: 1e9, authFailLimit: 1e9 });
if (!s.engine.current) throw new Error(`no snapshot in ${SNAPS}`);
warmIndexes(s.engine.current.idx); // what the server has built a moment after start-up
const acct = createAccount(s.db, { plan: "agency", credits: 1e9, burst: 1e9, dailyCap: 1e9, intelCap: 1e9 });
const headers = { "x-service-api-key": acct.apiKey };

/** A realistic query per endpoint; endpoints added later get their required parameters' schema examples. */
const QUERIES: Record<string, Record<string, string>> = {
  trends: { source: "youtube" },
  news: { topic: "iphone x" },
  forecast: { q: "iphone x" },
  "virality-score": { q: "iphone x" },
  opportunities: { niche: "Tech" },
  brief: {},
  "hook-rescue": { topic: "iPhone X review" },
  grade: { draft: "I tried the iPhone X for 7 days: here is what nobody tells you" },
  prebreakout: {},
  "viral-patterns": {},
  usage: {},
};
function queryOf(ep: (typeof ENDPOINTS)[number]): Record<string, string> {
  if (QUERIES[ep.name]) return QUERIES[ep.name];
  const q: Record<string, string> = {};
  const props = ep.query.properties as Record<string, any>;
  for (const r of ep.query.required ?? []) q[r] = String(props[r]?.examples?.[0] ?? "iphone x");
  return q;
}

const us = () => Bun.nanoseconds() / 1000;
async function call(app: { handle(r: Request): Promise<Response> | Response }, url: string, h: Record<string, string>): Promise<number> {
  const r = await app.handle(new Request(url, { headers: h }));
  await r.arrayBuffer();
  return r.status;
}

/** `url` may be a function of the call number (distinct free text per call). */
async function sequential(app: any, url: string | ((i: number) => string), h: Record<string, string>): Promise<Float64Array> {
  const u = typeof url === "string" ? () => url : url;
  for (let i = 0; i < WARMUP; i++) await call(app, u(CALLS + i), h);
  const t = new Float64Array(CALLS);
  for (let i = 0; i < CALLS; i++) {
    const x = us();
    await call(app, u(i), h);
    t[i] = us() - x;
  }
  return t.sort();
}

async function concurrent(app: any, url: string, h: Record<string, string>): Promise<{ lat: Float64Array; wallUs: number }> {
  const lat = new Float64Array(CALLS);
  let next = 0;
  const t0 = us();
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      for (let i = next++; i < CALLS; i = next++) {
        const x = us();
        await call(app, url, h);
        lat[i] = us() - x;
      }
    }),
  );
  return { lat: lat.sort(), wallUs: us() - t0 };
}

const pct = (x: Float64Array, p: number) => x[Math.min(x.length - 1, Math.floor(p * x.length))];
const loadavg = () => {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
};

// Bare reference: Elysia answering the trends body, precomputed.
const sampleRes = await s.app.handle(new Request("http://localhost/api/public/trends?source=youtube", { headers }));
const sample = await sampleRes.text();
if (sampleRes.status !== 200) throw new Error(`trends: ${sampleRes.status} ${sample}`);
const bare = new Elysia().get("/", () => new Response(sample, { headers: { "content-type": "application/json; charset=utf-8" } }));

/** Words appended (with the call number) to make each free-text value distinct. */
const DISTINCT_WORDS = ["review", "unboxing", "explained", "reaction", "leak", "price", "camera", "battery", "vs", "update"];
const startedAt = new Date().toISOString();
const load0 = loadavg();
interface Row {
  name: string;
  path: string;
  status: number;
  seq: Float64Array;
  conc: { lat: Float64Array; wallUs: number };
  batch: number;
  /** Sequential, a different free-text value on every call (no per-snapshot answer cache hit). */
  distinct: Float64Array | null;
}
const rows: Row[] = [];
const bareSeq = await sequential(bare, "http://localhost/", {});
const bareConc = await concurrent(bare, "http://localhost/", {});
console.error(`bare: p50 ${pct(bareSeq, 0.5).toFixed(1)} µs`);
for (const ep of ENDPOINTS) {
  const qs = new URLSearchParams(queryOf(ep)).toString();
  const url = `http://localhost${ep.path}${qs ? "?" + qs : ""}`;
  const status = await call(s.app, url, headers);
  const seq = await sequential(s.app, url, headers);
  const st0 = { ...s.deps.meter.stats };
  const conc = await concurrent(s.app, url, headers);
  const st1 = s.deps.meter.stats;
  const batch = st1.batches > st0.batches ? (st1.requests - st0.requests) / (st1.batches - st0.batches) : 0;
  let distinct: Float64Array | null = null;
  const free = ep.freeText.find((f) => queryOf(ep)[f] !== undefined);
  if (free) {
    const q0 = queryOf(ep);
    distinct = await sequential(s.app, (i) => `http://localhost${ep.path}?${new URLSearchParams({ ...q0, [free]: `${q0[free]} ${DISTINCT_WORDS[i % DISTINCT_WORDS.length]} ${i}` }).toString()}`, headers);
  }
  rows.push({ name: ep.name, path: `${ep.path}${qs ? "?" + qs : ""}`, status, seq, conc, batch, distinct });
  console.error(`${ep.name}: ${status}, sequential p50 ${pct(seq, 0.5).toFixed(1)} µs, ${CONC} in flight ${(conc.wallUs / CALLS).toFixed(1)} µs/call`);
}
const load1 = loadavg();
s.close();
rmSync(dir, { recursive: true, force: true });

const f = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const cpu = cpus();
const L = [
  `# In-process microbenchmark: µs per call through app.handle`,
  ``,
  `- Command: \`bun bench/micro.ts --calls ${CALLS} --warmup ${WARMUP} --concurrency ${CONC}\``,
  `- Date: ${startedAt} · Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM · Bun ${Bun.version} · load average ${load0} at start, ${load1} at end (shared machine)`,
  `- Demo vault (\`${SNAPS.replace(REPO + "/", "")}\`, newest snapshot ${s.engine.current?.header.date}), every index built before timing; wallet in a temp dir, WALLET_SYNC=${SYNC} (the server's default); one agency account with credits, burst, daily and intel caps at 1e9; request log off.`,
  `- Each call: \`await app.handle(new Request(url, { headers }))\` and the body read. ${WARMUP} warm-up calls, then ${CALLS} timed calls, sequentially (one in flight, so each paid call waits for its own group commit) and then with ${CONC} in flight (calls share commit batches; latency then includes queueing behind the other ${CONC - 1}).`,
  `- Bare reference in the same run: an Elysia app whose one route returns the ${sample.length}-byte /trends body as a precomputed string.`,
  ``,
  `| endpoint | query | status | sequential p50 µs | sequential p99 µs | ratio p50 to bare | ${CONC} in flight: µs per call (wall / calls) | ${CONC} in flight: p50 latency µs | p99 latency µs | calls per commit batch | distinct free text each call, sequential p50 / p99 µs |`,
  `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  `| bare Elysia (reference) | / | 200 | ${f(pct(bareSeq, 0.5))} | ${f(pct(bareSeq, 0.99))} | 1.0 | ${f(bareConc.wallUs / CALLS)} | ${f(pct(bareConc.lat, 0.5))} | ${f(pct(bareConc.lat, 0.99))} | | |`,
  ...rows.map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.status} | ${f(pct(r.seq, 0.5))} | ${f(pct(r.seq, 0.99))} | ${(pct(r.seq, 0.5) / pct(bareSeq, 0.5)).toFixed(1)} | ${f(r.conc.wallUs / CALLS)} | ${f(pct(r.conc.lat, 0.5))} | ${f(pct(r.conc.lat, 0.99))} | ${r.batch ? r.batch.toFixed(1) : "n/a (free)"} | ${r.distinct ? `${f(pct(r.distinct, 0.5))} / ${f(pct(r.distinct, 0.99))}` : ""} |`,
  ),
  ``,
  `Same query every call: answers that the server memoises per snapshot (brief hourly, grade and other per-text answers where cached) are then served from that memo after the first call; the last column varies the free-text parameter (\`<query> <word> <n>\`) so every call computes its answer.`,
  ``,
];
writeFileSync(OUT, L.join("\n"));
console.log(L.join("\n"));
