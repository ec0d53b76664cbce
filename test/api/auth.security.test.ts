/**
 * Shared auth suite (spec section 5), run against EVERY path of the endpoint registry on the real
 * server over a real wallet file: the only credential is the x-service-api-key header; a missing,
 * unknown, malformed or revoked key gives one and the same 401 body; no 401 spends anything.
 */
import { clientAddress } from "../../src/api/throttle.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ENDPOINTS, url } from "../helpers/endpoints.ts";
import { nextTurn, startServer, walletState, type TestServer } from "../helpers/server.ts";
import { generateKey, revokeKeys } from "../../src/wallet/keys.ts";
import { PLAN_NAMES } from "../../src/wallet/plans.ts";

let s: TestServer;
let live: { accountId: string; apiKey: string };
let revoked: { accountId: string; apiKey: string };

beforeAll(async () => {
  s = startServer();
  live = s.account({ plan: "agency" });
  revoked = s.account({ plan: "pro" });
  revokeKeys(s.admin, revoked.accountId);
  await nextTurn();
}, 60_000);
afterAll(() => s.stop());

/** Every way of not presenting a valid key in x-service-api-key. */
function badCredentials(): [string, string | null, Record<string, string>][] {
  const secret = live.apiKey.slice("svc_live_".length);
  return [
    ["missing key", null, {}],
    ["empty key", "", {}],
    ["unknown well-formed key", generateKey(), {}],
    ["revoked key", revoked.apiKey, {}],
    ["malformed: secret only", secret, {}],
    ["malformed: wrong prefix", "svc_test_" + secret, {}],
    ["malformed: upper-case prefix", "SVC_LIVE_" + secret, {}],
    ["malformed: too short", "svc_live_abc123", {}],
    ["malformed: non-base62 character", live.apiKey.slice(0, -1) + "-", {}],
    ["malformed: too long", live.apiKey + "x".repeat(60), {}],
    ["malformed: valid key plus junk", live.apiKey + " junk", {}],
    ["malformed: injection-ish", "svc_live_' OR 1=1 --", {}],
    ["Bearer header alone", null, { authorization: `Bearer ${live.apiKey}` }],
    ["bare Authorization header alone", null, { authorization: live.apiKey }],
    ["key in another header", null, { "x-api-key": live.apiKey }],
  ];
}

describe.each(ENDPOINTS.map((e) => [e.path, e] as const))("%s", (_path, ep) => {
  let reference: any;

  beforeAll(async () => {
    const r = await s.json(url(ep));
    expect(r.status).toBe(401);
    reference = r.body;
  }, 60_000);

  test("missing key → 401 unauthorized, JSON body, no tier header", async () => {
    const r = await s.json(url(ep));
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("unauthorized");
    expect(typeof r.body.message).toBe("string");
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.headers.get("x-ratelimit-tier")).toBeNull();
  });

  test("every bad credential gives the SAME 401 body and spends nothing", async () => {
    const before = walletState(s.admin, live.accountId);
    const beforeRevoked = walletState(s.admin, revoked.accountId);
    for (const [label, key, headers] of badCredentials()) {
      const r = await s.json(url(ep), key, headers);
      expect({ label, status: r.status }).toEqual({ label, status: 401 });
      expect({ label, body: r.body }).toEqual({ label, body: reference });
      expect(r.headers.get("x-ratelimit-tier")).toBeNull();
    }
    // Key passed as a query parameter is not a credential either.
    const viaQuery = await s.json(url(ep, { "x-service-api-key": live.apiKey, key: live.apiKey, api_key: live.apiKey }));
    expect(viaQuery.status).toBe(401);
    expect(viaQuery.body).toEqual(reference);
    expect(walletState(s.admin, live.accountId)).toEqual(before);
    expect(walletState(s.admin, revoked.accountId)).toEqual(beforeRevoked);
  });

  test("a bad key with a valid Bearer header is still 401 (Bearer is never read)", async () => {
    const r = await s.json(url(ep), generateKey(), { authorization: `Bearer ${live.apiKey}` });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(reference);
  });

  test.each([...PLAN_NAMES])("valid %s key → not 401, X-RateLimit-Tier is the lower-case plan", async (plan) => {
    const acc = s.account({ plan });
    const r = await s.json(url(ep), acc.apiKey);
    expect(r.status).not.toBe(401);
    expect(r.status).toBe(200);
    expect(r.headers.get("x-ratelimit-tier")).toBe(plan);
    expect(plan as string).toBe(plan.toLowerCase());
    if (ep.kind === "free") expect(r.body.tier).toBe(plan);
  });

  test("the key header name is case-insensitive (HTTP header semantics)", async () => {
    const r = await s.json(url(ep), null, { "X-Service-Api-Key": live.apiKey });
    expect(r.status).toBe(200);
  });
});

test("401 bodies are identical across all paths (no path-specific leak)", async () => {
  const bodies = new Set<string>();
  for (const ep of ENDPOINTS) {
    bodies.add(JSON.stringify((await s.json(url(ep), generateKey())).body));
    bodies.add(JSON.stringify((await s.json(url(ep), revoked.apiKey)).body));
    bodies.add(JSON.stringify((await s.json(url(ep))).body));
  }
  expect(bodies.size).toBe(1);
  expect(JSON.parse([...bodies][0]).error).toBe("unauthorized");
});

test("a 401 wins over every other fault (bad params, forbidden params)", async () => {
  for (const ep of ENDPOINTS) {
    const r = await s.json(url(ep, { page: "2", limit: "99", niche: "Nope" }), revoked.apiKey);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("unauthorized");
  }
});

test("repeated failed auths from one address are throttled (429 burst), spend nothing, and never lock out a valid key", async () => {
  const t = startServer({ authFailLimit: 3 });
  try {
    const acc = t.account({ plan: "pro" });
    const before = walletState(t.admin, acc.accountId);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.json("/api/public/trends", generateKey())).status);
    // "more than `limit` failures in a minute" blocks: the 4th failure is still a 401, then 429.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const blocked = await t.json("/api/public/trends", generateKey());
    expect(blocked.status).toBe(429);
    expect(blocked.body.scope).toBe("burst");
    expect(Number(blocked.headers.get("retry-after"))).toBe(blocked.body.retry_after);
    expect(blocked.body.retry_after).toBe(45); // T0 is 15 s into its minute
    // Behind a proxy or NAT the same address carries paying customers: a valid key keeps working (issue 13).
    expect((await t.json("/api/public/trends", acc.apiKey)).status).toBe(200);
    expect(walletState(t.admin, acc.accountId).ledgerCalls).toBe(before.ledgerCalls + 1);
    t.clock.advance(45_000); // the next minute: failures are 401 again
    expect((await t.json("/api/public/trends", generateKey())).status).toBe(401);
  } finally {
    t.stop();
  }
});

test("failures with one key prefix are throttled across addresses (a broken client retrying one bad key)", async () => {
  const t = startServer({ authFailLimit: 3, trustProxy: ["local"] });
  try {
    const bad = generateKey();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.json("/api/public/trends", bad, { "x-forwarded-for": `198.51.100.${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // another key from a fresh address is not affected
    expect((await t.json("/api/public/trends", generateKey(), { "x-forwarded-for": "198.51.100.99" })).status).toBe(401);
  } finally {
    t.stop();
  }
});

test("TRUST_PROXY: X-Forwarded-For names the client only behind a trusted proxy", async () => {
  const trusted = startServer({ authFailLimit: 2, trustProxy: ["local"] });
  const untrusted = startServer({ authFailLimit: 2 });
  try {
    // trusted: each forwarded client has its own budget, so 3 clients × 3 failures stay 401
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
      for (let i = 0; i < 3; i++) expect((await trusted.json("/api/public/trends", generateKey(), { "x-forwarded-for": ip })).status).toBe(401);
    // untrusted: the header is ignored (anyone can write it), so all share the peer's budget
    const st: number[] = [];
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]) st.push((await untrusted.json("/api/public/trends", generateKey(), { "x-forwarded-for": ip })).status);
    expect(st).toEqual([401, 401, 401, 429]);
  } finally {
    trusted.stop();
    untrusted.stop();
  }
});

test.each([
  // peer, X-Forwarded-For, trusted, client
  ["10.0.0.5", "203.0.113.7", [], "10.0.0.5"],
  ["10.0.0.5", "203.0.113.7", ["10.0.0.5"], "203.0.113.7"],
  ["10.0.0.5", "1.2.3.4, 203.0.113.7", ["10.0.0.5"], "203.0.113.7"],
  ["10.0.0.5", "203.0.113.7, 10.0.0.9", ["10.0.0.5", "10.0.0.9"], "203.0.113.7"],
  ["::ffff:10.0.0.5", "203.0.113.7", ["10.0.0.5"], "203.0.113.7"],
  ["192.0.2.1", "203.0.113.7", ["10.0.0.5"], "192.0.2.1"],
  ["10.0.0.5", null, ["10.0.0.5"], "10.0.0.5"],
] as const)("clientAddress(%s, %s, %j) = %s", (peer, xff, trusted, client) => {
  expect(clientAddress(peer, xff, new Set(trusted))).toBe(client);
});
