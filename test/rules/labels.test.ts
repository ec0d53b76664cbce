/**
 * Story labels (src/rules/labels.ts, docs/rules.md "Story labels"):
 *  - scale invariance: multiplying the whole series by k > 0 changes no label;
 *  - a strictly convex growing cumulative series is `accelerating` (also end to end through ingest);
 *  - the thresholds of the rules, as tables derived from the doc (tol = 2% of peak, 95% / 60% of peak,
 *    ≤ 2 days emerging, ≤ 3 days early).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  ACCEL_TRENDS,
  LIFECYCLES,
  MOMENTUMS,
  PHASES,
  TIMINGS,
  accelTrend,
  lifecycle,
  momentum,
  phase,
  timing,
  type AccelTrend,
  type Lifecycle,
  type Momentum,
} from "../../src/rules/labels.ts";
import { acceleration, velocities } from "../../src/rules/velocity.ts";
import { buildDay } from "../../src/vault/ingest.ts";
import { buildStoryViews } from "../../src/engine/storyview.ts";
import { dayOrdinal, ordinalToIso, type VaultBody } from "../../src/vault/model.ts";

const allLabels = (y: number[], days: number) => {
  const m = momentum(y);
  const l = lifecycle(y, days);
  return { momentum: m, accelTrend: accelTrend(y), lifecycle: l, timing: timing(l, m), phase: phase(days) };
};

/** Views per day: integers, or doubles ≥ 1e-6 (no subnormals, which halving would flush to 0). */
const series = fc.array(fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.double({ min: 0, max: 1e7, noNaN: true }).map((x) => (x < 1e-6 ? 0 : x))), { maxLength: 14 });
const days = fc.integer({ min: 0, max: 60 });

/**
 * True when one of the label rules' comparisons sits (to 1e-9 of the peak) on its threshold; there,
 * floating-point rounding of y·k may legitimately tip the comparison, so the property skips it.
 */
function onThreshold(y: number[]): boolean {
  const n = y.length;
  const p = Math.max(0, ...y);
  if (p === 0) return false;
  const eps = 1e-9 * p;
  const t = 0.02 * p;
  const near = (a: number, b: number) => Math.abs(a - b) <= eps;
  const checks: [number, number][] = [];
  if (n >= 2) {
    const a = y[n - 1] - y[n - 2];
    checks.push([a, t], [a, -t]);
  }
  if (n >= 3) {
    const j = y[n - 1] - 2 * y[n - 2] + y[n - 3];
    checks.push([j, t], [j, -t]);
  }
  if (n >= 1) checks.push([y[n - 1], 0.95 * p], [y[n - 1], 0.6 * p]);
  return checks.some(([a, b]) => near(a, b));
}

describe("scale invariance: y·k has the same labels as y (k > 0)", () => {
  test("k a power of two (exact in floating point): every label identical", () => {
    fc.assert(
      fc.property(series, days, fc.integer({ min: -30, max: 30 }), (y, d, e) => {
        const k = 2 ** e;
        expect(allLabels(y.map((x) => x * k), d)).toEqual(allLabels(y, d));
      }),
      { numRuns: 2000 },
    );
  });

  test("any k in (0, 1e6]: every label identical (series off the exact thresholds)", () => {
    fc.assert(
      fc.property(series, days, fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (y, d, k) => {
        fc.pre(!onThreshold(y));
        expect(allLabels(y.map((x) => x * k), d)).toEqual(allLabels(y, d));
      }),
      { numRuns: 2000 },
    );
  });

  test("labels are always members of their documented value sets", () => {
    fc.assert(
      fc.property(series, days, (y, d) => {
        const l = allLabels(y, d);
        expect(MOMENTUMS).toContain(l.momentum);
        expect(ACCEL_TRENDS).toContain(l.accelTrend);
        expect(LIFECYCLES).toContain(l.lifecycle);
        expect(TIMINGS).toContain(l.timing);
        expect(PHASES).toContain(l.phase);
      }),
      { numRuns: 500 },
    );
  });
});

/** Daily gains strictly increasing, each by ≥ 5% of itself (so the last change is well above 2% of the peak). */
const convexGains = fc
  .record({
    g0: fc.integer({ min: 1, max: 5_000_000 }),
    ratios: fc.array(fc.double({ min: 1.06, max: 4, noNaN: true }), { minLength: 1, maxLength: 12 }),
  })
  .map(({ g0, ratios }) => {
    const g = [g0];
    for (const r of ratios) g.push(Math.ceil(g[g.length - 1] * r) + 1);
    return g;
  });

function cumulative(v0: number, gains: number[]): number[] {
  const v = [v0];
  for (const g of gains) v.push(v[v.length - 1] + g);
  return v;
}

describe("a strictly convex growing cumulative series is accelerating", () => {
  test("gains of the cumulative series (velocity.ts) → momentum accelerating, acceleration > 0", () => {
    fc.assert(
      fc.property(convexGains, fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 30_000 }), (g, v0, d0) => {
        const v = cumulative(v0, g);
        const d = v.map((_, i) => d0 + i);
        const y = velocities(d, v);
        expect(y).toEqual(g);
        expect(momentum(y)).toBe("accelerating");
        expect(acceleration(d, v)!).toBeGreaterThan(0);
        // Growing and accelerating: never late.
        expect(timing(lifecycle(y, y.length + 1), momentum(y))).toBe("enter_now");
      }),
      { numRuns: 1000 },
    );
  });

  test("end to end: one video with convex cumulative views, ingested day by day, gives an accelerating story", () => {
    fc.assert(
      fc.property(
        convexGains.filter((g) => g.length >= 2 && g.length <= 6),
        fc.integer({ min: 0, max: 1e8 }),
        fc.integer({ min: dayOrdinal("2017-01-01"), max: dayOrdinal("2030-01-01") }),
        (g, v0, first) => {
          const v = cumulative(v0, g);
          let body: VaultBody | null = null;
          v.forEach((views, i) => {
            const day = ordinalToIso(first + i);
            body = buildDay(body, {
              day,
              inputs: [],
              skipped: {},
              observations: [{ kind: "video", id: "vidconvex01", title: "Quantum widget teardown", channelTitle: "Somebody", channelId: null, publishedAt: null, categoryId: 28, tags: [], views, region: "US" }],
            });
          });
          const b = body as unknown as VaultBody;
          const views = buildStoryViews(b, new Map(b.videos.map((x) => [x.id, x])));
          expect(views.length).toBe(1);
          expect(views[0].y).toEqual(g);
          expect(views[0].momentum).toBe("accelerating");
          expect(views[0].acceleration).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("threshold tables (docs/rules.md)", () => {
  // tol = 2% of the peak: with peak 1000, tol = 20.
  test.each([
    [[1000, 1021], "accelerating"],
    [[1000, 1019], "steady"],
    [[1000, 1000], "steady"],
    [[1000, 979], "decelerating"],
    [[1000, 981], "steady"],
    [[5], "steady"],
    [[0, 0, 0], "steady"],
    [[], "steady"],
  ] as [number[], Momentum][])("momentum(%p) = %s", (y, m) => {
    expect(momentum(y)).toBe(m);
  });

  test.each([
    [[100, 100, 125], "rising"], // second difference 25 > tol 2.5
    [[100, 125, 125], "falling"], // -25
    [[100, 110, 120], "flat"], // 0
    [[100, 200], "flat"], // fewer than 3 points
  ] as [number[], AccelTrend][])("accelTrend(%p) = %s", (y, a) => {
    expect(accelTrend(y)).toBe(a);
  });

  test.each([
    // daysTracked ≤ 2 and not decelerating → emerging
    [[10, 20], 2, "emerging"],
    [[20, 10], 2, "decline"],
    // ≥ 95% of peak and not decelerating → growth; decelerating there → peak
    [[100, 99], 5, "growth"],
    [[100, 200, 197], 5, "growth"],
    [[100, 96], 5, "peak"],
    [[100, 200, 190], 5, "peak"],
    // between 60% and 95%: accelerating → growth, otherwise peak
    [[200, 100, 150], 5, "growth"],
    [[200, 150, 150], 5, "peak"],
    [[200, 160, 150], 5, "peak"],
    // below 60% of the peak → decline
    [[200, 119], 5, "decline"],
    [[0, 0], 5, "decline"],
  ] as [number[], number, Lifecycle][])("lifecycle(%p, %d days) = %s", (y, d, l) => {
    expect(lifecycle(y, d)).toBe(l);
  });

  test("timing table: enter_now only when emerging/growth and accelerating; late for decline and decelerating peaks", () => {
    for (const l of LIFECYCLES)
      for (const m of MOMENTUMS) {
        const expected = (l === "emerging" || l === "growth") && m === "accelerating" ? "enter_now" : l === "emerging" || l === "growth" || (l === "peak" && m !== "decelerating") ? "watch" : "late";
        expect(timing(l, m)).toBe(expected);
      }
    expect(timing("decline", "accelerating")).toBe("late");
    expect(timing("peak", "decelerating")).toBe("late");
  });

  test.each([
    [1, "early"],
    [3, "early"],
    [4, "peak_momentum"],
    [29, "peak_momentum"],
  ] as const)("phase(%d) = %s", (d, p) => {
    expect(phase(d)).toBe(p);
  });
});
