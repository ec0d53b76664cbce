/**
 * Baselines the projection is compared with (docs/rules.md):
 *  - Szabo–Huberman: log views(d+H) = log views(d) + β, with β the mean of log(views(t+H)/views(t))
 *    over training points (the caller passes only points whose outcome day t+H is ≤ d);
 *  - no growth: views(d+H) = views(d).
 * Pure functions.
 */

export interface GrowthPoint {
  /** Cumulative views at t. */
  v: number;
  /** Cumulative views at t+H. */
  next: number;
}

/** β = mean log(next / v) over points with both counts > 0; null when there is none. */
export function fitSzaboHuberman(points: Iterable<GrowthPoint>): number | null {
  let s = 0;
  let n = 0;
  for (const p of points) {
    if (!(p.v > 0) || !(p.next > 0)) continue;
    s += Math.log(p.next / p.v);
    n++;
  }
  return n ? s / n : null;
}

export function projectSzaboHuberman(views: number, beta: number): number {
  return views * Math.exp(beta);
}

export function projectNoGrowth(views: number): number {
  return views;
}
