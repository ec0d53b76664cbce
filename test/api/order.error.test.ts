/**
 * Check order when several faults apply (docs/decisions.md, src/api/pipeline.ts):
 *   401 unauthorized → 403 usage_review → 400 invalid_param → 400 invalid_input → 429 → 402 → 200.
 * Every combination of faults is tried on every paid endpoint of the registry (the injection fault
 * only where the endpoint has a free-text param), on the real server with an injected clock.
 * A rejected call spends no credit and takes no rate slot: checked in the ledger and counter tables
 * and through /usage.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ENDPOINTS, PAID, INJECTION, url } from "../helpers/endpoints.ts";
import { nextTurn, startServer, walletState, type TestServer } from "../helpers/server.ts";
import { revokeKeys, setReview } from "../../src/wallet/keys.ts";
import type { Endpoint } from "../../src/api/endpoint.ts";

type Fault = "revoked" | "review" | "badParam" | "injection" | "exhausted" | "empty";
const ORDER: [Fault, number, string][] = [
  ["revoked", 401, "unauthorized"],
  ["review", 403, "usage_review"],
  ["badParam", 400, "invalid_param"],
  ["injection", 400, "invalid_input"],
  ["exhausted", 429, "rate_limited"],
  ["empty", 402, "insufficient_credits"],
];

let s: TestServer;
beforeAll(() => {
  s = startServer();
}, 60_000);
afterAll(() => s.stop());

function subsets<T>(xs: T[]): T[][] {
  return xs.reduce<T[][]>((acc, x) => acc.concat(acc.map((a) => [...a, x])), [[]]);
}

async function usageOf(key: string) {
  const r = await s.json("/api/public/usage", key);
  return r.status === 200 ? r.body : null;
}

/** Cost a valid call really charges (a handler may charge 0 for "no match"). */
async function probeCost(ep: Endpoint): Promise<number> {
  const a = s.account({ plan: "agency", credits: 1000 });
  const r = await s.json(url(ep), a.apiKey);
  expect(r.status).toBe(200);
  return r.body.credits_used;
}

describe.each(PAID().map((e) => [e.path, e] as const))("%s", (_p, ep) => {
  const faults: Fault[] = ["revoked", "review", "badParam", "exhausted", "empty"];
  if (ep.freeText.length) faults.push("injection");

  test("every combination of faults answers with the first fault in the documented order; rejected calls spend nothing", async () => {
    const cost = await probeCost(ep);
    const tried: string[] = [];
    for (const combo of subsets(faults)) {
      const has = (f: Fault) => combo.includes(f);
      if (has("empty") && cost === 0) continue; // a free answer can never be 402
      const acc = s.account({ plan: "pro", burst: has("exhausted") ? 1 : 10_000, dailyCap: 10_000, intelCap: 10_000, credits: has("empty") ? (has("exhausted") ? cost : cost - 1) : 1000 });
      if (has("exhausted")) {
        const first = await s.json(url(ep), acc.apiKey); // takes the only burst slot (and, if empty, the last credits)
        expect(first.status).toBe(200);
      }
      if (has("review")) setReview(s.admin, acc.accountId, true);
      if (has("revoked")) revokeKeys(s.admin, acc.accountId);
      await nextTurn(); // the next request arrives after the change, as over the network
      const extra: Record<string, string> = {};
      if (has("badParam")) extra.page = "2";
      if (has("injection")) extra[ep.freeText[0]] = INJECTION;

      const before = walletState(s.admin, acc.accountId);
      const usageBefore = await usageOf(acc.apiKey);
      const r = await s.json(url(ep, extra), acc.apiKey);
      const first = ORDER.find(([f]) => has(f));
      const want = first ? { status: first[1], error: first[2] } : { status: 200, error: undefined };
      expect({ combo: combo.join("+"), status: r.status, error: r.body.error }).toEqual({ combo: combo.join("+"), ...want });
      if (r.status !== 200) {
        expect(walletState(s.admin, acc.accountId)).toEqual(before);
        expect(await usageOf(acc.apiKey)).toEqual(usageBefore);
      } else {
        const after = walletState(s.admin, acc.accountId);
        expect(after.ledgerCalls).toBe(before.ledgerCalls + 1);
        expect(after.credits).toBe(before.credits - cost);
      }
      tried.push(combo.join("+") || "none");
    }
    expect(tried.length).toBeGreaterThanOrEqual(2 ** (faults.length - 1));
  });
});

describe("named pairs from the contract", () => {
  const trends = () => ENDPOINTS.find((e) => e.path === "/api/public/trends")!;

  test("revoked key + bad param → 401", async () => {
    const a = s.account({});
    revokeKeys(s.admin, a.accountId);
    await nextTurn();
    const r = await s.json("/api/public/trends?limit=abc&page=1", a.apiKey);
    expect([r.status, r.body.error]).toEqual([401, "unauthorized"]);
  });

  test("review + bad param → 403 (also on usage)", async () => {
    const a = s.account({});
    setReview(s.admin, a.accountId, true);
    await nextTurn();
    const r = await s.json("/api/public/trends?limit=abc", a.apiKey);
    expect([r.status, r.body.error]).toEqual([403, "usage_review"]);
    const u = await s.json("/api/public/usage?page=1", a.apiKey);
    expect([u.status, u.body.error]).toEqual([403, "usage_review"]);
  });

  test("exhausted rate + empty wallet → 429, then 402 once the window passes", async () => {
    const a = s.account({ credits: 1, burst: 1 });
    expect((await s.json(url(trends(), { source: "youtube" }), a.apiKey)).status).toBe(200);
    const r = await s.json(url(trends(), { source: "youtube" }), a.apiKey);
    expect([r.status, r.body.error, r.body.scope]).toEqual([429, "rate_limited", "burst"]);
    const u = await s.json("/api/public/usage", a.apiKey);
    expect(u.status).toBe(200); // usage is not held back by the spent burst slot
    expect(u.body.rate_limit.calls_today).toBe(1);
    s.clock.advance(60_000);
    try {
      const r2 = await s.json(url(trends(), { source: "youtube" }), a.apiKey);
      expect([r2.status, r2.body.error, r2.body.credits_remaining]).toEqual([402, "insufficient_credits", 0]);
    } finally {
      s.clock.advance(-60_000);
    }
  });

  test("usage: revoked → 401; it spends no credit and no slot when served", async () => {
    const a = s.account({ credits: 7, burst: 2, dailyCap: 2 });
    for (let i = 0; i < 20; i++) expect((await s.json("/api/public/usage", a.apiKey)).status).toBe(200);
    const st = walletState(s.admin, a.accountId);
    expect(st.credits).toBe(7);
    expect(st.ledgerCalls).toBe(0);
    expect(st.counters).toBe("[]");
    expect((await s.json(url(trends()), a.apiKey)).status).toBe(200);
    expect((await s.json(url(trends()), a.apiKey)).status).toBe(200);
    revokeKeys(s.admin, a.accountId);
    await nextTurn();
    expect((await s.json("/api/public/usage", a.apiKey)).status).toBe(401);
  });
});
