/**
 * `hook_mechanics` (basis `ai_judged`): a pairwise logistic model learned from Upworthy A/B tests,
 * trained by scripts/train-headline.ts. It is a weak signal (see bench/RESULTS.headline.md): it ranks
 * headline variants, it does not predict a click-through rate. Docs: docs/rules.headline.md.
 */
import weights from "./headline-weights.json";
import { FEATURE_NAMES, headlineFeatures } from "./headline-features.ts";

const W: readonly number[] = weights.weights;
const BIAS: number = weights.bias ?? 0;

// Stale weights would silently mis-grade every title, so a mismatch is a load-time programmer error.
if (weights.featureNames.length !== FEATURE_NAMES.length || weights.featureNames.some((n, i) => n !== FEATURE_NAMES[i])) {
  throw new Error("headline-weights.json does not match FEATURE_NAMES; re-run `bun scripts/train-headline.ts`");
}

function rawScore(x: ArrayLike<number>): number {
  let s = BIAS;
  for (let k = 0; k < x.length; k++) s += W[k] * x[k];
  return s;
}

/**
 * In [0, 1]. The bias centres the average training headline at 0.5, so under the RankNet model this reads
 * as "probability of beating a typical Upworthy headline variant".
 */
export function headlineScore(text: string): number {
  const s = rawScore(headlineFeatures(text));
  const p = 1 / (1 + Math.exp(-s));
  return Number.isFinite(p) ? p : 0.5;
}

/** Points for the grade: one decimal, within [0, max]. A non-finite or negative max yields 0. */
export function hookMechanicsPoints(text: string, max = 30): number {
  if (!Number.isFinite(max) || max <= 0) return 0;
  const pts = Math.round(headlineScore(text) * max * 10) / 10;
  return Math.min(max, Math.max(0, pts));
}

export interface Contribution {
  name: string;
  /** weight × feature value, in logit units; positive helps. The bias is not listed. */
  value: number;
}

/** The features that moved this headline's score most, largest |value| first, so the grade can explain itself. */
export function headlineContributions(text: string, top = 5): Contribution[] {
  const x = headlineFeatures(text);
  const out: Contribution[] = [];
  for (let k = 0; k < x.length; k++) {
    const value = W[k] * x[k];
    if (value !== 0) out.push({ name: FEATURE_NAMES[k], value: Math.round(value * 1e4) / 1e4 });
  }
  out.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || (a.name < b.name ? -1 : 1));
  return out.slice(0, top > 0 ? top : 0);
}
