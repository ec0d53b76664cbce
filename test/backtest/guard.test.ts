import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MIN_HOLDOUT_POSITIVES, guardedFit, type GuardPoint } from "../../src/backtest/guard.ts";
import { replayDays } from "../../src/backtest/driver.ts";
import { reportJson, reportText } from "../../src/cli-backtest.ts";
import { NAIVE_SCORES, predictScorer } from "../../src/rules/breakout.ts";
import { kaggleDays } from "../helpers/vault.ts";

/** Deterministic pseudo-random numbers in [0, 1) (a tiny LCG), so the fixtures need no seed handling. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * 30 days × 60 points, ~8% breakouts. `signal` says what ranks them: "chartPos" (the naive score
 * knows, the features are noise) or "features" (relAccel knows, every naive score is noise).
 */
function points(signal: "chartPos" | "features", seed = 1): GuardPoint[] {
  const r = rng(seed);
  const out: GuardPoint[] = [];
  for (let day = 0; day < 30; day++)
    for (let i = 0; i < 60; i++) {
      const label: 0 | 1 = r() < 0.08 ? 1 : 0;
      const noise = () => r();
      const pos = signal === "chartPos" ? Math.min(1, Math.max(0, (label ? 0.7 : 0.4) + (noise() - 0.5) * 0.5)) : noise();
      const accelFeature = signal === "features" ? (label ? 1 : -0.5) + noise() - 0.5 : noise();
      out.push({ x: [accelFeature, noise(), noise(), noise(), 0, 0], label, rank: label, naive: { chartPos: pos, invViews: -noise() * 7, accel: noise() * 6 - 3 }, day });
    }
  return out;
}

describe("guardedFit", () => {
  test("a fit that does not beat a naive score falls back to it, and says so", () => {
    const g = guardedFit(points("chartPos"));
    expect(g.report.decision).toBe("naive");
    expect(g.report.naive).toBe("chartPos");
    expect(g.report.reason).toContain("chartPos");
    expect(g.scorer).toEqual({ kind: "naive", score: "chartPos", a: expect.any(Number), b: expect.any(Number) });
    expect(g.report.auc_naive.chartPos!).toBeGreaterThan(g.report.auc_model);
    expect(g.report.holdout.positives).toBeGreaterThanOrEqual(MIN_HOLDOUT_POSITIVES);
  });

  test("a fit that beats every naive score on the held-out days is served", () => {
    const g = guardedFit(points("features"));
    expect(g.report.decision).toBe("model");
    expect(g.report.naive).toBeNull();
    expect(g.scorer.kind).toBe("logistic");
    for (const k of NAIVE_SCORES) expect(g.report.auc_model).toBeGreaterThan(g.report.auc_naive[k]!);
  });

  test("a fit collapsed to the intercept is detected and never served", () => {
    // Every feature constant: the fit can only learn the base rate.
    const pts = points("chartPos").map((p) => ({ ...p, x: [0, 0, 0, 0, 0, 0] }));
    const g = guardedFit(pts);
    expect(g.fit.collapsed).toBe(true);
    expect(g.report.collapsed).toBe(true);
    expect(g.report.decision).toBe("naive");
    expect(g.scorer.kind).toBe("naive");
    expect(g.report.reason).toContain("collapsed");
  });

  test("too few breakouts to hold out: the best naive score is served and reported as unmeasured", () => {
    const pts = points("features").map((p, i) => ({ ...p, label: (i === 5 || i === 700 ? 1 : 0) as 0 | 1 }));
    const g = guardedFit(pts);
    expect(g.report.decision).toBe("unmeasured");
    expect(g.scorer.kind).toBe("naive");
    expect(g.report.naive).not.toBeNull();
  });

  test("whatever the data, the served scorer is the one reported, and probabilities stay in [0, 1]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom("chartPos" as const, "features" as const), (seed, signal) => {
        const pts = points(signal, seed).slice(0, 600);
        const g = guardedFit(pts);
        expect(g.scorer.kind === "naive").toBe(g.report.naive !== null);
        if (g.scorer.kind === "naive") expect(g.scorer.score).toBe(g.report.naive!);
        if (g.report.decision === "model") expect(g.report.collapsed).toBe(false);
        for (const p of pts.slice(0, 50)) {
          const v = predictScorer(g.scorer, p.x as number[], p.naive);
          expect(v >= 0 && v <= 1).toBe(true);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe("guard in the backtest", () => {
  test("every refit's decision is counted, every scored prediction names its scorer, and the report shows both", () => {
    const r = replayDays(kaggleDays().slice(0, 16), { horizon: 1, levels: ["video"] });
    const eng = r.engines.get("video")!;
    const rep = eng.report();
    const g = rep.guard;
    expect(g.refits).toBeGreaterThan(0);
    expect(g.model + g.naive + g.unmeasured).toBe(g.refits);
    expect(Object.values(g.scored_by_scorer).reduce((a, b) => a + b, 0)).toBe(rep.predictions.scored);
    for (const s of eng.scored) expect(["model", ...NAIVE_SCORES]).toContain(s.scorer);
    const last = rep.last_fit!;
    expect(last.scorer.kind === "naive" ? last.scorer.score : "model").toBe(last.guard.naive ?? "model");
    const text = reportText({ horizon: 1, days: r.days, levels: { video: rep } });
    expect(text).toContain(`guard: ${g.refits} refits`);
    expect(text).toContain("last refit");
    const json = reportJson({ horizon: 1, days: r.days, levels: { video: rep } }, { feeds: "x", horizon: 1, levels: ["video"], json: true }) as any;
    expect(json.levels.video.guard.refits).toBe(g.refits);
    expect(json.levels.video.last_fit.guard.decision).toBe(last.guard.decision);
    expect(Object.keys(json.levels.video.auc_naive).sort()).toEqual([...NAIVE_SCORES].sort());
  }, 60_000);
});
