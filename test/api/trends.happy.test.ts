/**
 * /trends on the full real demo vault (29 days of 2017 US YouTube trending data, built with the
 * real ingest): at most 10 trend items of the spec's shape, ranked by viralScore (nulls last),
 * niche filter, empty google source, limit.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { TrendItemSchema } from "../../src/api/shapes.ts";
import { NICHES } from "../../src/domain/enums.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { DEMO_DAYS, fullVault } from "../helpers/vault.ts";

let s: TestServer;
let key: string;
let accountId: string;
beforeAll(() => {
  s = startServer({ snapshotDir: fullVault() });
  const a = s.account({ plan: "agency", credits: 10_000, burst: 100_000, dailyCap: 100_000 });
  key = a.apiKey;
  accountId = a.accountId;
}, 60_000);
afterAll(() => s.stop());

const get = (q: string) => s.json(`/api/public/trends${q}`, key);

function expectRanked(items: any[]): void {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1].viralScore;
    const b = items[i].viralScore;
    if (a === null) expect(b).toBeNull(); // nulls last
    else if (b !== null) expect(a).toBeGreaterThanOrEqual(b);
  }
}

test("the full demo vault is loaded (newest day 2017-10-22)", async () => {
  expect(s.engine.current?.header.date).toBe("2017-10-22");
  expect(s.engine.current?.body.days.length).toBe(DEMO_DAYS);
});

test("source=youtube: 1..10 items of the trend-item shape, ranked by viralScore desc, envelope right", async () => {
  const r = await get("?source=youtube");
  expect(r.status).toBe(200);
  expect(r.body.confidence).toBe("observed");
  expect(r.body.credits_used).toBe(1);
  expect(Number.isInteger(r.body.credits_remaining)).toBe(true);
  const items = r.body.data;
  expect(Array.isArray(items)).toBe(true);
  expect(items.length).toBeGreaterThan(0);
  expect(items.length).toBeLessThanOrEqual(10);
  for (const it of items) {
    const errs = [...Value.Errors(TrendItemSchema, it)].map((e) => `${e.path}: ${e.message}`);
    expect(errs).toEqual([]);
    expect(Value.Check(TrendItemSchema, it)).toBe(true);
    expect(it.source).toBe("youtube");
    expect(NICHES).toContain(it.niche);
    expect(Number.isNaN(Date.parse(it.publishedAt))).toBe(false);
    expect(it.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  }
  expectRanked(items);
  // Real data: titles are distinct and the top items have scores.
  expect(new Set(items.map((i: any) => i.title)).size).toBe(items.length);
  expect(items[0].viralScore).not.toBeNull();
});

test("the envelope's credits_remaining is the wallet balance after the call", async () => {
  const before = (await s.json("/api/public/usage", key)).body.credits_remaining;
  const r = await get("?source=youtube");
  expect(r.body.credits_remaining).toBe(before - 1);
  const row = s.admin.query("SELECT credits FROM accounts WHERE id = ?").get(accountId) as { credits: number };
  expect(row.credits).toBe(before - 1);
});

describe("niche filter", () => {
  test.each([...NICHES])("niche=%s returns only that niche, ranked, ≤ 10", async (niche) => {
    const r = await get(`?source=youtube&niche=${niche}`);
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeLessThanOrEqual(10);
    for (const it of r.body.data) {
      expect(it.niche).toBe(niche);
      expect(Value.Check(TrendItemSchema, it)).toBe(true);
    }
    expectRanked(r.body.data);
  });

  test("niche is case-insensitive on input", async () => {
    const a = await get("?source=youtube&niche=Tech");
    const b = await get("?source=YouTube&niche=tech");
    expect(b.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.data.length).toBeGreaterThan(0);
  });

  test("at least one niche other than Tech has items on the real data", async () => {
    let n = 0;
    for (const niche of NICHES) if (niche !== "Tech" && (await get(`?source=youtube&niche=${niche}`)).body.data.length) n++;
    expect(n).toBeGreaterThan(0);
  });
});

test("source=google on the demo vault (YouTube only) is an empty array, still 200 and observed; default source is google", async () => {
  for (const q of ["?source=google", "", "?niche=Tech", "?source=google&niche=AI&limit=3"]) {
    const r = await get(q);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.confidence).toBe("observed");
  }
});

test("limit narrows to the top `limit` items of the same ranking", async () => {
  const all = (await get("?source=youtube")).body.data;
  for (const n of [1, 3, 7, 10]) {
    const r = await get(`?source=youtube&limit=${n}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(all.slice(0, n));
  }
});

test("same request, same answer (deterministic)", async () => {
  const a = await get("?source=youtube&niche=Tech");
  const b = await get("?source=youtube&niche=Tech");
  expect(b.body.data).toEqual(a.body.data);
});
