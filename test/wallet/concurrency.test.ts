/**
 * Many concurrent calls against one wallet: exactly floor(N / cost) are served, the rest get 402,
 * the final balance is N - served * cost, the ledger agrees to the credit and no balance is ever
 * negative. In-process (app.handle) and over a real loopback port with fetch. Limits are set high
 * so only the wallet decides.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ENDPOINTS, PAID, url } from "../helpers/endpoints.ts";
import { startServer, walletState, type TestServer } from "../helpers/server.ts";
import type { Endpoint } from "../../src/api/endpoint.ts";

const CALLS = 200;
const N = 137; // not a multiple of 5: 137 = 27 * 5 + 2

let s: TestServer;
beforeAll(() => {
  s = startServer();
}, 60_000);
afterAll(() => s.stop());

const bigLimits = { burst: 1_000_000, dailyCap: 1_000_000, intelCap: 1_000_000 };

/** Endpoints whose valid sample query really charges `cost` (probed once on a roomy account). */
async function endpointsCharging(cost: number): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  for (const ep of PAID()) {
    const a = s.account({ plan: "agency", credits: 1000, ...bigLimits });
    const r = await s.json(url(ep), a.apiKey);
    if (r.status === 200 && r.body.credits_used === cost) out.push(ep);
  }
  return out;
}

type Fire = (path: string, key: string) => Promise<{ status: number; body: any }>;

async function storm(t: TestServer, ep: Endpoint, cost: number, fire: Fire) {
  const acc = t.account({ plan: "agency", credits: N, ...bigLimits });
  const results = await Promise.all(Array.from({ length: CALLS }, () => fire(url(ep), acc.apiKey)));
  const served = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 402);
  const expectServed = Math.floor(N / cost);
  expect(served.length).toBe(expectServed);
  expect(refused.length).toBe(CALLS - expectServed);
  expect(served.length + refused.length).toBe(CALLS);
  // Each served call saw its own debit: the remaining balances are exactly N-cost, N-2cost, ...
  const remaining = served.map((r) => r.body.credits_remaining).sort((a, b) => b - a);
  expect(remaining).toEqual(Array.from({ length: expectServed }, (_, i) => N - (i + 1) * cost));
  for (const r of served) expect(r.body.credits_used).toBe(cost);
  for (const r of refused) {
    expect(r.body.error).toBe("insufficient_credits");
    expect(r.body.credits_remaining).toBeGreaterThanOrEqual(0);
    expect(r.body.credits_remaining).toBeLessThan(cost);
  }
  const st = walletState(t.admin, acc.accountId);
  expect(st.credits).toBe(N - expectServed * cost);
  expect(st.credits).toBeGreaterThanOrEqual(0);
  expect(st.ledgerCalls).toBe(expectServed);
  expect(st.ledgerSpent).toBe(expectServed * cost);
  expect(st.ledgerSpent + st.credits).toBe(N);
  const neg = t.admin.query("SELECT COUNT(*) AS n FROM accounts WHERE credits < 0").get() as { n: number };
  expect(neg.n).toBe(0);
  const u = await t.json("/api/public/usage", acc.apiKey);
  expect(u.body.credits_remaining).toBe(N - expectServed * cost);
  expect(u.body.rate_limit.calls_today).toBe(expectServed);
  return acc;
}

const inProcess: Fire = async (p, key) => s.json(p, key);

describe("in-process (app.handle)", () => {
  test(`/trends cost 1: ${CALLS} concurrent calls on ${N} credits`, async () => {
    const trends = ENDPOINTS.find((e) => e.path === "/api/public/trends")!;
    const batchesBefore = s.deps.meter.stats.batches;
    await storm(s, trends, 1, inProcess);
    // The calls really overlapped: they were decided in shared transactions, not one by one.
    expect(s.deps.meter.stats.maxBatch).toBeGreaterThan(1);
    expect(s.deps.meter.stats.batches - batchesBefore).toBeLessThan(CALLS);
  });

  test(`every 5-credit endpoint in the registry: ${CALLS} concurrent calls on ${N} credits`, async () => {
    const fives = await endpointsCharging(5);
    for (const ep of fives) await storm(s, ep, 5, inProcess);
    if (fives.length === 0) console.warn("no 5-credit endpoint in the registry yet: 5-credit storm not run");
  });

  test("a mixed storm (1- and 5-credit calls, two accounts, usage reads) keeps both wallets exact", async () => {
    const fives = await endpointsCharging(5);
    const ones = await endpointsCharging(1);
    const eps = [...ones, ...fives];
    const a = s.account({ plan: "agency", credits: 333, ...bigLimits });
    const b = s.account({ plan: "builder", credits: 41, ...bigLimits });
    const calls: Promise<{ status: number; body: any; cost: number; acc: string }>[] = [];
    for (let i = 0; i < 300; i++) {
      const ep = eps[i % eps.length];
      const acc = i % 3 === 0 ? b : a;
      const cost = fives.includes(ep) ? 5 : 1;
      calls.push(s.json(url(ep), acc.apiKey).then((r) => ({ ...r, cost, acc: acc.accountId })));
      if (i % 10 === 0) calls.push(s.json("/api/public/usage", acc.apiKey).then((r) => ({ ...r, cost: 0, acc: "usage" })));
    }
    const rs = await Promise.all(calls);
    for (const [acc, start] of [[a.accountId, 333], [b.accountId, 41]] as const) {
      const mine = rs.filter((r) => r.acc === acc);
      const spent = mine.filter((r) => r.status === 200).reduce((x, r) => x + r.cost, 0);
      for (const r of mine) expect([200, 402]).toContain(r.status);
      const st = walletState(s.admin, acc);
      expect(st.credits).toBe(start - spent);
      expect(st.ledgerSpent).toBe(spent);
      expect(st.credits).toBeGreaterThanOrEqual(0);
      // Once a 1-credit call was refused, the wallet was empty for good (nothing refunds).
      if (mine.some((r) => r.status === 402 && r.cost === 1)) expect(st.credits).toBe(0);
    }
    for (const r of rs.filter((r) => r.acc === "usage")) expect(r.status).toBe(200);
  });
});

describe("over a real loopback port (fetch)", () => {
  let t: TestServer;
  let base: string;
  beforeAll(() => {
    t = startServer();
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
    base = `http://127.0.0.1:${t.app.server!.port}`;
  }, 60_000);
  afterAll(async () => {
    await t.app.stop(true);
    t.stop();
  });

  const overHttp: Fire = async (p, key) => {
    const r = await fetch(base + p, { headers: { "x-service-api-key": key } });
    return { status: r.status, body: await r.json() };
  };

  test(`/trends cost 1: ${CALLS} concurrent fetches on ${N} credits`, async () => {
    const trends = ENDPOINTS.find((e) => e.path === "/api/public/trends")!;
    await storm(t, trends, 1, overHttp);
  });

  test(`5-credit endpoint: ${CALLS} concurrent fetches on ${N} credits`, async () => {
    const fives = await endpointsCharging(5);
    if (fives.length === 0) return console.warn("no 5-credit endpoint in the registry yet");
    await storm(t, fives[0], 5, overHttp);
  });
});
