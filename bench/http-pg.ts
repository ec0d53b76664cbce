/**
 * Metered /trends per replica with the PostgreSQL wallet (issue 15), against bare Bun.serve and
 * the SQLite wallet in the same run. Targets, alternated every round with the same wrk settings:
 *   (a) bare Bun.serve answering the same /trends body (the runtime's limit; bench/bare-server.ts);
 *   (s) `trend-intel serve` on a SQLite wallet (WALLET_SYNC=normal, the default);
 *   (p) one `trend-intel serve` replica on a PostgreSQL wallet (a throw-away cluster started like
 *       the tests do, test/helpers/pg.ts, with PostgreSQL's default durability: fsync and
 *       synchronous_commit on);
 *   (pn) the same with WALLET_SYNC=normal (debits committed without waiting for the WAL flush, the
 *       counterpart of the SQLite wallet's default; docs/replicas.md);
 *   (p2) two replicas on that wallet, each loaded by its own wrk at the same time, all calls on one
 *       account (its row lock serializes them across replicas: the worst case);
 *   (p2d) the same with a different account per replica (per-replica req/s; on a 2-core machine
 *       both replicas share the CPU with PostgreSQL and both wrk processes).
 * Ends with the integrity check on both wallets (ledger calls = Σ served, balance = start − Σcost).
 * Usage: bun bench/http-pg.ts [--rounds 3] [--duration 4] [--connections 32] [--out bench/RESULTS.pg.md]
 */
import { parseArgs } from "node:util";
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { start as startProcess, waitReady, wrkWith, type Run } from "./wrk.ts";

process.env.PG_TEST_FSYNC = "on";
const { pgCluster } = await import("../test/helpers/pg.ts");
const { PgStore } = await import("../src/wallet/pg/store.ts");

const a = parseArgs({ args: process.argv.slice(2), options: { rounds: { type: "string" }, duration: { type: "string" }, connections: { type: "string" }, out: { type: "string" } } });
const ROUNDS = Number(a.values.rounds ?? 3);
const DUR = Number(a.values.duration ?? 4);
const CONN = Number(a.values.connections ?? 32);
const OUT = a.values.out ?? "bench/RESULTS.pg.md";
const BUN = process.execPath;

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk not found; installing it (Debian package)…");
  const r = spawnSync("bash", ["-c", "apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("cannot install wrk");
}
const cluster = await pgCluster();
if ("skip" in cluster) throw new Error(cluster.skip);
const walletUrl = await cluster.createDb("bench");

const dir = mkdtempSync(join(tmpdir(), "ti-bench-pg-"));
const db = join(dir, "wallet.sqlite");
const freePort = () => 20000 + Math.floor(Math.random() * 20000);
const BIG = ["--burst", "1000000000", "--daily-cap", "1000000000", "--intel-cap", "1000000000"];
const START = 1_000_000_000;

function cli(args: string[], env: Record<string, string>): string {
  const r = spawnSync(BUN, ["src/cli.ts", ...args], { encoding: "utf8", env: { ...process.env, LOG_LEVEL: "silent", ...env } });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

/** Servers run as in production, quietly. */
const start = (cmd: string[], env: Record<string, string>) => startProcess(cmd, { NODE_ENV: "production", LOG_LEVEL: "silent", ...env });
const wrk = wrkWith(CONN, DUR);

const TRENDS = "/api/public/trends?source=youtube";
const sq = JSON.parse(cli(["accounts", "create", "--plan", "agency", "--credits", String(START), ...BIG, "--json"], { WALLET_DB: db }));
const pg = JSON.parse(cli(["accounts", "create", "--plan", "agency", "--credits", String(START), ...BIG, "--json", "--wallet-url", walletUrl], {}));
const pgB = JSON.parse(cli(["accounts", "create", "--plan", "agency", "--credits", String(START), ...BIG, "--json", "--wallet-url", walletUrl], {}));
const ports = { sqlite: freePort(), pg1: freePort(), pg2: freePort(), pgn: freePort(), bare: freePort() };
const procs: ChildProcess[] = [];
procs.push(start([BUN, "src/cli.ts", "serve", "--port", String(ports.sqlite), "--db", db, "--snapshots", "snapshots"], { WALLET_SYNC: "normal" }));
for (const p of [ports.pg1, ports.pg2]) procs.push(start([BUN, "src/cli.ts", "serve", "--port", String(p), "--snapshots", "snapshots"], { WALLET_URL: walletUrl }));
procs.push(start([BUN, "src/cli.ts", "serve", "--port", String(ports.pgn), "--snapshots", "snapshots"], { WALLET_URL: walletUrl, WALLET_SYNC: "normal" }));
for (const p of [ports.sqlite, ports.pg1, ports.pg2, ports.pgn]) await waitReady(`http://127.0.0.1:${p}/readyz`);
const sample = await (await fetch(`http://127.0.0.1:${ports.sqlite}${TRENDS}`, { headers: { "x-service-api-key": sq.api_key } })).text();
const bodyFile = join(dir, "body.json");
writeFileSync(bodyFile, sample);
procs.push(start([BUN, "bench/bare-server.ts"], { PORT: String(ports.bare), BODY_FILE: bodyFile }));
await waitReady(`http://127.0.0.1:${ports.bare}/`);

const R: Record<string, Run[]> = { bare: [], sqlite: [], pg: [], pgn: [], pg2a: [], pg2b: [], pgda: [], pgdb: [] };
for (let r = 0; r < ROUNDS; r++) {
  R.bare.push(await wrk(`http://127.0.0.1:${ports.bare}/`));
  R.sqlite.push(await wrk(`http://127.0.0.1:${ports.sqlite}${TRENDS}`, sq.api_key));
  R.pg.push(await wrk(`http://127.0.0.1:${ports.pg1}${TRENDS}`, pg.api_key));
  R.pgn.push(await wrk(`http://127.0.0.1:${ports.pgn}${TRENDS}`, pg.api_key));
  const [x, y] = await Promise.all([wrk(`http://127.0.0.1:${ports.pg1}${TRENDS}`, pg.api_key), wrk(`http://127.0.0.1:${ports.pg2}${TRENDS}`, pg.api_key)]);
  R.pg2a.push(x);
  R.pg2b.push(y);
  const [dx, dy] = await Promise.all([wrk(`http://127.0.0.1:${ports.pg1}${TRENDS}`, pg.api_key), wrk(`http://127.0.0.1:${ports.pg2}${TRENDS}`, pgB.api_key)]);
  R.pgda.push(dx);
  R.pgdb.push(dy);
  console.error(`round ${r + 1}/${ROUNDS}: bare ${R.bare[r].rps.toFixed(0)}, sqlite ${R.sqlite[r].rps.toFixed(0)}, pg ${R.pg[r].rps.toFixed(0)}, pg normal ${R.pgn[r].rps.toFixed(0)}, pg×2 ${x.rps.toFixed(0)}+${y.rps.toFixed(0)}, pg×2 two accounts ${dx.rps.toFixed(0)}+${dy.rps.toFixed(0)} req/s`);
}
for (const p of procs) p.kill("SIGTERM");
await Bun.sleep(800);

const w = new Database(db, { readonly: true });
const sl = w.query("SELECT COALESCE(SUM(calls),0) AS n, COUNT(*) AS rows, COALESCE(SUM(cost),0) AS c FROM ledger WHERE account_id = ?").get(sq.account_id) as { n: number; rows: number; c: number };
const sb = (w.query("SELECT credits FROM accounts WHERE id = ?").get(sq.account_id) as { credits: number }).credits;
w.close();
const ps = await PgStore.open(walletUrl);
const pa1 = await ps.audit(pg.account_id);
const pa2 = await ps.audit(pgB.account_id);
const pa = { credits: pa1.credits + pa2.credits, ledgerCalls: pa1.ledgerCalls + pa2.ledgerCalls, ledgerSpent: pa1.ledgerSpent + pa2.ledgerSpent };
const [prow] = await ps.sql`SELECT COUNT(*)::int AS rows FROM ledger`;
await ps.close();
rmSync(dir, { recursive: true, force: true });
const okSqlite = sb === START - sl.c && sb >= 0;
const okPg = pa1.credits === START - pa1.ledgerSpent && pa2.credits === START - pa2.ledgerSpent && pa1.credits >= 0 && pa2.credits >= 0;

const med = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
const bareRps = med(R.bare.map((x) => x.rps));
const bareP99 = med(R.bare.map((x) => x.p99));
const row = (name: string, rs: Run[]) => {
  const rps = med(rs.map((x) => x.rps));
  const p99 = med(rs.map((x) => x.p99));
  return `| ${name} | ${rps.toFixed(0)} | ${med(rs.map((x) => x.p50)).toFixed(2)} | ${p99.toFixed(2)} | **${(rps / bareRps).toFixed(2)}** | ${(p99 / bareP99).toFixed(2)} | ${rs.reduce((s, x) => s + x.non2xx, 0)} |`;
};
const lines = [
  `## Run ${new Date().toISOString()}`,
  ``,
  `Command: \`bun bench/http-pg.ts --rounds ${ROUNDS} --duration ${DUR} --connections ${CONN}\` · ${cpus().length} × ${cpus()[0]?.model ?? "?"} · Bun ${Bun.version} · wrk -t1 -c${CONN} -d${DUR}s, alternated ${ROUNDS}×, medians`,
  ``,
  `| target | req/s | p50 ms | p99 ms | req/s ÷ bare | p99 ÷ bare | non-2xx |`,
  `|---|---:|---:|---:|---:|---:|---:|`,
  row(`bare Bun.serve (${sample.length} B body)`, R.bare),
  row("/trends, SQLite wallet", R.sqlite),
  row("/trends, PostgreSQL wallet, one replica (synchronous_commit on)", R.pg),
  row("/trends, PostgreSQL wallet, one replica, WALLET_SYNC=normal", R.pgn),
  row("/trends, PostgreSQL wallet, replica 1 of 2, one account for both", R.pg2a),
  row("/trends, PostgreSQL wallet, replica 2 of 2, one account for both", R.pg2b),
  row("/trends, PostgreSQL wallet, replica 1 of 2, its own account", R.pgda),
  row("/trends, PostgreSQL wallet, replica 2 of 2, its own account", R.pgdb),
  ``,
  `Per round, /trends ÷ bare (SQLite / PostgreSQL one replica / same, WALLET_SYNC=normal / two replicas one account, summed / two replicas two accounts, summed): ${R.bare.map((b, i) => `${(R.sqlite[i].rps / b.rps).toFixed(2)} / ${(R.pg[i].rps / b.rps).toFixed(2)} / ${(R.pgn[i].rps / b.rps).toFixed(2)} / ${((R.pg2a[i].rps + R.pg2b[i].rps) / b.rps).toFixed(2)} / ${((R.pgda[i].rps + R.pgdb[i].rps) / b.rps).toFixed(2)}`).join("; ")}`,
  ``,
  `Integrity: SQLite ${sl.n} calls in ${sl.rows} ledger rows, balance = start − Σcost: ${okSqlite ? "yes" : "NO"}; PostgreSQL ${pa.ledgerCalls} calls (two accounts) in ${prow.rows} ledger rows, each balance = start − Σcost: ${okPg ? "yes" : "NO"}`,
  ``,
];
const text = lines.join("\n");
const prev = await Bun.file(OUT).exists() ? await Bun.file(OUT).text() : "# Metered /trends with the PostgreSQL wallet (issue 15)\n\nEach run is appended by `bun bench/http-pg.ts`; see docs/replicas.md.\n\n";
writeFileSync(OUT, prev + text + "\n");
console.log(text);
if (!okSqlite || !okPg) process.exit(1);
process.exit(0);
