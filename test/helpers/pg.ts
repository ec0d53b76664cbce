/**
 * A throw-away PostgreSQL cluster for the wallet tests (issue 15): initdb + pg_ctl from the Debian
 * `postgresql` package on a free loopback port, in a temp dir outside the repo, one per test
 * process, stopped by a watchdog once the process has exited (and, like tmp.ts, a cluster left by a
 * test process that is gone is stopped and removed by the next one). PostgreSQL refuses to run as root, so as root it
 * runs as the `postgres` user (PG_TEST_USER). Each test file takes its own database.
 *
 * When the server binaries are missing the PostgreSQL tests skip with the reason, unless
 * PG_REQUIRED=1 (scripts/test.sh sets it once it has installed the package): then they fail.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { freePort } from "./proc.ts";
import { alive } from "./tmp.ts";

const PREFIX = "trend-intel-pg-";

export interface PgCluster {
  port: number;
  /** A fresh empty database; its postgres:// URL. */
  createDb(label?: string): Promise<string>;
  /** Stop the server (fast shutdown: every committed transaction is kept; connections are cut). */
  stop(): Promise<void>;
  /** Start it again on the same port. */
  start(): Promise<void>;
}

function binDir(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, "initdb"))) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(root, versions[0], "bin");
  }
  const r = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const d = r.status === 0 ? r.stdout.trim() : "";
  return d && existsSync(join(d, "initdb")) ? d : null;
}

let cluster: Promise<PgCluster | { skip: string }> | null = null;

/** The process's cluster, started on first use; `{ skip }` when PostgreSQL is not installed (and not required). */
export function pgCluster(): Promise<PgCluster | { skip: string }> {
  cluster ??= start();
  return cluster;
}

function unavailable(reason: string): { skip: string } {
  if (process.env.PG_REQUIRED === "1") throw new Error(`PostgreSQL is required here (PG_REQUIRED=1) but ${reason}`);
  return { skip: `PostgreSQL tests skipped: ${reason} (install the Debian package 'postgresql', or run npm test, which installs it)` };
}

async function start(): Promise<PgCluster | { skip: string }> {
  if (process.env.SKIP_PG_TEST === "1") return { skip: "PostgreSQL tests skipped: SKIP_PG_TEST=1" };
  const bin = binDir();
  if (!bin) return unavailable("its server binaries (initdb, pg_ctl) were not found");
  const asRoot = process.getuid?.() === 0;
  const user = process.env.PG_TEST_USER ?? "postgres";
  let uid = -1;
  let gid = -1;
  if (asRoot) {
    const r = spawnSync("id", ["-u", user], { encoding: "utf8" });
    const g = spawnSync("id", ["-g", user], { encoding: "utf8" });
    if (r.status !== 0) return unavailable(`running as root and there is no '${user}' user to run the server as (useradd --system ${user})`);
    uid = Number(r.stdout.trim());
    gid = Number(g.stdout.trim());
  }
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ["runuser", "-u", user, "--", join(bin, cmd), ...args] : [join(bin, cmd), ...args];
    const r = spawnSync(full[0], full.slice(1), { encoding: "utf8", cwd: "/" });
    return { ok: r.status === 0, out: `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error) : ""}` };
  };
  sweepStale(run);
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  if (asRoot) chownSync(dir, uid, gid);
  const data = join(dir, "data");
  const init = run("initdb", ["-A", "trust", "-U", "wallet", "-E", "UTF8", "--no-sync", "-D", data]);
  if (!init.ok) {
    rmSync(dir, { recursive: true, force: true });
    return unavailable(`initdb failed: ${init.out.trim().split("\n").slice(-3).join(" ")}`);
  }
  const port = freePort();
  // fsync off: a test cluster on a shared disk; durability across a crash of PostgreSQL itself is
  // not what these tests check (a fast restart writes everything committed before it stops).
  // PG_TEST_FSYNC=on keeps PostgreSQL's defaults (the benchmark, bench/http-pg.ts).
  const fsync = process.env.PG_TEST_FSYNC === "on" ? "" : " -c fsync=off";
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fsync} -c max_connections=60`;
  const pgctl = (args: string[]) => run("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-w", "-t", "60", ...args]);
  const pgctlAsync = async (args: string[]) => {
    const full = [join(bin, "pg_ctl"), "-D", data, "-l", join(dir, "server.log"), "-w", "-t", "60", ...args];
    const p = Bun.spawn(asRoot ? ["runuser", "-u", user, "--", ...full] : full, { cwd: "/", stdout: "pipe", stderr: "pipe" });
    const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    if (code !== 0) throw new Error(`pg_ctl ${args.at(-1)} failed: ${out}${err}`);
  };
  const up = pgctl(["-o", opts, "start"]);
  if (!up.ok) {
    const log = existsSync(join(dir, "server.log")) ? readFileSync(join(dir, "server.log"), "utf8") : "";
    rmSync(dir, { recursive: true, force: true });
    return unavailable(`pg_ctl start failed: ${(up.out + log).trim().split("\n").slice(-4).join(" ")}`);
  }
  // bun test runs no exit hooks: a detached watchdog stops the cluster once this process is gone.
  const stopCmd = `${asRoot ? `runuser -u ${user} -- ` : ""}${join(bin, "pg_ctl")} -D ${data} -m immediate -w stop`;
  const watchdog = Bun.spawn(["sh", "-c", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCmd} >/dev/null 2>&1; rm -rf ${dir}`], {
    stdio: ["ignore", "ignore", "ignore"],
    detached: true,
  });
  watchdog.unref();
  const admin = new SQL({ url: `postgres://wallet@127.0.0.1:${port}/postgres`, max: 1 });
  let seq = 0;
  return {
    port,
    async createDb(label = "t") {
      const name = `${label.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}_${++seq}`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      return `postgres://wallet@127.0.0.1:${port}/${name}`;
    },
    // Asynchronous (the test keeps sending requests while PostgreSQL goes down and comes back).
    stop: () => pgctlAsync(["-m", "fast", "stop"]),
    start: () => pgctlAsync(["-o", opts, "start"]),
  };
}

/** Stop and remove clusters of test processes that are gone. */
function sweepStale(run: (cmd: string, args: string[]) => { ok: boolean }): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid && (pid === process.pid || alive(pid))) continue;
    const data = join(tmpdir(), name, "data");
    if (existsSync(join(data, "postmaster.pid"))) run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    } catch {}
  }
}
