/**
 * Group commit guarantees (issue: per-call overhead): a key revoked by another process stops
 * working within one batch — even requests already queued for the batch are refused once the
 * revoke has committed before the batch's transaction — and top-ups/revokes are re-read inside the
 * committing transaction, never from a stale copy.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, walletState, type TestServer } from "../helpers/server.ts";
import { revokeKeys, addCredits } from "../../src/wallet/keys.ts";

let s: TestServer;
beforeAll(() => {
  s = startServer();
});
afterAll(() => s.stop());

const big = { burst: 1_000_000, dailyCap: 1_000_000, intelCap: 1_000_000 };
const TRENDS = "/api/public/trends?source=youtube";

test("requests batched together are decided in one transaction (batch size > 1)", async () => {
  const a = s.account({ plan: "agency", credits: 1000, ...big });
  const before = { ...s.deps.meter.stats };
  const rs = await Promise.all(Array.from({ length: 40 }, () => s.json(TRENDS, a.apiKey)));
  expect(rs.every((r) => r.status === 200)).toBe(true);
  const batches = s.deps.meter.stats.batches - before.batches;
  expect(batches).toBeGreaterThan(0);
  expect(batches).toBeLessThan(40); // grouped, not one transaction per request
  expect(walletState(s.admin, a.accountId).ledgerCalls).toBe(40);
  // One ledger row per (account, key, endpoint) of each batch, carrying its count and total cost.
  const rows = s.admin.query("SELECT calls, cost FROM ledger WHERE account_id = ?").all(a.accountId) as { calls: number; cost: number }[];
  expect(rows.length).toBe(batches);
  for (const r of rows) expect(r.cost).toBe(r.calls);
});

test("one batch, two endpoints: one ledger row per (key, endpoint), counts and costs summing to what was served", async () => {
  const a = s.account({ plan: "agency", credits: 1000, ...big });
  const paths = [TRENDS, "/api/public/forecast?q=iphone%20x"];
  const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => s.json(paths[i % 2], a.apiKey)));
  expect(rs.every((r) => r.status === 200)).toBe(true);
  const rows = s.admin.query("SELECT endpoint, SUM(calls) AS calls, SUM(cost) AS cost, COUNT(*) AS n FROM ledger WHERE account_id = ? GROUP BY endpoint ORDER BY endpoint").all(a.accountId) as { endpoint: string; calls: number; cost: number; n: number }[];
  expect(rows.map((r) => [r.endpoint, r.calls])).toEqual([["forecast", 10], ["trends", 10]]);
  const spent = rs.reduce((x, r) => x + (r.body as { credits_used: number }).credits_used, 0);
  expect(rows.reduce((x, r) => x + r.cost, 0)).toBe(spent);
  expect(walletState(s.admin, a.accountId).credits).toBe(1000 - spent);
  expect(rows.reduce((x, r) => x + r.n, 0)).toBeLessThan(20);
});

test("a revoke committed by another connection stops the key within one batch, even for queued requests", async () => {
  const a = s.account({ plan: "agency", credits: 1000, ...big });
  // Warm the key cache: the server now holds this key as valid in memory.
  expect((await s.json(TRENDS, a.apiKey)).status).toBe(200);
  // Queue 30 requests (they pass auth from the warm cache and wait for the next batch)...
  const pending = Array.from({ length: 30 }, () => s.json(TRENDS, a.apiKey));
  // ...and revoke from another connection before that batch commits.
  revokeKeys(s.admin, a.accountId);
  const rs = await Promise.all(pending);
  const statuses = rs.map((r) => r.status);
  // The batch re-reads the key inside its transaction: none of the queued calls is served or charged.
  expect(statuses.filter((x) => x === 200).length).toBe(0);
  expect(new Set(statuses)).toEqual(new Set([401]));
  for (const r of rs) expect(r.body).toEqual({ error: "unauthorized", message: expect.any(String) });
  const st = walletState(s.admin, a.accountId);
  expect(st.ledgerCalls).toBe(1);
  expect(st.credits).toBe(999);
  // And the next request is refused at authentication.
  expect((await s.json(TRENDS, a.apiKey)).status).toBe(401);
});

test("a top-up by another connection is used by the very next batch (balance read inside the transaction)", async () => {
  const a = s.account({ plan: "agency", credits: 2, ...big });
  const first = await Promise.all(Array.from({ length: 5 }, () => s.json(TRENDS, a.apiKey)));
  expect(first.filter((r) => r.status === 200).length).toBe(2);
  expect(first.filter((r) => r.status === 402).length).toBe(3);
  addCredits(s.admin, a.accountId, 3);
  const second = await Promise.all(Array.from({ length: 5 }, () => s.json(TRENDS, a.apiKey)));
  expect(second.filter((r) => r.status === 200).length).toBe(3);
  expect(second.filter((r) => r.status === 402).length).toBe(2);
  const st = walletState(s.admin, a.accountId);
  expect(st.credits).toBe(0);
  expect(st.ledgerCalls).toBe(5);
});
