/**
 * The REAL CLI server in a child process (`bun src/cli.ts serve`) over a wallet file that the REAL
 * CLI changes from other processes: revoke, regenerate, credits, review are seen by the very next
 * request. Also: CLI usage errors, --help everywhere, config validation before listening, SIGTERM,
 * and the first-run demo account.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { BUN, CLI, childEnv, cli } from "../helpers/cli.ts";
import { REPO, smallVault } from "../helpers/vault.ts";
import { tempDir } from "../helpers/tmp.ts";
import { Output, freePort } from "../helpers/proc.ts";
import { DEMO_ACCOUNT } from "../../src/wallet/keys.ts";

interface Served {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  base: string;
  db: string;
  out: Output;
  err: Output;
}

/** Every server child this file started; any left running (a failed test) is killed at the end. */
const children = new Set<Subprocess>();
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

async function serve(opts: { env?: Record<string, string | undefined>; db?: string; snapshots?: string } = {}): Promise<Served> {
  const port = freePort();
  const db = opts.db ?? join(tempDir("cp"), "wallet.sqlite");
  const proc = Bun.spawn([BUN, CLI, "serve", "--port", String(port), "--db", db, "--snapshots", opts.snapshots ?? smallVault()], {
    cwd: REPO,
    env: childEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", HOST: "127.0.0.1", ...opts.env }),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(proc);
  const out = new Output(proc.stdout);
  const err = new Output(proc.stderr);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`serve exited ${proc.exitCode}: ${err.text}`);
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.status === 200) break;
    } catch {}
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`serve not up within 15 s: ${err.text}`);
    }
    await Bun.sleep(25); // readiness poll, not a timing assumption
  }
  return { proc, base, db, out, err };
}

async function stop(s: Served): Promise<number> {
  if (s.proc.exitCode !== null) return s.proc.exitCode;
  s.proc.kill("SIGTERM");
  return s.proc.exited;
}

const call = async (s: Served, path: string, key?: string) => {
  const r = await fetch(s.base + path, { headers: key ? { "x-service-api-key": key } : {} });
  return { status: r.status, body: (await r.json()) as any, headers: r.headers };
};

describe("CLI changes from other processes are seen by the very next request", () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve();
  }, 60_000);
  afterAll(async () => {
    expect(await stop(s)).toBe(0);
  });

  async function createAccount(extra: string[] = []): Promise<{ account_id: string; api_key: string }> {
    const r = await cli(["accounts", "create", "--plan", "pro", "--json", "--db", s.db, ...extra]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout.trim());
    expect(j.api_key).toMatch(/^svc_live_[0-9A-Za-z]{32,}$/);
    expect(j.account_id).toBeTruthy();
    return j;
  }

  test("production mode with an empty wallet creates no demo account", async () => {
    expect(s.out.text).not.toContain("svc_live_");
  });

  test("accounts create --json → the key works at once (pro tier)", async () => {
    const a = await createAccount();
    const r = await call(s, "/api/public/trends?source=youtube", a.api_key);
    expect(r.status).toBe(200);
    expect(r.headers.get("x-ratelimit-tier")).toBe("pro");
    expect(r.body.data.length).toBeGreaterThan(0);
  });

  test("keys revoke → the very next request is 401", async () => {
    const a = await createAccount();
    expect((await call(s, "/api/public/usage", a.api_key)).status).toBe(200); // warm the server's key cache
    const r = await cli(["keys", "revoke", "--account", a.account_id, "--db", s.db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("revoked 1 key");
    expect((await call(s, "/api/public/trends", a.api_key)).status).toBe(401);
    expect((await call(s, "/api/public/usage", a.api_key)).status).toBe(401);
  });

  test("keys regenerate → old key 401, new key 200", async () => {
    const a = await createAccount();
    expect((await call(s, "/api/public/usage", a.api_key)).status).toBe(200);
    const r = await cli(["keys", "regenerate", "--account", a.account_id, "--json", "--db", s.db]);
    expect(r.code).toBe(0);
    const k = JSON.parse(r.stdout.trim()).api_key;
    expect(k).not.toBe(a.api_key);
    expect((await call(s, "/api/public/usage", a.api_key)).status).toBe(401);
    expect((await call(s, "/api/public/trends", a.api_key)).status).toBe(401);
    expect((await call(s, "/api/public/trends", k)).status).toBe(200);
    expect((await call(s, "/api/public/usage", k)).status).toBe(200);
  });

  test("credits add → the next /usage shows it", async () => {
    const a = await createAccount(["--credits", "3"]);
    expect((await call(s, "/api/public/usage", a.api_key)).body.credits_remaining).toBe(3);
    const r = await cli(["credits", "add", "--account", a.account_id, "--amount", "250", "--db", s.db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("253");
    expect((await call(s, "/api/public/usage", a.api_key)).body.credits_remaining).toBe(253);
    const t = await call(s, "/api/public/trends?source=youtube", a.api_key);
    expect(t.body.credits_remaining).toBe(252);
  });

  test("accounts review --on → next request 403; --off → 200", async () => {
    const a = await createAccount();
    expect((await call(s, "/api/public/trends", a.api_key)).status).toBe(200);
    expect((await cli(["accounts", "review", "--account", a.account_id, "--on", "--db", s.db])).code).toBe(0);
    const r = await call(s, "/api/public/trends", a.api_key);
    expect([r.status, r.body.error]).toEqual([403, "usage_review"]);
    expect((await call(s, "/api/public/usage", a.api_key)).status).toBe(403);
    expect((await cli(["accounts", "review", "--account", a.account_id, "--off", "--db", s.db])).code).toBe(0);
    expect((await call(s, "/api/public/trends", a.api_key)).status).toBe(200);
  });

  test("accounts show reflects what the server charged (one wallet, shared)", async () => {
    const a = await createAccount(["--credits", "10"]);
    for (let i = 0; i < 3; i++) expect((await call(s, "/api/public/trends", a.api_key)).status).toBe(200);
    const r = await cli(["accounts", "show", "--account", a.account_id, "--db", s.db]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.credits_remaining).toBe(7);
    expect(j.plan).toBe("pro");
    expect(r.stdout).not.toContain(a.api_key);
  });

  test("healthcheck --port answers ok against the running server", async () => {
    const r = await cli(["healthcheck", "--port", new URL(s.base).port]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("ok");
  });
});

describe("CLI usage", () => {
  const db = () => join(tempDir("cli"), "w.sqlite");

  const BAD_USE: [string, string[]][] = [
    ["unknown command", ["frobnicate"]],
    ["accounts create without --plan", ["accounts", "create"]],
    ["accounts create with a bad plan", ["accounts", "create", "--plan", "gold"]],
    ["accounts create with a non-numeric --credits", ["accounts", "create", "--plan", "pro", "--credits", "ten"]],
    ["accounts unknown subcommand", ["accounts", "delete"]],
    ["accounts show without --account", ["accounts", "show"]],
    ["accounts show of an unknown account", ["accounts", "show", "--account", "acc_nope"]],
    ["accounts review without --on/--off", ["accounts", "review", "--account", "acc_nope"]],
    ["accounts review with both --on and --off", ["accounts", "review", "--account", "acc_nope", "--on", "--off"]],
    ["unknown flag", ["accounts", "create", "--plan", "pro", "--bogus"]],
    ["keys revoke without --account", ["keys", "revoke"]],
    ["keys regenerate of an unknown account", ["keys", "regenerate", "--account", "acc_nope"]],
    ["keys unknown subcommand", ["keys", "rotate", "--account", "acc_nope"]],
    ["credits add without --amount", ["credits", "add", "--account", "acc_nope"]],
    ["credits add with a zero amount", ["credits", "add", "--account", "acc_nope", "--amount", "0"]],
    ["credits add with a non-numeric amount", ["credits", "add", "--account", "acc_nope", "--amount", "lots"]],
    ["credits add with an amount beyond the maximum (issue 13)", ["credits", "add", "--account", "acc_nope", "--amount", "999999999999999999999"]],
    ["credits add with a fractional amount", ["credits", "add", "--account", "acc_nope", "--amount", "1.5"]],
    ["credits add with an exponent", ["credits", "add", "--account", "acc_nope", "--amount", "1e21"]],
    ["accounts create with credits beyond the maximum", ["accounts", "create", "--plan", "pro", "--credits", "999999999999999999999"]],
    ["credits add to an unknown account", ["credits", "add", "--account", "acc_nope", "--amount", "5"]],
    ["credits unknown subcommand", ["credits", "remove", "--account", "acc_nope"]],
    ["ingest without a source", ["ingest"]],
    ["ingest with both sources", ["ingest", "--kaggle-csv", "x.csv", "--feeds", "f"]],
    ["ingest of a missing CSV", ["ingest", "--kaggle-csv", "/nonexistent/file.csv", "--snapshots", "/nonexistent/out"]],
    ["serve with an unknown flag", ["serve", "--verbose"]],
  ];

  // The cases run in parallel child processes (each is an independent CLI invocation).
  test(`${BAD_USE.length} kinds of bad use → non-zero exit, one-line "error: ..." on stderr, no stack`, async () => {
    const results = await Promise.all(
      BAD_USE.map(async ([label, argv]) => {
        const r = await cli([...argv, ...(argv[0] === "ingest" || argv[0] === "frobnicate" || argv[0] === "serve" ? [] : ["--db", db()])]);
        const lines = r.stderr.split("\n").filter((l) => l.trim());
        return { label, nonZero: r.code !== 0, oneLine: lines.length === 1, prefixed: /^error: \S/.test(lines[0] ?? ""), noStack: !/\n\s+at /.test(r.stderr), stderr: r.stderr };
      }),
    );
    for (const x of results) expect(x).toEqual({ label: x.label, nonZero: true, oneLine: true, prefixed: true, noStack: true, stderr: x.stderr });
  });

  const HELP_ARGS: string[][] = [[], ["--help"], ["-h"], ["help"], ["serve", "--help"], ["healthcheck", "--help"], ["accounts", "--help"], ["accounts", "create", "--help"], ["keys", "--help"], ["keys", "regenerate", "--help"], ["credits", "--help"], ["credits", "add", "--help"], ["ingest", "--help"], ["ingest", "fetch", "--help"]];

  test("--help / -h / help works for every command and subcommand (exit 0, Usage on stdout, nothing on stderr)", async () => {
    const results = await Promise.all(HELP_ARGS.map(async (argv) => ({ argv: argv.join(" "), ...(await cli(argv)) })));
    for (const r of results) {
      expect({ argv: r.argv, code: r.code, stderr: r.stderr }).toEqual({ argv: r.argv, code: 0, stderr: "" });
      expect(r.stdout).toMatch(/Usage/);
    }
  });

  test("every command listed by the main --help has a working --help that names it", async () => {
    const main = await cli(["--help"]);
    const block = main.stdout.split("Commands:")[1] ?? "";
    const cmds = [...new Set(block.split("\n").map((l) => /^\s{2}([a-z][a-z-]*)\b/.exec(l)?.[1]).filter((c): c is string => !!c))];
    expect(cmds).toEqual(expect.arrayContaining(["serve", "healthcheck", "accounts", "keys", "credits", "ingest"]));
    const rs = await Promise.all(cmds.map((c) => cli([c, "--help"])));
    rs.forEach((r, i) => {
      expect({ cmd: cmds[i], code: r.code, stderr: r.stderr }).toEqual({ cmd: cmds[i], code: 0, stderr: "" });
      expect(r.stdout).toContain(`trend-intel ${cmds[i]}`);
    });
  });
});

describe("serve: config validation, shutdown, demo account", () => {
  test("an invalid PORT env (abc, 70000, -1, 80.5, '8080 ') stops serve before listening, naming PORT", async () => {
    const rs = await Promise.all(
      ["abc", "70000", "-1", "80.5", "8080 "].map(async (port) => {
        const db = join(tempDir("badport"), "wallet.sqlite");
        const r = await cli(["serve", "--db", db, "--snapshots", smallVault()], { PORT: port, NODE_ENV: "production" });
        return { port, r, dbCreated: existsSync(db) };
      }),
    );
    for (const { port, r, dbCreated } of rs) {
      expect({ port, nonZero: r.code !== 0, namesPort: r.stderr.includes("PORT") }).toEqual({ port, nonZero: true, namesPort: true });
      expect(r.stderr.split("\n").filter((l) => l.trim()).length).toBe(1);
      expect(dbCreated).toBe(false); // stopped before opening the wallet, let alone listening
    }
  });

  test("an invalid --port flag is refused the same way", async () => {
    const db = join(tempDir("badflag"), "wallet.sqlite");
    const r = await cli(["serve", "--port", "http", "--db", db, "--snapshots", smallVault()], { NODE_ENV: "production" });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("PORT");
    expect(existsSync(db)).toBe(false);
  });

  test("other invalid env (WALLET_SYNC, PUBLIC_BASE_URL) is refused, naming the variable", async () => {
    const db = join(tempDir("badenv"), "wallet.sqlite");
    const a = await cli(["serve", "--port", "0", "--db", db, "--snapshots", smallVault()], { WALLET_SYNC: "sometimes" });
    expect(a.code).not.toBe(0);
    expect(a.stderr).toContain("WALLET_SYNC");
    const b = await cli(["serve", "--port", "0", "--db", db, "--snapshots", smallVault()], { PUBLIC_BASE_URL: "not a url" });
    expect(b.code).not.toBe(0);
    expect(b.stderr).toContain("PUBLIC_BASE_URL");
    expect(existsSync(db)).toBe(false);
  });

  test("SIGTERM → exits 0 promptly; the port is released", async () => {
    const s = await serve();
    const t0 = performance.now();
    s.proc.kill("SIGTERM");
    const code = await s.proc.exited;
    const ms = performance.now() - t0;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(3000);
    let refused = false;
    try {
      await fetch(`${s.base}/healthz`);
    } catch {
      refused = true;
    }
    expect(refused).toBe(true);
    const hc = await cli(["healthcheck", "--port", new URL(s.base).port]);
    expect(hc.code).toBe(1);
  });

  test("a second serve on a busy port fails with a one-line error (no silent port sharing)", async () => {
    const s = await serve();
    try {
      const port = new URL(s.base).port;
      const db2 = join(tempDir("busy"), "other.sqlite");
      const r = await cli(["serve", "--port", port, "--db", db2, "--snapshots", smallVault()], { NODE_ENV: "production", HOST: "127.0.0.1" });
      expect(r.code).not.toBe(0);
      const lines = r.stderr.split("\n").filter((l) => l.trim());
      expect(lines.length).toBe(1);
      expect(lines[0]).toMatch(/^error: .*port/i);
      // The first server is untouched and alone on its port.
      for (let i = 0; i < 10; i++) expect((await call(s, "/healthz")).status).toBe(200);
    } finally {
      expect(await stop(s)).toBe(0);
    }
  });

  test("SIGINT → exits 0 too", async () => {
    const s = await serve();
    s.proc.kill("SIGINT");
    expect(await s.proc.exited).toBe(0);
  });

  test("demo account: NODE_ENV unset + empty wallet → a svc_live_ key and a curl line on stdout; the key works", async () => {
    const s = await serve({ env: { NODE_ENV: undefined } });
    try {
      const m = await s.out.waitFor(/curl[^\n]*\n/, s.proc.exited);
      const key = s.out.text.match(/svc_live_[0-9A-Za-z]{32,}/)?.[0];
      expect(key).toBeDefined();
      const curl = m[0];
      expect(curl).toContain("/api/public/trends?source=youtube");
      expect(curl).toContain(`x-service-api-key: ${key}`);
      expect(curl).toContain(s.base);
      const r = await call(s, "/api/public/trends?source=youtube", key);
      expect(r.status).toBe(200);
      expect(r.headers.get("x-ratelimit-tier")).toBe("free");
      expect(r.body.credits_remaining).toBe(DEMO_ACCOUNT.credits - 1);
      expect(r.body.data.length).toBeGreaterThan(0);
      // The curl line itself works as printed (same URL and header).
      const url = curl.match(/'(http[^']+)'/)![1];
      expect((await fetch(url, { headers: { "x-service-api-key": key! } })).status).toBe(200);
    } finally {
      expect(await stop(s)).toBe(0);
    }
    // A second start on the same (no longer empty) wallet prints no new key.
    const again = await serve({ env: { NODE_ENV: undefined }, db: s.db });
    try {
      expect((await call(again, "/healthz")).status).toBe(200);
    } finally {
      expect(await stop(again)).toBe(0);
    }
    expect(again.out.text).not.toContain("svc_live_");
  });
});
