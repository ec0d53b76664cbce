/**
 * Per-call overhead against the runtime's limit. In one run, alternating A/B several times with the
 * same load generator (wrk) and concurrency:
 *   (a) a bare Bun.serve answering a precomputed JSON body of the size of a 10-item trends answer;
 *   (a') one Elysia route returning the same body (bench/bare-server.ts with ELYSIA=1);
 *   (b) the real server (`trend-intel serve`) on the demo vault with a funded account, WALLET_SYNC as set.
 * Reports requests/s and p50/p99 for /trends, /forecast, /grade, /usage and their ratio to (a);
 * checks afterwards that the ledger and balance agree (no double spend, nothing negative).
 * Usage: bun bench/http.ts [--rounds 3] [--duration 5] [--connections 32] [--out bench/RESULTS.http.md]
 */
import { parseArgs } from "node:util";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, readFileSync, statSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { start, waitReady, wrkWith, type Run } from "./wrk.ts";

const a = parseArgs({ args: process.argv.slice(2), options: { rounds: { type: "string" }, duration: { type: "string" }, connections: { type: "string" }, out: { type: "string" }, sync: { type: "string" } } });
const ROUNDS = Number(a.values.rounds ?? 3);
const DUR = Number(a.values.duration ?? 5);
const CONN = Number(a.values.connections ?? 32);
const OUT = a.values.out ?? "bench/RESULTS.http.md";
const SYNC = a.values.sync ?? "normal";
const BUN = process.execPath;

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk not found; installing it (Debian package)…");
  const r = spawnSync("bash", ["-c", "apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("cannot install wrk");
}

const dir = mkdtempSync(join(tmpdir(), "ti-bench-"));
const db = join(dir, "wallet.sqlite");
const freePort = () => 20000 + Math.floor(Math.random() * 20000);

function cli(args: string[]): string {
  const r = spawnSync(BUN, ["src/cli.ts", ...args], { encoding: "utf8", env: { ...process.env, WALLET_DB: db, LOG_LEVEL: "silent" } });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

const wrk = wrkWith(CONN, DUR);

const acct = JSON.parse(cli(["accounts", "create", "--plan", "agency", "--credits", "1000000000", "--burst", "1000000000", "--daily-cap", "1000000000", "--intel-cap", "1000000000", "--json"]));
const key: string = acct.api_key;

const realPort = freePort();
const real = start([BUN, "src/cli.ts", "serve", "--port", String(realPort), "--db", db, "--snapshots", "snapshots"], { NODE_ENV: "production", LOG_LEVEL: "silent", WALLET_SYNC: SYNC, USAGE_GUARD_PER_MIN: "1000000000" });
await waitReady(`http://127.0.0.1:${realPort}/healthz`);
const sample = await (await fetch(`http://127.0.0.1:${realPort}/api/public/trends?source=youtube`, { headers: { "x-service-api-key": key } })).text();
const bodyFile = join(dir, "body.json");
writeFileSync(bodyFile, sample);
const barePort = freePort();
const bare = start([BUN, "bench/bare-server.ts"], { PORT: String(barePort), BODY_FILE: bodyFile });
await waitReady(`http://127.0.0.1:${barePort}/`);
const elysiaPort = freePort();
const elysia = start([BUN, "bench/bare-server.ts"], { PORT: String(elysiaPort), BODY_FILE: bodyFile, ELYSIA: "1" });
await waitReady(`http://127.0.0.1:${elysiaPort}/`);

const targets: [string, string][] = [
  ["trends", "/api/public/trends?source=youtube"],
  ["forecast", "/api/public/forecast?q=iphone%20x"],
  ["grade", "/api/public/grade?draft=I%20tried%20the%20iPhone%20X%20for%207%20days%20and%20this%20happened"],
  ["usage", "/api/public/usage"],
];
// The largest write-ahead log seen while the server is loaded (checkpoints run on a worker thread
// and must still keep it near the documented bound, docs/wallet.md).
let maxWal = 0;
const walPoll = setInterval(() => {
  try {
    maxWal = Math.max(maxWal, statSync(db + "-wal").size);
  } catch {}
}, 50);
const results: Record<string, Run[]> = { bare: [], elysia: [] };
for (const [n] of targets) results[n] = [];
for (let r = 0; r < ROUNDS; r++) {
  // A/B alternation: bare, then each endpoint of the real server, every round.
  results.bare.push(await wrk(`http://127.0.0.1:${barePort}/`));
  results.elysia.push(await wrk(`http://127.0.0.1:${elysiaPort}/`));
  for (const [n, path] of targets) results[n].push(await wrk(`http://127.0.0.1:${realPort}${path}`, key));
  console.error(`round ${r + 1}/${ROUNDS}: bare ${results.bare[r].rps.toFixed(0)} rps p99 ${results.bare[r].p99}, elysia ${results.elysia[r].rps.toFixed(0)}, trends ${results.trends[r].rps.toFixed(0)} rps p99 ${results.trends[r].p99}`);
}
clearInterval(walPoll);
real.kill("SIGTERM");
bare.kill("SIGTERM");
elysia.kill("SIGTERM");
await Bun.sleep(500);

// Integrity: every served call is counted in the ledger (rows carry a count of calls); balance = start − Σ cost; never negative.
const w = new Database(db, { readonly: true });
const led = w.query("SELECT COALESCE(SUM(calls),0) AS n, COUNT(*) AS rows, COALESCE(SUM(cost),0) AS c FROM ledger WHERE account_id = ?").get(acct.account_id) as { n: number; rows: number; c: number };
const bal = (w.query("SELECT credits FROM accounts WHERE id = ?").get(acct.account_id) as { credits: number }).credits;
w.close();
const integrity = bal === 1_000_000_000 - led.c && bal >= 0;

const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const bareRps = med(results.bare.map((x) => x.rps));
const bareP99 = med(results.bare.map((x) => x.p99));
const cpu = cpus()[0]?.model ?? "unknown";
const lines = [
  `# HTTP per-call overhead`,
  ``,
  `Command: \`bun bench/http.ts --rounds ${ROUNDS} --duration ${DUR} --connections ${CONN} --sync ${SYNC}\``,
  `Date: ${new Date().toISOString()} · Machine: ${cpus().length} × ${cpu} · Bun ${Bun.version} · wrk -t1 -c${CONN} -d${DUR}s, A/B alternated ${ROUNDS}×, medians shown · WALLET_SYNC=${SYNC}`,
  ``,
  `| target | req/s | p50 ms | p99 ms | req/s ratio to bare | p99 ratio to bare | non-2xx |`,
  `|---|---|---|---|---|---|---|`,
  `| bare Bun.serve (${sample.length} B body) | ${bareRps.toFixed(0)} | ${med(results.bare.map((x) => x.p50)).toFixed(2)} | ${bareP99.toFixed(2)} | 1.00 | 1.00 | ${results.bare.reduce((s, x) => s + x.non2xx, 0)} |`,
];
for (const n of ["elysia", ...targets.map((t) => t[0])]) {
  const rs = results[n];
  const rps = med(rs.map((x) => x.rps));
  const p99 = med(rs.map((x) => x.p99));
  lines.push(`| ${n === "elysia" ? "Elysia route, same body" : "/" + n} | ${rps.toFixed(0)} | ${med(rs.map((x) => x.p50)).toFixed(2)} | ${p99.toFixed(2)} | ${(rps / bareRps).toFixed(2)} | ${(p99 / bareP99).toFixed(2)} | ${rs.reduce((s, x) => s + x.non2xx, 0)} |`);
}
lines.push(``, `Per-round (bare / Elysia / usage / trends): ${results.bare.map((x, i) => `${x.rps.toFixed(0)}/${results.elysia[i].rps.toFixed(0)}/${results.usage[i].rps.toFixed(0)}/${results.trends[i].rps.toFixed(0)} req/s, trends ${(results.trends[i].rps / x.rps).toFixed(2)}× req/s and ${(results.trends[i].p99 / x.p99).toFixed(2)}× p99`).join("; ")}`);
lines.push(``, `Integrity after the run: ${led.n} calls in ${led.rows} ledger rows, Σcost ${led.c}, balance ${bal} = start − Σcost: ${integrity ? "yes" : "NO"}`);
lines.push(``, `Largest write-ahead log seen during the run (sampled every 50 ms): ${(maxWal / 1048576).toFixed(2)} MiB`);
const text = lines.join("\n") + "\n";
writeFileSync(OUT, text);
console.log(text);
if (!integrity) process.exit(1);
