/**
 * Opportunity scoring (src/rules/opportunity.ts, src/rules/monetization.ts; docs/rules.md
 * "Opportunities"): scores in [0, 100]; opportunityScore falls as supply rises and rises with demand;
 * conviction and opportunityType tables; every monetization entry is an estimate with a disclaimer
 * that it is not a guarantee of income.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { NICHES } from "../../src/domain/enums.ts";
import { OPPORTUNITY_TYPES, conviction, demandScore, opportunityScore, opportunityType, supplyScore, type DemandInput, type OpportunityType } from "../../src/rules/opportunity.ts";
import { possibleMonetization } from "../../src/rules/monetization.ts";

const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const demandIn: fc.Arbitrary<DemandInput> = fc.record({
  videoVelocity: opt(fc.oneof(fc.integer({ min: -1000, max: 1e9 }), fc.double({ min: -1e3, max: 1e12, noNaN: true }))),
  searchScore: opt(fc.double({ min: -50, max: 500, noNaN: true })),
  recentArticles: opt(fc.integer({ min: -5, max: 100 })),
});
const score = fc.double({ min: 0, max: 100, noNaN: true });

/** The doc's demand formula, written independently. */
function docDemand(x: DemandInput): number {
  const parts: [number, number][] = [];
  if (x.videoVelocity != null) parts.push([0.7, Math.min(1, Math.log10(1 + Math.max(0, x.videoVelocity)) / 7)]);
  if (x.searchScore != null) parts.push([0.2, Math.min(1, Math.max(0, x.searchScore) / 100)]);
  if (x.recentArticles != null) parts.push([0.1, Math.min(1, Math.max(0, x.recentArticles) / 10)]);
  const w = parts.reduce((a, [wi]) => a + wi, 0);
  return w ? (100 * parts.reduce((a, [wi, v]) => a + wi * v, 0)) / w : 0;
}

describe("scores", () => {
  test("demandScore in [0, 100] and equal to the weighted mean over the parts present", () => {
    fc.assert(
      fc.property(demandIn, (x) => {
        const d = demandScore(x);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(100);
        expect(Math.abs(d - docDemand(x))).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  test("supplyScore in [0, 100], = 100 × (1 − exp(−(recent + 2 × creators) / 12)), non-decreasing in both", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 20 }), (recent, creators, inc) => {
        const s = supplyScore(recent, creators);
        expect(s >= 0 && s <= 100).toBe(true);
        expect(Math.abs(s - 100 * (1 - Math.exp(-(recent + 2 * creators) / 12)))).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(supplyScore(recent + inc, creators)).toBeGreaterThanOrEqual(s);
        expect(supplyScore(recent, creators + inc)).toBeGreaterThanOrEqual(s);
      }),
      { numRuns: 1500 },
    );
    expect(supplyScore(0, 0)).toBe(0);
  });

  test("opportunityScore in [0, 100] for demand and supply in [0, 100]", () => {
    fc.assert(
      fc.property(score, score, (d, s) => {
        const o = opportunityScore(d, s);
        expect(o >= 0 && o <= 100).toBe(true);
        expect(o).toBeLessThanOrEqual(d + 0.05);
        expect(Math.abs(o - d * (1 - (0.6 * s) / 100))).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  test("opportunityScore decreases when supply rises (demand fixed > 0) and increases with demand (supply fixed)", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 100, noNaN: true }), score, fc.double({ min: 1, max: 100, noNaN: true }), (d, s, ds) => {
        fc.pre(s + ds <= 100);
        // a rise of ≥ 1 supply point moves the score by ≥ 0.006 × demand ≥ 0.006, but results are rounded to 0.1,
        // so compare on rises large enough to survive rounding, and non-strictly otherwise
        expect(opportunityScore(d, s + ds)).toBeLessThanOrEqual(opportunityScore(d, s));
        if (0.006 * d * ds > 0.2) expect(opportunityScore(d, s + ds)).toBeLessThan(opportunityScore(d, s));
        fc.pre(d + ds <= 100);
        expect(opportunityScore(d + ds, s)).toBeGreaterThanOrEqual(opportunityScore(d, s));
        if (ds * (1 - (0.6 * s) / 100) > 0.2) expect(opportunityScore(d + ds, s)).toBeGreaterThan(opportunityScore(d, s));
      }),
      { numRuns: 2000 },
    );
  });

  test("end to end from raw inputs: more recent videos/creators (same demand inputs) never raise the opportunity", () => {
    fc.assert(
      fc.property(demandIn, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 30 }), (x, recent, creators, more) => {
        const d = demandScore(x);
        expect(opportunityScore(d, supplyScore(recent + more, creators + more))).toBeLessThanOrEqual(opportunityScore(d, supplyScore(recent, creators)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("conviction and type tables", () => {
  test.each([
    [60, 2, "HIGH"],
    [99, 30, "HIGH"],
    [60, 1, "MEDIUM"], // HIGH needs ≥ 2 days tracked
    [59.9, 5, "MEDIUM"],
    [40, 1, "MEDIUM"],
    [39.9, 9, "LOW"],
    [0, 0, "LOW"],
  ] as const)("conviction(%p, %d days) = %s", (o, d, c) => {
    expect(conviction(o, d)).toBe(c);
  });

  const base = { demand: 30, supply: 50, hasVideo: true, hasSearch: false, accelerating: false };
  test.each([
    [{ hasSearch: true, hasVideo: false, demand: 90, supply: 90, accelerating: true }, "Search Gap"],
    [{ hasSearch: true, hasVideo: true, demand: 50, supply: 39.9 }, "Video Gap"],
    [{ demand: 50, supply: 39.9 }, "Video Gap"],
    [{ demand: 49.9, supply: 10 }, "Steady"],
    [{ demand: 49.9, supply: 10, accelerating: true }, "Rising"],
    [{ demand: 80, supply: 40 }, "Steady"],
    [{ demand: 80, supply: 70 }, "Crowded"],
    [{ demand: 80, supply: 70, accelerating: true }, "Crowded"],
    [{ demand: 20, supply: 69.9, accelerating: true }, "Rising"],
    [{ demand: 20, supply: 60 }, "Steady"],
  ] as [Partial<typeof base>, OpportunityType][])("opportunityType(%p) = %s", (o, t) => {
    expect(opportunityType({ ...base, ...o })).toBe(t);
  });

  test("opportunityType is always one of the five types", () => {
    fc.assert(
      fc.property(score, score, fc.boolean(), fc.boolean(), fc.boolean(), (demand, supply, hasVideo, hasSearch, accelerating) => {
        expect(OPPORTUNITY_TYPES).toContain(opportunityType({ demand, supply, hasVideo, hasSearch, accelerating }));
      }),
    );
  });
});

describe("possibleMonetization", () => {
  test.each([...NICHES])("%s: non-empty, every entry basis 'estimate' with a 'not a guarantee' disclaimer", (n) => {
    const ms = possibleMonetization(n);
    expect(ms.length).toBeGreaterThan(0);
    for (const m of ms) {
      expect(m.basis).toBe("estimate");
      expect(m.disclaimer.toLowerCase()).toContain("not a guarantee");
      expect(m.model.length).toBeGreaterThan(0);
      expect(Object.keys(m).sort()).toEqual(["basis", "disclaimer", "model"]);
    }
  });

  test("returns a fresh list each call (a caller mutating it cannot alter the table)", () => {
    const a = possibleMonetization("Tech");
    a[0].basis = "guaranteed" as any;
    a.length = 0;
    expect(possibleMonetization("Tech").every((m) => m.basis === "estimate")).toBe(true);
    expect(possibleMonetization("Tech").length).toBeGreaterThan(0);
  });
});
