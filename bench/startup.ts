/**
 * Start-up: time from spawning `bun src/cli.ts serve` (NODE_ENV=production, LOG_LEVEL=silent) on the
 * demo vault to its first 200 from /api/public/trends?source=youtube (a key created beforehand),
 * against a bare `bun -e "Bun.serve(...)"` spawned and polled the same way, alternated A/B in one run.
 * Then, in fresh processes, where the server's start-up time goes (imports, wallet open, snapshot
 * read and decode, index build, route setup, listen).
 * Run: bun bench/startup.ts [--runs 15] [--snapshots snapshots] [--out bench/RESULTS.startup.md]
 */
import { parseArgs } from "node:util";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";

const a = parseArgs({ args: process.argv.slice(2), options: { runs: { type: "string" }, snapshots: { type: "string" }, out: { type: "string" }, child: { type: "string" } } });
const BUN = process.execPath;
const REPO = resolve(import.meta.dir, "..");
const SNAPS = resolve(REPO, a.values.snapshots ?? "snapshots");

/**
 * Child "phases": the serve path step by step, in the order cmdServe runs it, with the first request
 * through app.handle. Prints JSON times in ms since process start (performance.now()'s origin).
 */
async function phasesChild(): Promise<void> {
  const o: Record<string, number> = {};
  const t = (label: string) => (o[label] = performance.now());
  t("start");
  const { loadConfig } = await import("../src/config.ts");
  await import("../src/wallet/db.ts");
  await import("../src/wallet/keys.ts");
  t("cliImports");
  const { createServerApp } = await import("../src/server.ts");
  t("serverImports");
  const cfg = loadConfig(process.env, {});
  t("beforeCreate");
  const s = createServerApp({ walletPath: process.env.WALLET_DB!, snapshotDir: SNAPS, sync: cfg.WALLET_SYNC, watch: true, pollMs: cfg.SNAPSHOT_POLL_MS });
  t("created");
  s.app.listen({ port: 0, hostname: "127.0.0.1", reusePort: false });
  t("listening");
  const r = await s.app.handle(new Request("http://127.0.0.1/api/public/trends?source=youtube", { headers: { "x-service-api-key": process.env.BENCH_KEY! } }));
  await r.text();
  if (r.status !== 200) throw new Error(`first request: ${r.status}`);
  t("firstRequest");
  console.log(JSON.stringify(o));
  s.engine.stop();
  process.exit(0);
}

/** Child "parts": the parts of createServerApp, each timed cold in its own fresh process order. */
async function partsChild(): Promise<void> {
  const { readSnapshotFile, listSnapshots, snapshotPath } = await import("../src/vault/snapshot.ts");
  const { buildIndexes, warmIndexes } = await import("../src/engine/indexes.ts");
  const { openWallet } = await import("../src/wallet/db.ts");
  const file = snapshotPath(SNAPS, listSnapshots(SNAPS)[0]);
  const r0 = performance.now();
  const { body } = readSnapshotFile(file);
  const r1 = performance.now();
  const idx = buildIndexes(body);
  const r2 = performance.now();
  warmIndexes(idx);
  const r3 = performance.now();
  openWallet(process.env.WALLET_DB!).close();
  const r4 = performance.now();
  console.log(JSON.stringify({ snapshotReadDecode: r1 - r0, buildIndexes: r2 - r1, warmIndexes: r3 - r2, walletOpen: r4 - r3 }));
  process.exit(0);
}

if (a.values.child === "parts") {
  await partsChild();
}
if (a.values.child === "phases") {
  await phasesChild();
}

const RUNS = Number(a.values.runs ?? 15);
const OUT = a.values.out ?? join(REPO, "bench/RESULTS.startup.md");
const dir = mkdtempSync(join(tmpdir(), "ti-startup-"));
const db = join(dir, "wallet.sqlite");
const env = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", WALLET_DB: db };

const created = spawnSync(BUN, ["src/cli.ts", "accounts", "create", "--plan", "agency", "--credits", "1000000", "--json", "--db", db], { cwd: REPO, encoding: "utf8", env });
if (created.status !== 0) throw new Error(created.stderr);
const key: string = JSON.parse(created.stdout).api_key;
let nextPort = 21000 + Math.floor(Math.random() * 20000);

/** Spawn, then poll `url` until it answers 200; returns ms from just before spawn to that response. */
async function spawnToFirst200(cmd: string[], url: (port: number) => string, headers: Record<string, string>): Promise<number> {
  const port = nextPort++;
  const t0 = performance.now();
  const p = spawn(cmd[0], cmd.slice(1).map((x) => x.replace("{PORT}", String(port))), { cwd: REPO, env: { ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  try {
    for (;;) {
      try {
        const r = await fetch(url(port), { headers });
        if (r.status === 200) {
          const dt = performance.now() - t0;
          await r.arrayBuffer();
          return dt;
        }
        await r.arrayBuffer();
      } catch {}
      if (p.exitCode !== null) throw new Error(`${cmd.join(" ")} exited with ${p.exitCode}`);
      if (performance.now() - t0 > 30_000) throw new Error(`no 200 from ${url(port)} within 30 s`);
      await Bun.sleep(1);
    }
  } finally {
    p.kill("SIGKILL");
    await new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once("exit", r)));
  }
}

const real = () =>
  spawnToFirst200([BUN, "src/cli.ts", "serve", "--port", "{PORT}", "--db", db, "--snapshots", SNAPS], (p) => `http://127.0.0.1:${p}/api/public/trends?source=youtube`, { "x-service-api-key": key });
// The first request that needs the story views and the fuzzy matcher (built after start-up, or on first use).
const realForecast = () =>
  spawnToFirst200([BUN, "src/cli.ts", "serve", "--port", "{PORT}", "--db", db, "--snapshots", SNAPS], (p) => `http://127.0.0.1:${p}/api/public/forecast?q=iphone%20x`, { "x-service-api-key": key });
const bare = () =>
  spawnToFirst200([BUN, "-e", `Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", fetch: () => new Response("[]") })`], (p) => `http://127.0.0.1:${p}/`, {});

const loadavg = () => {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
};
const load0 = loadavg();
const startedAt = new Date().toISOString();
// Warm the file cache and the transpiler cache once each (not counted).
await real();
await bare();
const R: number[] = [], B: number[] = [], F: number[] = [];
for (let i = 0; i < RUNS; i++) {
  // A/B alternated, order swapped every other round; the /forecast variant last.
  if (i % 2) {
    B.push(await bare());
    R.push(await real());
  } else {
    R.push(await real());
    B.push(await bare());
  }
  F.push(await realForecast());
  console.error(`run ${i + 1}/${RUNS}: serve ${R[i].toFixed(0)} ms, bare ${B[i].toFixed(0)} ms, serve to first /forecast ${F[i].toFixed(0)} ms`);
}

// Phases: fresh processes, median of 5 each.
const phaseRuns: any[] = [];
for (let i = 0; i < 5; i++) {
  for (const child of ["phases", "parts"]) {
    const r = spawnSync(BUN, [import.meta.path, "--child", child, "--snapshots", SNAPS], { cwd: REPO, env: { ...env, BENCH_KEY: key }, encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    const j = JSON.parse(r.stdout.trim().split("\n").pop()!);
    if (child === "phases") phaseRuns.push(j);
    else Object.assign(phaseRuns[phaseRuns.length - 1], j);
  }
}
const load1 = loadavg();
rmSync(dir, { recursive: true, force: true });

const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
const q = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const med = (xs: number[]) => q(xs, 0.5);
const ratios = R.map((r, i) => r / B[i]);
const P = (k: string) => med(phaseRuns.map((x) => x[k]));
const step = (k: string, prev: string) => med(phaseRuns.map((x) => x[k] - x[prev]));
const snapFiles = spawnSync("ls", [SNAPS], { encoding: "utf8" }).stdout.trim().split("\n");
const newest = snapFiles.filter((f) => f.endsWith(".msgpack")).sort().pop()!;
const newestBytes = Bun.file(join(SNAPS, newest)).size;
const cpu = cpus();
const goal = med(R) < 300;
const L = [
  `# Start-up: process start to first served request`,
  ``,
  `- Command: \`bun bench/startup.ts --runs ${RUNS}\``,
  `- Date: ${startedAt} · Machine: ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM · Bun ${Bun.version} · load average ${load0} at start, ${load1} at end (shared machine)`,
  `- Vault: demo snapshots (\`${SNAPS.replace(REPO + "/", "")}\`), newest ${newest} (${(newestBytes / 1e6).toFixed(2)} MB) is the one loaded.`,
  `- Measured: from just before \`spawn()\` to the first 200 of \`GET /api/public/trends?source=youtube\` with a key created beforehand (\`bun src/cli.ts serve --port P --db <tmp> --snapshots snapshots\`, NODE_ENV=production, LOG_LEVEL=silent), polling every 1 ms. Reference: \`bun -e "Bun.serve(...)"\` spawned and polled the same way. ${RUNS} runs each, alternated A/B (order swapped every round), after one unmeasured warm-up of each.`,
  ``,
  `| | median ms | p90 ms | min ms | max ms |`,
  `|---|---:|---:|---:|---:|`,
  `| trend-intel serve → first 200 /trends | ${med(R).toFixed(0)} | ${q(R, 0.9).toFixed(0)} | ${Math.min(...R).toFixed(0)} | ${Math.max(...R).toFixed(0)} |`,
  `| bare Bun.serve → first 200 | ${med(B).toFixed(0)} | ${q(B, 0.9).toFixed(0)} | ${Math.min(...B).toFixed(0)} | ${Math.max(...B).toFixed(0)} |`,
  `| ratio serve / bare (per round) | ${med(ratios).toFixed(2)} | ${q(ratios, 0.9).toFixed(2)} | | |`,
  `| trend-intel serve → first 200 /forecast?q=iphone x (needs story views + fuzzy matcher) | ${med(F).toFixed(0)} | ${q(F, 0.9).toFixed(0)} | ${Math.min(...F).toFixed(0)} | ${Math.max(...F).toFixed(0)} |`,
  ``,
  `**Goal < 300 ms: ${goal ? "met" : "missed"}** (median ${med(R).toFixed(0)} ms; the server's own share over a bare Bun process is about ${(med(R) - med(B)).toFixed(0)} ms).`,
  ``,
  `## Where the time goes (fresh process, median of ${phaseRuns.length}; ms)`,
  ``,
  `| step | ms |`,
  `|---|---:|`,
  `| process start → first line of the script (Bun start-up) | ${P("start").toFixed(0)} |`,
  `| imports of the CLI's own modules (config, wallet) | ${step("cliImports", "start").toFixed(0)} |`,
  `| import of src/server.ts and everything under it (Elysia, endpoints, rules) | ${step("serverImports", "cliImports").toFixed(0)} |`,
  `| createServerApp (wallet open, snapshot read + decode, buildIndexes, OpenAPI, routes) | ${step("created", "beforeCreate").toFixed(0)} |`,
  `| listen | ${step("listening", "created").toFixed(0)} |`,
  `| first /trends through app.handle (auth, wallet charge and commit, cold code) | ${step("firstRequest", "listening").toFixed(0)} |`,
  `| **total, process start → first /trends answered in-process** | ${P("firstRequest").toFixed(0)} |`,
  ``,
  `Parts of createServerApp, each cold in another fresh process (median of 5; ms): snapshot read + sha-256 + decode ${P("snapshotReadDecode").toFixed(0)}, buildIndexes (rankings only) ${P("buildIndexes").toFixed(0)}, wallet open ${P("walletOpen").toFixed(0)}; deferred until after start-up: warmIndexes (story views, fuzzy matcher, news) ${P("warmIndexes").toFixed(0)}.`,
  ``,
  `The server builds only the /trends rankings before it listens; story views, the fuzzy matcher and the news lists follow ${"WARM_AFTER_MS"} (500 ms) later or on first use, so the first /forecast pays for them when it comes first (last row).`,
  ``,
  `Per-round ms (serve / bare / serve to first /forecast): ${R.map((r, i) => `${r.toFixed(0)}/${B[i].toFixed(0)}/${F[i].toFixed(0)}`).join(", ")}`,
  ``,
];
writeFileSync(OUT, L.join("\n"));
console.log(L.join("\n"));
