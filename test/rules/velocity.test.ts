/**
 * Velocity, acceleration and viralScore (src/rules/velocity.ts; docs/rules.md):
 * velocity = gain per day over the last interval, negative gains clamp to 0, null with one
 * observation; acceleration = change of velocity per day between the last two intervals, null with
 * fewer than 3; viralScore = round(100 × log10(1 + velocity) / 7) clipped to 0..100, null when unknown.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { acceleration, velocities, velocity, viralScore } from "../../src/rules/velocity.ts";
import { searchScore } from "../../src/engine/storyview.ts";

/** Strictly increasing day ordinals with gaps of 1..3 days, and views (any integers, recounts included). */
const obs = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 3 }), views: fc.integer({ min: 0, max: 2_000_000_000 }) }), { minLength: 1, maxLength: 12 })
  .map((xs) => {
    const d: number[] = [];
    const v: number[] = [];
    let day = 17_000;
    for (const x of xs) {
      day += x.gap;
      d.push(day);
      v.push(x.views);
    }
    return { d, v };
  });

describe("velocity and acceleration", () => {
  test("velocity = last gain / last gap, clamped at 0; null with one observation", () => {
    fc.assert(
      fc.property(obs, ({ d, v }) => {
        const n = d.length;
        const vel = velocity(d, v);
        if (n < 2) return expect(vel).toBeNull();
        const expected = Math.max(0, v[n - 1] - v[n - 2]) / (d[n - 1] - d[n - 2]);
        expect(vel).toBe(expected);
        expect(vel!).toBeGreaterThanOrEqual(0);
        expect(velocities(d, v)[n - 2]).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  test("velocities: one per interval, all ≥ 0", () => {
    fc.assert(
      fc.property(obs, ({ d, v }) => {
        const vs = velocities(d, v);
        expect(vs.length).toBe(d.length - 1);
        for (const x of vs) expect(x).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test("acceleration = (last velocity − previous velocity) / mean gap of the two intervals; null with < 3 observations", () => {
    fc.assert(
      fc.property(obs, ({ d, v }) => {
        const n = d.length;
        const a = acceleration(d, v);
        if (n < 3) return expect(a).toBeNull();
        const v1 = Math.max(0, v[n - 1] - v[n - 2]) / (d[n - 1] - d[n - 2]);
        const v0 = Math.max(0, v[n - 2] - v[n - 3]) / (d[n - 2] - d[n - 3]);
        expect(a!).toBeCloseTo((v1 - v0) / ((d[n - 1] - d[n - 3]) / 2), 6);
      }),
      { numRuns: 1000 },
    );
  });

  test("examples: a platform recount (views fall) is velocity 0; daily steps", () => {
    expect(velocity([1, 2], [1000, 900])).toBe(0);
    expect(velocity([1, 3], [1000, 3000])).toBe(1000);
    expect(velocity([5], [10])).toBeNull();
    expect(acceleration([1, 2, 3], [0, 100, 300])).toBe(100);
    expect(acceleration([1, 2], [0, 100])).toBeNull();
  });
});

describe("viralScore", () => {
  test("in 0..100 and an integer for any velocity; null for unknown", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -1e6, max: 1e12 })), (x) => {
        const s = viralScore(x);
        if (!Number.isFinite(x)) return expect(s).toBeNull();
        expect(Number.isInteger(s)).toBe(true);
        expect(s!).toBeGreaterThanOrEqual(0);
        expect(s!).toBeLessThanOrEqual(100);
      }),
      { numRuns: 2000 },
    );
    expect(viralScore(null)).toBeNull();
    expect(viralScore(NaN)).toBeNull();
  });

  test("non-decreasing in velocity", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(viralScore(hi)!).toBeGreaterThanOrEqual(viralScore(lo)!);
      }),
    );
  });

  test("doc anchors: 10^7 views/day = 100, 1,000/day ≈ 43, 0 = 0, beyond 10^7 stays 100", () => {
    expect(viralScore(1e7)).toBe(100);
    expect(viralScore(1000)).toBe(43); // 100 × log10(1001) / 7 = 42.86
    expect(viralScore(0)).toBe(0);
    expect(viralScore(1e12)).toBe(100);
    expect(viralScore(-50)).toBe(0);
  });

  test("searchScore uses the same log scale on the traffic bucket's lower bound", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (t) => {
        expect(searchScore(t)).toBe(viralScore(t)!);
      }),
    );
    expect(searchScore(200_000)).toBe(Math.round((100 * Math.log10(200_001)) / 7));
  });
});
