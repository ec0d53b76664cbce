/**
 * Projection of cumulative views at d+H from the series up to d (docs/rules.md):
 *
 *   views(d+H) ≈ views(d) + g · Σ_{k=1..H} Π_{j=0..k−1} ρ(days + j)
 *
 * g is the recent daily gain (views gained per day up to d) and ρ(days) the daily decay ratio of
 * the gain of an item tracked for `days` days (gain tomorrow / gain today). ρ depends only on the
 * days-tracked bucket (≤2, 3, ≥4 days), because trending items fade fastest right after they
 * appear. `fitDecay` estimates ρ per bucket from one-step training points by least squares on the
 * same relative error the backtest scores, so the caller decides which days it may learn from
 * (the backtest passes only points whose outcome day is ≤ the day being projected).
 * The serving default DEFAULT_DECAY is fitted on all shipped data by scripts/fit-breakout.ts and
 * committed in breakout-weights.json; the backtest never uses it (it refits every day).
 * Pure: no I/O, no clock, no randomness.
 */
import weights from "./breakout-weights.json";

/** Upper edges of the days-tracked buckets: ≤2, 3, ≥4. */
export const DECAY_BUCKETS = [2, 3] as const;
/** ρ is clamped to [0, RHO_MAX]; a fitted ratio above it would mean explosive growth. */
export const RHO_MAX = 3;

export interface DecayModel {
  /** ρ per days-tracked bucket (≤2, 3, ≥4). */
  rho: number[];
  /** ρ fitted over all buckets (used for buckets without training points). */
  pooled: number;
  /** Training points per bucket. */
  samples: number[];
}

/** One step of a series: cumulative `v` at day t, the daily gain `g` ending at t, and `next` = cumulative at t+1. */
export interface DecayPoint {
  v: number;
  g: number;
  daysTracked: number;
  next: number;
}

export const DEFAULT_DECAY: DecayModel = { rho: weights.projection.rho.slice(), pooled: weights.projection.pooled, samples: weights.projection.samples.slice() };

export function decayBucket(daysTracked: number): number {
  let b = 0;
  while (b < DECAY_BUCKETS.length && daysTracked > DECAY_BUCKETS[b]) b++;
  return b;
}

function clampRho(r: number): number {
  return Number.isFinite(r) ? Math.min(RHO_MAX, Math.max(0, r)) : 0;
}

/**
 * Least-squares ρ per bucket minimising Σ ((v + ρ·g)/next − 1)²: ρ = Σ u(1 − v/next) / Σ u² with
 * u = g/next. Points with next ≤ 0, g ≤ 0 or non-finite values are ignored. Null when no point is usable.
 */
export function fitDecay(points: Iterable<DecayPoint>): DecayModel | null {
  const k = DECAY_BUCKETS.length + 1;
  const num = new Array(k).fill(0);
  const den = new Array(k).fill(0);
  const samples = new Array(k).fill(0);
  let N = 0;
  let D = 0;
  for (const p of points) {
    if (!(p.next > 0) || !(p.g > 0) || !Number.isFinite(p.v) || !Number.isFinite(p.next)) continue;
    const u = p.g / p.next;
    const t = 1 - p.v / p.next;
    const b = decayBucket(p.daysTracked);
    num[b] += u * t;
    den[b] += u * u;
    samples[b]++;
    N += u * t;
    D += u * u;
  }
  if (!(D > 0)) return null;
  const pooled = clampRho(N / D);
  return { rho: num.map((x, b) => (den[b] > 0 ? clampRho(x / den[b]) : pooled)), pooled, samples };
}

/** Multiplier of the daily gain: Σ_{k=1..H} Π_{j=0..k−1} ρ(days + j). 0 for H ≤ 0. */
export function decaySum(model: DecayModel, daysTracked: number, h: number): number {
  let s = 0;
  let cur = 1;
  for (let k = 0; k < h; k++) {
    cur *= model.rho[decayBucket(daysTracked + k)] ?? model.pooled;
    s += cur;
  }
  return s;
}

/**
 * Projected cumulative views at d+H. Never below `views` (a cumulative count does not fall);
 * a negative or non-finite gain counts as 0. Scale-free: multiplying views and gain by c > 0
 * multiplies the projection by c.
 */
export function projectViews(views: number, gain: number, daysTracked: number, h: number, model: DecayModel = DEFAULT_DECAY): number {
  const v = Number.isFinite(views) ? Math.max(0, views) : 0;
  const g = Number.isFinite(gain) ? Math.max(0, gain) : 0;
  return v + g * decaySum(model, daysTracked, Math.max(0, Math.floor(h)));
}
