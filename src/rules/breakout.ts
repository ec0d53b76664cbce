/**
 * breakoutProbability: a small sign-constrained logistic model over scale-free features of an
 * activity series y (views gained per day, oldest first), optionally with chart context (position
 * on the day's chart, the chart-wide gain shock, publish age). Built to hold across audiences:
 * few parameters, every effect monotone in the direction that makes sense (FEATURE_SIGNS), and a
 * guard (src/backtest/guard.ts) that replaces a fit with the best naive score when the fit does
 * not beat it on the most recent held-out days. Coefficients are fitted by scripts/fit-breakout.ts
 * (never typed in by hand) and committed in breakout-weights.json.
 *
 * Breakout (docs/rules.md): views gained over (d, d+H] ≥ 1.5 × views gained over (d−H, d].
 */
import weights from "./breakout-weights.json";

export const BREAKOUT_RATIO = 1.5;
/** Ranking labels of the fit: gain ratio ≥ 1 ("the gain did not fall"); see fitBreakoutModel. */
export const RANK_RATIO = 1;
export const SERIES_FEATURES = ["relAccel", "logViews"] as const;
export const CONTEXT_FEATURES = ["chartPos", "chartPosPrev", "chartShock", "ageExcess"] as const;
/** Kept for callers of the first version: the series features. */
export const FEATURES = SERIES_FEATURES;
/** Index of relAccel in every feature vector. */
export const ACCEL_INDEX = 0;
/**
 * Direction each coefficient is constrained to (+1: ≥ 0, −1: ≤ 0), by feature name:
 *   relAccel +  the gain is rising → the next window is more likely to beat this one;
 *   logViews −  big items need a big absolute jump to gain 1.5× (the "inverse views" effect);
 *   chartPos, chartPosPrev +  lower on the chart = fewer views now, more room to jump;
 *   chartShock −  a chart-wide drop in today's gains (scrape timing) is followed by a rebound;
 *   ageExcess −  a video that reached the chart long after publication has less fresh demand.
 */
export const FEATURE_SIGNS: Record<string, 1 | -1> = { relAccel: 1, logViews: -1, chartPos: 1, chartPosPrev: 1, chartShock: -1, ageExcess: -1 };

export interface BreakoutModel {
  bias: number;
  coef: number[];
}

/** Naive scores the guard compares every fit with; higher = more likely to break out. */
export const NAIVE_SCORES = ["chartPos", "invViews", "accel"] as const;
export type NaiveName = (typeof NAIVE_SCORES)[number];
export type NaiveScores = Record<NaiveName, number | null>;

/**
 * What breakoutProbability evaluates: the fitted logistic, or a naive score mapped to a
 * probability by p = σ(a + b·score) with b ≥ 0 (the guard's fallback).
 */
export type BreakoutScorer = ({ kind: "logistic" } & BreakoutModel) | { kind: "naive"; score: NaiveName; a: number; b: number };

/**
 * Context of a video on day d. pos = 0-based rank / list length (0 = top); posPrev = the same at
 * d−1 (null when it was not on that chart); chartShock = median over the day's chart of
 * ln(today's gain / yesterday's gain) (null when unknown); ageDays = days since publication
 * (null when the feed has no publish time, e.g. the 2017 Kaggle files: the feature is then neutral).
 */
export interface ChartContext {
  pos: number;
  posPrev?: number | null;
  chartShock?: number | null;
  ageDays?: number | null;
}

/** True when the gain over (d, d+H] is at least BREAKOUT_RATIO × the gain over (d−H, d]. */
export function isBreakout(before: number, after: number): boolean {
  return after >= BREAKOUT_RATIO * before;
}

function clip(x: number, lo: number, hi: number): number {
  return !Number.isFinite(x) ? lo : x < lo ? lo : x > hi ? hi : x;
}

const gainOf = (v: number) => (Number.isFinite(v) ? Math.max(0, v) : 0);

/** Signed log10(1 + |x|): keeps the order of x and makes huge view counts finite and comparable. */
function slog(x: number): number {
  return Number.isFinite(x) ? Math.sign(x) * Math.log10(1 + Math.abs(x)) : 0;
}

/**
 * Features of the daily gains y (oldest first), the days tracked and the cumulative total `cum` at
 * the last day; every one is scale-free or a log level, so it transfers between audiences:
 *   relAccel  = ln(last gain / previous gain), clipped to [−2, 2] (0 with one gain);
 *   logViews  = log10(1 + cumulative) / 8;
 * and, only when `ctx` is given:
 *   chartPos, chartPosPrev = position on day d's and d−1's chart (chartPosPrev = chartPos when absent);
 *   chartShock = the day's median ln gain ratio clipped to [−2, 2] (0 = none, when unknown);
 *   ageExcess = log2(publish age / days tracked) / 8 in [0, 1]: 0 for a video that reached the chart
 *     when it was published, and 0 (neutral) when the publish time is unknown.
 * Every feature is finite for any input; only information available at the last day is used.
 */
export function breakoutFeatures(y: number[], daysTracked: number, cum: number, ctx?: ChartContext | null): number[] {
  const n = y.length;
  const cur = n ? gainOf(y[n - 1]) : 0;
  const prev = n >= 2 ? gainOf(y[n - 2]) : 0;
  const relAccel = n >= 2 && prev > 0 ? (cur > 0 ? clip(Math.log(cur / prev), -2, 2) : -2) : 0;
  const total = Math.min(Math.max(Number.isFinite(cum) ? cum : 0, cur, 0), Number.MAX_VALUE);
  const x = [relAccel, Math.log10(1 + total) / 8];
  if (ctx) {
    const pos = clip(ctx.pos, 0, 1);
    const prevPos = ctx.posPrev == null ? pos : clip(ctx.posPrev, 0, 1);
    const shock = ctx.chartShock == null || !Number.isFinite(ctx.chartShock) ? 0 : clip(ctx.chartShock, -2, 2);
    const age = ctx.ageDays;
    const tracked = Math.max(1, Number.isFinite(daysTracked) ? daysTracked : 1);
    const ageExcess = age == null || !Number.isFinite(age) ? 0 : clip(Math.log2(Math.max(1, age) / tracked), 0, 8) / 8;
    x.push(pos, prevPos, shock, ageExcess);
  }
  return x;
}

/**
 * The naive scores of the same inputs (no fit): last-day acceleration (last gain − previous gain,
 * on a signed log scale), inverse views (−log views) and chart position yesterday (today's when
 * absent; null without chart context).
 */
export function naiveScores(y: number[], cum: number, ctx?: ChartContext | null): NaiveScores {
  const n = y.length;
  const cur = n ? gainOf(y[n - 1]) : 0;
  const prev = n >= 2 ? gainOf(y[n - 2]) : cur;
  const total = Math.max(Number.isFinite(cum) ? cum : 0, 0);
  const pos = ctx ? (ctx.posPrev == null ? clip(ctx.pos, 0, 1) : clip(ctx.posPrev, 0, 1)) : null;
  return { accel: slog(cur - prev), invViews: -Math.log10(1 + Math.min(total, Number.MAX_VALUE)), chartPos: pos };
}

/** A video's day series as the vault holds it: day ordinals, cumulative views, chart positions. */
export interface ChartSeries {
  d: readonly number[];
  v: readonly number[];
  p?: readonly (number | null)[];
  publishedAt?: string | null;
}

/** Position of s on `day`'s chart (0 = top), or null when it was not observed or its position is unknown. */
export function chartPosOn(s: ChartSeries, day: number): number | null {
  for (let i = s.d.length - 1; i >= 0; i--) {
    if (s.d[i] === day) {
      const p = s.p?.[i];
      return p == null || !Number.isFinite(p) ? null : clip(p, 0, 1);
    }
    if (s.d[i] < day) return null;
  }
  return null;
}

/**
 * Median over the videos observed on `day` with two positive daily gains of ln(last gain /
 * previous gain): a chart-wide shift in today's gains (e.g. the list read earlier or later in the
 * day than yesterday). Null when no video qualifies.
 */
export function chartShockOf(videos: Iterable<ChartSeries>, day: number): number | null {
  const r: number[] = [];
  for (const v of videos) {
    const n = v.d.length;
    if (n < 3 || v.d[n - 1] !== day) continue;
    const g1 = (v.v[n - 1] - v.v[n - 2]) / (v.d[n - 1] - v.d[n - 2]);
    const g0 = (v.v[n - 2] - v.v[n - 3]) / (v.d[n - 2] - v.d[n - 3]);
    if (g1 > 0 && g0 > 0 && Number.isFinite(g1 / g0)) r.push(Math.log(g1 / g0));
  }
  if (!r.length) return null;
  r.sort((a, b) => a - b);
  return r.length % 2 ? r[(r.length - 1) / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
}

/** Days from the publish time to the end of `day` (null when unknown or unparseable). */
export function publishAgeDays(publishedAt: string | null | undefined, day: number): number | null {
  if (!publishedAt) return null;
  const t = Date.parse(publishedAt);
  if (!Number.isFinite(t)) return null;
  return Math.max(0, (day + 1) * 86_400_000 - t) / 86_400_000;
}

/**
 * Chart context of a story on `day`: that of its best-placed video. Nearly every story that can
 * break out is one video on the chart (2017: 97% of scoreable story points have one member), and
 * the summed story series mixes members joining and leaving the chart, so its acceleration says
 * little (story-level AUC 0.53 on GB); the chart position of the best member carries the signal
 * the video level has (0.69 on GB, 0.71 on US at H=1). pos / posPrev = the best (lowest) position
 * of any member on day / day−1 (posPrev null when no member was on that chart); ageDays = publish
 * age of the member placed best today. Null when no member has a known position today.
 * Order of `members` does not matter; adding a member can only raise the context (lower positions).
 */
export function storyChartContext(members: Iterable<ChartSeries>, day: number, chartShock: number | null): ChartContext | null {
  let pos: number | null = null;
  let posPrev: number | null = null;
  let age: number | null = null;
  for (const m of members) {
    const p = chartPosOn(m, day);
    const q = chartPosOn(m, day - 1);
    if (q !== null && (posPrev === null || q < posPrev)) posPrev = q;
    if (p === null) continue;
    const a = publishAgeDays(m.publishedAt, day);
    // Ties on position: the younger video, so the result does not depend on member order.
    if (pos === null || p < pos || (p === pos && a !== null && (age === null || a < age))) {
      pos = p;
      age = a;
    }
  }
  return pos === null ? null : { pos, posPrev, chartShock, ageDays: age };
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

/** Probability of a scorer: the logistic over x, or the calibrated naive score. */
export function predictScorer(s: BreakoutScorer, x: number[], naive: NaiveScores): number {
  if (s.kind === "logistic") return predict(s, x);
  const v = naive[s.score];
  const p = logistic(s.a + s.b * (v ?? 0));
  return Number.isFinite(p) ? p : 0;
}

function asScorer(w: { kind?: string; bias?: number; coef?: number[]; score?: string; a?: number; b?: number }): BreakoutScorer {
  if (w.kind === "naive") return { kind: "naive", score: w.score as NaiveName, a: w.a ?? 0, b: w.b ?? 0 };
  return { kind: "logistic", bias: w.bias ?? 0, coef: (w.coef ?? []).slice() };
}

/** Share of scoreable points that broke out in the data the serving model was fitted on. */
export const BASE_RATE: number = weights.fittedOn.baseRate;
/** Serving scorers: series features only (stories, callers without chart context), and with context (videos). */
export const SERIES_SCORER: BreakoutScorer = asScorer(weights.series.serving);
export const VIDEO_SCORER: BreakoutScorer = asScorer(weights.video.serving);
/** The fitted logistic models (what the guard compared; served only when SERIES/VIDEO_SCORER is logistic). */
export const MODEL: BreakoutModel = { bias: weights.series.fit.bias, coef: weights.series.fit.coef.slice() };
export const VIDEO_MODEL: BreakoutModel = { bias: weights.video.fit.bias, coef: weights.video.fit.coef.slice() };

/**
 * Probability (3 decimals) that the series breaks out over the next H days (H = 1 for the
 * committed weights). Without `ctx` the series scorer is used; with `ctx` the video scorer.
 * A model passed explicitly must match the feature vector (2 coefficients, or 6 with ctx).
 */
export function breakoutProbability(y: number[], daysTracked: number, cum: number, model?: BreakoutModel | BreakoutScorer, ctx?: ChartContext | null): number {
  const s: BreakoutScorer = model ? ("kind" in model ? model : { kind: "logistic", ...model }) : ctx ? VIDEO_SCORER : SERIES_SCORER;
  const p = predictScorer(s, breakoutFeatures(y, daysTracked, cum, ctx), naiveScores(y, cum, ctx));
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
  // Class-balanced weights (default): breakouts are rare (~2%), so an unweighted fit barely moves away from "never".
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

/** Sign constraints of a feature vector of length d (series features, then context features). */
export function signsFor(d: number): number[] {
  const names = [...SERIES_FEATURES, ...CONTEXT_FEATURES];
  return Array.from({ length: d }, (_, j) => FEATURE_SIGNS[names[j]] ?? 0);
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
  /** Sign constraint per feature (+1 ≥ 0, −1 ≤ 0, 0 free); default signsFor(d). */
  signs?: number[];
}

export interface BreakoutFit {
  model: BreakoutModel;
  samples: number;
  positives: number;
  /** "logistic" when fitted; "base-rate" when the training set has no positive or no negative. */
  kind: "logistic" | "base-rate";
  /** True when every coefficient is 0: the fit says nothing beyond the base rate (never served by the guard). */
  collapsed: boolean;
}

/**
 * The fit used for the committed weights and every backtest refit (docs/rules.md):
 *  1. standardise each feature on the training set (a constant feature is left unscaled);
 *  2. class-balanced L2 logistic regression (L2 0.3, 300 steps) on the ranking labels
 *     (`rankLabels`; the breakout labels when absent or one-class), each coefficient held to its
 *     sign (features constrained ≤ 0 are negated, fitted ≥ 0, and negated back);
 *  3. Platt recalibration on the breakout labels (slope ≥ 0), so probabilities are on the base-rate scale;
 *  4. both steps folded back into one {bias, coef} over the raw features.
 * A slope ≥ 0 keeps every sign. With no positives (or no negatives) the model is the Laplace-smoothed
 * base rate. Deterministic: same samples → same model.
 */
export function fitBreakoutModel(X: number[][], labels: number[], opts: BreakoutFitOptions = {}): BreakoutFit {
  const n = X.length;
  const pos = labels.reduce((a, b) => a + (b ? 1 : 0), 0);
  const d = X[0]?.length ?? SERIES_FEATURES.length;
  if (!n || !pos || pos === n) {
    const rate = (pos + 0.5) / (n + 1);
    return { model: { bias: Math.log(rate / (1 - rate)), coef: new Array(d).fill(0) }, samples: n, positives: pos, kind: "base-rate", collapsed: true };
  }
  const signs = opts.signs ?? signsFor(d);
  const flip = signs.map((s) => (s < 0 ? -1 : 1));
  const mu = new Array(d).fill(0);
  const sd = new Array(d).fill(0);
  for (const x of X) for (let j = 0; j < d; j++) mu[j] += (flip[j] * x[j]) / n;
  for (const x of X) for (let j = 0; j < d; j++) sd[j] += (flip[j] * x[j] - mu[j]) ** 2 / n;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]) > 1e-9 ? Math.sqrt(sd[j]) : 1;
  const Z = X.map((x) => x.map((v, j) => (flip[j] * v - mu[j]) / sd[j]));
  const y = labels.map((b) => (b ? 1 : 0));
  const yr = opts.rankLabels ? opts.rankLabels.map((b) => (b ? 1 : 0)) : y;
  const rPos = yr.reduce<number>((a, b) => a + b, 0);
  const nonNeg = signs.map((s, j) => (s ? j : -1)).filter((j) => j >= 0);
  const m = fitLogistic(Z, rPos && rPos < n ? yr : y, { iters: opts.iters ?? 300, lr: 0.5, l2: opts.l2 ?? 0.3, nonNeg, balanced: true });
  const s = Z.map((z) => {
    let v = m.bias;
    for (let j = 0; j < d; j++) v += m.coef[j] * z[j];
    return v;
  });
  const { a, b } = fitPlatt(s, y);
  // p = σ(a + b·(m.bias + Σ m.coef_j (flip_j x_j − mu_j)/sd_j))
  const coef = m.coef.map((c, j) => (b * c * flip[j]) / sd[j] || 0); // `|| 0`: no −0 from negated features
  let bias = a + b * m.bias;
  for (let j = 0; j < d; j++) bias -= (b * m.coef[j] * mu[j]) / sd[j];
  return { model: { bias, coef }, samples: n, positives: pos, kind: "logistic", collapsed: coef.every((c) => c === 0) };
}

/**
 * Platt scaling: maximum-likelihood p = σ(a + b·s) by Newton's method (2×2 system, 50 steps at
 * most), with a tiny ridge for separable data; a negative slope is replaced by the intercept-only
 * fit (b = 0), so the calibrated probability never reverses the ranking. With `prior`, the slope
 * is shrunk toward prior.b0 by a Gaussian penalty of that weight (and is b0 when the labels are
 * one class), so a score known to rank keeps ranking while its breakouts are still too few.
 */
export function fitPlatt(s: number[], y: number[], prior?: { b0: number; weight: number }): { a: number; b: number } {
  const n = s.length;
  const pos = y.reduce((acc, v) => acc + (v ? 1 : 0), 0);
  const rate = (pos + 0.5) / (n + 1);
  const b0 = prior ? Math.max(0, prior.b0) : 0;
  const pw = prior ? Math.max(0, prior.weight) : 0;
  let mean = 0;
  for (const v of s) mean += v / (n || 1);
  // With the prior slope, centre the intercept so the mean probability stays at the base rate.
  const flat = { a: Math.log(rate / (1 - rate)) - b0 * (Number.isFinite(mean) ? mean : 0), b: b0 };
  if (!n || !pos || pos === n) return flat;
  let a = flat.a;
  let b = b0;
  const ridge = 1e-6 * n + pw;
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
    gb += (1e-6 * n) * b + pw * (b - b0);
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return { a: Math.log(rate / (1 - rate)), b: 0 };
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  if (b >= 0) return { a, b };
  const r0 = Math.log(rate / (1 - rate));
  return { a: r0, b: 0 };
}
