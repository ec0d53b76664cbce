/** Scoring metrics for forecasts: ROC AUC (rank-based, ties averaged) and Brier score. */
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

export function brier(p: number[], y: number[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) s += (p[i] - y[i]) ** 2;
  return p.length ? s / p.length : NaN;
}
