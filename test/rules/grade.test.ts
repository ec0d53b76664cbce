/**
 * Draft grading (src/rules/grade.ts; docs/rules.md "Hook rescue and grade"), on random grading
 * contexts and on the demo vault's real context (gradeContext of src/engine/service.ts):
 * component maxes add up to 100; score = sum of points; each points in [0, max]; every basis in
 * {measured, ai_judged, rule}; verdict bands; ≤ 3 rewrites, each carrying a validated pattern the
 * draft lacks and grading strictly higher than the draft when re-graded with the same context.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { COMPONENT_BASIS } from "../../src/domain/enums.ts";
import { GRADE_MAX, components, grade, lengthPoints, proofOf, score, verdict, type GradeContext } from "../../src/rules/grade.ts";
import { TEMPLATES, applyTemplate } from "../../src/rules/templates.ts";
import { titlePatterns } from "../../src/rules/structure.ts";
import { patternKind, type PatternStat } from "../../src/rules/patterns.ts";
import { Engine } from "../../src/engine/engine.ts";
import { gradeContext } from "../../src/engine/service.ts";
import { demoVault } from "../helpers/randvault.ts";
import { log } from "../../src/log.ts";
import { logsQuietWhileServing } from "../helpers/server.ts";

const PATTERNS = Object.keys(TEMPLATES);
const KEYS = ["pattern_validation", "hook_mechanics", "length_fit", "topic_momentum"];

function stat(pattern: string, creators: number, days: number, strength: number): PatternStat {
  return { pattern, ...patternKind(pattern), daysPresent: days, creatorsCount: creators, itemsCount: creators, lift: 1.5, strength, evidence: { convergence: true, persistence: true, amplification: true }, validated: true };
}

const SUBJECTS = ["iphone", "keto", "bitcoin", "market", "mario"];
interface RandCtx {
  ctx: GradeContext;
  desc: string;
}
/** Random contexts: a strength-ranked list of validated patterns, a story matcher by keyword, a year. */
const randCtx: fc.Arbitrary<RandCtx> = fc
  .record({
    validated: fc.uniqueArray(
      fc.record({ pattern: fc.constantFrom(...PATTERNS, "hook:plain_never", "struct:hashtag", "struct:emoji"), creators: fc.integer({ min: 3, max: 60 }), days: fc.integer({ min: 3, max: 14 }), strength: fc.integer({ min: 0, max: 1000 }).map((x) => x / 1000) }),
      { selector: (p) => p.pattern, maxLength: 14 },
    ),
    words: fc.subarray(SUBJECTS),
    vaultScore: fc.double({ min: 0, max: 100, noNaN: true }),
    year: fc.integer({ min: 2010, max: 2035 }),
  })
  .map(({ validated, words, vaultScore, year }) => {
    const list = validated.map((p) => stat(p.pattern, p.creators, p.days, p.strength)).sort((a, b) => b.strength - a.strength || (a.pattern < b.pattern ? -1 : 1));
    const ctx: GradeContext = {
      validated: list,
      match: (text) => {
        const w = words.find((x) => text.toLowerCase().includes(x));
        return w ? { topic: w, vaultScore } : null;
      },
      year,
    };
    return { ctx, desc: JSON.stringify({ validated: list.map((p) => [p.pattern, p.strength]), words, vaultScore, year }) };
  });

const FORMATS = ["{s} review", "I tried {s} for a week", "Is {s} worth it?", "7 things nobody tells you about {s}", "{s}: what nobody tells you", "{s} | honest opinion", "Why {s} is overrated", "{s} explained!", "{s}", "How to fix {s} in 2017 (step by step)", "THE TRUTH about {s} 😱 #shorts"];
const TOPICS = ["iPhone X", "keto diet", "Bitcoin price", "stock market crash", "Super Mario Odyssey", "my dog", "a very long topic name that keeps going and going well past the ideal title length of seventy characters"];
const draft = fc
  .oneof(
    fc.tuple(fc.constantFrom(...FORMATS), fc.constantFrom(...TOPICS)).map(([f, t]) => f.replace("{s}", t)),
    fc.string({ minLength: 4, maxLength: 200 }),
  )
  .filter((d) => d.length >= 4 && d.length <= 200);

/** Every documented property of one grade result, checked from the outside. */
function checkGrade(d: string, ctx: GradeContext): void {
  const g = grade(d, ctx);
  expect(g.components.map((c) => c.key)).toEqual(KEYS);
  expect(g.components.reduce((a, c) => a + c.max, 0)).toBe(100);
  for (const c of g.components) {
    expect(c.points).toBeGreaterThanOrEqual(0);
    expect(c.points).toBeLessThanOrEqual(c.max);
    expect(COMPONENT_BASIS).toContain(c.basis);
  }
  const [pv, hm, lf, tm] = g.components;
  expect([pv.max, hm.max, lf.max, tm.max]).toEqual([40, 30, 15, 15]);
  expect([pv.basis, hm.basis, lf.basis, tm.basis]).toEqual(["measured", "ai_judged", "rule", "measured"]);
  expect(Math.abs(g.score - g.components.reduce((a, c) => a + c.points, 0))).toBeLessThanOrEqual(0.05 + 1e-9);
  expect(g.verdict).toBe(g.score >= 70 ? "post_it" : g.score >= 50 ? "revise" : g.score >= 30 ? "rework" : "rethink");
  // pattern_validation: 40 × the strongest validated pattern the draft uses, with its proof
  const uses = new Set(titlePatterns(d));
  const used = ctx.validated.filter((p) => uses.has(p.pattern));
  const best = used.length ? Math.max(...used.map((p) => p.strength)) : 0;
  expect(Math.abs(pv.points - 40 * best)).toBeLessThanOrEqual(0.05 + 1e-9);
  if (used.length) expect(pv.proof!.strength).toBe(best);
  else expect(pv.proof).toBeUndefined();
  // topic_momentum: 15 × vaultScore/100 of the matched story
  const m = ctx.match(d);
  expect(Math.abs(tm.points - (m ? (15 * m.vaultScore) / 100 : 0))).toBeLessThanOrEqual(0.05 + 1e-9);
  expect(lf.points).toBe(lengthPoints([...d].length));
  // rewrites
  expect(g.rewrites.length).toBeLessThanOrEqual(3);
  const seen = new Set<string>();
  for (let i = 0; i < g.rewrites.length; i++) {
    const r = g.rewrites[i];
    expect(seen.has(r.pattern)).toBe(false);
    seen.add(r.pattern);
    const p = ctx.validated.find((x) => x.pattern === r.pattern)!;
    expect(p).toBeDefined();
    expect(uses.has(r.pattern)).toBe(false);
    expect(titlePatterns(r.text)).toContain(r.pattern);
    expect(r.proof).toEqual(proofOf(p));
    const again = grade(r.text, ctx).score; // re-graded with the same context
    expect(again).toBeGreaterThan(g.score);
    expect(r.score).toBe(again);
    if (i > 0) expect(g.rewrites[i - 1].score).toBeGreaterThanOrEqual(r.score);
  }
  // no better-grading rewrite was left out while fewer than 3 were kept, and the kept ones are the best
  const eligible = ctx.validated
    .filter((p) => !uses.has(p.pattern))
    .map((p) => ({ p, t: applyTemplate(p.pattern, d, ctx.year) }))
    .filter((x): x is { p: PatternStat; t: string } => !!x.t && x.t.length <= 200 && x.t !== d && titlePatterns(x.t).includes(x.p.pattern))
    .map((x) => score(components(x.t, ctx))) // the grade's score, without its own rewrites
    .filter((s) => s > g.score)
    .sort((a, b) => b - a);
  expect(g.rewrites.map((r) => r.score)).toEqual(eligible.slice(0, 3));
}

describe("tables", () => {
  test("component maxes add up to 100", () => {
    expect(Object.values(GRADE_MAX).reduce((a, b) => a + b, 0)).toBe(100);
    expect(GRADE_MAX).toEqual({ pattern_validation: 40, hook_mechanics: 30, length_fit: 15, topic_momentum: 15 });
  });

  test.each([
    [100, "post_it"],
    [70, "post_it"],
    [69.9, "revise"],
    [50, "revise"],
    [49.9, "rework"],
    [30, "rework"],
    [29.9, "rethink"],
    [0, "rethink"],
  ] as const)("verdict(%p) = %s", (s, v) => {
    expect(verdict(s)).toBe(v);
  });

  test.each([
    [40, 15],
    [55, 15],
    [70, 15],
    [20, 7.5], // 20 short: 15 × (1 − 20/40)
    [0, 0],
    [90, 7.5], // 20 long
    [110, 0],
    [200, 0],
    [39, 14.6], // 15 × 39/40 = 14.625
  ] as const)("lengthPoints(%d) = %p", (len, pts) => {
    expect(lengthPoints(len)).toBe(pts);
  });
});

describe("random contexts", () => {
  test("every documented property of the grade holds", () => {
    fc.assert(
      fc.property(draft, randCtx, (d, { ctx }) => {
        checkGrade(d, ctx);
      }),
      { numRuns: 300, examples: [["iphone x review", { ctx: { validated: [stat("hook:question", 9, 5, 0.6), stat("struct:colon_split", 12, 9, 0.55)], match: () => ({ topic: "iPhone X", vaultScore: 50 }), year: 2017 }, desc: "fixed" }]] },
    );
  });

  test("deterministic: the same draft and context give the same grade", () => {
    fc.assert(
      fc.property(draft, randCtx, (d, { ctx }) => {
        expect(grade(d, ctx)).toEqual(grade(d, ctx));
      }),
      { numRuns: 100 },
    );
  });

  test("score is the sum of the component points (score() on any component list)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }).map((x) => x / 10), { maxLength: 6 }), (pts) => {
        const cs = pts.map((p, i) => ({ key: `k${i}`, points: p, max: 40, basis: "rule" as const }));
        expect(Math.abs(score(cs) - pts.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });

  test("components() and grade() agree", () => {
    fc.assert(
      fc.property(draft, randCtx, (d, { ctx }) => {
        expect(grade(d, ctx).components).toEqual(components(d, ctx));
      }),
      { numRuns: 100 },
    );
  });
});

describe("demo vault context (gradeContext)", () => {
  let ctx: GradeContext;
  let titles: string[] = [];
  beforeAll(() => {
    const e = new Engine(demoVault());
    log.setQuiet(true);
    e.refresh();
    log.setQuiet(logsQuietWhileServing());
    const real = gradeContext(e.current!, Date.UTC(2031, 0, 1));
    // the real matcher, memoised (fuzzy matching a 1,500-story vault is the slow part of grading)
    const memo = new Map<string, ReturnType<GradeContext["match"]>>();
    ctx = { ...real, match: (t) => (memo.has(t) ? memo.get(t)! : (memo.set(t, real.match(t)), memo.get(t)!)) };
    titles = e.current!.body.videos.slice(0, 400).map((v) => v.title).filter((t) => t.length >= 4 && t.length <= 200);
  });

  test("the demo vault has validated patterns to grade against", () => {
    expect(ctx.validated.length).toBeGreaterThan(0);
    expect(ctx.year).toBe(2017);
  });

  test("hand-written drafts", () => {
    for (const d of ["iphone x review", "I tried the iPhone X for 7 days: here is what nobody tells you", "Is the iPhone X worth it?", "10 reasons NOT to buy iPhone X!", "asdf", "keto diet before and after 30 days", "Bitcoin price prediction 2017 | honest opinion"]) checkGrade(d, ctx);
  });

  test("random drafts and real titles of the vault", () => {
    fc.assert(
      fc.property(fc.oneof(draft, fc.constantFrom(...titles)), (d) => {
        checkGrade(d, ctx);
      }),
      { numRuns: 60 },
    );
  }, 30_000);

  test("a plain draft about a tracked story gets rewrites (the vault validates patterns it lacks)", () => {
    const g = grade("iphone x review", ctx);
    expect(g.rewrites.length).toBeGreaterThan(0);
    expect(g.components[3].points).toBeGreaterThan(0); // matches a tracked story
  });
});
