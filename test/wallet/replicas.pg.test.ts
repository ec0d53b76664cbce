/**
 * Several replicas on one PostgreSQL wallet (issue 15), as an operator runs them: separate
 * `trend-intel serve` processes on loopback ports, the same database and the same snapshot
 * directory, changed through the real CLI (`--wallet-url`). Proves: two replicas hammering one
 * account serve exactly floor(credits/cost) calls and the ledger equals the served calls; burst,
 * daily and intelligence limits hold across replicas; revoke, regenerate and top-up are seen by
 * both on their next request; kill -9 of a replica under load loses no acknowledged debit;
 * PostgreSQL going down answers 503 wallet_busy (never a 200 without a debit, never a 500) and the
 * replicas recover without a restart. Skips with the reason only when no PostgreSQL can be started.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { pgCluster, type PgCluster } from "../helpers/pg.ts";
import { BUN, CLI, childEnv, cli } from "../helpers/cli.ts";
import { freePort } from "../helpers/proc.ts";
import { smallVault, REPO } from "../helpers/vault.ts";
import { INTEL, url } from "../helpers/endpoints.ts";
import { PgStore } from "../../src/wallet/pg/store.ts";

const TRENDS = "/api/public/trends?source=youtube";
const big = ["--burst", "1000000", "--daily-cap", "1000000", "--intel-cap", "1000000"];

const c = await pgCluster();
if ("skip" in c) console.warn(`[replicas] ${c.skip}`);

interface Replica {
  base: string;
  proc: Subprocess;
}

describe.skipIf("skip" in c)("replicas on one PostgreSQL wallet", () => {
  const pg = c as PgCluster;
  let walletUrl: string;
  let snapshots: string;
  let store: PgStore;
  const replicas: Replica[] = [];

  async function startReplica(): Promise<Replica> {
    const port = freePort();
    const proc = Bun.spawn([BUN, CLI, "serve", "--port", String(port), "--snapshots", snapshots], {
      cwd: REPO,
      env: childEnv({ WALLET_URL: walletUrl, NODE_ENV: "production", HOST: "127.0.0.1" }),
      stdout: "ignore",
      stderr: "pipe",
      stdin: "ignore",
    });
    const base = `http://127.0.0.1:${port}`;
    // Bounded wait for the replica to listen with its snapshot loaded and the wallet reachable.
    for (let i = 0; i < 300; i++) {
      if (proc.exitCode !== null) throw new Error(`replica exited: ${await new Response(proc.stderr as ReadableStream).text()}`);
      try {
        if ((await fetch(`${base}/readyz`)).status === 200) break;
      } catch {}
      await Bun.sleep(50);
    }
    const r = { base, proc };
    replicas.push(r);
    return r;
  }

  async function call(r: Replica, path: string, key: string): Promise<{ status: number; body: any }> {
    const res = await fetch(r.base + path, { headers: { "x-service-api-key": key } });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body };
  }

  /** `n` calls spread over the replicas, `per` in flight per replica at a time. */
  async function hammer(rs: Replica[], path: string, key: string, n: number, per = 16) {
    const out: { replica: number; status: number; body: any }[] = [];
    let next = 0;
    const worker = async (i: number) => {
      while (next < n) {
        next++;
        try {
          out.push({ replica: i, ...(await call(rs[i], path, key)) });
        } catch (e) {
          out.push({ replica: i, status: 0, body: String(e) });
        }
      }
    };
    await Promise.all(rs.flatMap((_, i) => Array.from({ length: per }, () => worker(i))));
    return out;
  }

  async function account(args: string[]): Promise<{ account_id: string; api_key: string }> {
    const r = await cli(["accounts", "create", "--json", "--wallet-url", walletUrl, ...args]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout);
  }

  beforeAll(async () => {
    walletUrl = await pg.createDb("replicas");
    snapshots = smallVault();
    await Promise.all([startReplica(), startReplica()]);
    store = await PgStore.open(walletUrl);
  }, 60_000);

  afterAll(async () => {
    for (const r of replicas) r.proc.kill("SIGKILL");
    await store?.close();
  });

  test("two replicas hammering one account serve exactly floor(credits/cost) calls; the ledger equals them", async () => {
    const a = await account(["--plan", "agency", "--credits", "301", ...big]);
    const rs = await hammer(replicas.slice(0, 2), TRENDS, a.api_key, 600);
    const ok = rs.filter((r) => r.status === 200);
    expect(ok.length).toBe(301);
    expect(rs.filter((r) => r.status === 402 && r.body.error === "insufficient_credits").length).toBe(299);
    // Both replicas served part of it, each call saw its own debit: remaining balances 300..0, once each.
    expect(ok.some((r) => r.replica === 0) && ok.some((r) => r.replica === 1)).toBe(true);
    expect(ok.map((r) => r.body.credits_remaining).sort((x, y) => y - x)).toEqual(Array.from({ length: 301 }, (_, i) => 300 - i));
    expect(await store.audit(a.account_id)).toEqual({ credits: 0, ledgerCalls: 301, ledgerSpent: 301 });
  });

  test("daily, intelligence and burst limits are counted once across replicas", async () => {
    const d = await account(["--plan", "pro", "--credits", "1000", "--burst", "1000", "--daily-cap", "9", "--intel-cap", "1000"]);
    const rd = await hammer(replicas.slice(0, 2), TRENDS, d.api_key, 30, 4);
    expect(rd.filter((r) => r.status === 200).length).toBe(9);
    expect(rd.filter((r) => r.status === 429 && r.body.scope === "daily").length).toBe(21);

    const probe = await account(["--plan", "agency", "--credits", "1000", ...big]);
    let path = "";
    for (const ep of INTEL()) {
      const r = await call(replicas[0], url(ep), probe.api_key);
      if (r.status === 200 && r.body.credits_used > 0) {
        path = url(ep);
        break;
      }
    }
    expect(path).not.toBe("");
    const i = await account(["--plan", "pro", "--credits", "1000", "--burst", "1000", "--daily-cap", "1000", "--intel-cap", "4"]);
    const ri = await hammer(replicas.slice(0, 2), path, i.api_key, 16, 4);
    expect(ri.filter((r) => r.status === 200).length).toBe(4);
    expect(ri.filter((r) => r.status === 429 && r.body.scope === "intel").length).toBe(12);

    // The burst window is the UTC minute of the servers' real clock: start well inside one, so all
    // 20 calls fall in the same window (a guard against the edge, not a timing assertion).
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await Bun.sleep(60_000 - intoMinute + 100);
    const b = await account(["--plan", "pro", "--credits", "1000", "--burst", "6", "--daily-cap", "1000", "--intel-cap", "1000"]);
    const rb = await hammer(replicas.slice(0, 2), TRENDS, b.api_key, 20, 4);
    expect(rb.filter((r) => r.status === 200).length).toBe(6);
    expect(rb.filter((r) => r.status === 429 && r.body.scope === "burst").length).toBe(14);
  }, 90_000);

  test("revoke, regenerate, top-up and review through the CLI are seen by both replicas on their next request", async () => {
    const a = await account(["--plan", "pro", "--credits", "2"]);
    for (const r of replicas.slice(0, 2)) expect((await call(r, TRENDS, a.api_key)).status).toBe(200);
    for (const r of replicas.slice(0, 2)) expect((await call(r, TRENDS, a.api_key)).status).toBe(402);
    const top = await cli(["credits", "add", "--account", a.account_id, "--amount", "10", "--wallet-url", walletUrl]);
    expect(top.stdout).toContain("credits now 10");
    for (const r of replicas.slice(0, 2)) expect((await call(r, TRENDS, a.api_key)).status).toBe(200);

    const regen = await cli(["keys", "regenerate", "--account", a.account_id, "--json", "--wallet-url", walletUrl]);
    expect(regen.code).toBe(0);
    const fresh = JSON.parse(regen.stdout).api_key as string;
    for (const r of replicas.slice(0, 2)) {
      expect((await call(r, TRENDS, a.api_key)).status).toBe(401);
      expect((await call(r, TRENDS, fresh)).status).toBe(200);
    }
    const rev = await cli(["keys", "revoke", "--account", a.account_id, "--wallet-url", walletUrl]);
    expect(rev.stdout).toContain("revoked 1 key(s)");
    for (const r of replicas.slice(0, 2)) {
      expect((await call(r, TRENDS, fresh)).status).toBe(401);
      expect((await call(r, "/api/public/usage", fresh)).status).toBe(401);
    }
    const b = await account(["--plan", "pro", "--credits", "10"]);
    expect((await cli(["accounts", "review", "--account", b.account_id, "--on", "--wallet-url", walletUrl])).code).toBe(0);
    for (const r of replicas.slice(0, 2)) expect((await call(r, TRENDS, b.api_key)).status).toBe(403);
    expect((await cli(["accounts", "review", "--account", b.account_id, "--off", "--wallet-url", walletUrl])).code).toBe(0);
    for (const r of replicas.slice(0, 2)) expect((await call(r, TRENDS, b.api_key)).status).toBe(200);
    const show = await cli(["accounts", "show", "--account", a.account_id, "--wallet-url", walletUrl]);
    expect(JSON.parse(show.stdout).credits_remaining).toBe(6);
    expect(await store.audit(a.account_id)).toEqual({ credits: 6, ledgerCalls: 6, ledgerSpent: 6 });
  });

  test("kill -9 of one replica under load loses no acknowledged debit", async () => {
    const victim = await startReplica();
    const a = await account(["--plan", "agency", "--credits", "100000", ...big]);
    const load = hammer([replicas[0], victim], TRENDS, a.api_key, 3000, 16);
    // Kill it once it has served some calls, while both are under load.
    for (let i = 0; i < 400 && (await store.audit(a.account_id)).ledgerCalls < 200; i++) await Bun.sleep(10);
    victim.proc.kill("SIGKILL");
    const rs = await load;
    const ok = rs.filter((r) => r.status === 200).length;
    const lost = rs.filter((r) => r.status === 0).length; // connections cut by the kill: answered nothing
    expect(rs.filter((r) => r.status !== 200 && r.status !== 0)).toEqual([]);
    expect(lost).toBeGreaterThan(0);
    const audit = await store.audit(a.account_id);
    // Every 200 has its ledger row; at most the calls cut without an answer were charged besides.
    expect(audit.ledgerCalls).toBeGreaterThanOrEqual(ok);
    expect(audit.ledgerCalls).toBeLessThanOrEqual(ok + lost);
    expect(audit.credits).toBe(100000 - audit.ledgerSpent);
    // The survivor keeps serving.
    expect((await call(replicas[0], TRENDS, a.api_key)).status).toBe(200);
  }, 60_000);

  test("PostgreSQL down: 503 wallet_busy, never a 200 without a debit; back up: served again without restarting the replicas", async () => {
    const a = await account(["--plan", "agency", "--credits", "100000", ...big]);
    const two = replicas.slice(0, 2);
    for (const r of two) expect((await call(r, TRENDS, a.api_key)).status).toBe(200);
    // Restart under load: every answer is a 200 (debited) or a 503 wallet_busy (nothing or, if the
    // link broke during COMMIT, possibly debited); never a 500.
    const load = hammer(two, TRENDS, a.api_key, 1200, 8);
    await Bun.sleep(100);
    await pg.stop();
    const down = await Promise.all(two.map((r) => call(r, TRENDS, a.api_key)));
    for (const d of down) {
      expect(d.status).toBe(503);
      expect(d.body.error).toBe("wallet_busy");
    }
    const ready = await fetch(`${two[0].base}/readyz`);
    expect(ready.status).toBe(503);
    await pg.start();
    const rs = await load;
    expect(rs.filter((r) => r.status !== 200 && !(r.status === 503 && r.body.error === "wallet_busy"))).toEqual([]);
    // Recovery without a restart: the pools reconnect on the next batch (bounded wait).
    let back = 0;
    for (let i = 0; i < 100 && back < two.length; i++) {
      back = 0;
      for (const r of two) if ((await call(r, TRENDS, a.api_key)).status === 200) back++;
      if (back < two.length) await Bun.sleep(50);
    }
    expect(back).toBe(two.length);
    expect((await fetch(`${two[0].base}/readyz`)).status).toBe(200);
    // Served calls from all of the above, counted by the client, against the ledger.
    const ok = rs.filter((r) => r.status === 200).length + 2 + back;
    const busy = rs.filter((r) => r.status === 503).length;
    // A fresh connection: the test's own pool went through the restart too.
    const fresh = await PgStore.open(walletUrl);
    const audit = await fresh.audit(a.account_id);
    await fresh.close();
    expect(audit.ledgerCalls).toBeGreaterThanOrEqual(ok);
    expect(audit.ledgerCalls).toBeLessThanOrEqual(ok + busy);
    expect(audit.credits).toBe(100000 - audit.ledgerSpent);
  }, 90_000);
});
