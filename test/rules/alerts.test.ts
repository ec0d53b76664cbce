/**
 * Alert selection, receipts and track record as pure rules (src/rules/alerts.ts; docs/rules.md
 * "Alerts, brief, receipts"). The same properties on real vaults live in test/engine/intel.test.ts.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { BRIEF_TOP_N, PRIME_BREAKOUT, SCORE_GATE, alertConfidence, selectAlerts, selectReceipts, tier, trackRecord, trackRecordWithBaseline, type AlertCandidate, type ReceiptCandidate } from "../../src/rules/alerts.ts";

const cand: fc.Arbitrary<AlertCandidate> = fc.record({
  storyId: fc.constantFrom("st_a", "st_b", "st_c", "st_d", "st_e", "st_f", "st_g", "st_h"),
  accelerating: fc.boolean(),
  vaultScore: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(39.9, 40, 40.1)),
  velocity: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 1e7, noNaN: true })),
});
const cands = fc.array(cand, { maxLength: 30 });

describe("selectAlerts", () => {
  test("transparency: considered = shown + notAccelerating + belowTopCut + belowScoreGate, each count independently right", () => {
    fc.assert(
      fc.property(cands, fc.integer({ min: 1, max: 12 }), (cs, topN) => {
        const { shown, transparency: t } = selectAlerts(cs, topN);
        expect(t.alertsConsidered).toBe(cs.length);
        expect(t.alertsShown + t.excludedNotAccelerating + t.excludedBelowTopCut + t.excludedBelowScoreGate).toBe(t.alertsConsidered);
        expect(t.alertsShown).toBe(shown.length);
        expect(t.excludedNotAccelerating).toBe(cs.filter((c) => !c.accelerating).length);
        expect(t.excludedBelowScoreGate).toBe(cs.filter((c) => c.accelerating && c.vaultScore < SCORE_GATE).length);
        const eligible = cs.filter((c) => c.accelerating && c.vaultScore >= SCORE_GATE);
        expect(t.alertsShown).toBe(Math.min(topN, new Set(eligible.map((c) => c.storyId)).size));
        expect(typeof t.note).toBe("string");
      }),
      { numRuns: 2000 },
    );
  });

  test("shown: at most one per story, at most topN, all accelerating and ≥ the gate, sorted by vaultScore desc (then velocity desc)", () => {
    fc.assert(
      fc.property(cands, fc.integer({ min: 1, max: 12 }), (cs, topN) => {
        const { shown } = selectAlerts(cs, topN);
        expect(shown.length).toBeLessThanOrEqual(topN);
        expect(new Set(shown.map((c) => c.storyId)).size).toBe(shown.length);
        for (const c of shown) {
          expect(c.accelerating).toBe(true);
          expect(c.vaultScore).toBeGreaterThanOrEqual(SCORE_GATE);
        }
        for (let i = 1; i < shown.length; i++) {
          expect(shown[i - 1].vaultScore).toBeGreaterThanOrEqual(shown[i].vaultScore);
          if (shown[i - 1].vaultScore === shown[i].vaultScore) expect(shown[i - 1].velocity).toBeGreaterThanOrEqual(shown[i].velocity);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("each shown story is represented by its best candidate, and no eligible story left out scores above a shown one", () => {
    fc.assert(
      fc.property(cands, fc.integer({ min: 1, max: 12 }), (cs, topN) => {
        const { shown } = selectAlerts(cs, topN);
        const eligible = cs.filter((c) => c.accelerating && c.vaultScore >= SCORE_GATE);
        const bestOf = new Map<string, number>();
        for (const c of eligible) bestOf.set(c.storyId, Math.max(bestOf.get(c.storyId) ?? -1, c.vaultScore));
        for (const c of shown) expect(c.vaultScore).toBe(bestOf.get(c.storyId)!);
        const shownIds = new Set(shown.map((c) => c.storyId));
        const minShown = Math.min(...shown.map((c) => c.vaultScore));
        for (const [id, best] of bestOf) if (!shownIds.has(id)) expect(best).toBeLessThanOrEqual(minShown);
      }),
      { numRuns: 1500 },
    );
  });

  test("the input order does not change what is shown", () => {
    fc.assert(
      fc.property(cands, (cs) => {
        const a = selectAlerts(cs).shown.map((c) => c.storyId);
        const b = selectAlerts([...cs].reverse()).shown.map((c) => c.storyId);
        expect(b).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });

  test("table: duplicates of a shown story and ranks past the top N count as below the top cut", () => {
    const c = (storyId: string, vaultScore: number, accelerating = true, velocity = 1) => ({ storyId, vaultScore, accelerating, velocity });
    const { shown, transparency } = selectAlerts([c("a", 90), c("a", 80), c("b", 70), c("c", 60), c("d", 39), c("e", 95, false)], 2);
    expect(shown.map((x) => x.storyId)).toEqual(["a", "b"]);
    expect(transparency).toMatchObject({ alertsConsidered: 6, alertsShown: 2, excludedNotAccelerating: 1, excludedBelowScoreGate: 1, excludedBelowTopCut: 2 });
    expect(BRIEF_TOP_N).toBe(5);
    expect(SCORE_GATE).toBe(40);
  });
});

describe("tier and confidence tables", () => {
  test.each([
    [70, PRIME_BREAKOUT, "PRIME"],
    [100, 1, "PRIME"],
    [69.9, 0.9, "STRONG"],
    [90, PRIME_BREAKOUT - 0.001, "STRONG"],
    [0, 0, "STRONG"],
  ] as const)("tier(%p, %p) = %s", (s, p, t) => {
    expect(tier(s, p)).toBe(t);
  });

  test.each([
    [5, 2, 1, "high"],
    [5, 1, 3, "high"],
    [5, 1, 2, "medium"],
    [4, 3, 9, "medium"],
    [3, 1, 1, "medium"],
    [1, 1, 2, "medium"],
    [2, 3, 1, "low"],
    [1, 1, 1, "low"],
  ] as const)("alertConfidence(days %d, sources %d, creators %d) = %s", (d, s, c, conf) => {
    expect(alertConfidence(d, s, c)).toBe(conf);
  });
});

const DATES = ["2017-10-01", "2017-10-02", "2017-10-03", "2017-10-04", "2017-10-05"];
const receipt: fc.Arbitrary<ReceiptCandidate> = fc.record({
  storyId: fc.constantFrom("st_1", "st_2", "st_3", "st_4", "st_5", "st_6"),
  alertDate: fc.constantFrom(...DATES),
  daysMeasured: fc.integer({ min: 0, max: 5 }),
  growthPct: fc.double({ min: -100, max: 1000, noNaN: true }),
});
/** Unique (alertDate, storyId): the alert log holds one entry per story per day. */
const receipts = fc.uniqueArray(receipt, { selector: (r) => `${r.alertDate}|${r.storyId}`, maxLength: 20 });

describe("receipts", () => {
  test("the 5 most recent measured alerts (alertDate desc, then storyId), never chosen by growth", () => {
    fc.assert(
      fc.property(receipts, (rs) => {
        const got = selectReceipts(rs);
        const expected = rs
          .filter((r) => r.daysMeasured >= 1)
          .map((r) => `${r.alertDate}|${r.storyId}`)
          .sort((a, b) => {
            const [da, sa] = a.split("|");
            const [db, sb] = b.split("|");
            return da !== db ? (da < db ? 1 : -1) : sa < sb ? -1 : 1;
          })
          .slice(0, 5);
        expect(got.map((r) => `${r.alertDate}|${r.storyId}`)).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
  });

  test("permuting or altering growth values never changes which receipts are selected", () => {
    fc.assert(
      fc.property(receipts, fc.array(fc.double({ min: -100, max: 1e6, noNaN: true }), { minLength: 20, maxLength: 20 }), fc.integer({ min: 0, max: 19 }), (rs, growths, rot) => {
        const key = (xs: ReceiptCandidate[]) => xs.map((r) => `${r.alertDate}|${r.storyId}`);
        const base = key(selectReceipts(rs));
        const altered = rs.map((r, i) => ({ ...r, growthPct: growths[i] }));
        const permutedGrowth = rs.map((r, i) => ({ ...r, growthPct: rs[(i + rot) % rs.length].growthPct }));
        const reordered = [...rs.slice(rot % Math.max(1, rs.length)), ...rs.slice(0, rot % Math.max(1, rs.length))];
        expect(key(selectReceipts(altered))).toEqual(base);
        expect(key(selectReceipts(permutedGrowth))).toEqual(base);
        expect(key(selectReceipts(reordered))).toEqual(base);
      }),
      { numRuns: 1000 },
    );
  });

  test("trackRecord counts every measured alert (not only the 5 shown): count, share grown, median", () => {
    fc.assert(
      fc.property(receipts, (rs) => {
        const t = trackRecord(rs);
        const m = rs.filter((r) => r.daysMeasured >= 1);
        expect(t.alertsMeasured).toBe(m.length);
        if (!m.length) {
          expect(t.shareGrew).toBeNull();
          expect(t.medianGrowthPct).toBeNull();
          return;
        }
        expect(t.shareGrew!).toBeCloseTo(m.filter((r) => r.growthPct > 0).length / m.length, 3);
        const g = m.map((r) => r.growthPct).sort((a, b) => a - b);
        const med = g.length % 2 ? g[(g.length - 1) / 2] : (g[g.length / 2 - 1] + g[g.length / 2]) / 2;
        expect(Math.abs(t.medianGrowthPct! - med)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 1500 },
    );
  });
});

describe("trackRecordWithBaseline", () => {
  const r = (growthPct: number, daysMeasured = 2) => ({ storyId: "st_x", alertDate: "2017-10-01", daysMeasured, growthPct });
  test.each([
    // alerts' growth, baseline growth, expected alerts median, baseline median, lift
    [[10, 20, 30], [5, 5, 5, 50], 20, 5, 15],
    [[10], [20, 30], 10, 25, -15],
    [[], [1, 2], null, 1.5, null],
    [[4, 8], [], 6, null, null],
  ] as const)("alerts %j vs baseline %j", (a, b, ma, mb, lift) => {
    const t = trackRecordWithBaseline(a.map((g) => r(g)), b.map((g) => r(g)));
    expect(t.medianGrowthPct).toBe(ma);
    expect(t.baseline.medianGrowthPct).toBe(mb);
    expect(t.baseline.itemsMeasured).toBe(b.length);
    expect(t.liftPct).toBe(lift);
  });

  test("items measured for less than a day count on neither side; lift = difference of medians", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -50, max: 500 }), fc.integer({ min: 0, max: 5 }))), fc.array(fc.tuple(fc.integer({ min: -50, max: 500 }), fc.integer({ min: 0, max: 5 }))), (a, b) => {
        const t = trackRecordWithBaseline(a.map(([g, d]) => r(g, d)), b.map(([g, d]) => r(g, d)));
        expect(t.alertsMeasured).toBe(a.filter(([, d]) => d >= 1).length);
        expect(t.baseline.itemsMeasured).toBe(b.filter(([, d]) => d >= 1).length);
        if (t.liftPct !== null) expect(t.liftPct).toBeCloseTo(t.medianGrowthPct! - t.baseline.medianGrowthPct!, 1);
        else expect(t.medianGrowthPct === null || t.baseline.medianGrowthPct === null).toBe(true);
      }),
    );
  });
});
