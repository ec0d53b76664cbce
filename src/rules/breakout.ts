/**
 * breakoutProbability: a calibrated logistic model over scale-free features of an activity series y
 * (views gained per day, oldest first), optionally with the video's position on the day's chart.
 * Coefficients are fitted by scripts/fit-breakout.ts on the shipped 2017 data (never typed in by
 * hand) and committed in breakout-weights.json. The acceleration coefficient is constrained to be
 * ≥ 0 during fitting, so the probability never falls when acceleration rises with all else equal.
 *
 * Breakout (docs/rules.md): views gained over (d, d+H] ≥ 1.5 × views gained over (d−H, d].
 *
 * Two committed models share the series features:
 *   MODEL        series features only: stories, and any caller without chart context;
 *   VIDEO_MODEL  series features + chart context (position on the day's chart, today and yesterday).
 */
import weights from "./breakout-weights.json";

export const BREAKOUT_RATIO = 1.5;
/** Ranking labels of the fit: gain ratio ≥ 1 ("the gain did not fall"); see fitBreakoutModel. */
export const RANK_RATIO = 1;
export const SERIES_FEATURES = ["relAccel", "hasPrev", "days", "relVel", "logCum", "logLevel"] as const;
export const CONTEXT_FEATURES = ["chartPos", "chartPosPrev"] as const;
/** Kept for callers of the first version: the series features. */
export const FEATURES = SERIES_FEATURES;
/** Index of relAccel in every feature vector: its coefficient is kept ≥ 0. */
export const ACCEL_INDEX = 0;

export interface BreakoutModel {
  bias: number;
  coef: number[];
}

/**
 * Where the item stood on the day's chart (a YouTube mostPopular list is ordered by rank):
 * pos = 0-based rank / list length at day d, so 0 = top and values approach 1 at the bottom;
 * posPrev = the same at d−1, null when the item was not on the chart that day.
 */
export interface ChartContext {
  pos: number;
  posPrev?: number | null;
}

/** True when the gain over (d, d+H] is at least BREAKOUT_RATIO × the gain over (d−H, d]. */
export function isBreakout(before: number, after: number): boolean {
  return after >= BREAKOUT_RATIO * before;
}

function clip(x: number, lo: number, hi: number): number {
  return !Number.isFinite(x) ? lo : x < lo ? lo : x > hi ? hi : x;
}

/**
 * Features of the daily gains y (oldest first) and the cumulative total `cum` at the last day:
 *   relAccel = last change / previous gain, clipped to [-1, 3] (0 with one gain);
 *   hasPrev  = 1 when there are two gains to compare;
 *   days     = min(days tracked, 7) / 7;
 *   relVel   = last gain / cumulative total (young items gain a large share of their total);
 *   logCum   = log10(1 + cumulative) / 8;  logLevel = log10(1 + last gain) / 7;
 * and, only when `ctx` is given (VIDEO_MODEL):
 *   chartPos = position on day d's chart in [0, 1] (0 = top);
 *   chartPosPrev = position on day d−1's chart (= chartPos when it was not on that chart).
 * Every feature is finite for any input; only information available at the last day is used.
 */
export function breakoutFeatures(y: number[], daysTracked: number, cum: number, ctx?: ChartContext | null): number[] {
  const n = y.length;
  const gain = (v: number) => (Number.isFinite(v) ? Math.max(0, v) : 0);
  const cur = n ? gain(y[n - 1]) : 0;
  const prev = n >= 2 ? gain(y[n - 2]) : 0;
  const relAccel = n >= 2 && prev > 0 ? clip((cur - prev) / prev, -1, 3) : 0;
  const total = Math.min(Math.max(Number.isFinite(cum) ? cum : 0, cur, 1), Number.MAX_VALUE);
  const days = clip(daysTracked, 0, 7) / 7;
  const x = [relAccel, n >= 2 ? 1 : 0, days, Math.min(1, cur / total), Math.log10(1 + total) / 8, Math.log10(1 + cur) / 7];
  if (ctx) {
    const pos = clip(ctx.pos, 0, 1);
    const prevPos = ctx.posPrev == null ? pos : clip(ctx.posPrev, 0, 1);
    x.push(pos, prevPos);
  }
  return x;
}

export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Probability in [0, 1] (0 for a non-finite score). */
export function predict(model: BreakoutModel, x: number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.coef[i] ?? 0) * x[i];
  const p = logistic(z);
  return Number.isFinite(p) ? p : 0;
}

function asModel(w: { bias: number; coef: number[] }): BreakoutModel {
  return { bias: w.bias, coef: w.coef.slice() };
}

/** Share of scoreable points that broke out in the data the serving model was fitted on. */
export const BASE_RATE: number = weights.fittedOn.baseRate;
export const MODEL: BreakoutModel = asModel(weights.series);
export const VIDEO_MODEL: BreakoutModel = asModel(weights.video);

/**
 * Probability (3 decimals) that the series breaks out over the next H days (H of the fit, 1 for the
 * committed weights). Without `ctx` the series-only MODEL is used; with `ctx` the VIDEO_MODEL.
 * A model passed explicitly must match the feature vector (6 coefficients, or 8 with ctx).
 */
export function breakoutProbability(y: number[], daysTracked: number, cum: number, model?: BreakoutModel, ctx?: ChartContext | null): number {
  const m = model ?? (ctx ? VIDEO_MODEL : MODEL);
  const p = predict(m, breakoutFeatures(y, daysTracked, cum, ctx));
  return Math.round(Math.min(1, Math.max(0, p)) * 1000) / 1000;
}

/** Deterministic L2 logistic regression by full-batch gradient descent; coefficients listed in nonNeg kept ≥ 0. */
export function fitLogistic(X: number[][], yv: number[], opts: { iters?: number; lr?: number; l2?: number; nonNeg?: number[]; balanced?: boolean } = {}): BreakoutModel {
  const iters = opts.iters ?? 3000;
  const lr = opts.lr ?? 0.5;
  const l2 = opts.l2 ?? 1e-3;
  const d = X[0]?.length ?? SERIES_FEATURES.length;
  const n = X.length;
  const keepNonNeg = new Uint8Array(d);
  for (const j of opts.nonNeg ?? [ACCEL_INDEX]) if (j >= 0 && j < d) keepNonNeg[j] = 1;
  // Flat typed copies: the loop below runs iters × n × d times.
  const flat = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) flat[i * d + j] = X[i][j];
  const yy = new Float64Array(n);
  for (let i = 0; i < n; i++) yy[i] = yv[i] ? 1 : 0;
  const coef = new Float64Array(d);
  const g = new Float64Array(d);
  // Class-balanced weights (default): breakouts are rare (~2%), so an unweighted fit of the full
  // model barely moves away from "never".
  let pos = 0;
  for (let i = 0; i < n; i++) pos += yy[i];
  const balanced = opts.balanced ?? true;
  const wPos = balanced && pos ? n / (2 * pos) : 1;
  const wNeg = balanced && n - pos ? n / (2 * (n - pos)) : 1;
  const wsum = pos * wPos + (n - pos) * wNeg;
  let bias = 0;
  for (let it = 0; it < iters && wsum > 0; it++) {
    g.fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      const o = i * d;
      let z = bias;
      for (let j = 0; j < d; j++) z += coef[j] * flat[o + j];
      const p = 1 / (1 + Math.exp(-z));
      const e = ((Number.isFinite(p) ? p : 0) - yy[i]) * (yy[i] ? wPos : wNeg);
      gb += e;
      for (let j = 0; j < d; j++) g[j] += e * flat[o + j];
    }
    bias -= (lr * gb) / wsum;
    for (let j = 0; j < d; j++) {
      coef[j] -= lr * (g[j] / wsum + l2 * coef[j]);
      if (keepNonNeg[j] && coef[j] < 0) coef[j] = 0;
    }
  }
  return { bias, coef: Array.from(coef) };
}

export interface BreakoutFitOptions {
  /** L2 penalty on standardised coefficients. */
  l2?: number;
  iters?: number;
  /**
   * Labels for the ranking step (step 2) when they differ from the breakout labels, e.g. "gained
   * at least as much as in the previous window" (more positives, same direction). Calibration
   * (step 3) always uses the breakout labels.
   */
  rankLabels?: number[];
}

export interface BreakoutFit {
  model: BreakoutModel;
  samples: number;
  positives: number;
  /** "logistic" when fitted; "base-rate" when the training set has no positive or no negative. */
  kind: "logistic" | "base-rate";
}

/**
 * The fit used for both the committed weights and every backtest refit (docs/rules.md):
 *  1. standardise each feature on the training set (a constant feature is left unscaled);
 *  2. class-balanced L2 logistic regression (L2 0.3, 300 steps) on the ranking labels
 *     (`rankLabels`, e.g. gain ratio ≥ RANK_RATIO; the breakout labels when absent or one-class),
 *     acceleration coefficient ≥ 0;
 *  3. Platt recalibration: an unweighted 1-D logistic of the breakout labels on that score (slope ≥ 0), so
 *     probabilities are on the base-rate scale (the balanced score alone centres on 0.5);
 *  4. both steps folded back into one {bias, coef} over the raw features.
 * The slope is ≥ 0 and the step-2 acceleration coefficient is ≥ 0, so the folded acceleration
 * coefficient is ≥ 0 too. With no positives (or no negatives) in the training set the model is the
 * Laplace-smoothed base rate, a constant. Deterministic: same samples → same model.
 */
export function fitBreakoutModel(X: number[][], labels: number[], opts: BreakoutFitOptions = {}): BreakoutFit {
  const n = X.length;
  const pos = labels.reduce((a, b) => a + (b ? 1 : 0), 0);
  const d = X[0]?.length ?? SERIES_FEATURES.length;
  if (!n || !pos || pos === n) {
    const rate = (pos + 0.5) / (n + 1);
    return { model: { bias: Math.log(rate / (1 - rate)), coef: new Array(d).fill(0) }, samples: n, positives: pos, kind: "base-rate" };
  }
  const mu = new Array(d).fill(0);
  const sd = new Array(d).fill(0);
  for (const x of X) for (let j = 0; j < d; j++) mu[j] += x[j] / n;
  for (const x of X) for (let j = 0; j < d; j++) sd[j] += (x[j] - mu[j]) ** 2 / n;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]) > 1e-9 ? Math.sqrt(sd[j]) : 1;
  const Z = X.map((x) => x.map((v, j) => (v - mu[j]) / sd[j]));
  const y = labels.map((b) => (b ? 1 : 0));
  const yr = opts.rankLabels ? opts.rankLabels.map((b) => (b ? 1 : 0)) : y;
  const rPos = yr.reduce<number>((a, b) => a + b, 0);
  const m = fitLogistic(Z, rPos && rPos < n ? yr : y, { iters: opts.iters ?? 300, lr: 0.5, l2: opts.l2 ?? 0.3, nonNeg: [ACCEL_INDEX], balanced: true });
  const s = Z.map((z) => {
    let v = m.bias;
    for (let j = 0; j < d; j++) v += m.coef[j] * z[j];
    return [v];
  });
  const { a, b } = fitPlatt(s.map((v) => v[0]), y);
  // p = σ(a + b·(m.bias + Σ m.coef_j (x_j − mu_j)/sd_j))
  const coef = m.coef.map((c, j) => (b * c) / sd[j]);
  let bias = a + b * m.bias;
  for (let j = 0; j < d; j++) bias -= (b * m.coef[j] * mu[j]) / sd[j];
  return { model: { bias, coef }, samples: n, positives: pos, kind: "logistic" };
}

/**
 * Platt scaling: maximum-likelihood p = σ(a + b·s) by Newton's method (2×2 system, 50 steps at
 * most), with a tiny ridge for separable data; a negative slope is replaced by the intercept-only
 * fit (b = 0), so the calibrated probability never reverses the ranking.
 */
export function fitPlatt(s: number[], y: number[]): { a: number; b: number } {
  const n = s.length;
  const pos = y.reduce((acc, v) => acc + (v ? 1 : 0), 0);
  const rate = (pos + 0.5) / (n + 1);
  const flat = { a: Math.log(rate / (1 - rate)), b: 0 };
  if (!n || !pos || pos === n) return flat;
  let a = flat.a;
  let b = 0;
  const ridge = 1e-6 * n;
  for (let it = 0; it < 50; it++) {
    let ga = 0, gb = 0, haa = ridge, hab = 0, hbb = ridge;
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-(a + b * s[i])));
      const e = p - (y[i] ? 1 : 0);
      const w = p * (1 - p);
      ga += e;
      gb += e * s[i];
      haa += w;
      hab += w * s[i];
      hbb += w * s[i] * s[i];
    }
    gb += ridge * b;
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return flat;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return b >= 0 ? { a, b } : flat;
}
