/**
 * The wallet's guarantees, one suite run on both stores (issue 15): the SQLite file and PostgreSQL
 * (a real server from test/helpers/pg.ts). The real server in-process with an injected clock; an
 * admin store on a separate connection plays the CLI. Concurrency: exactly floor(credits/cost)
 * calls served and the ledger equal to them; burst, daily and intelligence limits; revoke,
 * regenerate, review and top-up seen on the next request; keys stored only as hashes; credit bounds.
 * The PostgreSQL half skips with the reason only when no PostgreSQL server can be started here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends, type BackendServer } from "../helpers/backends.ts";
import { nextTurn } from "../helpers/server.ts";
import { INTEL, url } from "../helpers/endpoints.ts";
import { hashKey, NotFound } from "../../src/wallet/keys.ts";
import { MAX_BALANCE, MAX_CREDIT_AMOUNT } from "../../src/wallet/db.ts";

const TRENDS = "/api/public/trends?source=youtube";
/**
 * "The next request" after an admin change: one arriving in a later event-loop turn, as every
 * request over the network does (the SQLite server checks for other connections' commits once per
 * turn; the PostgreSQL one on every request).
 */
const settle = nextTurn;
const big = { burst: 1_000_000, dailyCap: 1_000_000, intelCap: 1_000_000 };

for (const b of await backends()) {
  if (b.skip) console.warn(`[${b.name}] ${b.skip}`);
  describe.skipIf(!!b.skip)(`wallet store: ${b.name}`, () => {
    let s: BackendServer;
    beforeAll(async () => {
      s = await b.start();
    }, 60_000);
    afterAll(async () => s?.stop());

    test("200 concurrent calls on 137 credits: exactly 137 served, 63 refused 402, ledger = served, balance 0, grouped commits", async () => {
      const a = await s.account({ plan: "agency", credits: 137, ...big });
      const batches0 = s.meter.stats.batches;
      const rs = await Promise.all(Array.from({ length: 200 }, () => s.json(TRENDS, a.apiKey)));
      const served = rs.filter((r) => r.status === 200);
      expect(served.length).toBe(137);
      expect(rs.filter((r) => r.status === 402 && r.body.error === "insufficient_credits").length).toBe(63);
      // Each served call saw its own debit.
      expect(served.map((r) => r.body.credits_remaining).sort((x, y) => y - x)).toEqual(Array.from({ length: 137 }, (_, i) => 136 - i));
      expect(await s.store.audit(a.accountId)).toEqual({ credits: 0, ledgerCalls: 137, ledgerSpent: 137 });
      expect(s.meter.stats.batches - batches0).toBeLessThan(200);
    });

    test("burst limit: 5 a minute, 20 at once → 5 served, 15 × 429 burst, nothing charged for them; a minute later it opens again", async () => {
      const a = await s.account({ plan: "pro", credits: 100, burst: 5, dailyCap: 1000, intelCap: 1000 });
      const rs = await Promise.all(Array.from({ length: 20 }, () => s.json(TRENDS, a.apiKey)));
      expect(rs.filter((r) => r.status === 200).length).toBe(5);
      const limited = rs.filter((r) => r.status === 429);
      expect(limited.length).toBe(15);
      for (const r of limited) expect(r.body.scope).toBe("burst");
      expect(await s.store.audit(a.accountId)).toEqual({ credits: 95, ledgerCalls: 5, ledgerSpent: 5 });
      s.clock.advance(60_000);
      expect((await s.json(TRENDS, a.apiKey)).status).toBe(200);
    });

    test("daily cap and intelligence cap are counted per account", async () => {
      const a = await s.account({ plan: "pro", credits: 1000, burst: 1000, dailyCap: 7, intelCap: 1000 });
      const rs = await Promise.all(Array.from({ length: 12 }, () => s.json(TRENDS, a.apiKey)));
      expect(rs.filter((r) => r.status === 200).length).toBe(7);
      expect(rs.filter((r) => r.status === 429).every((r) => r.body.scope === "daily")).toBe(true);

      const probe = await s.account({ plan: "agency", credits: 1000, ...big });
      let path = "";
      for (const ep of INTEL()) {
        const r = await s.json(url(ep), probe.apiKey);
        if (r.status === 200 && r.body.credits_used > 0) {
          path = url(ep);
          break;
        }
      }
      expect(path).not.toBe("");
      const c = await s.account({ plan: "pro", credits: 1000, burst: 1000, dailyCap: 1000, intelCap: 3 });
      const ri = await Promise.all(Array.from({ length: 8 }, () => s.json(path, c.apiKey)));
      expect(ri.filter((r) => r.status === 200).length).toBe(3);
      expect(ri.filter((r) => r.status === 429).every((r) => r.body.scope === "intel")).toBe(true);
    });

    test("revoke and regenerate through the admin store are refused on the very next request", async () => {
      const a = await s.account({ plan: "pro", credits: 100 });
      expect((await s.json(TRENDS, a.apiKey)).status).toBe(200);
      const fresh = await s.store.regenerateKey(a.accountId);
      await settle();
      expect((await s.json(TRENDS, a.apiKey)).status).toBe(401);
      expect((await s.json("/api/public/usage", a.apiKey)).status).toBe(401);
      expect((await s.json(TRENDS, fresh)).status).toBe(200);
      expect(await s.store.revokeKeys(a.accountId)).toBe(1);
      await settle();
      expect((await s.json(TRENDS, fresh)).status).toBe(401);
      const keys = await s.store.listKeys(a.accountId);
      expect(keys.length).toBe(2);
      expect(keys.every((k) => k.revoked_at !== null)).toBe(true);
    });

    test("a top-up is seen on the next request; the review flag stops and restarts the account", async () => {
      const a = await s.account({ plan: "pro", credits: 1 });
      expect((await s.json(TRENDS, a.apiKey)).status).toBe(200);
      const r = await s.json(TRENDS, a.apiKey);
      expect(r.status).toBe(402);
      expect(r.body.credits_remaining).toBe(0);
      expect(await s.store.addCredits(a.accountId, 10)).toBe(10);
      await settle();
      const ok = await s.json(TRENDS, a.apiKey);
      expect(ok.status).toBe(200);
      expect(ok.body.credits_remaining).toBe(9);
      await s.store.setReview(a.accountId, true);
      await settle();
      expect((await s.json(TRENDS, a.apiKey)).status).toBe(403);
      await s.store.setReview(a.accountId, false);
      await settle();
      expect((await s.json(TRENDS, a.apiKey)).status).toBe(200);
      const u = await s.json("/api/public/usage", a.apiKey);
      expect(u.status).toBe(200);
      expect(u.body.credits_remaining).toBe(8);
      expect(u.body.rate_limit.calls_today).toBe(3);
      expect(await s.store.audit(a.accountId)).toEqual({ credits: 8, ledgerCalls: 3, ledgerSpent: 3 });
    });

    test("one batch, two endpoints: one ledger row per (key, endpoint) and batch, counts and costs summing to what was served", async () => {
      const a = await s.account({ plan: "agency", credits: 1000, ...big });
      const paths = [TRENDS, "/api/public/forecast?q=iphone%20x"];
      const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => s.json(paths[i % 2], a.apiKey)));
      expect(rs.every((r) => r.status === 200)).toBe(true);
      const rows = await s.ledger(a.accountId);
      expect(rows.length).toBeLessThan(20); // grouped
      const by = new Map<string, { calls: number; cost: number }>();
      for (const r of rows) {
        const t = by.get(r.endpoint) ?? { calls: 0, cost: 0 };
        by.set(r.endpoint, { calls: t.calls + r.calls, cost: t.cost + r.cost });
      }
      const served = new Map<string, { calls: number; cost: number }>();
      for (let i = 0; i < 20; i++) {
        const name = paths[i % 2].includes("trends") ? "trends" : "forecast";
        const t = served.get(name) ?? { calls: 0, cost: 0 };
        served.set(name, { calls: t.calls + 1, cost: t.cost + rs[i].body.credits_used });
      }
      expect(Object.fromEntries(by)).toEqual(Object.fromEntries(served));
    });

    test("a mixed storm (1- and 5-credit calls, two accounts, usage reads) keeps both wallets exact", async () => {
      const x = await s.account({ plan: "agency", credits: 97, ...big });
      const y = await s.account({ plan: "agency", credits: 53, ...big });
      const paths = [TRENDS, "/api/public/forecast?q=iphone%20x", "/api/public/usage"];
      const rs = await Promise.all(Array.from({ length: 240 }, (_, i) => s.json(paths[i % 3], i % 2 ? x.apiKey : y.apiKey).then((r) => ({ ...r, who: i % 2 ? x : y }))));
      for (const r of rs) expect([200, 402]).toContain(r.status);
      for (const acc of [x, y]) {
        const spent = rs.filter((r) => r.who === acc && r.status === 200 && r.body.credits_used !== undefined).reduce((n, r) => n + r.body.credits_used, 0);
        const calls = rs.filter((r) => r.who === acc && r.status === 200 && r.body.credits_used !== undefined).length;
        const a = await s.store.audit(acc.accountId);
        expect(a.ledgerSpent).toBe(spent);
        expect(a.ledgerCalls).toBe(calls);
        expect(a.credits).toBe((acc === x ? 97 : 53) - spent);
        expect(a.credits).toBeGreaterThanOrEqual(0);
      }
    });

    test("the database itself refuses out-of-range balances and grants from any writer", async () => {
      const a = await s.account({ plan: "pro", credits: 5 });
      await expect(s.exec(`UPDATE accounts SET credits = -1 WHERE id = '${a.accountId}'`)).rejects.toThrow();
      await expect(s.exec(`UPDATE accounts SET credits = ${MAX_BALANCE + 1} WHERE id = '${a.accountId}'`)).rejects.toThrow();
      await expect(s.exec(`INSERT INTO credit_grants (account_id, amount, reason, at) VALUES ('${a.accountId}', ${MAX_CREDIT_AMOUNT + 1}, 'topup', 0)`)).rejects.toThrow();
      expect((await s.store.getAccount(a.accountId))!.credits).toBe(5);
    });

    test("keys are stored only as SHA-256 hashes", async () => {
      const a = await s.account({ plan: "pro", credits: 5 });
      const fresh = await s.store.regenerateKey(a.accountId);
      const dump = await s.dump();
      for (const k of [a.apiKey, fresh]) {
        expect(dump.includes(k)).toBe(false);
        expect(dump.includes(k.slice(9))).toBe(false);
        expect(dump.includes(hashKey(k))).toBe(true);
      }
    });

    test("credit bounds and unknown accounts are refused, leaving the balance as it was", async () => {
      const a = await s.account({ plan: "pro", credits: 5 });
      for (const bad of [0, -1, 1.5, MAX_CREDIT_AMOUNT + 1, Infinity, NaN]) await expect(s.store.addCredits(a.accountId, bad)).rejects.toThrow(RangeError);
      await expect(s.store.addCredits("acc_nope", 1)).rejects.toThrow(NotFound);
      await expect(s.store.revokeKeys("acc_nope")).rejects.toThrow(NotFound);
      expect((await s.store.getAccount(a.accountId))!.credits).toBe(5);
      const rich = await s.account({ plan: "pro", credits: MAX_CREDIT_AMOUNT });
      let n = MAX_CREDIT_AMOUNT;
      while (n + MAX_CREDIT_AMOUNT <= MAX_BALANCE && n < 3 * MAX_CREDIT_AMOUNT) n = await s.store.addCredits(rich.accountId, MAX_CREDIT_AMOUNT);
      expect(n).toBe(3 * MAX_CREDIT_AMOUNT);
      await expect(s.store.createAccount({ plan: "pro", credits: MAX_CREDIT_AMOUNT + 1 })).rejects.toThrow(RangeError);
    });
  });
}

describe("choosing the store", () => {
  test("WALLET_URL / --wallet-url select PostgreSQL for every command; --db or WALLET_DB the SQLite file", async () => {
    const { walletTarget, redactUrl } = await import("../../src/wallet/store.ts");
    expect(walletTarget({}, {})).toEqual({ kind: "sqlite", path: "data/wallet.sqlite" });
    expect(walletTarget({}, { WALLET_DB: "/x/w.sqlite" })).toEqual({ kind: "sqlite", path: "/x/w.sqlite" });
    expect(walletTarget({}, { WALLET_URL: "postgres://u@h/db", WALLET_DB: "/x" })).toEqual({ kind: "postgres", url: "postgres://u@h/db" });
    expect(walletTarget({ db: "/y.sqlite" }, { WALLET_URL: "postgres://u@h/db" })).toEqual({ kind: "sqlite", path: "/y.sqlite" });
    expect(walletTarget({ walletUrl: "postgresql://u@h/db" }, {})).toEqual({ kind: "postgres", url: "postgresql://u@h/db" });
    expect(() => walletTarget({ walletUrl: "mysql://u@h/db" }, {})).toThrow(RangeError);
    // Passwords never reach a log line.
    expect(redactUrl("postgres://trend:s3cr%40t@db:5432/wallet")).toBe("postgres://trend:***@db:5432/wallet");
    expect(redactUrl("postgres://trend@db/wallet")).toBe("postgres://trend@db/wallet");
  });
});
