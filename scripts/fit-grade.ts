/**
 * Fits the `/grade` component weights on the Upworthy 2013 A/B tests and writes
 * src/rules/grade-weights.json. Run: `bun scripts/fit-grade.ts` (after `bun scripts/train-headline.ts`
 * and `bun scripts/build-readability-words.ts`). Judge the result with `bun bench/eval/grade.ts`.
 *
 * Uses only the training split of scripts/train-headline.ts (tests with FNV-1a(id) % 100 >= 20), so the
 * validation tests stay unseen by every fitted number of the grade. Three fits, all pairwise logistic:
 *  1. pattern_validation: one log-odds per pattern id (hook type or structure), L2 chosen by grouped
 *     5-fold CV over test ids (the strongest within PATTERN_CV_TOLERANCE of the best);
 *  2. length_fit: the length from which a headline earns full points, chosen on the training pairs;
 *  3. the component weights: a non-negative pairwise logistic over the components' [0, 1] signals,
 *     with out-of-fold signals for the learned parts (hook_mechanics and pattern_validation), because
 *     their in-sample scores are optimistic and would earn them too much weight.
 * topic_momentum cannot be fitted here: no Upworthy headline matches a tracked story, so it keeps a
 * fixed max (TOPIC_MOMENTUM_MAX) and the fitted components share the rest.
 * Deterministic: fixed hash folds, Newton's method to the unique optimum, rounded outputs.
 */
import { compileHeadlineModel } from "../src/rules/headline-features.ts";
import { headlineLogit } from "../src/rules/headline.ts";
import { type LengthRule, PATTERN_IDS, lengthShare, patternLogit, squash } from "../src/rules/grade-signals.ts";
import { titlePatterns } from "../src/rules/structure.ts";
import { DATA_FILE, HYPER, type Csr, type Pair, buildPairs, encodeAll, fitPairs, fnv1a, isValidationTest, loadPackages, pairwiseAccuracy, trainRankNet } from "./train-headline.ts";

export const GRADE_WEIGHTS_FILE = "src/rules/grade-weights.json";
export const TOPIC_MOMENTUM_MAX = 15;
export const FOLDS = 5;
export const PATTERN_L2_GRID = [0.001, 0.003, 0.01, 0.03, 0.1, 0.3];
/**
 * The strongest L2 whose CV accuracy is within this of the best wins: CV differences this small are
 * noise (±0.005 is about 17 of 3,343 pairs), and the stronger ridge keeps rare patterns (versus: 3
 * training pairs) from earning large weights.
 */
export const PATTERN_CV_TOLERANCE = 0.005;
export const LENGTH_FULL_GRID = [40, 50, 60, 70, 80, 90, 100, 110];
export const LENGTH_PLATEAU_END = 110;
export const LENGTH_ZERO_AT = 200;
/** Tiny ridge on the 3 component weights: only there to keep Newton's Hessian positive definite. */
const STACK_L2 = 1e-6;

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 + 0;
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
// Counted as the grade counts a draft (src/rules/grade.ts), untrimmed.
const chars = (h: string): number => [...h].length;
/** Same pair weighting as the headline model (HYPER.trainOn): near coin-flip pairs count less. */
const pairWeight = (p: Pair): number => (HYPER.trainOn === "zweighted" ? Math.min(p.z, 3) : 1);
const foldOf = (testId: string): number => fnv1a(`grade-cv:${testId}`) % FOLDS;

/** Pairwise logistic on dense per-headline vectors: P(a beats b) = σ(w·(x_a − x_b)). */
function fitDensePairs(pairs: Pair[], x: (h: string) => Float64Array, dim: number, l2: number): Float64Array {
  const ptr = new Int32Array(pairs.length + 1);
  const idx: number[] = [];
  const val: number[] = [];
  pairs.forEach((p, i) => {
    const a = x(p.a);
    const b = x(p.b);
    for (let k = 0; k < dim; k++) {
      const d = a[k] - b[k];
      if (d !== 0) {
        idx.push(k);
        val.push(d);
      }
    }
    ptr[i + 1] = idx.length;
  });
  const D: Csr = { ptr, idx: Int32Array.from(idx), val: Float64Array.from(val) };
  return trainRankNet(D, Uint8Array.from(pairs, (p) => (p.aWins ? 1 : 0)), Float64Array.from(pairs, pairWeight), dim, l2);
}

const patternVector = (h: string): Float64Array => {
  const v = new Float64Array(PATTERN_IDS.length);
  for (const p of titlePatterns(h)) {
    const i = PATTERN_IDS.indexOf(p);
    if (i >= 0) v[i] = 1;
  }
  return v;
};

function fitPatternWeights(pairs: Pair[], l2: number): Record<string, number> {
  const w = fitDensePairs(pairs, patternVector, PATTERN_IDS.length, l2);
  return Object.fromEntries(PATTERN_IDS.map((id, i) => [id, round6(w[i])]));
}

const uniqueHeadlines = (pairs: Pair[]): string[] => [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
};

/**
 * Out-of-fold logits for every training headline: each fold's headlines scored by a model fitted on the
 * other folds, centred on that model's mean training headline (as the committed models are).
 */
function outOfFold(train: Pair[], fit: (pairs: Pair[]) => (h: string) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (let f = 0; f < FOLDS; f++) {
    const fitOn = train.filter((p) => foldOf(p.testId) !== f);
    const score = fit(fitOn);
    const centre = mean(uniqueHeadlines(fitOn).map(score));
    for (const h of uniqueHeadlines(train.filter((p) => foldOf(p.testId) === f))) out.set(h, score(h) - centre);
  }
  return out;
}

/** Integer maxes adding up to `total`, proportional to `w` (largest remainder, ties by order). */
export function apportion(w: number[], total: number): number[] {
  const sum = w.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) return w.map((_, i) => (i === 0 ? total : 0));
  const exact = w.map((x) => (x / sum) * total);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]++;
    left--;
  }
  return out;
}

export function buildGradeJson(csvText: string): string {
  const pairs = buildPairs(loadPackages(csvText));
  const train = pairs.filter((p) => !isValidationTest(p.testId));
  const trainHeads = uniqueHeadlines(train);

  // 1. pattern_validation: L2 by grouped CV (out-of-fold pairwise accuracy of the pattern logit).
  const patternCv = PATTERN_L2_GRID.map((l2) => {
    const oof = outOfFold(train, (ps) => {
      const w = fitPatternWeights(ps, l2);
      return (h) => patternLogit(h, w);
    });
    return { l2, cvAcc: r4(pairwiseAccuracy(train, (h) => oof.get(h)!)) };
  });
  const bestCv = Math.max(...patternCv.map((c) => c.cvAcc));
  const patternL2 = Math.max(...patternCv.filter((c) => c.cvAcc >= bestCv - PATTERN_CV_TOLERANCE).map((c) => c.l2));
  const patternWeights = fitPatternWeights(train, patternL2);
  const pLogits = trainHeads.map((h) => patternLogit(h, patternWeights));
  const patternCentre = round6(mean(pLogits));
  const patternSpread = round6(sd(pLogits.map((x) => x - patternCentre)));

  // 2. length_fit: the `full` length by training-pair accuracy of the length share alone.
  const lengthCandidates = LENGTH_FULL_GRID.map((full) => {
    const rule: LengthRule = { full, plateauEnd: LENGTH_PLATEAU_END, zeroAt: LENGTH_ZERO_AT };
    return { full, trainAcc: r4(pairwiseAccuracy(train, (h) => lengthShare(chars(h), rule))) };
  });
  const lengthFull = lengthCandidates.reduce((best, c) => (c.trainAcc > best.trainAcc ? c : best)).full;
  const length: LengthRule = { full: lengthFull, plateauEnd: LENGTH_PLATEAU_END, zeroAt: LENGTH_ZERO_AT };

  // 3. component weights on out-of-fold signals.
  const enc = encodeAll(train);
  const hookOof = outOfFold(train, (ps) => compileHeadlineModel(fitPairs(ps, enc)).logit);
  const patternOof = outOfFold(train, (ps) => {
    const w = fitPatternWeights(ps, patternL2);
    return (h) => patternLogit(h, w);
  });
  const hookSpreadOof = sd([...hookOof.values()]);
  const patternSpreadOof = sd([...patternOof.values()]);
  const KEYS = ["pattern_validation", "hook_mechanics", "length_fit"] as const;
  const signals = (h: string): Float64Array =>
    Float64Array.of(squash(patternOof.get(h)!, patternSpreadOof), squash(hookOof.get(h)!, hookSpreadOof), lengthShare(chars(h), length));
  const sig = new Map(trainHeads.map((h) => [h, signals(h)]));
  // Non-negative weights: a component that ranks winners lower once the others are known is dropped, not inverted.
  let active = [0, 1, 2];
  let w = new Float64Array(3);
  for (;;) {
    const sub = fitDensePairs(train, (h) => Float64Array.from(active, (k) => sig.get(h)![k]), active.length, STACK_L2);
    w = new Float64Array(3);
    active.forEach((k, i) => (w[k] = sub[i]));
    const neg = active.filter((k) => w[k] <= 0);
    if (neg.length === 0 || active.length === 1) break;
    active = active.filter((k) => w[k] > 0);
  }
  const maxes = apportion(Array.from(w, (x) => Math.max(0, x)), 100 - TOPIC_MOMENTUM_MAX);
  const max = { pattern_validation: maxes[0], hook_mechanics: maxes[1], length_fit: maxes[2], topic_momentum: TOPIC_MOMENTUM_MAX };
  const headlineLogits = trainHeads.map(headlineLogit);
  const out = {
    max,
    pattern: { weights: patternWeights, centre: patternCentre, spread: patternSpread },
    hook: { spread: round6(sd(headlineLogits.map((x) => x - mean(headlineLogits)))) },
    length,
    fit: {
      data: DATA_FILE,
      split: "train = FNV-1a(clickability_test_id) % 100 >= 20 (the headline model's training split)",
      trainPairs: train.length,
      pairWeight: HYPER.trainOn,
      patternL2,
      patternCv,
      lengthCandidates,
      componentWeights: Object.fromEntries(KEYS.map((k, i) => [k, round6(w[i])])),
      topicMomentum: `fixed at ${TOPIC_MOMENTUM_MAX}: no Upworthy headline matches a tracked story, so it has no signal to fit`,
    },
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

if (import.meta.main) {
  const root = `${import.meta.dir}/..`;
  const json = buildGradeJson(await Bun.file(`${root}/${DATA_FILE}`).text());
  await Bun.write(`${root}/${GRADE_WEIGHTS_FILE}`, json);
  const o = JSON.parse(json);
  console.log(JSON.stringify({ max: o.max, componentWeights: o.fit.componentWeights, patternL2: o.fit.patternL2, patternCv: o.fit.patternCv, length: o.length, lengthCandidates: o.fit.lengthCandidates }, null, 1));
}
