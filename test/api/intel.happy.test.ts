/**
 * Intelligence endpoints (opportunities, brief, prebreakout, viral-patterns, hook-rescue, grade) on
 * the shipped demo vault through the real server: 200 with the envelope, confidence (`aiEstimated`
 * for hook-rescue and grade, `observed` otherwise), 5 credits and one intel slot each, ≤ 10 items,
 * shapes checked with Value.Check against src/api/intel-shapes.ts / the endpoint's `data` schema,
 * niche filters, limit, the brief's hourly regeneration, and the documented rules on the answers.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { Type as T } from "@sinclair/typebox";
import { envelopeSchema } from "../../src/api/shapes.ts";
import { BriefSchema, GradeSchema, HookRescueSchema, OpportunitySchema, PatternSchema, PrebreakoutSchema } from "../../src/api/intel-shapes.ts";
import { opportunities } from "../../src/api/opportunities.ts";
import { brief } from "../../src/api/brief.ts";
import { prebreakout } from "../../src/api/prebreakout.ts";
import { viralPatterns } from "../../src/api/viral-patterns.ts";
import { hookRescue } from "../../src/api/hook-rescue.ts";
import { grade } from "../../src/api/grade.ts";
import { GRADE_MAX } from "../../src/rules/grade.ts";
import { NICHES, COMPONENT_BASIS } from "../../src/domain/enums.ts";
import { titlePatterns } from "../../src/rules/structure.ts";
import { OPPORTUNITY_TYPES } from "../../src/rules/opportunity.ts";
import { writeSnapshot } from "../../src/vault/snapshot.ts";
import { startServer, T0, type TestServer } from "../helpers/server.ts";
import { MOMENT_FLOOR } from "../../src/engine/intel.ts";
import { buildRandVault, demoVault } from "../helpers/randvault.ts";
import { tempDir } from "../helpers/tmp.ts";

let s: TestServer;
let key: string;
beforeAll(() => {
  s = startServer({ snapshotDir: demoVault() });
  key = s.account({ plan: "agency", credits: 1_000_000, burst: 100_000, dailyCap: 100_000, intelCap: 100_000 }).apiKey;
});
afterAll(() => s.stop());

const get = (p: string) => s.json(p, key);
const body = () => s.engine.current!.body;
const usage = async () => (await get("/api/public/usage")).body;
const errors = (schema: any, v: unknown) => [...Value.Errors(schema, v)].map((e) => `${e.path}: ${e.message}`);

/** Calls `p`, checks envelope + schema + wallet/rate accounting (5 credits, one intel slot); returns data. */
async function call(p: string, schema: any, confidence: "observed" | "aiEstimated") {
  const before = await usage();
  const r = await get(p);
  expect(r.status).toBe(200);
  expect(errors(envelopeSchema(schema), r.body)).toEqual([]);
  expect(Value.Check(envelopeSchema(schema), r.body)).toBe(true);
  expect(r.body.confidence).toBe(confidence);
  expect(r.body.credits_used).toBe(5);
  const after = await usage();
  expect(r.body.credits_remaining).toBe(after.credits_remaining);
  expect(after.credits_remaining).toBe(before.credits_remaining - 5);
  expect(after.rate_limit.calls_today).toBe(before.rate_limit.calls_today + 1);
  expect(after.rate_limit.intel_calls_today).toBe(before.rate_limit.intel_calls_today + 1);
  return r.body.data;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

describe("/opportunities", () => {
  test("≤ 10 items of the opportunity shape, ranked by opportunityScore, scores consistent with the rules", async () => {
    const items = await call("/api/public/opportunities", opportunities.data, "observed");
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    for (const it of items) {
      expect(Value.Check(OpportunitySchema, it)).toBe(true);
      expect(NICHES).toContain(it.niche);
      expect(it.opportunityScore).toBeGreaterThan(0); // never padded with no-opportunity rows (issue 11)
      for (const k of ["opportunityScore", "demandScore", "supplyScore"]) {
        expect(it[k]).toBeGreaterThanOrEqual(0);
        expect(it[k]).toBeLessThanOrEqual(100);
      }
      expect(Math.abs(it.opportunityScore - r1(it.demandScore * (1 - (0.6 * it.supplyScore) / 100)))).toBeLessThanOrEqual(0.1 + 1e-9);
      if (it.conviction === "HIGH") expect(it.opportunityScore).toBeGreaterThanOrEqual(60);
      else if (it.conviction === "MEDIUM") expect(it.opportunityScore).toBeGreaterThanOrEqual(40);
      else expect(it.opportunityScore).toBeLessThan(40);
      expect(OPPORTUNITY_TYPES).toContain(it.opportunityType);
      expect(it.possibleMonetization.length).toBeGreaterThan(0);
      for (const m of it.possibleMonetization) {
        expect(m.basis).toBe("estimate");
        expect(m.disclaimer.toLowerCase()).toContain("not a guarantee");
      }
    }
    for (let i = 1; i < items.length; i++) expect(items[i - 1].opportunityScore).toBeGreaterThanOrEqual(items[i].opportunityScore);
    expect(new Set(items.map((i: any) => i.storyId)).size).toBe(items.length);
  });

  test.each([...NICHES])("niche=%s returns only that niche, ranked, ≤ 10", async (niche) => {
    const items = await call(`/api/public/opportunities?niche=${niche}`, opportunities.data, "observed");
    expect(items.length).toBeLessThanOrEqual(10);
    for (const it of items) expect(it.niche).toBe(niche);
    for (const it of items) expect(it.opportunityScore).toBeGreaterThan(0);
    for (let i = 1; i < items.length; i++) expect(items[i - 1].opportunityScore).toBeGreaterThanOrEqual(items[i].opportunityScore);
  });

  test("limit narrows to the top items of the same ranking", async () => {
    const all = (await get("/api/public/opportunities")).body.data;
    for (const n of [1, 3]) expect((await get(`/api/public/opportunities?limit=${n}`)).body.data).toEqual(all.slice(0, n));
  });
});

function checkBrief(d: any, niche?: string) {
  expect(errors(BriefSchema, d)).toEqual([]);
  expect(d.date).toBe("2017-10-22");
  expect(d.contract.length).toBeGreaterThan(0);
  const t = d.transparency;
  expect(t.alertsConsidered).toBe(t.alertsShown + t.excludedNotAccelerating + t.excludedBelowTopCut + t.excludedBelowScoreGate);
  expect(d.alerts.length).toBe(t.alertsShown);
  expect(d.alerts.length).toBeLessThanOrEqual(5);
  expect(new Set(d.alerts.map((a: any) => a.storyId)).size).toBe(d.alerts.length);
  for (let i = 1; i < d.alerts.length; i++) expect(d.alerts[i - 1].vaultScore).toBeGreaterThanOrEqual(d.alerts[i].vaultScore);
  for (const a of d.alerts) {
    expect(a.vaultScore).toBeGreaterThanOrEqual(40);
    expect(["early", "peak_momentum"]).toContain(a.phase);
    expect(["PRIME", "STRONG"]).toContain(a.tier);
    if (niche) expect(a.niche).toBe(niche);
    expect(a.storyFirstSeen <= d.date).toBe(true);
  }
  expect(d.receipts.length).toBeLessThanOrEqual(5);
  for (let i = 1; i < d.receipts.length; i++) expect(d.receipts[i - 1].alertDate >= d.receipts[i].alertDate).toBe(true);
  for (const r of d.receipts) {
    expect(r.alertDate < d.date).toBe(true);
    expect(r.daysMeasured).toBeGreaterThanOrEqual(1);
    expect(Math.abs(r.growthPct - (r.viewsLast / r.viewsFirst - 1) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
  }
  expect(d.trackRecord.alertsMeasured).toBeGreaterThanOrEqual(d.receipts.length);
  if (d.pattern) expect(d.pattern.evidence).toEqual({ convergence: true, persistence: true, amplification: true });
  if (d.moment) expect(d.moment.velocityPrev).toBeGreaterThanOrEqual(MOMENT_FLOOR);
}

describe("/brief", () => {
  test("full form: alerts, receipts, pattern, moment, transparency, track record — consistent", async () => {
    const d = await call("/api/public/brief", brief.data, "observed");
    checkBrief(d);
    // The real alert log of the demo vault has measured alerts: receipts are shown.
    expect(d.receipts.length).toBeGreaterThan(0);
    // receipts are the most recent measured alerts: recompute from the vault's alert log
    const body = s.engine.current!.body;
    const byId = new Map(body.videos.map((v) => [v.id, v]));
    const day = (x: string) => Math.floor(Date.parse(x + "T00:00:00Z") / 86_400_000);
    const measured = body.alertLog
      .filter((e) => e.date < body.date && e.videoId && (e.viewsAtAlert ?? 0) > 0 && byId.has(e.videoId))
      .filter((e) => byId.get(e.videoId!)!.d.at(-1)! - day(e.date) >= 1)
      .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.storyId < b.storyId ? -1 : 1));
    expect(d.trackRecord.alertsMeasured).toBe(measured.length);
    // a receipt is named by its story's current name (readable, never a phrase cut mid-way)
    const nameOf = new Map(body.stories.map((st) => [st.id, st.name]));
    expect(d.receipts.map((r: any) => [r.alertDate, r.topic])).toEqual(measured.slice(0, 5).map((e) => [e.date, nameOf.get(e.storyId) ?? e.topic]));
    // the baseline: every video live on an alert day whose story was not alerted that day
    const alertedOn = new Map<number, Set<string>>();
    for (const e of body.alertLog.filter((e) => e.date < body.date && e.videoId)) {
      const set = alertedOn.get(day(e.date)) ?? new Set<string>();
      set.add(e.storyId);
      alertedOn.set(day(e.date), set);
    }
    const growth: number[] = [];
    for (const v of body.videos)
      for (let i = 0; i < v.d.length - 1; i++) {
        const ids = alertedOn.get(v.d[i]);
        if (ids && !(v.storyId && ids.has(v.storyId)) && v.v[i] > 0) growth.push(Math.round((v.v.at(-1)! / v.v[i] - 1) * 1000) / 10);
      }
    growth.sort((a, b) => a - b);
    const med = growth.length % 2 ? growth[growth.length >> 1] : (growth[growth.length / 2 - 1] + growth[growth.length / 2]) / 2;
    expect(d.trackRecord.baseline.itemsMeasured).toBe(growth.length);
    expect(growth.length).toBeGreaterThan(d.trackRecord.alertsMeasured);
    expect(d.trackRecord.baseline.medianGrowthPct).toBeCloseTo(med, 1);
    expect(d.trackRecord.liftPct).toBeCloseTo(d.trackRecord.medianGrowthPct - d.trackRecord.baseline.medianGrowthPct, 1);
    // some story moved on the demo's last day, so the brief names the moment
    expect(d.moment).not.toBeNull();
  });

  test.each([...NICHES])("niche=%s: only that niche's alerts, transparency adds up", async (niche) => {
    checkBrief(await call(`/api/public/brief?niche=${niche}`, brief.data, "observed"), niche);
  });

  test("regenerated at most hourly: same generatedAt within the hour, a new one after", async () => {
    const b = startServer({ snapshotDir: demoVault() }); // its own TestClock, starting at T0
    const clock = b.clock;
    try {
      expect(clock.now()).toBe(T0);
      const k = b.account({ plan: "agency", credits: 10_000 }).apiKey;
      const first = (await b.json("/api/public/brief?niche=Tech", k)).body.data;
      expect(first.generatedAt).toBe(new Date(T0).toISOString());
      clock.advance(59 * 60_000);
      const within = (await b.json("/api/public/brief?niche=Tech", k)).body.data;
      expect(within.generatedAt).toBe(first.generatedAt);
      expect(within).toEqual(first);
      clock.advance(2 * 60_000); // 61 minutes after the first
      const after = (await b.json("/api/public/brief?niche=Tech", k)).body.data;
      expect(after.generatedAt).toBe(new Date(T0 + 61 * 60_000).toISOString());
      const { generatedAt: _a, ...x } = after;
      const { generatedAt: _b, ...y } = first;
      expect(x).toEqual(y); // same snapshot, same content
    } finally {
      b.stop();
    }
  });
});

describe("/prebreakout", () => {
  test("≤ 10 items of the prebreakout shape, early first then vaultScore desc, all gated, one per story", async () => {
    const items = await call("/api/public/prebreakout", prebreakout.data, "observed");
    expect(items.length).toBeLessThanOrEqual(10);
    for (const it of items) {
      expect(Value.Check(PrebreakoutSchema, it)).toBe(true);
      expect(it.vaultScore).toBeGreaterThanOrEqual(40);
    }
    expect(new Set(items.map((i: any) => i.storyId)).size).toBe(items.length);
    for (let i = 1; i < items.length; i++) {
      const a = items[i - 1];
      const b = items[i];
      const ea = a.phase === "early" ? 0 : 1;
      const eb = b.phase === "early" ? 0 : 1;
      expect(ea).toBeLessThanOrEqual(eb);
      if (ea === eb) expect(a.vaultScore).toBeGreaterThanOrEqual(b.vaultScore);
    }
    // the brief's alerts are among the prebreakout items (same gate, top 5 ⊂ top 10)
    const alerts = (await get("/api/public/brief")).body.data.alerts;
    for (const a of alerts) expect(items.map((i: any) => i.storyId)).toContain(a.storyId);
  });

  test.each([...NICHES])("niche=%s returns only that niche", async (niche) => {
    const items = await call(`/api/public/prebreakout?niche=${niche}`, prebreakout.data, "observed");
    for (const it of items) expect(it.niche).toBe(niche);
  });

  test("limit narrows", async () => {
    const all = (await get("/api/public/prebreakout")).body.data;
    expect((await get("/api/public/prebreakout?limit=1")).body.data).toEqual(all.slice(0, 1));
  });
});

describe("/viral-patterns", () => {
  test("1..10 validated patterns, strongest first, each with full evidence", async () => {
    const ps = await call("/api/public/viral-patterns", viralPatterns.data, "observed");
    expect(ps.length).toBeGreaterThan(0);
    expect(ps.length).toBeLessThanOrEqual(10);
    for (const p of ps) {
      expect(Value.Check(PatternSchema, p)).toBe(true);
      expect(p.evidence).toEqual({ convergence: true, persistence: true, amplification: true });
      expect(p.creatorsCount).toBeGreaterThanOrEqual(3);
      expect(p.daysPresent).toBeGreaterThanOrEqual(3);
      expect(p.pattern).toMatch(/^(hook:[a-z_]+|struct:[a-z_]+)$/);
      expect(p.pattern).not.toBe("hook:plain");
      expect(p.kind).toBe(p.pattern.startsWith("hook:") ? "hook" : "structure");
      expect(p.hookType).toBe(p.kind === "hook" ? p.pattern.slice(5) : null);
      // what a person can check (issue 11): the figures behind evidence, and real titles that used it
      expect(p.measured.creators).toBe(p.creatorsCount);
      expect(p.measured.days).toBe(p.daysPresent);
      expect(p.measured.amplification).toBeGreaterThanOrEqual(1.1);
      expect(p.examples.length).toBeGreaterThan(0);
      expect(p.examples.length).toBeLessThanOrEqual(3);
      expect(new Set(p.examples.map((e: any) => e.creator)).size).toBe(p.examples.length);
      for (const e of p.examples) {
        const v = body().videos.find((x) => x.title === e.title && x.channelTitle === e.creator);
        expect(v).toBeDefined();
        expect(titlePatterns(e.title)).toContain(p.pattern);
        const i = v!.d.indexOf(Math.floor(Date.parse(e.date + "T00:00:00Z") / 86_400_000));
        expect(i).toBeGreaterThanOrEqual(0);
        expect(v!.v[i]).toBe(e.views);
      }
    }
    for (let i = 1; i < ps.length; i++) expect(ps[i - 1].strength).toBeGreaterThanOrEqual(ps[i].strength);
    // the brief's pattern is the strongest validated one
    expect((await get("/api/public/brief")).body.data.pattern).toEqual(ps[0]);
  });

  test("limit narrows", async () => {
    const all = (await get("/api/public/viral-patterns")).body.data;
    expect((await get("/api/public/viral-patterns?limit=2")).body.data).toEqual(all.slice(0, 2));
  });
});

describe("/hook-rescue", () => {
  test("aiEstimated, ≤ 5 hooks, each carrying its pattern with a measured proof; matched story and niche", async () => {
    const d = await call("/api/public/hook-rescue?topic=iphone%20x", hookRescue.data, "aiEstimated");
    expect(Value.Check(HookRescueSchema, d)).toBe(true);
    expect(d.status).toBe("ok");
    expect(d.topic).toBe("iphone x");
    expect(d.matchedTopic).toMatch(/iphone x/i);
    expect(d.niche).toBe("Tech");
    expect(d.hooks.length).toBeGreaterThan(0);
    expect(d.hooks.length).toBeLessThanOrEqual(5);
    expect(new Set(d.hooks.map((h: any) => h.pattern)).size).toBe(d.hooks.length);
    for (const h of d.hooks) {
      expect(titlePatterns(h.text)).toContain(h.pattern);
      expect(h.text.toLowerCase()).toContain("iphone x");
      expect(h.proof.validated_across_creators).toBeGreaterThanOrEqual(3);
      expect(h.proof.days_active).toBeGreaterThanOrEqual(3);
    }
    for (let i = 1; i < d.hooks.length; i++) expect(d.hooks[i - 1].proof.strength).toBeGreaterThanOrEqual(d.hooks[i].proof.strength);
  });

  test("deterministic: the same topic gives the same hooks", async () => {
    const a = (await get("/api/public/hook-rescue?topic=keto%20diet%20results")).body;
    const b = (await get("/api/public/hook-rescue?topic=keto%20diet%20results")).body;
    expect(b.data).toEqual(a.data);
    expect(a.confidence).toBe("aiEstimated");
  });

  test.each([
    "iphone\u200Bx review",
    "iphone x\u034F review",
    "iphone x\u3164 review",
    "<script>alert(1)</script> iphone x",
    "iphone x <b>bold</b> {{7*7}}",
    "ｉｐｈｏｎｅ ｘ ＜script＞",
    "iphone x\u0007 review\u202E",
    "a".repeat(79) + "😀tail", // cut at 80 UTF-16 units: must not split the surrogate pair
  ])("a hostile topic %p never leaks hidden characters or markup into a hook", async (topic) => {
    const r = await get(`/api/public/hook-rescue?topic=${encodeURIComponent(topic)}`);
    if (r.status === 400) {
      expect(r.body.error).toBe("invalid_input"); // screened out before it reaches a template
      return;
    }
    expect(r.status).toBe(200);
    expect(r.body.confidence).toBe("aiEstimated");
    for (const h of r.body.data.hooks) {
      expect(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(h.text)).toBe(false);
      expect(h.text.toLowerCase()).not.toContain("<script");
      expect(/[<>{}]/.test(h.text)).toBe(false);
      expect(h.text.isWellFormed()).toBe(true);
      expect(titlePatterns(h.text)).toContain(h.pattern);
    }
  });

  test("a regular creator's own vlog (one People & Blogs channel named like a person, 3+ videos) gets no reaction frame", async () => {
    // "Back to School Outfit Ideas" is Grace Helbig's (8 videos in the demo snapshot); "Grey Wolf Chases Family in Car" is ViralHog's clip.
    const vlog = await get(`/api/public/hook-rescue?topic=${encodeURIComponent("back to school outfit ideas")}`);
    expect(vlog.status).toBe(200);
    expect(vlog.body.data.matchedTopic).toBe("Back to School Outfit Ideas");
    for (const h of vlog.body.data.hooks) expect(h.text).not.toMatch(/Reaction/);
    const clip = await get(`/api/public/hook-rescue?topic=${encodeURIComponent("grey wolf chases family in car")}`);
    expect(clip.body.data.hooks.map((h: { text: string }) => h.text).join(" / ")).toMatch(/Reaction/);
  });

  test("validated patterns but no hook that reads right (another language, a greeting): status no_fitting_hook, an empty list, 0 credits", async () => {
    for (const topic of ["한국 맥도날드 신 초콜릿 메뉴", "welcome baby taika!"]) {
      const before = await usage();
      const r = await get(`/api/public/hook-rescue?topic=${encodeURIComponent(topic)}`);
      expect(r.status).toBe(200);
      expect(r.body.data.status).toBe("no_fitting_hook");
      expect(r.body.data.hooks).toEqual([]);
      expect(Value.Check(HookRescueSchema, r.body.data)).toBe(true);
      expect(r.body.credits_used).toBe(0);
      expect(r.body.credits_remaining).toBe(before.credits_remaining);
      expect((await usage()).credits_remaining).toBe(before.credits_remaining);
    }
  });

  test("a vault with no validated pattern: status no_validated_patterns and an empty list", async () => {
    const dir = tempDir("nopatterns");
    const spec = { firstDay: "2024-01-01", days: 2, videos: [{ subject: 0, format: 0, channel: 0, start: 0, len: 2, views0: 100, gains: [1000, 0, 0, 0, 0] }], searches: [], news: [] };
    for (const b of buildRandVault(spec)) writeSnapshot(dir, b);
    const v = startServer({ snapshotDir: dir });
    try {
      const k = v.account({ plan: "agency", credits: 100 }).apiKey;
      const r = await v.json("/api/public/hook-rescue?topic=iphone%20x", k);
      expect(r.status).toBe(200);
      expect(r.body.data.status).toBe("no_validated_patterns");
      expect(r.body.data.hooks).toEqual([]);
      expect(Value.Check(HookRescueSchema, r.body.data)).toBe(true);
      // An empty answer costs nothing.
      expect(r.body.credits_used).toBe(0);
      expect(r.body.credits_remaining).toBe(100);
    } finally {
      v.stop();
    }
  });
});

describe("/grade", () => {
  const drafts = ["iphone x review", "I tried the iPhone X for 7 days: here is what nobody tells you", "keto diet", "Why the stock market is overrated"];

  test.each(drafts)("%p: aiEstimated, components add up, ≤ 3 rewrites each grading strictly higher when re-graded", async (draft) => {
    const d = await call(`/api/public/grade?draft=${encodeURIComponent(draft)}`, grade.data, "aiEstimated");
    expect(Value.Check(GradeSchema, d)).toBe(true);
    expect(d.status).toBe("ok");
    expect(d.draft).toBe(draft);
    expect(d.components.reduce((a: number, c: any) => a + c.max, 0)).toBe(100);
    expect(Math.abs(d.score - d.components.reduce((a: number, c: any) => a + c.points, 0))).toBeLessThanOrEqual(0.05 + 1e-9);
    for (const c of d.components) {
      expect(c.points).toBeGreaterThanOrEqual(0);
      expect(c.points).toBeLessThanOrEqual(c.max);
      expect(COMPONENT_BASIS).toContain(c.basis);
    }
    const byKey = Object.fromEntries(d.components.map((c: any) => [c.key, c]));
    expect(byKey.pattern_validation).toMatchObject({ max: GRADE_MAX.pattern_validation, basis: "measured" });
    expect(byKey.hook_mechanics).toMatchObject({ max: GRADE_MAX.hook_mechanics, basis: "ai_judged" });
    expect(d.verdict).toBe(d.score >= 70 ? "post_it" : d.score >= 50 ? "revise" : d.score >= 30 ? "rework" : "rethink");
    expect(d.rewrites.length).toBeLessThanOrEqual(3);
    for (const rw of d.rewrites) {
      expect(titlePatterns(rw.text)).toContain(rw.pattern);
      expect(titlePatterns(draft)).not.toContain(rw.pattern);
      const again = await get(`/api/public/grade?draft=${encodeURIComponent(rw.text)}`);
      expect(again.status).toBe(200);
      expect(again.body.data.score).toBeGreaterThan(d.score);
    }
  });

  test("deterministic", async () => {
    const a = (await get("/api/public/grade?draft=iphone%20x%20review")).body.data;
    const b = (await get("/api/public/grade?draft=iphone%20x%20review")).body.data;
    expect(b).toEqual(a);
    expect(a.rewrites.length).toBeGreaterThan(0);
  });
});

// The data schemas of the endpoints are arrays with maxItems 10 (or objects): checked above via envelopeSchema.
export const _schemas = T.Object({});
