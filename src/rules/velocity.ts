/**
 * Velocity and acceleration of a cumulative series (views, or any monotone counter).
 * velocity = gain per day over the last observed interval; acceleration = change of velocity per
 * day between the last two intervals. Negative gains (platform recounts) are clamped to 0.
 */

/** Per-interval velocities (gain/day), oldest first; length = observations - 1. */
export function velocities(d: number[], v: number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < d.length; i++) {
    const gap = d[i] - d[i - 1];
    out.push(gap > 0 ? Math.max(0, v[i] - v[i - 1]) / gap : 0);
  }
  return out;
}

export function velocity(d: number[], v: number[]): number | null {
  const n = d.length;
  if (n < 2) return null;
  const gap = d[n - 1] - d[n - 2];
  return gap > 0 ? Math.max(0, v[n - 1] - v[n - 2]) / gap : 0;
}

export function acceleration(d: number[], v: number[]): number | null {
  const n = d.length;
  if (n < 3) return null;
  const vs = velocities(d, v);
  const gap = (d[n - 1] - d[n - 3]) / 2;
  return gap > 0 ? (vs[vs.length - 1] - vs[vs.length - 2]) / gap : 0;
}

/**
 * viralScore 0..100 from velocity on a log scale: 10^7 views/day (the top of the 2017 US chart)
 * maps to 100, 1,000/day to about 43. Null when velocity is unknown (seen on one day only):
 * we do not guess.
 */
export function viralScore(vel: number | null): number | null {
  if (vel == null || !Number.isFinite(vel)) return null;
  return logScore(vel);
}

/** 0..100 on a log scale, 10^7 = 100: the scale of viralScore, also used for search traffic. */
export function logScore(x: number): number {
  const s = (100 * Math.log10(1 + Math.max(0, x))) / 7;
  return Math.max(0, Math.min(100, Math.round(s)));
}
