/**
 * Trains the `hook_mechanics` headline model on the Upworthy 2013 A/B tests and writes
 * src/rules/headline-weights.json. Run: `bun scripts/train-headline.ts` (add `--cv` to score the
 * feature set by grouped 5-fold cross-validation on the training split only, without touching validation).
 *
 * Everything is deterministic (hash split, fixed iterations, fixed summation order, rounded weights),
 * so re-running yields a byte-identical JSON. The pair/split/accuracy helpers are exported so the test
 * suite recomputes the recorded metrics from the CSV instead of trusting them.
 */
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { FEATURE_NAMES, headlineFeatures } from "../src/rules/headline-features.ts";

export const DATA_FILE = "data/upworthy-2013.csv";
export const WEIGHTS_FILE = "src/rules/headline-weights.json";
/** Percent of test ids (by hash) held out for validation. */
export const VALIDATION_PERCENT = 20;
/** |z| of a two-proportion test above which a pair's CTR difference counts as significant (p < 0.05, two-sided). */
export const Z_SIGNIFICANT = 1.96;

export const HYPER = {
  iterations: 3000,
  learningRate: 0.5,
  l2: 0.03,
  /**
   * Training pairs: "all" (weight 1), "significant" (only |z| >= Z_SIGNIFICANT) or "zweighted" (weight min(|z|, 3),
   * so near-coin-flip pairs barely count). Validation always reports all pairs and significant pairs.
   */
  trainOn: "all" as "all" | "significant" | "zweighted",
};

export interface Pkg {
  testId: string;
  eyecatcherId: string;
  headline: string;
  impressions: number;
  clicks: number;
}

/** Two packages of one test with the same image; `aWins` is true when `a` had the higher CTR. */
export interface Pair {
  testId: string;
  a: string;
  b: string;
  ctrA: number;
  ctrB: number;
  aWins: boolean;
  /** Two-proportion z statistic of the CTR difference (unsigned). */
  z: number;
}

/** FNV-1a 32-bit: a stable, seedless hash so the split never depends on row order or runtime. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Split by test, never by pair: pairs of one test share headlines and an audience, so splitting pairs would leak. */
export function isValidationTest(testId: string): boolean {
  return fnv1a(testId) % 100 < VALIDATION_PERCENT;
}

export function loadPackages(csvText: string): Pkg[] {
  const { records } = parseCsvRecords(csvText);
  const out: Pkg[] = [];
  for (const r of records) {
    const impressions = Number(r.impressions);
    const clicks = Number(r.clicks);
    if (!Number.isFinite(impressions) || !Number.isFinite(clicks)) continue;
    out.push({ testId: r.clickability_test_id, eyecatcherId: r.eyecatcher_id, headline: r.headline ?? "", impressions, clicks });
  }
  return out;
}

function twoProportionZ(c1: number, n1: number, c2: number, n2: number): number {
  const p = (c1 + c2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  return se > 0 ? Math.abs(c1 / n1 - c2 / n2) / se : 0;
}

/** All same-test, same-image pairs with different headlines and different CTRs, in CSV order. */
export function buildPairs(pkgs: Pkg[]): Pair[] {
  const groups = new Map<string, Pkg[]>();
  for (const p of pkgs) {
    if (!(p.impressions > 0)) continue;
    const key = `${p.testId}|${p.eyecatcherId}`;
    const g = groups.get(key);
    if (g) g.push(p);
    else groups.set(key, [p]);
  }
  const pairs: Pair[] = [];
  for (const g of groups.values()) {
    for (let i = 0; i < g.length; i++) {
      for (let j = i + 1; j < g.length; j++) {
        const a = g[i];
        const b = g[j];
        if (a.headline.trim() === b.headline.trim()) continue;
        const ctrA = a.clicks / a.impressions;
        const ctrB = b.clicks / b.impressions;
        if (ctrA === ctrB) continue;
        pairs.push({ testId: a.testId, a: a.headline, b: b.headline, ctrA, ctrB, aWins: ctrA > ctrB, z: twoProportionZ(a.clicks, a.impressions, b.clicks, b.impressions) });
      }
    }
  }
  return pairs;
}

/** Share of pairs where the scorer ranks the higher-CTR headline higher; exact score ties count one half. */
export function pairwiseAccuracy(pairs: Pair[], score: (headline: string) => number): number {
  if (pairs.length === 0) return Number.NaN;
  let right = 0;
  for (const p of pairs) {
    const d = score(p.a) - score(p.b);
    if (d === 0) right += 0.5;
    else if (d > 0 === p.aWins) right += 1;
  }
  return right / pairs.length;
}

/**
 * 95% interval of pairwise accuracy from a bootstrap that resamples whole tests (pairs within a test are
 * correlated, so resampling pairs would understate the spread). Fixed-seed LCG keeps it reproducible.
 */
export function clusterBootstrapCI(pairs: Pair[], score: (headline: string) => number, resamples = 2000, seed = 12345): [number, number] {
  const perTest = new Map<string, [number, number]>();
  for (const p of pairs) {
    const d = score(p.a) - score(p.b);
    const t = perTest.get(p.testId) ?? [0, 0];
    t[0] += d === 0 ? 0.5 : d > 0 === p.aWins ? 1 : 0;
    t[1] += 1;
    perTest.set(p.testId, t);
  }
  const tallies = [...perTest.values()];
  let s = seed;
  const accs: number[] = [];
  for (let b = 0; b < resamples; b++) {
    let right = 0;
    let n = 0;
    for (let i = 0; i < tallies.length; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const [r, c] = tallies[s % tallies.length];
      right += r;
      n += c;
    }
    accs.push(right / n);
  }
  accs.sort((x, y) => x - y);
  return [accs[Math.floor(resamples * 0.025)], accs[Math.ceil(resamples * 0.975) - 1]];
}

export function linearScore(weights: ArrayLike<number>, x: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < x.length; k++) s += weights[k] * x[k];
  return s;
}

/**
 * RankNet with a linear scorer: P(a beats b) = sigmoid(w·(x_a − x_b)). Full-batch gradient descent
 * with L2; a fixed iteration count and summation order keep it reproducible to the bit.
 */
export function trainRankNet(diffs: Float64Array[], labels: number[], sampleWeights: number[], dim: number, hyper = HYPER): Float64Array {
  const w = new Float64Array(dim);
  const grad = new Float64Array(dim);
  let n = 0;
  for (const sw of sampleWeights) n += sw;
  for (let it = 0; it < hyper.iterations; it++) {
    grad.fill(0);
    for (let i = 0; i < diffs.length; i++) {
      const d = diffs[i];
      const y = labels[i];
      const m = y * linearScore(w, d);
      // d/dm log(1 + e^{-m}) = -1 / (1 + e^{m})
      const g = (-y * sampleWeights[i]) / (1 + Math.exp(m));
      for (let k = 0; k < dim; k++) grad[k] += g * d[k];
    }
    for (let k = 0; k < dim; k++) w[k] -= hyper.learningRate * (grad[k] / n + hyper.l2 * w[k]);
  }
  return w;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 + 0; // "+ 0" turns -0 into 0

function fitPairs(pairs: Pair[], feats: Map<string, Float64Array>, hyper = HYPER): number[] {
  const used = hyper.trainOn === "significant" ? pairs.filter((p) => p.z >= Z_SIGNIFICANT) : pairs;
  const dim = FEATURE_NAMES.length;
  const diffs = used.map((p) => {
    const xa = feats.get(p.a)!;
    const xb = feats.get(p.b)!;
    const d = new Float64Array(dim);
    for (let k = 0; k < dim; k++) d[k] = xa[k] - xb[k];
    return d;
  });
  const sampleWeights = used.map((p) => (hyper.trainOn === "zweighted" ? Math.min(p.z, 3) : 1));
  return Array.from(trainRankNet(diffs, used.map((p) => (p.aWins ? 1 : -1)), sampleWeights, dim, hyper), round6);
}

function featureCache(pairs: Pair[]): Map<string, Float64Array> {
  const m = new Map<string, Float64Array>();
  for (const p of pairs) for (const h of [p.a, p.b]) if (!m.has(h)) m.set(h, headlineFeatures(h));
  return m;
}

/** Grouped k-fold CV inside the training split: the only signal used while choosing features and hyper-parameters. */
function crossValidate(train: Pair[], feats: Map<string, Float64Array>, hyper = HYPER, k = 5): { all: number; significant: number } {
  let right = 0;
  let rightSig = 0;
  let nSig = 0;
  for (let f = 0; f < k; f++) {
    const inFold = (p: Pair) => fnv1a(`cv:${p.testId}`) % k === f;
    const w = fitPairs(train.filter((p) => !inFold(p)), feats, hyper);
    const held = train.filter(inFold);
    const heldSig = held.filter((p) => p.z >= Z_SIGNIFICANT);
    const score = (h: string) => linearScore(w, feats.get(h)!);
    right += pairwiseAccuracy(held, score) * held.length;
    rightSig += pairwiseAccuracy(heldSig, score) * heldSig.length;
    nSig += heldSig.length;
  }
  return { all: right / train.length, significant: rightSig / nSig };
}

function splitPairs(csvText: string) {
  const pkgs = loadPackages(csvText);
  const pairs = buildPairs(pkgs);
  return {
    pkgs,
    pairs,
    train: pairs.filter((p) => !isValidationTest(p.testId)),
    valid: pairs.filter((p) => isValidationTest(p.testId)),
    feats: featureCache(pairs),
  };
}

/** The weights file's exact text for a CSV; exported so a test can check the committed file is reproducible. */
export function buildModelJson(csvText: string): string {
  const { pkgs, pairs, train, valid, feats } = splitPairs(csvText);
  const weights = fitPairs(train, feats);
  const cv = crossValidate(train, feats);
  // Centre on the mean training headline so headlineScore = P(beats a typical headline) under the model.
  const uniq = [...new Set(train.flatMap((p) => [p.a, p.b]))];
  const bias = round6(-uniq.reduce((s, h) => s + linearScore(weights, feats.get(h)!), 0) / uniq.length);
  const score = (h: string) => linearScore(weights, feats.get(h)!);
  const sig = (ps: Pair[]) => ps.filter((p) => p.z >= Z_SIGNIFICANT);
  const tests = (ps: Pair[]) => new Set(ps.map((p) => p.testId)).size;
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

  const out = {
    featureNames: FEATURE_NAMES,
    weights,
    bias,
    trainedOn: {
      dataset: "Upworthy Research Archive, 2013 exploratory packages",
      attribution:
        'J. Nathan Matias, Kevin Munger, Marianne Aubin Le Quere, Charles Ebersole, "The Upworthy Research Archive, a time series of 32,487 experiments in U.S. media", Scientific Data 8:195 (2021). CC BY 4.0.',
      file: DATA_FILE,
      packages: pkgs.length,
      pairs: pairs.length,
      split: `validation = FNV-1a(clickability_test_id) % 100 < ${VALIDATION_PERCENT}`,
      trainPairs: train.length,
      trainTests: tests(train),
      validationTests: tests(valid),
      hyper: HYPER,
    },
    metrics: {
      trainPairwiseAcc: r4(pairwiseAccuracy(train, score)),
      validationPairwiseAcc: r4(pairwiseAccuracy(valid, score)),
      validationPairs: valid.length,
      validationPairwiseAcc95CI: clusterBootstrapCI(valid, score).map(r4),
      validationSignificantPairwiseAcc: r4(pairwiseAccuracy(sig(valid), score)),
      validationSignificantPairs: sig(valid).length,
      trainSignificantPairwiseAcc: r4(pairwiseAccuracy(sig(train), score)),
      trainSignificantPairs: sig(train).length,
      // Grouped 5-fold CV inside the training split: what feature and hyper-parameter choices were judged on.
      trainSplitCv5PairwiseAcc: r4(cv.all),
      trainSplitCv5SignificantPairwiseAcc: r4(cv.significant),
    },
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

async function main(): Promise<void> {
  const root = `${import.meta.dir}/..`;
  const csvText = await Bun.file(`${root}/${DATA_FILE}`).text();
  if (process.argv.includes("--cv")) {
    // `--cv l2=0.01 trainOn=zweighted` explores hyper-parameters; the written model always uses HYPER.
    const hyper = { ...HYPER };
    for (const a of process.argv) {
      const [k, v] = a.split("=");
      if (k === "l2" || k === "iterations" || k === "learningRate") hyper[k] = Number(v);
      if (k === "trainOn") hyper.trainOn = v === "significant" || v === "zweighted" ? v : "all";
    }
    const { train, feats } = splitPairs(csvText);
    const cv = crossValidate(train, feats, hyper);
    console.log(`grouped 5-fold CV on the training split (${train.length} pairs), ${JSON.stringify(hyper)}: all ${cv.all.toFixed(4)}, significant ${cv.significant.toFixed(4)}`);
    return;
  }
  const json = buildModelJson(csvText);
  await Bun.write(`${root}/${WEIGHTS_FILE}`, json);
  const { metrics, trainedOn } = JSON.parse(json);
  console.log(JSON.stringify({ ...metrics, pairs: trainedOn.pairs, trainPairs: trainedOn.trainPairs, trainTests: trainedOn.trainTests, validationTests: trainedOn.validationTests }, null, 2));
}

if (import.meta.main) await main();
