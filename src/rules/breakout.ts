/**
 * breakoutProbability: a logistic model over scale-free features of the activity series y
 * (views gained per day, oldest first). Coefficients are fitted by scripts/fit-breakout.ts on the
 * shipped 2017 data (never typed in by hand) and committed in breakout-weights.json. The
 * acceleration coefficient is constrained to be ≥ 0 during fitting, so the probability never falls
 * when acceleration rises with all else equal.
 *
 * Breakout (docs/rules.md): views gained over (d, d+H] ≥ 1.5 × views gained over (d−H, d].
 */
import weights from "./breakout-weights.json";

export const BREAKOUT_RATIO = 1.5;
export const FEATURES = ["relAccel", "hasPrev", "days", "relVel", "logCum", "logLevel"] as const;

export interface BreakoutModel {
  bias: number;
  coef: number[];
}

function clip(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * Features of the daily gains y (oldest first) and the cumulative total `cum` at the last day:
 *   relAccel = last change / previous gain, clipped to [-1, 3] (0 with one gain);
 *   hasPrev  = 1 when there are two gains to compare;
 *   days     = min(days tracked, 7) / 7;
 *   relVel   = last gain / cumulative total (young items gain a large share of their total);
 *   logCum   = log10(1 + cumulative) / 8;  logLevel = log10(1 + last gain) / 7.
 */
export function breakoutFeatures(y: number[], daysTracked: number, cum: number): number[] {
  const n = y.length;
  const cur = n ? Math.max(0, y[n - 1]) : 0;
  const prev = n >= 2 ? Math.max(0, y[n - 2]) : 0;
  const relAccel = n >= 2 && prev > 0 ? clip((cur - prev) / prev, -1, 3) : 0;
  const total = Math.max(cum, cur, 1);
  return [relAccel, n >= 2 ? 1 : 0, Math.min(daysTracked, 7) / 7, Math.min(1, cur / total), Math.log10(1 + total) / 8, Math.log10(1 + cur) / 7];
}

export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function predict(model: BreakoutModel, x: number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += model.coef[i] * x[i];
  const p = logistic(z);
  return Number.isFinite(p) ? p : 0;
}

export const MODEL: BreakoutModel = { bias: weights.bias, coef: weights.coef };

export function breakoutProbability(y: number[], daysTracked: number, cum: number, model: BreakoutModel = MODEL): number {
  return Math.round(predict(model, breakoutFeatures(y, daysTracked, cum)) * 1000) / 1000;
}

/** Deterministic L2 logistic regression by full-batch gradient descent; coef[0] (relAccel) kept ≥ 0. */
export function fitLogistic(X: number[][], yv: number[], opts: { iters?: number; lr?: number; l2?: number; nonNeg?: number[] } = {}): BreakoutModel {
  const iters = opts.iters ?? 3000;
  const lr = opts.lr ?? 0.5;
  const l2 = opts.l2 ?? 1e-3;
  const nonNeg = new Set(opts.nonNeg ?? [0]);
  const d = X[0]?.length ?? FEATURES.length;
  const coef = new Array(d).fill(0);
  // Class-balanced weights: breakouts are rare (~2%), so an unweighted fit predicts "never".
  const pos = yv.reduce((a, b) => a + b, 0);
  const wPos = pos ? yv.length / (2 * pos) : 1;
  const wNeg = yv.length - pos ? yv.length / (2 * (yv.length - pos)) : 1;
  let bias = 0;
  for (let it = 0; it < iters; it++) {
    const g = new Array(d).fill(0);
    let gb = 0;
    let wsum = 0;
    for (let i = 0; i < X.length; i++) {
      const w = yv[i] ? wPos : wNeg;
      const p = predict({ bias, coef }, X[i]);
      const e = (p - yv[i]) * w;
      gb += e;
      wsum += w;
      for (let j = 0; j < d; j++) g[j] += e * X[i][j];
    }
    bias -= (lr * gb) / wsum;
    for (let j = 0; j < d; j++) {
      coef[j] -= lr * (g[j] / wsum + l2 * coef[j]);
      if (nonNeg.has(j) && coef[j] < 0) coef[j] = 0;
    }
  }
  return { bias, coef };
}
