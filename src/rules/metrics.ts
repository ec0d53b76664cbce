/**
 * Scoring metrics for forecasts: ROC AUC (rank-based, ties averaged), Brier score, a calibration
 * table, and the relative squared error of projections. All pure; empty or one-class inputs give NaN
 * where the metric is undefined (never a made-up number).
 */
export function auc(p: number[], y: number[]): number {
  const idx = p.map((_, i) => i).sort((a, b) => p[a] - p[b]);
  const ranks = new Array(p.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && p[idx[j + 1]] === p[idx[i]]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[idx[k]] = r;
    i = j + 1;
  }
  let nPos = 0;
  let sumPos = 0;
  for (let i = 0; i < y.length; i++) if (y[i]) {
    nPos++;
    sumPos += ranks[i];
  }
  const nNeg = y.length - nPos;
  if (!nPos || !nNeg) return NaN;
  return (sumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

/**
 * Standard error of an AUC by Hanley & McNeil (1982): a rough 95% interval is auc ± 1.96·se.
 * NaN when the AUC is undefined.
 */
export function aucStandardError(a: number, nPos: number, nNeg: number): number {
  if (!Number.isFinite(a) || !nPos || !nNeg) return NaN;
  const q1 = a / (2 - a);
  const q2 = (2 * a * a) / (1 + a);
  const v = (a * (1 - a) + (nPos - 1) * (q1 - a * a) + (nNeg - 1) * (q2 - a * a)) / (nPos * nNeg);
  return Math.sqrt(Math.max(0, v));
}

export function brier(p: number[], y: number[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += (p[i] - y[i]) ** 2;
  return p.length ? s / p.length : NaN;
}

export interface CalibrationRow {
  /** 1-based bin number, lowest predicted probabilities first. */
  bin: number;
  n: number;
  /** Smallest and largest predicted probability in the bin. */
  pMin: number;
  pMax: number;
  meanPredicted: number;
  positives: number;
  observedRate: number;
}

/**
 * Calibration table over equal-count bins of the predicted probability (deciles by default):
 * points are sorted by p (ties broken by input order, so the table is deterministic) and cut into
 * `bins` groups whose sizes differ by at most one. Rare events make fixed-width bins nearly empty
 * above the base rate, hence quantile bins.
 */
export function calibrationTable(p: number[], y: number[], bins = 10): CalibrationRow[] {
  const n = p.length;
  if (!n) return [];
  const k = Math.max(1, Math.min(bins, n));
  const idx = p.map((_, i) => i).sort((a, b) => p[a] - p[b] || a - b);
  const rows: CalibrationRow[] = [];
  for (let b = 0; b < k; b++) {
    const lo = Math.floor((b * n) / k);
    const hi = Math.floor(((b + 1) * n) / k);
    let sp = 0;
    let pos = 0;
    for (let i = lo; i < hi; i++) {
      sp += p[idx[i]];
      pos += y[idx[i]] ? 1 : 0;
    }
    const m = hi - lo;
    rows.push({ bin: b + 1, n: m, pMin: p[idx[lo]], pMax: p[idx[hi - 1]], meanPredicted: sp / m, positives: pos, observedRate: pos / m });
  }
  return rows;
}

/** Relative squared error: mean of (projected/actual − 1)² over points with actual > 0. */
export function rse(projected: number[], actual: number[]): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < projected.length; i++) {
    if (!(actual[i] > 0)) continue;
    s += (projected[i] / actual[i] - 1) ** 2;
    n++;
  }
  return n ? s / n : NaN;
}
