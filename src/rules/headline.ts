/**
 * `hook_mechanics` (basis `ai_judged`): a pairwise logistic model learned from Upworthy A/B tests,
 * trained by scripts/train-headline.ts. It scores 51 hand-written text features plus presence flags for a
 * learned vocabulary of 300 stemmed words (`word:…`, `first:…`). It is a weak signal (see
 * bench/RESULTS.headline.md): it ranks headline variants, it does not predict a click-through rate.
 * Docs: docs/rules.md.
 */
import weights from "./headline-weights.json";
import { type Contribution, compileHeadlineModel } from "./headline-features.ts";

export type { Contribution } from "./headline-features.ts";

// Stale weights would silently mis-grade every title, so a mismatch is a load-time programmer error (it throws).
const MODEL = compileHeadlineModel(weights);

/**
 * In [0, 1]. The bias centres the average training headline at 0.5, so under the RankNet model this reads
 * as "probability of beating a typical Upworthy headline variant".
 */
export function headlineScore(text: string): number {
  return MODEL.score(text);
}

/** The model's logit (0 for the average training headline); what the grade rescales into its own points. */
export function headlineLogit(text: string): number {
  const x = MODEL.logit(text);
  return Number.isFinite(x) ? x : 0;
}

/** Points for the grade: one decimal, within [0, max]. A non-finite or negative max yields 0. */
export function hookMechanicsPoints(text: string, max = 30): number {
  if (!Number.isFinite(max) || max <= 0) return 0;
  const pts = Math.round(headlineScore(text) * max * 10) / 10;
  return Math.min(max, Math.max(0, pts));
}

/**
 * The features that moved this headline's score most, largest |value| first, so the grade can explain
 * itself. Names are hand-written features (e.g. `question`) or vocabulary terms (e.g. `word:beautiful`).
 */
export function headlineContributions(text: string, top = 5): Contribution[] {
  return MODEL.contributions(text).slice(0, top > 0 ? top : 0);
}
