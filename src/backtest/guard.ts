/**
 * The refit guard (docs/rules.md): a breakout fit is served only when it beats the best naive score
 * on the most recent days it was not fitted on. Used by every backtest refit and by
 * scripts/fit-breakout.ts, so no fit reaches a prediction unmeasured and no fallback is silent.
 *
 *  1. The best naive score is the one with the highest AUC on all points: a naive score has no
 *     fitted parameter, so every point is out of sample for it (ties: NAIVE_SCORES order).
 *  2. Hold out the most recent prediction days: the last quarter of the distinct days (at least
 *     one), extended backwards a day at a time until it holds MIN_HOLDOUT_POSITIVES breakouts or
 *     half of the days.
 *  3. Fit on the earlier days; score that fit and every available naive score on the held-out days.
 *  4. Serve the fit on all days when neither fit is collapsed (some coefficient ≠ 0) and the
 *     held-out AUC of the earlier-days fit is strictly above the best naive score's on the same
 *     held-out points; otherwise serve the best naive score, calibrated on all points by a Platt
 *     fit with slope ≥ 0.
 *  When the held-out or the earlier days hold no breakout, the fit cannot be shown to beat
 *  anything, so the best naive score is served ("unmeasured"); the fit is served only when no
 *  naive score is available.
 * Pure and deterministic.
 */
import { NAIVE_SCORES, fitBreakoutModel, fitPlatt, predict, type BreakoutFit, type BreakoutFitOptions, type BreakoutScorer, type NaiveName, type NaiveScores } from "../rules/breakout.ts";
import { auc } from "../rules/metrics.ts";

export const HOLDOUT_FRACTION = 0.25;
export const MIN_HOLDOUT_POSITIVES = 10;
/** Below this many breakouts in all points, the naive scores are not ranked by data but taken in NAIVE_SCORES order. */
export const MIN_CHOOSE_POSITIVES = 20;

export interface GuardPoint {
  x: readonly number[];
  label: 0 | 1;
  /** Ranking label (gain ratio ≥ RANK_RATIO). */
  rank: 0 | 1;
  naive: NaiveScores;
  /** Day the prediction was made (ordinal). */
  day: number;
}

export type GuardDecision = "model" | "naive" | "unmeasured";

export interface GuardReport {
  decision: GuardDecision;
  /** The naive score served (decision "naive"), else null. */
  naive: NaiveName | null;
  reason: string;
  holdout: { days: number; first_day: number | null; points: number; positives: number };
  /** Held-out AUC of the fit on the earlier days (NaN when unmeasured). */
  auc_model: number;
  /** Held-out AUC of each naive score available for every point. */
  auc_naive: Partial<Record<NaiveName, number>>;
  /** True when a fit (earlier days or all days) had every coefficient at 0. */
  collapsed: boolean;
}

export interface GuardedFit {
  scorer: BreakoutScorer;
  /** The fit on all days (served only when decision ≠ "naive"). */
  fit: BreakoutFit;
  report: GuardReport;
}

function availableNaive(pts: readonly GuardPoint[]): NaiveName[] {
  return NAIVE_SCORES.filter((k) => pts.length > 0 && pts.every((p) => p.naive[k] !== null && Number.isFinite(p.naive[k]!)));
}

function fitOn(pts: readonly GuardPoint[], opts: BreakoutFitOptions | undefined): BreakoutFit {
  return fitBreakoutModel(pts.map((p) => p.x.slice()), pts.map((p) => p.label), { ...opts, rankLabels: pts.map((p) => p.rank) });
}

/** Prior slope of a naive fallback per standard deviation of its score, and its weight (see naiveScorer). */
export const NAIVE_PRIOR = { b0: 0.5, weight: 10 } as const;

/**
 * The naive score k calibrated on pts: p = σ(a + b·score), b ≥ 0. The Platt slope is fitted on the
 * standardised score and shrunk toward NAIVE_PRIOR.b0: with few or no breakouts a free slope is 0
 * or huge, and a flat day among ranked days scrambles how the days' predictions compare.
 */
export function naiveScorer(pts: readonly GuardPoint[], k: NaiveName): BreakoutScorer {
  const s = pts.map((p) => p.naive[k] ?? 0);
  const n = s.length || 1;
  const mu = s.reduce((a, v) => a + v, 0) / n;
  const sd0 = Math.sqrt(s.reduce((a, v) => a + (v - mu) ** 2, 0) / n);
  const sd = sd0 > 1e-9 ? sd0 : 1;
  const { a, b } = fitPlatt(s.map((v) => (v - mu) / sd), pts.map((p) => p.label), NAIVE_PRIOR);
  return { kind: "naive", score: k, a: a - (b * mu) / sd, b: b / sd };
}

export function guardedFit(points: readonly GuardPoint[], opts?: BreakoutFitOptions): GuardedFit {
  const days = [...new Set(points.map((p) => p.day))].sort((a, b) => a - b);
  const full = fitOn(points, opts);
  const naiveKeys = availableNaive(points);
  const posOn = new Map<number, number>();
  for (const p of points) posOn.set(p.day, (posOn.get(p.day) ?? 0) + p.label);
  let k = Math.max(1, Math.round(days.length * HOLDOUT_FRACTION));
  let heldPos = days.slice(days.length - k).reduce((a, d) => a + (posOn.get(d) ?? 0), 0);
  while (heldPos < MIN_HOLDOUT_POSITIVES && k < Math.floor(days.length / 2)) {
    k++;
    heldPos += posOn.get(days[days.length - k]) ?? 0;
  }
  const firstHeld = days.length > 1 ? days[days.length - k] : null;
  const early = firstHeld === null ? [] : points.filter((p) => p.day < firstHeld);
  const held = firstHeld === null ? [] : points.filter((p) => p.day >= firstHeld);
  const y = held.map((p) => p.label);
  const earlyPos = early.reduce((a, p) => a + p.label, 0);
  const holdout = { days: firstHeld === null ? 0 : k, first_day: firstHeld, points: held.length, positives: heldPos };
  const base = { holdout, auc_naive: {} as Partial<Record<NaiveName, number>>, auc_model: NaN };
  // Best naive score over all points (NaN AUCs, i.e. one class only, keep the NAIVE_SCORES order).
  const yAll = points.map((p) => p.label);
  let bestNaive: NaiveName | null = naiveKeys[0] ?? null;
  let bestAll = -Infinity;
  const allPos = yAll.reduce<number>((a, b) => a + b, 0);
  for (const n of allPos >= MIN_CHOOSE_POSITIVES ? naiveKeys : []) {
    const v = auc(points.map((p) => p.naive[n]!), yAll);
    if (Number.isFinite(v) && v > bestAll) {
      bestAll = v;
      bestNaive = n;
    }
  }
  if (heldPos < MIN_HOLDOUT_POSITIVES || heldPos === held.length || !earlyPos || earlyPos === early.length) {
    if (bestNaive === null) return { scorer: { kind: "logistic", ...full.model }, fit: full, report: { ...base, decision: "unmeasured", naive: null, reason: "too few breakouts to hold out and no naive score available: fit served unmeasured", collapsed: full.collapsed } };
    return { scorer: naiveScorer(points, bestNaive), fit: full, report: { ...base, decision: "unmeasured", naive: bestNaive, reason: `too few breakouts to hold out: ${bestNaive} served, the fit is unproven`, collapsed: full.collapsed } };
  }
  const part = fitOn(early, opts);
  const aucModel = auc(held.map((p) => predict(part.model, p.x as number[])), y);
  const aucs: Partial<Record<NaiveName, number>> = {};
  for (const n of naiveKeys) aucs[n] = auc(held.map((p) => p.naive[n]!), y);
  const collapsed = part.collapsed || full.collapsed;
  const report = { holdout, auc_model: aucModel, auc_naive: aucs, collapsed };
  if (bestNaive === null) return { scorer: { kind: "logistic", ...full.model }, fit: full, report: { ...report, decision: collapsed ? "unmeasured" : "model", naive: null, reason: "no naive score available" } };
  if (!collapsed && aucModel > aucs[bestNaive]!) return { scorer: { kind: "logistic", ...full.model }, fit: full, report: { ...report, decision: "model", naive: null, reason: `fit beats the best naive score (${bestNaive}) on the held-out days` } };
  return {
    scorer: naiveScorer(points, bestNaive),
    fit: full,
    report: { ...report, decision: "naive", naive: bestNaive, reason: collapsed ? "fit collapsed to the base rate (every coefficient 0)" : `fit does not beat ${bestNaive} on the held-out days` },
  };
}
