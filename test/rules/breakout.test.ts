import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  ACCEL_INDEX,
  BREAKOUT_RATIO,
  CONTEXT_FEATURES,
  FEATURE_SIGNS,
  MODEL,
  NAIVE_SCORES,
  SERIES_FEATURES,
  SERIES_SCORER,
  VIDEO_MODEL,
  VIDEO_SCORER,
  breakoutFeatures,
  breakoutProbability,
  chartPosOn,
  chartShockOf,
  publishAgeDays,
  storyChartContext,
  type ChartSeries,
  fitBreakoutModel,
  fitPlatt,
  isBreakout,
  naiveScores,
  predict,
  predictScorer,
  signsFor,
  type BreakoutModel,
  type BreakoutScorer,
} from "../../src/rules/breakout.ts";
import { buildWeights, DEFAULT_CSVS, WEIGHTS_FILE } from "../../scripts/fit-breakout.ts";
import { REPO } from "../helpers/vault.ts";

const NAMES = [...SERIES_FEATURES, ...CONTEXT_FEATURES];
const anyNum = fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, 0, -0, 1e308));
const gains = fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { maxLength: 30 });
const unit = fc.double({ min: 0, max: 1, noNaN: true });
const ctxArb = fc.option(
  fc.record({ pos: unit, posPrev: fc.option(unit), chartShock: fc.option(fc.double({ min: -3, max: 3, noNaN: true })), ageDays: fc.option(fc.double({ min: 0, max: 5000, noNaN: true })) }),
  { nil: undefined },
);
const anyCtx = fc.option(fc.record({ pos: anyNum, posPrev: fc.option(anyNum), chartShock: fc.option(anyNum), ageDays: fc.option(anyNum) }), { nil: undefined });
const models: [string, BreakoutModel][] = [
  ["MODEL", MODEL],
  ["VIDEO_MODEL", VIDEO_MODEL],
];

describe("breakoutFeatures and naiveScores", () => {
  test("one finite value per feature for any input; context features only with context", () => {
    fc.assert(
      fc.property(fc.array(anyNum, { maxLength: 20 }), anyNum, anyNum, anyCtx, (y, days, cum, ctx) => {
        const x = breakoutFeatures(y, days, cum, ctx);
        expect(x.length).toBe(SERIES_FEATURES.length + (ctx ? CONTEXT_FEATURES.length : 0));
        for (const v of x) expect(Number.isFinite(v)).toBe(true);
        const n = naiveScores(y, cum, ctx);
        for (const k of NAIVE_SCORES) expect(n[k] === null ? !ctx && k === "chartPos" : Number.isFinite(n[k])).toBe(true);
      }),
    );
  });

  test("relAccel is the log ratio of the last two gains, clipped; 0 with one gain", () => {
    expect(SERIES_FEATURES[ACCEL_INDEX]).toBe("relAccel");
    expect(breakoutFeatures([100, 150], 2, 1000)[ACCEL_INDEX]).toBeCloseTo(Math.log(1.5));
    expect(breakoutFeatures([100, 50], 2, 1000)[ACCEL_INDEX]).toBeCloseTo(Math.log(0.5));
    expect(breakoutFeatures([100, 0], 2, 1000)[ACCEL_INDEX]).toBe(-2);
    expect(breakoutFeatures([1, 1e9], 2, 1e9)[ACCEL_INDEX]).toBe(2);
    expect(breakoutFeatures([100], 1, 1000)[ACCEL_INDEX]).toBe(0);
  });

  test("context: chartPosPrev falls back to chartPos; shock and publish age are neutral (0) when absent", () => {
    const x = breakoutFeatures([1, 2], 2, 10, { pos: 0.3, posPrev: null });
    expect(x.slice(SERIES_FEATURES.length)).toEqual([0.3, 0.3, 0, 0]);
    const withAge = breakoutFeatures([1, 2], 2, 10, { pos: 0.3, posPrev: 0.5, chartShock: -0.4, ageDays: 64 });
    expect(withAge.slice(SERIES_FEATURES.length)).toEqual([0.3, 0.5, -0.4, Math.log2(64 / 2) / 8]);
    // Published when it reached the chart: as neutral as an unknown publish time.
    expect(breakoutFeatures([1, 2], 4, 10, { pos: 0.3, ageDays: 4 })[5]).toBe(0);
  });

  test("naive scores rank in the documented direction", () => {
    fc.assert(
      fc.property(gains, fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: 1, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 1e10, noNaN: true }), (y, extra, bump, cum) => {
        const yy = y.length ? y : [1];
        const up = yy.slice();
        up[up.length - 1] += extra;
        expect(naiveScores(up, cum).accel!).toBeGreaterThanOrEqual(naiveScores(yy, cum).accel!);
        expect(naiveScores(yy, cum + bump).invViews!).toBeLessThanOrEqual(naiveScores(yy, cum).invViews!);
      }),
    );
  });
});

describe("breakoutProbability", () => {
  test("is in [0, 1] for any series, either serving scorer and any model coefficients", () => {
    fc.assert(
      fc.property(fc.array(anyNum, { maxLength: 20 }), anyNum, anyNum, anyCtx, fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 7, maxLength: 7 }), (y, days, cum, ctx, w) => {
        const ps = [
          breakoutProbability(y, days, cum, undefined, ctx),
          breakoutProbability(y, days, cum, { bias: w[0], coef: w.slice(1) }, ctx),
          breakoutProbability(y, days, cum, { kind: "naive", score: "accel", a: w[0], b: Math.abs(w[1]) }, ctx),
        ];
        for (const p of ps) expect(p >= 0 && p <= 1).toBe(true);
      }),
    );
  });

  test("keeps the 3-argument form for stories (series scorer, no context)", () => {
    const x = breakoutFeatures([5, 10], 3, 100);
    expect(breakoutProbability([5, 10], 3, 100)).toBe(Math.round(predictScorer(SERIES_SCORER, x, naiveScores([5, 10], 100)) * 1000) / 1000);
  });

  for (const [name, model] of models) {
    test(`${name}: every coefficient has its constrained sign, so p is monotone in each feature`, () => {
      const signs = signsFor(model.coef.length);
      model.coef.forEach((c, j) => expect(c * signs[j]).toBeGreaterThanOrEqual(0));
      fc.assert(
        fc.property(fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: model.coef.length, maxLength: model.coef.length }), fc.nat(model.coef.length - 1), fc.double({ min: 0, max: 4, noNaN: true }), (x, j, bump) => {
          const moved = x.slice();
          moved[j] += signs[j] * bump;
          expect(predict(model, moved)).toBeGreaterThanOrEqual(predict(model, x));
        }),
      );
    });
  }

  test("served video probability never falls as the item sits lower on the chart or the chart-wide shock falls", () => {
    fc.assert(
      fc.property(gains, fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 1e10, noNaN: true }), unit, unit, unit, fc.double({ min: -2, max: 2, noNaN: true }), (y, days, cum, pos, prev, bump, shock) => {
        const p = (c: { pos: number; posPrev: number; chartShock: number }) => predictScorer(VIDEO_SCORER, breakoutFeatures(y, days, cum, c), naiveScores(y, cum, c));
        const base = p({ pos, posPrev: prev, chartShock: shock });
        expect(p({ pos: Math.min(1, pos + bump), posPrev: Math.min(1, prev + bump), chartShock: shock })).toBeGreaterThanOrEqual(base);
        expect(p({ pos, posPrev: prev, chartShock: shock - bump })).toBeGreaterThanOrEqual(base);
      }),
    );
  });
});

describe("fitBreakoutModel", () => {
  // Small random training sets, including ones where features are related to the label in the
  // wrong direction, so the sign constraints have to bind.
  const dataset = fc.array(fc.tuple(fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 6, maxLength: 6 }), fc.boolean(), fc.boolean()), { minLength: 2, maxLength: 60 });

  test("every coefficient keeps its sign and probabilities stay in [0, 1]", () => {
    fc.assert(
      fc.property(dataset, (rows) => {
        const X = rows.map((r) => r[0]);
        const f = fitBreakoutModel(X, rows.map((r) => (r[1] ? 1 : 0)), { rankLabels: rows.map((r) => (r[2] ? 1 : 0)), iters: 50 });
        const signs = signsFor(6);
        f.model.coef.forEach((c, j) => expect(c * signs[j]).toBeGreaterThanOrEqual(0));
        expect(f.collapsed).toBe(f.model.coef.every((c) => c === 0));
        for (const x of X) {
          const p = predict(f.model, x);
          expect(p >= 0 && p <= 1).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("a feature related to breakouts against its sign gets 0, one related with it does not", () => {
    expect(FEATURE_SIGNS.logViews).toBe(-1);
    // logViews (index 1) rises with breakouts: wrong direction → held at 0. relAccel (index 0) right direction.
    const X = Array.from({ length: 400 }, (_, i) => [((i * 37) % 11) / 11 - 0.5 + (i % 3 === 0 ? 1 : 0), (i % 3 === 0 ? 1 : 0) + ((i * 13) % 7) / 7]);
    const yv = X.map((_, i) => (i % 3 === 0 ? 1 : 0));
    const f = fitBreakoutModel(X, yv);
    expect(f.model.coef[1]).toBe(0);
    expect(f.model.coef[0]).toBeGreaterThan(0);
  });

  test("with one class only it returns the smoothed base rate and says it collapsed", () => {
    const f = fitBreakoutModel([[1], [2], [3]], [0, 0, 0]);
    expect(f.kind).toBe("base-rate");
    expect(f.collapsed).toBe(true);
    expect(predict(f.model, [1])).toBeCloseTo(0.5 / 4, 10);
    expect(predict(f.model, [100])).toBeCloseTo(0.5 / 4, 10);
  });

  test("is calibrated on the breakout labels: mean p is close to the base rate in-sample", () => {
    const X = Array.from({ length: 1000 }, (_, i) => [((i * 7919) % 1000) / 1000, -((i * 104729) % 997) / 997]);
    const yv = X.map((x) => (x[0] - 0.3 * x[1] > 1.05 ? 1 : 0));
    const f = fitBreakoutModel(X, yv);
    const mean = X.reduce((a, x) => a + predict(f.model, x), 0) / X.length;
    const rate = yv.reduce<number>((a, b) => a + b, 0) / yv.length;
    expect(Math.abs(mean - rate)).toBeLessThan(0.01);
  });

  test("fitPlatt never reverses the ranking (slope >= 0)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.boolean()), { minLength: 1, maxLength: 50 }), (rows) => {
        const { a, b } = fitPlatt(rows.map((r) => r[0]), rows.map((r) => (r[1] ? 1 : 0)));
        expect(b).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(a)).toBe(true);
      }),
    );
  });

  test("predictScorer of a naive scorer is monotone in its score", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), gains, fc.double({ min: 0, max: 1e9, noNaN: true }), (a, b, y, cum) => {
        const s: BreakoutScorer = { kind: "naive", score: "invViews", a, b };
        const x = breakoutFeatures(y, 2, cum);
        expect(predictScorer(s, x, naiveScores(y, cum))).toBeGreaterThanOrEqual(predictScorer(s, x, naiveScores(y, cum * 10 + 1)));
      }),
    );
  });
});

describe("story chart context", () => {
  // A member: observed on a random subset of days 10..14 with a random position (or unknown) on each.
  const member = fc
    .array(fc.tuple(fc.boolean(), fc.option(unit, { nil: null }), fc.integer({ min: 1, max: 1e6 })), { minLength: 5, maxLength: 5 })
    .chain((days) =>
      fc.record({ age: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }) }).map(({ age }) => {
        const s: ChartSeries & { d: number[]; v: number[]; p: (number | null)[] } = { d: [], v: [], p: [], publishedAt: age === null ? null : new Date((14 - age) * 86_400_000).toISOString() };
        let cum = 0;
        days.forEach(([on, pos, g], i) => {
          cum += g;
          if (!on) return;
          s.d.push(10 + i);
          s.v.push(cum);
          s.p.push(pos);
        });
        return s;
      }),
    );
  const shockArb = fc.option(fc.double({ min: -2, max: 2, noNaN: true }), { nil: null });

  test("chartPosOn reads the position recorded for that day, null when not observed or unknown", () => {
    fc.assert(
      fc.property(member, fc.integer({ min: 8, max: 16 }), (m, day) => {
        const i = m.d.indexOf(day);
        expect(chartPosOn(m, day)).toBe(i < 0 ? null : m.p[i]);
        expect(chartPosOn({ d: m.d, v: m.v }, day)).toBeNull();
      }),
    );
  });

  test("the story's context is its best-placed member's; member order does not matter", () => {
    fc.assert(
      fc.property(fc.array(member, { maxLength: 6 }), shockArb, (ms, shock) => {
        const c = storyChartContext(ms, 14, shock);
        const today = ms.map((m) => chartPosOn(m, 14)).filter((p) => p !== null) as number[];
        const prev = ms.map((m) => chartPosOn(m, 13)).filter((p) => p !== null) as number[];
        if (!today.length) return expect(c).toBeNull();
        expect(c!.pos).toBe(Math.min(...today));
        expect(c!.posPrev).toBe(prev.length ? Math.min(...prev) : null);
        expect(c!.chartShock).toBe(shock);
        expect(storyChartContext([...ms].reverse(), 14, shock)).toEqual(c);
      }),
    );
  });

  test("adding a member can only move the story's positions up the chart (lower values)", () => {
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 5 }), member, (ms, extra) => {
        const a = storyChartContext(ms, 14, null);
        const b = storyChartContext([...ms, extra], 14, null);
        if (!a) return;
        expect(b!.pos).toBeLessThanOrEqual(a.pos);
        if (a.posPrev !== null && a.posPrev !== undefined) expect(b!.posPrev!).toBeLessThanOrEqual(a.posPrev);
      }),
    );
  });

  test("a one-video story gets exactly that video's context (the video level's inputs)", () => {
    fc.assert(
      fc.property(member, (m) => {
        const c = storyChartContext([m], 14, 0.1);
        const pos = chartPosOn(m, 14);
        if (pos === null) return expect(c).toBeNull();
        expect(c).toEqual({ pos, posPrev: chartPosOn(m, 13), chartShock: 0.1, ageDays: publishAgeDays(m.publishedAt, 14) });
      }),
    );
  });

  test("chartShockOf: median log ratio of the last two daily gains; invariant to the views' scale; null without two gains", () => {
    expect(chartShockOf([{ d: [1, 2, 3], v: [0, 10, 30] }, { d: [1, 2, 3], v: [0, 10, 15] }, { d: [1, 2, 3], v: [0, 10, 20] }], 3)).toBeCloseTo(0);
    expect(chartShockOf([{ d: [2, 3], v: [1, 5] }], 3)).toBeNull();
    fc.assert(
      fc.property(fc.array(member, { maxLength: 8 }), fc.integer({ min: 2, max: 1000 }), (ms, k) => {
        const a = chartShockOf(ms, 14);
        const b = chartShockOf(ms.map((m) => ({ ...m, v: m.v.map((x) => x * k) })), 14);
        if (a === null) return expect(b).toBeNull();
        expect(b!).toBeCloseTo(a, 9);
        expect(Math.abs(a)).toBeLessThan(Infinity);
      }),
    );
  });

  test("publishAgeDays: null without a parseable time; days to the end of the day otherwise", () => {
    expect(publishAgeDays(null, 10)).toBeNull();
    expect(publishAgeDays("not a date", 10)).toBeNull();
    expect(publishAgeDays(new Date(10 * 86_400_000).toISOString(), 10)).toBe(1);
  });
});

describe("definition", () => {
  test("breakout = gain over (d, d+H] >= 1.5 x gain over (d-H, d]", () => {
    expect(BREAKOUT_RATIO).toBe(1.5);
    expect(isBreakout(100, 150)).toBe(true);
    expect(isBreakout(100, 149.99)).toBe(false);
  });
});

describe("committed weights", () => {
  test("breakout-weights.json is exactly what scripts/fit-breakout.ts fits from both 2017 countries", () => {
    const fresh = buildWeights(DEFAULT_CSVS.map((f) => ({ name: f, text: readFileSync(join(REPO, f), "utf8") })), 1);
    expect(readFileSync(join(REPO, WEIGHTS_FILE), "utf8")).toBe(fresh);
    const w = JSON.parse(fresh);
    expect(w.series.features).toEqual([...SERIES_FEATURES]);
    expect(w.video.features).toEqual(NAMES);
    for (const k of ["series", "video"]) expect(["model", "naive", "unmeasured"]).toContain(w[k].guard.decision);
  }, 120_000);
});
