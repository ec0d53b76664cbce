import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { DECAY_BUCKETS, DEFAULT_DECAY, RHO_MAX, decayBucket, decaySum, fitDecay, projectViews, type DecayModel, type DecayPoint } from "../../src/rules/projection.ts";

const rho = fc.double({ min: 0, max: RHO_MAX, noNaN: true });
const modelArb: fc.Arbitrary<DecayModel> = fc.tuple(rho, rho, rho, rho).map(([a, b, c, p]) => ({ rho: [a, b, c], pooled: p, samples: [1, 1, 1] }));
const views = fc.double({ min: 0, max: 1e10, noNaN: true });
const days = fc.integer({ min: 0, max: 40 });
const horizon = fc.integer({ min: 0, max: 14 });

describe("projectViews", () => {
  test("never projects below the current views, and is finite for any input", () => {
    fc.assert(
      fc.property(modelArb, fc.oneof(views, fc.constantFrom(NaN, -5, Infinity)), fc.oneof(views, fc.constantFrom(NaN, -5, Infinity)), days, horizon, (m, v, g, d, h) => {
        const p = projectViews(v, g, d, h, m);
        expect(Number.isFinite(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(Number.isFinite(v) ? Math.max(0, v) : 0);
      }),
    );
  });

  test("is non-decreasing in the horizon and in the recent gain", () => {
    fc.assert(
      fc.property(modelArb, views, views, views, days, horizon, (m, v, g1, g2, d, h) => {
        expect(projectViews(v, g1, d, h + 1, m)).toBeGreaterThanOrEqual(projectViews(v, g1, d, h, m));
        const [lo, hi] = g1 <= g2 ? [g1, g2] : [g2, g1];
        expect(projectViews(v, hi, d, h, m)).toBeGreaterThanOrEqual(projectViews(v, lo, d, h, m));
      }),
    );
  });

  test("is scale-free: c x (views, gain) projects c x the views", () => {
    fc.assert(
      fc.property(modelArb, views, views, days, horizon, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (m, v, g, d, h, c) => {
        const a = projectViews(c * v, c * g, d, h, m);
        const b = c * projectViews(v, g, d, h, m);
        expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
      }),
    );
  });

  test("H = 0 is no growth; H = 1 adds gain x rho of the item's bucket; longer horizons compound", () => {
    const m: DecayModel = { rho: [0.5, 0.7, 0.8], pooled: 0.6, samples: [1, 1, 1] };
    expect(projectViews(1000, 100, 2, 0, m)).toBe(1000);
    expect(projectViews(1000, 100, 2, 1, m)).toBeCloseTo(1050);
    expect(projectViews(1000, 100, 3, 1, m)).toBeCloseTo(1070);
    expect(projectViews(1000, 100, 2, 2, m)).toBeCloseTo(1000 + 100 * (0.5 + 0.5 * 0.7));
    expect(decaySum(m, 9, 3)).toBeCloseTo(0.8 + 0.64 + 0.512);
  });

  test("uses the committed serving decay by default", () => {
    expect(projectViews(1000, 100, 2, 1)).toBeCloseTo(1000 + 100 * DEFAULT_DECAY.rho[0]);
  });
});

describe("fitDecay", () => {
  test("recovers the per-bucket ratio from noiseless one-step points", () => {
    fc.assert(
      fc.property(fc.tuple(rho, rho, rho), fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.double({ min: 1, max: 1e7, noNaN: true }), fc.double({ min: 1, max: 1e6, noNaN: true })), { minLength: 1, maxLength: 40 }), (r, rows) => {
        const pts: DecayPoint[] = rows.map(([d, v, g]) => ({ v, g, daysTracked: d, next: v + g * r[decayBucket(d)] }));
        const m = fitDecay(pts)!;
        for (const [d] of rows) expect(m.rho[decayBucket(d)]).toBeCloseTo(r[decayBucket(d)], 6);
      }),
    );
  });

  test("buckets are days tracked <= 2, 3, >= 4", () => {
    expect(DECAY_BUCKETS).toEqual([2, 3]);
    expect([1, 2, 3, 4, 9].map(decayBucket)).toEqual([0, 0, 1, 2, 2]);
  });

  test("an empty bucket falls back to the pooled ratio; no usable point gives null", () => {
    const m = fitDecay([{ v: 100, g: 10, daysTracked: 2, next: 105 }])!;
    for (const r of m.rho) expect(r).toBeCloseTo(0.5, 12);
    expect(m.samples).toEqual([1, 0, 0]);
    expect(fitDecay([])).toBeNull();
    expect(fitDecay([{ v: 100, g: 0, daysTracked: 2, next: 100 }, { v: NaN, g: 5, daysTracked: 2, next: 3 }, { v: 1, g: 1, daysTracked: 2, next: 0 }])).toBeNull();
  });

  test("ratios stay within [0, RHO_MAX]", () => {
    const m = fitDecay([{ v: 100, g: 1, daysTracked: 5, next: 1e6 }, { v: 100, g: 50, daysTracked: 2, next: 60 }])!;
    expect(m.rho[2]).toBe(RHO_MAX);
    expect(m.rho[0]).toBe(0);
  });
});
