import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  ACCEL_INDEX,
  BREAKOUT_RATIO,
  CONTEXT_FEATURES,
  MODEL,
  SERIES_FEATURES,
  VIDEO_MODEL,
  breakoutFeatures,
  breakoutProbability,
  fitBreakoutModel,
  fitPlatt,
  isBreakout,
  predict,
  type BreakoutModel,
} from "../../src/rules/breakout.ts";
import { buildWeights, WEIGHTS_FILE } from "../../scripts/fit-breakout.ts";
import { KAGGLE_CSV, REPO } from "../helpers/vault.ts";

const anyNum = fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, 0, -0, 1e308));
const gains = fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { maxLength: 30 });
const ctxArb = fc.option(fc.record({ pos: fc.double({ min: 0, max: 1, noNaN: true }), posPrev: fc.option(fc.double({ min: 0, max: 1, noNaN: true })) }), { nil: undefined });
const models: [string, BreakoutModel, boolean][] = [
  ["MODEL", MODEL, false],
  ["VIDEO_MODEL", VIDEO_MODEL, true],
];

describe("breakoutFeatures", () => {
  test("one finite value per feature for any input, context features only with context", () => {
    fc.assert(
      fc.property(fc.array(anyNum, { maxLength: 20 }), anyNum, anyNum, ctxArb, (y, days, cum, ctx) => {
        const x = breakoutFeatures(y, days, cum, ctx);
        expect(x.length).toBe(SERIES_FEATURES.length + (ctx ? CONTEXT_FEATURES.length : 0));
        for (const v of x) expect(Number.isFinite(v)).toBe(true);
      }),
    );
  });

  test("relAccel is the first feature and rises with the last gain", () => {
    expect(SERIES_FEATURES[ACCEL_INDEX]).toBe("relAccel");
    expect(breakoutFeatures([100, 150], 2, 1000)[ACCEL_INDEX]).toBeCloseTo(0.5);
    expect(breakoutFeatures([100, 50], 2, 1000)[ACCEL_INDEX]).toBeCloseTo(-0.5);
    expect(breakoutFeatures([100], 1, 1000)[ACCEL_INDEX]).toBe(0);
  });

  test("chartPosPrev falls back to chartPos when the item was not on yesterday's chart", () => {
    const x = breakoutFeatures([1, 2], 2, 10, { pos: 0.3, posPrev: null });
    expect(x.slice(-2)).toEqual([0.3, 0.3]);
  });
});

describe("breakoutProbability", () => {
  test("is in [0, 1] for any series, either model and any model coefficients", () => {
    fc.assert(
      fc.property(fc.array(anyNum, { maxLength: 20 }), anyNum, anyNum, ctxArb, fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 9, maxLength: 9 }), (y, days, cum, ctx, w) => {
        const p1 = breakoutProbability(y, days, cum, undefined, ctx);
        const p2 = breakoutProbability(y, days, cum, { bias: w[0], coef: w.slice(1) }, ctx);
        for (const p of [p1, p2]) expect(p >= 0 && p <= 1).toBe(true);
      }),
    );
  });

  test("keeps the 3-argument form for stories (series model, no context)", () => {
    expect(breakoutProbability([5, 10], 3, 100)).toBe(Math.round(predict(MODEL, breakoutFeatures([5, 10], 3, 100)) * 1000) / 1000);
  });

  for (const [name, model, ctx] of models) {
    test(`${name}: the acceleration coefficient is >= 0, so p never falls when acceleration rises, all else equal`, () => {
      expect(model.coef[ACCEL_INDEX]).toBeGreaterThanOrEqual(0);
      fc.assert(
        fc.property(gains, fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 1e10, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), (y, days, cum, pos, bump) => {
          const x = breakoutFeatures(y, days, cum, ctx ? { pos, posPrev: pos } : undefined);
          const hi = x.slice();
          hi[ACCEL_INDEX] += bump;
          expect(predict(model, hi)).toBeGreaterThanOrEqual(predict(model, x));
        }),
      );
    });
  }
});

describe("fitBreakoutModel", () => {
  // Small random training sets, including ones where acceleration is *negatively* related to the
  // label, so the ≥ 0 constraint has to bind.
  const dataset = fc.array(fc.tuple(fc.array(fc.double({ min: -1, max: 3, noNaN: true }), { minLength: 4, maxLength: 4 }), fc.boolean(), fc.boolean()), { minLength: 2, maxLength: 60 });

  test("keeps the acceleration coefficient >= 0 and outputs probabilities in [0, 1]", () => {
    fc.assert(
      fc.property(dataset, (rows) => {
        const X = rows.map((r) => r[0]);
        const yv = rows.map((r) => (r[1] ? 1 : 0));
        const f = fitBreakoutModel(X, yv, { rankLabels: rows.map((r) => (r[2] ? 1 : 0)), iters: 50 });
        expect(f.model.coef[ACCEL_INDEX]).toBeGreaterThanOrEqual(0);
        for (const x of X) {
          const p = predict(f.model, x);
          expect(p >= 0 && p <= 1).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("binds when acceleration predicts the opposite of a breakout", () => {
    const X = Array.from({ length: 200 }, (_, i) => [i % 2 ? 2 : -1, (i * 37) % 11 / 11]);
    const yv = X.map((x) => (x[0] < 0 ? 1 : 0));
    expect(fitBreakoutModel(X, yv).model.coef[0]).toBe(0);
  });

  test("with one class only it returns the smoothed base rate, a constant", () => {
    const f = fitBreakoutModel([[1], [2], [3]], [0, 0, 0]);
    expect(f.kind).toBe("base-rate");
    expect(predict(f.model, [1])).toBeCloseTo(0.5 / 4, 10);
    expect(predict(f.model, [100])).toBeCloseTo(0.5 / 4, 10);
  });

  test("is calibrated on the breakout labels: mean p is close to the base rate in-sample", () => {
    const X = Array.from({ length: 1000 }, (_, i) => [((i * 7919) % 1000) / 1000, ((i * 104729) % 997) / 997]);
    const yv = X.map((x) => (x[0] + 0.3 * x[1] > 1.05 ? 1 : 0));
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
});

describe("definition", () => {
  test("breakout = gain over (d, d+H] >= 1.5 x gain over (d-H, d]", () => {
    expect(BREAKOUT_RATIO).toBe(1.5);
    expect(isBreakout(100, 150)).toBe(true);
    expect(isBreakout(100, 149.99)).toBe(false);
  });
});

describe("committed weights", () => {
  test("breakout-weights.json is exactly what scripts/fit-breakout.ts fits from the shipped CSV", () => {
    const fresh = buildWeights(readFileSync(KAGGLE_CSV, "utf8"), "youtube-us-2017.csv", 1);
    expect(readFileSync(join(REPO, WEIGHTS_FILE), "utf8")).toBe(fresh);
    const w = JSON.parse(fresh);
    expect(w.series.features).toEqual([...SERIES_FEATURES]);
    expect(w.video.features).toEqual([...SERIES_FEATURES, ...CONTEXT_FEATURES]);
  }, 120_000);
});
