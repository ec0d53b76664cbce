/**
 * Data endpoints (forecast, virality-score, news) on the shipped demo vault (snapshots/, 29 days of
 * real 2017 YouTube trending data) through the real server, plus /news on a small vault that holds
 * news: 200 with the envelope, confidence `observed` (`pending` when nothing matches), credits 1
 * (0 on no match while a rate slot is still taken), ≤ 10 items, shapes checked against the
 * endpoints' TypeBox schemas, fuzzy variants of a real story, limit.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { envelopeSchema } from "../../src/api/shapes.ts";
import { forecast } from "../../src/api/forecast.ts";
import { virality } from "../../src/api/virality.ts";
import { news } from "../../src/api/news.ts";
import { HOOK_TYPES } from "../../src/domain/enums.ts";
import { BASE_RATE } from "../../src/rules/breakout.ts";
import { ACCEL_TRENDS, LIFECYCLES, MOMENTUMS, timing } from "../../src/rules/labels.ts";
import { writeSnapshot } from "../../src/vault/snapshot.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { buildRandVault, demoVault, type RandVaultSpec } from "../helpers/randvault.ts";
import { tempDir } from "../helpers/tmp.ts";

let s: TestServer;
let key: string;
beforeAll(() => {
  s = startServer({ snapshotDir: demoVault() });
  key = s.account({ plan: "agency", credits: 1_000_000, burst: 100_000, dailyCap: 100_000, intelCap: 100_000 }).apiKey;
});
afterAll(() => s.stop());

const get = (p: string) => s.json(p, key);
const usage = async () => (await get("/api/public/usage")).body;
const errors = (schema: any, v: unknown) => [...Value.Errors(schema, v)].map((e) => `${e.path}: ${e.message}`);

/** Calls `p` and checks the envelope, its schema and the wallet/rate accounting; returns the body. */
async function call(p: string, schema: any, confidence: string, cost: number) {
  const before = await usage();
  const r = await get(p);
  expect(r.status).toBe(200);
  expect(errors(envelopeSchema(schema), r.body)).toEqual([]);
  expect(Value.Check(envelopeSchema(schema), r.body)).toBe(true);
  expect(r.body.confidence).toBe(confidence);
  expect(r.body.credits_used).toBe(cost);
  const after = await usage();
  expect(r.body.credits_remaining).toBe(after.credits_remaining);
  expect(after.credits_remaining).toBe(before.credits_remaining - cost);
  expect(after.rate_limit.calls_today).toBe(before.rate_limit.calls_today + 1); // a rate slot either way
  expect(after.rate_limit.intel_calls_today).toBe(before.rate_limit.intel_calls_today);
  return r.body;
}

test("the demo vault is served (newest day 2017-10-22)", () => {
  expect(s.engine.current?.header.date).toBe("2017-10-22");
});

describe("/forecast", () => {
  test("a real story: observed, 1 credit, forecast shape, labels from their value sets and mutually consistent", async () => {
    const b = await call("/api/public/forecast?q=iphone%20x", forecast.data, "observed", 1);
    const d = b.data;
    expect(d.query).toBe("iphone x");
    expect(d.matchedTopic).toMatch(/iphone x/i);
    expect(MOMENTUMS).toContain(d.momentum);
    expect(ACCEL_TRENDS).toContain(d.accelTrend);
    expect(LIFECYCLES).toContain(d.lifecycle);
    expect(d.timing).toBe(timing(d.lifecycle, d.momentum));
    expect(d.breakoutProbability).toBeGreaterThanOrEqual(0);
    expect(d.breakoutProbability).toBeLessThanOrEqual(1);
    expect(d.vaultScore).toBeGreaterThanOrEqual(0);
    expect(d.vaultScore).toBeLessThanOrEqual(100);
    expect(d.trajectory.length).toBeGreaterThan(0);
    expect(d.trajectory.length).toBeLessThanOrEqual(14);
    expect(d.source).toBe("vault");
    // acceleration is the last change of the observed series
    const t = d.trajectory;
    if (t.length >= 2) expect(d.acceleration).toBeCloseTo(t[t.length - 1] - t[t.length - 2], 0);
    if (d.projection) {
      expect(d.projection.method.length).toBeGreaterThan(0); // the method is named
      expect(d.projection.values.length).toBe(3);
      for (const v of d.projection.values) expect(Number.isFinite(v) && v >= 0).toBe(true);
    }
  });

  test.each(["iphonex", "i phone x", "iphnoe x", "IPHONE-X", "  iPhone X  ", "iPhone X's"])("fuzzy variant %p matches the same story as 'iphone x'", async (q) => {
    const ref = (await get("/api/public/forecast?q=iphone%20x")).body.data;
    const r = await get(`/api/public/forecast?q=${encodeURIComponent(q)}`);
    expect(r.status).toBe(200);
    expect(r.body.confidence).toBe("observed");
    expect(r.body.credits_used).toBe(1);
    const { query: _q1, matchScore: _m1, ...a } = r.body.data;
    const { query: _q2, matchScore: _m2, ...b } = ref;
    expect(a).toEqual(b);
  });

  test("different real stories give different forecasts (the matcher does not collapse everything to one story)", async () => {
    const a = (await get("/api/public/forecast?q=iphone%20x")).body.data;
    const titles = s.engine.current!.body.stories.filter((st) => st.videoIds.length >= 3 && !/iphone/i.test(st.name)).map((st) => st.name);
    expect(titles.length).toBeGreaterThan(0);
    const b = (await get(`/api/public/forecast?q=${encodeURIComponent(titles[0])}`)).body.data;
    expect(b.matchedTopic).not.toBeNull();
    expect(b.matchedTopic).not.toBe(a.matchedTopic);
  });

  test("nonsense: pending, every field null, empty trajectory, 0 credits, but a rate slot is taken", async () => {
    const b = await call("/api/public/forecast?q=zzqxjv%20wrrbbt%20plokmn", forecast.data, "pending", 0);
    expect(b.data).toEqual({ query: "zzqxjv wrrbbt plokmn", matchedTopic: null, momentum: null, timing: null, lifecycle: null, breakoutProbability: null, acceleration: null, accelTrend: null, vaultScore: null, trajectory: [], source: "vault" });
  });
});

describe("/virality-score", () => {
  test("a real story: observed, 1 credit, viral_score = 0.7 × vaultScore + 30 × min(1, breakoutProbability / (5 × base rate)) in [0, 100]", async () => {
    const b = await call("/api/public/virality-score?q=iphone%20x", virality.data, "observed", 1);
    const d = b.data;
    const f = (await get("/api/public/forecast?q=iphone%20x")).body.data;
    expect(d.matchedTopic).toBe(f.matchedTopic);
    expect(d.parts.vaultScore).toBe(f.vaultScore);
    expect(d.breakoutProbability).toBe(f.breakoutProbability);
    expect(d.viral_score).toBeGreaterThanOrEqual(0);
    expect(d.viral_score).toBeLessThanOrEqual(100);
    expect(Math.abs(d.viral_score - Math.min(100, 0.7 * f.vaultScore + 30 * Math.min(1, f.breakoutProbability / (5 * BASE_RATE))))).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(HOOK_TYPES).toContain(d.hook_type);
    expect(d.source).toBe("vault");
  });

  test("the hook type is that of q itself", async () => {
    const q = (await get(`/api/public/virality-score?q=${encodeURIComponent("Is the iPhone X worth it?")}`)).body.data;
    expect(q.hook_type).toBe("question");
    const l = (await get(`/api/public/virality-score?q=${encodeURIComponent("10 reasons NOT to buy iPhone X")}`)).body.data;
    expect(l.hook_type).toBe("list_preview");
  });

  test("nonsense: pending, null scores, 0 credits, but a rate slot is taken", async () => {
    const b = await call("/api/public/virality-score?q=zzqxjv%20wrrbbt%20plokmn", virality.data, "pending", 0);
    expect(b.data.matchedTopic).toBeNull();
    expect(b.data.viral_score).toBeNull();
    expect(b.data.breakoutProbability).toBeNull();
  });
});

describe("/news on the demo vault (no news feed in it)", () => {
  test("observed, 1 credit, an empty array (never padded); with a topic too", async () => {
    const b = await call("/api/public/news", news.data, "observed", 1);
    expect(b.data).toEqual([]);
    const t = await call("/api/public/news?topic=iphone%20x", news.data, "observed", 1);
    expect(t.data).toEqual([]);
  });
});

describe("/news on a vault with news", () => {
  // Fixed small vault: searches for two subjects with attached news, plus standalone articles.
  const spec: RandVaultSpec = {
    firstDay: "2024-03-01",
    days: 4,
    videos: [
      { subject: 0, format: 0, channel: 0, start: 0, len: 4, views0: 1000, gains: [5000, 9000, 20000, 40000, 0] },
      { subject: 1, format: 2, channel: 1, start: 1, len: 3, views0: 500, gains: [3000, 7000, 12000, 0, 0] },
    ],
    searches: [
      { subject: 0, start: 0, len: 4, buckets: [1, 2, 3, 4, 4], news: 2 },
      { subject: 1, start: 1, len: 3, buckets: [0, 1, 2, 2, 2], news: 1 },
    ],
    news: [
      { subject: 0, day: 3, n: 3 },
      { subject: 3, day: 2, n: 3 },
      { subject: 2, day: 1, n: 2 },
    ],
  };
  let n: TestServer;
  let nkey: string;
  beforeAll(() => {
    const dir = tempDir("newsvault");
    for (const b of buildRandVault(spec)) writeSnapshot(dir, b);
    n = startServer({ snapshotDir: dir });
    nkey = n.account({ plan: "agency", credits: 10_000 }).apiKey;
  });
  afterAll(() => n.stop());

  test("latest in-niche news: 1..10 items, news-item shape, newest first", async () => {
    const r = await n.json("/api/public/news", nkey);
    expect(r.status).toBe(200);
    expect(r.body.confidence).toBe("observed");
    expect(r.body.credits_used).toBe(1);
    expect(Value.Check(envelopeSchema(news.data), r.body)).toBe(true);
    const items = r.body.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < items.length; i++) expect(items[i - 1].publishedAt >= items[i].publishedAt).toBe(true);
    const urls = new Set(n.engine.current!.body.news.map((x) => x.url));
    for (const it of items) expect(urls.has(it.url)).toBe(true);
  });

  test("topic: only the matched story's news, newest first; nonsense topic → empty", async () => {
    const r = await n.json("/api/public/news?topic=bitcoin%20price", nkey);
    expect(r.status).toBe(200);
    const body = n.engine.current!.body;
    const story = body.stories.find((st) => /bitcoin/i.test(st.name))!;
    expect(story).toBeDefined();
    const mine = new Set(story.newsUrls);
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const it of r.body.data) {
      expect(mine.has(it.url)).toBe(true);
      expect(it.title.toLowerCase()).toContain("bitcoin");
    }
    for (let i = 1; i < r.body.data.length; i++) expect(r.body.data[i - 1].publishedAt >= r.body.data[i].publishedAt).toBe(true);
    const none = await n.json("/api/public/news?topic=zzqxjv%20wrrbbt", nkey);
    expect(none.body.data).toEqual([]);
  });

  test("limit narrows to the first items of the same answer", async () => {
    const all = (await n.json("/api/public/news", nkey)).body.data;
    expect(all.length).toBeGreaterThan(2);
    for (const l of [1, 2]) expect((await n.json(`/api/public/news?limit=${l}`, nkey)).body.data).toEqual(all.slice(0, l));
  });
});
