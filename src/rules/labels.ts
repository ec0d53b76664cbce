/**
 * Labels of a story's (or video's) daily activity series y (views gained per day, oldest first).
 * Every label depends only on ratios of y, so scaling the whole series by k > 0 changes no label.
 * `tol` is 2% of the series' peak: day-to-day changes smaller than that count as flat.
 * Value sets (docs/rules.md):
 *   momentum   accelerating | steady | decelerating   sign of the last change of y
 *   accelTrend rising | flat | falling                sign of the change of that change
 *   lifecycle  emerging | growth | peak | decline      where y stands against its own peak
 *   timing     enter_now | watch | late                what a creator should do about it
 *   phase      early | peak_momentum                   alert phase: young story vs established one
 */

export type Momentum = "accelerating" | "steady" | "decelerating";
export type AccelTrend = "rising" | "flat" | "falling";
export type Lifecycle = "emerging" | "growth" | "peak" | "decline";
export type Timing = "enter_now" | "watch" | "late";
export type Phase = "early" | "peak_momentum";

export const MOMENTUMS: Momentum[] = ["accelerating", "steady", "decelerating"];
export const ACCEL_TRENDS: AccelTrend[] = ["rising", "flat", "falling"];
export const LIFECYCLES: Lifecycle[] = ["emerging", "growth", "peak", "decline"];
export const TIMINGS: Timing[] = ["enter_now", "watch", "late"];
export const PHASES: Phase[] = ["early", "peak_momentum"];

export const TOL_SHARE = 0.02;
/** A story tracked for at most this many days is `emerging` / phase `early`. */
export const EARLY_DAYS = 2;
/** At or above this share of its own peak, a series is still near the top. */
export const PEAK_SHARE = 0.95;
/** Below this share of its peak, a series is in decline. */
export const DECLINE_SHARE = 0.6;

function peak(y: number[]): number {
  let m = 0;
  for (const x of y) if (x > m) m = x;
  return m;
}

function tol(y: number[]): number {
  return TOL_SHARE * peak(y);
}

/** Last change of y per day (the series' acceleration); 0 with fewer than 2 points. */
export function lastChange(y: number[]): number {
  const n = y.length;
  return n >= 2 ? y[n - 1] - y[n - 2] : 0;
}

export function momentum(y: number[]): Momentum {
  const t = tol(y);
  const a = lastChange(y);
  if (y.length < 2 || peak(y) === 0) return "steady";
  return a > t ? "accelerating" : a < -t ? "decelerating" : "steady";
}

export function accelTrend(y: number[]): AccelTrend {
  const n = y.length;
  if (n < 3 || peak(y) === 0) return "flat";
  const t = tol(y);
  const j = y[n - 1] - 2 * y[n - 2] + y[n - 3];
  return j > t ? "rising" : j < -t ? "falling" : "flat";
}

export function lifecycle(y: number[], daysTracked: number): Lifecycle {
  const p = peak(y);
  const cur = y.length ? y[y.length - 1] : 0;
  const m = momentum(y);
  if (daysTracked <= EARLY_DAYS && m !== "decelerating") return "emerging";
  if (p === 0) return "decline";
  if (cur >= PEAK_SHARE * p) return m === "decelerating" ? "peak" : "growth";
  if (cur < DECLINE_SHARE * p) return "decline";
  return m === "accelerating" ? "growth" : "peak";
}

export function timing(l: Lifecycle, m: Momentum): Timing {
  if ((l === "emerging" || l === "growth") && m === "accelerating") return "enter_now";
  if (l === "emerging" || l === "growth" || (l === "peak" && m !== "decelerating")) return "watch";
  return "late";
}

export function phase(daysTracked: number): Phase {
  return daysTracked <= EARLY_DAYS + 1 ? "early" : "peak_momentum";
}
