/**
 * What the server does while another process holds the wallet's write lock (issue 12 §3).
 * Three processes: the real server (`trend-intel serve`), a lock holder (a bun:sqlite connection on
 * the same file that runs BEGIN IMMEDIATE, holds it for --hold ms, then COMMITs), and this client.
 * While the lock is held the client sends a paid /trends call, then /healthz, /openapi.json,
 * /llms.txt, /readyz and /usage, and records each one's latency, status and whether it answered
 * before the holder released the lock. Also: the same calls with no lock (baseline), and a short
 * hold (--short ms) that ends before the server's busy deadline.
 * Usage: bun bench/lock.ts [--hold 3000] [--short 300] [--label after] [--out bench/RESULTS.lock.md]
 */
import { parseArgs } from "node:util";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";

const a = parseArgs({ args: process.argv.slice(2), options: { hold: { type: "string" }, short: { type: "string" }, label: { type: "string" }, out: { type: "string" } } });
const HOLD = Number(a.values.hold ?? 3000);
const SHORT = Number(a.values.short ?? 300);
const LABEL = a.values.label ?? "current";
const OUT = a.values.out ?? "bench/RESULTS.lock.md";
const BUN = process.execPath;

const dir = mkdtempSync(join(tmpdir(), "ti-lock-"));
const db = join(dir, "wallet.sqlite");
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;

function cli(args: string[]): string {
  const r = spawnSync(BUN, ["src/cli.ts", ...args], { encoding: "utf8", env: { ...process.env, WALLET_DB: db, LOG_LEVEL: "silent" } });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

const acct = JSON.parse(cli(["accounts", "create", "--plan", "agency", "--credits", "1000000", "--burst", "1000000", "--daily-cap", "1000000", "--intel-cap", "1000000", "--json"]));
const key: string = acct.api_key;
const server = spawn(BUN, ["src/cli.ts", "serve", "--port", String(port), "--db", db, "--snapshots", "snapshots"], { env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent" }, stdio: ["ignore", "ignore", "inherit"] });
process.on("exit", () => server.kill("SIGKILL"));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).status === 200) break;
  } catch {}
  if (i > 200) throw new Error("server not ready");
  await Bun.sleep(50);
}

const PAID = "/api/public/trends?source=youtube";
const FREE_PATHS = ["/healthz", "/openapi.json", "/llms.txt", "/readyz", "/api/public/usage"];

interface Shot {
  path: string;
  status: number;
  ms: number;
  error?: string;
  retryAfter?: string | null;
  beforeRelease?: boolean;
}

async function shot(path: string, released?: () => boolean): Promise<Shot> {
  const t0 = performance.now();
  const r = await fetch(base + path, { headers: { "x-service-api-key": key } });
  const text = await r.text();
  const ms = performance.now() - t0;
  let error: string | undefined;
  try {
    error = JSON.parse(text).error;
  } catch {}
  return { path, status: r.status, ms, error, retryAfter: r.headers.get("retry-after"), beforeRelease: released ? !released() : undefined };
}

/** Holds BEGIN IMMEDIATE in a child process; resolves once the lock is taken. */
function holdLock(ms: number): Promise<{ proc: ChildProcess; released: () => boolean; done: Promise<void> }> {
  const src = `
    import { Database } from "bun:sqlite";
    const db = new Database(${JSON.stringify(db)});
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec("BEGIN IMMEDIATE");
    db.query("UPDATE accounts SET credits = credits WHERE id = ?").run(${JSON.stringify(acct.account_id)});
    process.stdout.write("locked\\n");
    await Bun.sleep(${ms});
    db.exec("COMMIT");
    process.stdout.write("released\\n");
    db.close();
  `;
  const file = join(dir, `holder-${ms}.ts`);
  writeFileSync(file, src);
  const proc = spawn(BUN, [file], { stdio: ["ignore", "pipe", "inherit"] });
  let isReleased = false;
  let onLocked: () => void;
  const locked = new Promise<void>((r) => (onLocked = r));
  const done = new Promise<void>((r) => proc.on("exit", () => r()));
  proc.stdout!.on("data", (b: Buffer) => {
    const s = b.toString();
    if (s.includes("locked")) onLocked();
    if (s.includes("released")) isReleased = true;
  });
  return locked.then(() => ({ proc, released: () => isReleased, done }));
}

const credits = () => {
  const w = new Database(db, { readonly: true });
  const c = (w.query("SELECT credits FROM accounts WHERE id = ?").get(acct.account_id) as { credits: number }).credits;
  const n = (w.query("SELECT COALESCE(SUM(calls), 0) AS n FROM ledger WHERE account_id = ?").get(acct.account_id) as { n: number }).n;
  w.close();
  return { credits: c, ledger: n };
};

// Warm up every path (JIT, lazy indexes, statement cache).
for (let i = 0; i < 20; i++) for (const p of [PAID, ...FREE_PATHS]) await shot(p);

const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const baseline: Record<string, number> = {};
for (const p of [PAID, ...FREE_PATHS]) {
  const xs: number[] = [];
  for (let i = 0; i < 30; i++) xs.push((await shot(p)).ms);
  baseline[p] = med(xs);
}

async function scenario(holdMs: number) {
  const before = credits();
  const h = await holdLock(holdMs);
  const paid = shot(PAID, h.released);
  await Bun.sleep(20); // the paid call is inside the server before the free ones are sent
  const free = await Promise.all(FREE_PATHS.map((p) => shot(p, h.released)));
  const p = await paid;
  await h.done;
  const after = credits();
  return { holdMs, paid: p, free, spent: before.credits - after.credits, rows: after.ledger - before.ledger };
}

const long = await scenario(HOLD);
const short = await scenario(SHORT);
server.kill("SIGTERM");

const fmt = (s: Shot) => `${s.status}${s.error ? ` ${s.error}` : ""}${s.retryAfter ? ` (Retry-After ${s.retryAfter})` : ""}`;
const L: string[] = [];
if (!existsSync(OUT)) {
  L.push(
    `# The wallet's write lock held by another process`,
    ``,
    `Command: \`bun bench/lock.ts --hold ${HOLD} --short ${SHORT} --label <label>\` (real server process, a separate lock-holder process with BEGIN IMMEDIATE, client over loopback; one run per label).`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "unknown"} · Bun ${Bun.version}`,
    ``,
  );
}
L.push(`## ${LABEL} — ${new Date().toISOString()}`, ``, `| call | no lock: median ms | lock held ${HOLD} ms: ms, answer, before release? | lock held ${SHORT} ms: ms, answer, before release? |`, `|---|---|---|---|`);
const row = (path: string, l: Shot, s: Shot) => L.push(`| ${path} | ${baseline[path].toFixed(2)} | ${l.ms.toFixed(1)}, ${fmt(l)}, ${l.beforeRelease ? "yes" : "no"} | ${s.ms.toFixed(1)}, ${fmt(s)}, ${s.beforeRelease ? "yes" : "no"} |`);
row(PAID, long.paid, short.paid);
for (let i = 0; i < FREE_PATHS.length; i++) row(FREE_PATHS[i], long.free[i], short.free[i]);
L.push(``, `Credits spent by the paid call: lock ${HOLD} ms → ${long.spent} (ledger rows ${long.rows}); lock ${SHORT} ms → ${short.spent} (ledger rows ${short.rows}).`, ``);
const text = L.join("\n") + "\n";
appendFileSync(OUT, text);
console.log(text);
process.exit(0);
