import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { auc, aucStandardError, brier, calibrationTable, rse } from "../../src/rules/metrics.ts";

/** Deterministic pseudo-random numbers (LCG) so the "random scores" test never flakes. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const labelled = fc.array(fc.tuple(fc.integer({ min: 0, max: 1000 }).map((x) => x / 1000), fc.boolean()), { minLength: 2, maxLength: 80 }).filter((r) => r.some((x) => x[1]) && r.some((x) => !x[1]));

describe("auc", () => {
  test("perfect ranking = 1, inverted = 0, all tied = 0.5", () => {
    const y = [0, 0, 0, 1, 1];
    expect(auc([0.1, 0.2, 0.3, 0.8, 0.9], y)).toBe(1);
    expect(auc([0.9, 0.8, 0.7, 0.2, 0.1], y)).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5, 0.5], y)).toBe(0.5);
  });

  test("random scores give about 0.5", () => {
    const r = lcg(42);
    const n = 20000;
    const y = Array.from({ length: n }, () => (r() < 0.05 ? 1 : 0));
    const p = Array.from({ length: n }, () => r());
    expect(Math.abs(auc(p, y) - 0.5)).toBeLessThan(0.03);
  });

  test("ties count one half: one positive tied with one negative", () => {
    expect(auc([0.3, 0.3], [1, 0])).toBe(0.5);
    expect(auc([0.1, 0.3, 0.3], [0, 1, 0])).toBe(0.75);
  });

  test("undefined (NaN) with one class only", () => {
    expect(auc([0.1, 0.2], [0, 0])).toBeNaN();
    expect(auc([0.1, 0.2], [1, 1])).toBeNaN();
    expect(auc([], [])).toBeNaN();
  });

  test("negating the scores gives 1 - auc; a monotone transform changes nothing", () => {
    fc.assert(
      fc.property(labelled, (rows) => {
        const p = rows.map((r) => r[0]);
        const y = rows.map((r) => (r[1] ? 1 : 0));
        const a = auc(p, y);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(1);
        expect(auc(p.map((x) => -x), y)).toBeCloseTo(1 - a, 12);
        expect(auc(p.map((x) => Math.exp(3 * x)), y)).toBeCloseTo(a, 12);
      }),
    );
  });

  test("Hanley–McNeil standard error shrinks with more data and is NaN when auc is", () => {
    expect(aucStandardError(0.75, 45, 2300)).toBeLessThan(aucStandardError(0.75, 10, 500));
    expect(aucStandardError(0.75, 45, 2300)).toBeGreaterThan(0.02);
    expect(aucStandardError(NaN, 1, 1)).toBeNaN();
  });
});

describe("brier", () => {
  test("0 for perfect, 1 for perfectly wrong, 0.25 for always 0.5", () => {
    expect(brier([1, 0, 1], [1, 0, 1])).toBe(0);
    expect(brier([0, 1], [1, 0])).toBe(1);
    expect(brier([0.5, 0.5, 0.5, 0.5], [1, 0, 0, 1])).toBe(0.25);
    expect(brier([0.2, 0.9], [0, 1])).toBeCloseTo((0.04 + 0.01) / 2, 12);
    expect(brier([], [])).toBeNaN();
  });

  test("predicting the base rate scores rate·(1 − rate)", () => {
    const y = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(brier(y.map(() => 0.1), y)).toBeCloseTo(0.09, 12);
  });
});

describe("calibrationTable", () => {
  test("equal-count bins covering every point once, in increasing p", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), { maxLength: 200 }), fc.integer({ min: 1, max: 12 }), (rows, bins) => {
        const p = rows.map((r) => r[0]);
        const y = rows.map((r) => (r[1] ? 1 : 0));
        const t = calibrationTable(p, y, bins);
        expect(t.reduce((a, r) => a + r.n, 0)).toBe(rows.length);
        expect(t.reduce((a, r) => a + r.positives, 0)).toBe(y.reduce<number>((a, b) => a + b, 0));
        if (rows.length) expect(t.length).toBe(Math.min(bins, rows.length));
        for (const r of t) {
          expect(Math.max(...t.map((x) => x.n)) - Math.min(...t.map((x) => x.n))).toBeLessThanOrEqual(1);
          expect(r.pMin).toBeLessThanOrEqual(r.meanPredicted + 1e-12);
          expect(r.meanPredicted).toBeLessThanOrEqual(r.pMax + 1e-12);
          expect(r.observedRate).toBeCloseTo(r.positives / r.n, 12);
        }
        for (let i = 1; i < t.length; i++) expect(t[i].pMin).toBeGreaterThanOrEqual(t[i - 1].pMax);
      }),
    );
  });

  test("a worked example", () => {
    const t = calibrationTable([0.1, 0.9, 0.2, 0.8], [0, 1, 0, 0], 2);
    expect(t).toEqual([
      { bin: 1, n: 2, pMin: 0.1, pMax: 0.2, meanPredicted: 0.15000000000000002, positives: 0, observedRate: 0 },
      { bin: 2, n: 2, pMin: 0.8, pMax: 0.9, meanPredicted: 0.8500000000000001, positives: 1, observedRate: 0.5 },
    ]);
  });
});

describe("rse", () => {
  test("mean of (projected/actual − 1)²", () => {
    expect(rse([110, 90], [100, 100])).toBeCloseTo(0.01, 12);
    expect(rse([100], [100])).toBe(0);
    expect(rse([], [])).toBeNaN();
  });
});
