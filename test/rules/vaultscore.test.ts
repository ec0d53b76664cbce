/**
 * vaultScore (src/rules/vaultscore.ts), breakoutProbability (src/rules/breakout.ts) and viral_score
 * (src/rules/viralscore.ts), against docs/rules.md:
 *   vaultScore = 100 × (0.40·level + 0.30·momentum + 0.15·breadth + 0.15·persistence), in [0, 100],
 *   monotone in each part; breakoutProbability in [0, 1] and never lower when acceleration rises with
 *   all else equal; viral_score = 0.7 × vaultScore + 30 × min(1, p / (5 × base rate)) clipped to [0, 100].
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { VAULT_WEIGHTS, vaultScore, vaultScoreParts, type VaultScoreInput } from "../../src/rules/vaultscore.ts";
import { BASE_RATE, breakoutProbability } from "../../src/rules/breakout.ts";
import { VIRAL_WEIGHTS, viralScoreOf } from "../../src/rules/viralscore.ts";

const gain = fc.oneof(fc.integer({ min: 0, max: 20_000_000 }), fc.double({ min: 0, max: 1e8, noNaN: true }));
const ys = fc.array(gain, { maxLength: 14 });
const input: fc.Arbitrary<VaultScoreInput> = fc.record({
  y: ys,
  creators: fc.integer({ min: 0, max: 50 }),
  sources: fc.integer({ min: 0, max: 3 }),
  daysTracked: fc.integer({ min: 0, max: 60 }),
});

/** The doc's formula, written independently of the implementation. */
function docVaultScore(x: VaultScoreInput): number {
  const n = x.y.length;
  const cur = n ? Math.max(0, x.y[n - 1]) : 0;
  const prev = n >= 2 ? Math.max(0, x.y[n - 2]) : cur;
  const relChange = prev > 0 ? cur / prev - 1 : cur > 0 ? 1 : -1; // nothing now and before: no momentum
  const clip01 = (v: number) => Math.min(1, Math.max(0, v));
  const level = Math.min(1, Math.log10(1 + cur) / 7);
  const momentum = clip01((relChange + 1) / 2);
  const breadth = clip01((x.creators + x.sources - 1) / 5);
  const persistence = clip01(x.daysTracked / 7);
  return 100 * (0.4 * level + 0.3 * momentum + 0.15 * breadth + 0.15 * persistence);
}

describe("vaultScore", () => {
  test("weights are the documented ones and sum to 1", () => {
    expect(VAULT_WEIGHTS).toEqual({ level: 0.4, momentum: 0.3, breadth: 0.15, persistence: 0.15 });
    expect(Object.values(VAULT_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  test("in [0, 100], every part in [0, 1], and equal to the doc's formula (to its 0.1 rounding)", () => {
    fc.assert(
      fc.property(input, (x) => {
        const s = vaultScore(x);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        for (const p of Object.values(vaultScoreParts(x))) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        expect(Math.abs(s - docVaultScore(x))).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  test("in [0, 100] even for hostile inputs (negative gains, huge counts)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e12, max: 1e12, noNaN: true }), { maxLength: 6 }),
        fc.integer({ min: -10, max: 10_000 }),
        fc.integer({ min: -10, max: 100 }),
        fc.integer({ min: -10, max: 100_000 }),
        (y, creators, sources, daysTracked) => {
          const s = vaultScore({ y, creators, sources, daysTracked });
          expect(s >= 0 && s <= 100).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("monotone in each part: more creators, sources or days tracked never lower the score", () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 20 }), fc.constantFrom("creators", "sources", "daysTracked"), (x, inc, key) => {
        const more = { ...x, [key]: (x as any)[key] + inc };
        expect(vaultScore(more)).toBeGreaterThanOrEqual(vaultScore(x));
      }),
      { numRuns: 1500 },
    );
  });

  test("monotone in the current level: a higher last gain (previous fixed) never lowers the score", () => {
    fc.assert(
      fc.property(ys.filter((y) => y.length >= 1), fc.double({ min: 0, max: 1e7, noNaN: true }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 30 }), (y, inc, creators, sources, daysTracked) => {
        const up = [...y.slice(0, -1), y[y.length - 1] + inc];
        // with one point, "prev" is the point itself: compare on two-point series to keep prev fixed
        const a = y.length >= 2 ? y : [y[0], y[0]];
        const b = y.length >= 2 ? up : [y[0], y[0] + inc];
        expect(vaultScore({ y: b, creators, sources, daysTracked })).toBeGreaterThanOrEqual(vaultScore({ y: a, creators, sources, daysTracked }));
        expect(up.length).toBe(y.length);
      }),
      { numRuns: 1500 },
    );
  });

  test("monotone in momentum: a lower previous gain (current fixed) never lowers the score", () => {
    fc.assert(
      fc.property(gain, gain, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 30 }), (prev, cur, f, creators, daysTracked) => {
        const lower = prev * f;
        expect(vaultScore({ y: [lower, cur], creators, sources: 1, daysTracked })).toBeGreaterThanOrEqual(vaultScore({ y: [prev, cur], creators, sources: 1, daysTracked }));
      }),
      { numRuns: 1500 },
    );
  });

  test("anchor points from the doc: no activity at all = 0; 10^7 views/day, doubling, 5 creators + 1 source, 7 days → 100", () => {
    // nothing gained now and before → momentum part 0 (a story gone quiet is not "steady")
    expect(vaultScore({ y: [], creators: 0, sources: 0, daysTracked: 0 })).toBe(0);
    expect(vaultScore({ y: [0, 0], creators: 0, sources: 0, daysTracked: 0 })).toBe(0);
    expect(vaultScore({ y: [5e6, 1e7], creators: 5, sources: 1, daysTracked: 7 })).toBe(100);
    // momentum 0.5 when flat: 100 × 0.30 × 0.5 = 15 with nothing else
    expect(vaultScore({ y: [1e-9, 1e-9], creators: 0, sources: 1, daysTracked: 0 })).toBeCloseTo(15, 1);
  });
});

describe("breakoutProbability (series level; [0, 1] and the model-level monotonicity are in breakout.test.ts)", () => {
  const ctx = fc.option(fc.record({ pos: fc.double({ min: -1, max: 2, noNaN: true }), posPrev: fc.option(fc.double({ min: -1, max: 2, noNaN: true }), { nil: null }) }), { nil: null });

  test("does not fall when acceleration rises, all else equal (series: a smaller previous gain, same current gain and total)", () => {
    fc.assert(
      fc.property(
        fc.array(gain, { maxLength: 6 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 1e10 }),
        ctx,
        (head, prev, cur, f, d, cum, c) => {
          const lowerPrev = Math.max(1e-3, prev * f);
          const pHigh = breakoutProbability([...head, lowerPrev, cur], d, cum, undefined, c);
          const pLow = breakoutProbability([...head, prev, cur], d, cum, undefined, c);
          expect(pHigh).toBeGreaterThanOrEqual(pLow);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe("viral_score", () => {
  test("weights are the documented ones: 0.7 × vaultScore + 30 × min(1, p / (5 × base rate))", () => {
    expect(VIRAL_WEIGHTS).toEqual({ vaultScore: 0.7, breakout: 30, fullAtBaseRateMultiple: 5 });
  });

  test("in [0, 100] for any vaultScore in [0, 100] and probability in [0, 1], equal to the formula (0.1 rounding)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (v, p) => {
        const s = viralScoreOf(v, p);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        expect(Math.abs(s - Math.min(100, 0.7 * v + 30 * Math.min(1, p / (5 * BASE_RATE))))).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  test("clipped to [0, 100] for out-of-range parts, and monotone in both parts", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (v, p, dv, dp) => {
        const s = viralScoreOf(v, p);
        expect(s >= 0 && s <= 100).toBe(true);
        expect(viralScoreOf(v + dv, p)).toBeGreaterThanOrEqual(s);
        expect(viralScoreOf(v, p + dp)).toBeGreaterThanOrEqual(s);
      }),
      { numRuns: 1500 },
    );
  });

  test("end to end on real inputs: viral_score of vaultScore/breakoutProbability computed from random series is in [0, 100]", () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 1e10 }), (x, cum) => {
        const s = viralScoreOf(vaultScore(x), breakoutProbability(x.y, x.daysTracked, cum));
        expect(s >= 0 && s <= 100).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
