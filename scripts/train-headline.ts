/**
 * Trains the `hook_mechanics` headline model on the Upworthy 2013 A/B tests and writes
 * src/rules/headline-weights.json. Run: `bun scripts/train-headline.ts` (add `--cv` to score a
 * configuration by grouped 5-fold cross-validation on the training split only, without touching validation).
 *
 * Everything is deterministic (hash split, label-free vocabulary with alphabetical tie-break, Newton's
 * method to the unique optimum in a fixed summation order, rounded weights), so re-running yields a
 * byte-identical JSON. The pair/split/accuracy helpers are exported so the test
 * suite recomputes the recorded metrics from the CSV instead of trusting them.
 */
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { FEATURE_NAMES, type HeadlineModelSpec, compileHeadlineModel, headlineFeatures, headlineTerms } from "../src/rules/headline-features.ts";

export const DATA_FILE = "data/upworthy-2013.csv";
export const WEIGHTS_FILE = "src/rules/headline-weights.json";
/** Percent of test ids (by hash) held out for validation. */
export const VALIDATION_PERCENT = 20;
/** |z| of a two-proportion test above which a pair's CTR difference counts as significant (p < 0.05, two-sided). */
export const Z_SIGNIFICANT = 1.96;

export const HYPER = {
  /** L2 strength on every weight (hand-written and lexical alike; all features are 0/1 or in [0, 1]). */
  l2: 0.02,
  /** Lexical vocabulary: at most this many terms, each differing within pairs of at least minTests training tests. */
  vocabularySize: 300,
  minTests: 5,
  /**
   * Training pairs: "all" (weight 1), "significant" (only |z| >= Z_SIGNIFICANT) or "zweighted" (weight min(|z|, 3),
   * so near-coin-flip pairs count less). Validation always reports all pairs and significant pairs.
   */
  trainOn: "zweighted" as "all" | "significant" | "zweighted",
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

/** A headline as the trainer sees it: its dense hand-written features and its lexical terms. */
export interface Encoded {
  x: Float64Array;
  terms: string[];
}

export function encodeAll(pairs: Pair[]): Map<string, Encoded> {
  const m = new Map<string, Encoded>();
  for (const p of pairs) for (const h of [p.a, p.b]) if (!m.has(h)) m.set(h, { x: headlineFeatures(h), terms: headlineTerms(h) });
  return m;
}

/**
 * The lexical vocabulary, chosen without labels: terms ranked by the number of distinct tests in which
 * at least one pair differs in that term (a term both headlines share cancels out of the pair, so it
 * cannot be learned there). Keeps terms seen in >= hyper.minTests tests, at most hyper.vocabularySize,
 * ties broken alphabetically. Only the pairs passed in are read, so CV folds build their own vocabulary.
 */
export function chooseVocabulary(pairs: Pair[], enc: Map<string, Encoded>, hyper = HYPER): string[] {
  const tests = new Map<string, Set<string>>();
  const note = (t: string, testId: string) => {
    let s = tests.get(t);
    if (!s) tests.set(t, (s = new Set()));
    s.add(testId);
  };
  for (const p of pairs) {
    const A = new Set(enc.get(p.a)!.terms);
    const B = new Set(enc.get(p.b)!.terms);
    for (const t of A) if (!B.has(t)) note(t, p.testId);
    for (const t of B) if (!A.has(t)) note(t, p.testId);
  }
  const ranked = [...tests.entries()].filter(([, s]) => s.size >= hyper.minTests).map(([t, s]) => [t, s.size] as const);
  ranked.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return ranked.slice(0, hyper.vocabularySize).map(([t]) => t);
}

/** Pair differences x_a − x_b as one sparse matrix (CSR): row i holds idx[ptr[i]..ptr[i+1]) and val. */
export interface Csr {
  ptr: Int32Array;
  idx: Int32Array;
  val: Float64Array;
}

function pairDiffs(pairs: Pair[], enc: Map<string, Encoded>, vocab: Map<string, number>, dim: number): Csr {
  const ptr = new Int32Array(pairs.length + 1);
  const idx: number[] = [];
  const val: number[] = [];
  const dense = new Float64Array(dim);
  const vec = (e: Encoded, sign: number) => {
    for (let k = 0; k < e.x.length; k++) dense[k] += sign * e.x[k];
    for (const t of e.terms) {
      const j = vocab.get(t);
      if (j !== undefined) dense[j] += sign;
    }
  };
  pairs.forEach((p, i) => {
    dense.fill(0);
    vec(enc.get(p.a)!, 1);
    vec(enc.get(p.b)!, -1);
    for (let k = 0; k < dim; k++) {
      if (dense[k] !== 0) {
        idx.push(k);
        val.push(dense[k]);
      }
    }
    ptr[i + 1] = idx.length;
  });
  return { ptr, idx: Int32Array.from(idx), val: Float64Array.from(val) };
}

const softplus = (s: number): number => (s > 0 ? s + Math.log1p(Math.exp(-s)) : Math.log1p(Math.exp(s)));

/**
 * Linear RankNet: P(a beats b) = σ(w·(x_a − x_b)). Minimises (1/Σc) Σ c_i·logloss_i + (l2/2)·|w|² by
 * Newton's method with a backtracking line search. The objective is strictly convex, so this finds its
 * unique minimum; the fixed arithmetic order makes the result reproducible to the bit.
 */
export function trainRankNet(D: Csr, labels: Uint8Array, sampleWeights: Float64Array, dim: number, l2: number): Float64Array {
  const rows = labels.length;
  let n = 0;
  for (const c of sampleWeights) n += c;
  const w = new Float64Array(dim);
  const margins = (v: Float64Array, out: Float64Array) => {
    for (let i = 0; i < rows; i++) {
      let s = 0;
      for (let q = D.ptr[i]; q < D.ptr[i + 1]; q++) s += v[D.idx[q]] * D.val[q];
      out[i] = s;
    }
  };
  const objective = (v: Float64Array, s: Float64Array) => {
    let f = 0;
    for (let i = 0; i < rows; i++) f += sampleWeights[i] * (softplus(s[i]) - labels[i] * s[i]);
    let r = 0;
    for (let k = 0; k < dim; k++) r += v[k] * v[k];
    return f / n + 0.5 * l2 * r;
  };
  const s = new Float64Array(rows);
  const sTry = new Float64Array(rows);
  const wTry = new Float64Array(dim);
  const g = new Float64Array(dim);
  const H = new Float64Array(dim * dim);
  const step = new Float64Array(dim);
  margins(w, s);
  let f = objective(w, s);
  for (let it = 0; it < 50; it++) {
    g.fill(0);
    H.fill(0);
    for (let i = 0; i < rows; i++) {
      const p = 1 / (1 + Math.exp(-s[i]));
      const gi = (sampleWeights[i] * (p - labels[i])) / n;
      const hi = (sampleWeights[i] * p * (1 - p)) / n;
      for (let q = D.ptr[i]; q < D.ptr[i + 1]; q++) {
        const j = D.idx[q];
        const vj = D.val[q];
        g[j] += gi * vj;
        const row = j * dim;
        for (let r = D.ptr[i]; r <= q; r++) H[row + D.idx[r]] += hi * vj * D.val[r];
      }
    }
    for (let k = 0; k < dim; k++) {
      g[k] += l2 * w[k];
      H[k * dim + k] += l2;
    }
    choleskySolve(H, g, step, dim); // step = H⁻¹ g (lower triangle of H is filled)
    let slope = 0;
    for (let k = 0; k < dim; k++) slope += g[k] * step[k];
    let t = 1;
    let fTry = f;
    for (let ls = 0; ls < 30; ls++) {
      for (let k = 0; k < dim; k++) wTry[k] = w[k] - t * step[k];
      margins(wTry, sTry);
      fTry = objective(wTry, sTry);
      if (fTry <= f - 1e-4 * t * slope) break;
      t /= 2;
    }
    let moved = 0;
    for (let k = 0; k < dim; k++) moved = Math.max(moved, Math.abs(wTry[k] - w[k]));
    w.set(wTry);
    s.set(sTry);
    f = fTry;
    if (moved < 1e-12) break;
  }
  return w;
}

/** Solves A·x = b for symmetric positive-definite A given by its lower triangle (row-major, n×n). */
function choleskySolve(A: Float64Array, b: Float64Array, x: Float64Array, n: number): void {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = A[i * n + j];
      for (let k = 0; k < j; k++) sum -= L[i * n + k] * L[j * n + k];
      L[i * n + j] = i === j ? Math.sqrt(sum) : sum / L[j * n + j];
    }
  }
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= L[i * n + k] * x[k];
    x[i] = sum / L[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = x[i];
    for (let k = i + 1; k < n; k++) sum -= L[k * n + i] * x[k];
    x[i] = sum / L[i * n + i];
  }
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 + 0; // "+ 0" turns -0 into 0

/** Fits on the given pairs (vocabulary chosen from them too) and returns the spec with bias 0. */
export function fitPairs(pairs: Pair[], enc: Map<string, Encoded>, hyper = HYPER): HeadlineModelSpec {
  const vocabulary = chooseVocabulary(pairs, enc, hyper);
  const nHand = FEATURE_NAMES.length;
  const vocab = new Map<string, number>();
  vocabulary.forEach((t, i) => vocab.set(t, nHand + i));
  const dim = nHand + vocabulary.length;
  const used = hyper.trainOn === "significant" ? pairs.filter((p) => p.z >= Z_SIGNIFICANT) : pairs;
  const D = pairDiffs(used, enc, vocab, dim);
  const labels = Uint8Array.from(used, (p) => (p.aWins ? 1 : 0));
  const sampleWeights = Float64Array.from(used, (p) => (hyper.trainOn === "zweighted" ? Math.min(p.z, 3) : 1));
  const w = Array.from(trainRankNet(D, labels, sampleWeights, dim, hyper.l2), round6);
  return { featureNames: FEATURE_NAMES, weights: w.slice(0, nHand), vocabulary, vocabularyWeights: w.slice(nHand), bias: 0 };
}

function accuracyTallies(pairs: Pair[], score: (h: string) => number): { right: number; rightSig: number; nSig: number } {
  let right = 0;
  let rightSig = 0;
  let nSig = 0;
  for (const p of pairs) {
    const d = score(p.a) - score(p.b);
    const v = d === 0 ? 0.5 : d > 0 === p.aWins ? 1 : 0;
    right += v;
    if (p.z >= Z_SIGNIFICANT) {
      rightSig += v;
      nSig++;
    }
  }
  return { right, rightSig, nSig };
}

/**
 * Grouped k-fold CV inside the training split, repeated with CV_REPEATS different fold assignments (each a
 * hash of the test id with its own salt) and averaged: the only signal used while choosing features and
 * hyper-parameters. Each fold chooses its own vocabulary from its own training pairs.
 */
export const CV_REPEATS = 3;
export function crossValidate(train: Pair[], enc: Map<string, Encoded>, hyper = HYPER, k = 5): { all: number; significant: number; repeats: number[] } {
  const repeats: number[] = [];
  let sigSum = 0;
  for (let r = 0; r < CV_REPEATS; r++) {
    const salt = r === 0 ? "cv" : `cv${r}`;
    let right = 0;
    let rightSig = 0;
    let nSig = 0;
    for (let f = 0; f < k; f++) {
      const inFold = (p: Pair) => fnv1a(`${salt}:${p.testId}`) % k === f;
      const model = compileHeadlineModel(fitPairs(train.filter((p) => !inFold(p)), enc, hyper));
      const t = accuracyTallies(train.filter(inFold), model.logit);
      right += t.right;
      rightSig += t.rightSig;
      nSig += t.nSig;
    }
    repeats.push(right / train.length);
    sigSum += rightSig / nSig;
  }
  return { all: repeats.reduce((a, b) => a + b, 0) / CV_REPEATS, significant: sigSum / CV_REPEATS, repeats };
}

function splitPairs(csvText: string) {
  const pkgs = loadPackages(csvText);
  const pairs = buildPairs(pkgs);
  return {
    pkgs,
    pairs,
    train: pairs.filter((p) => !isValidationTest(p.testId)),
    valid: pairs.filter((p) => isValidationTest(p.testId)),
    enc: encodeAll(pairs),
  };
}

/** The weights file's exact text for a CSV; exported so a test can check the committed file is reproducible. */
export function buildModelJson(csvText: string): string {
  const { pkgs, pairs, train, valid, enc } = splitPairs(csvText);
  const fitted = fitPairs(train, enc);
  // Centre on the mean training headline so headlineScore = P(beats a typical headline) under the model.
  const unbiased = compileHeadlineModel(fitted);
  const uniq = [...new Set(train.flatMap((p) => [p.a, p.b]))];
  const bias = round6(-uniq.reduce((s, h) => s + unbiased.logit(h), 0) / uniq.length);
  const spec: HeadlineModelSpec = { ...fitted, bias };
  // Metrics use the same compiled model and the same σ as headlineScore, so the test can match them exactly.
  const score = compileHeadlineModel(spec).score;
  const cv = crossValidate(train, enc);
  const sig = (ps: Pair[]) => ps.filter((p) => p.z >= Z_SIGNIFICANT);
  const tests = (ps: Pair[]) => new Set(ps.map((p) => p.testId)).size;
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

  const out = {
    featureNames: spec.featureNames,
    weights: spec.weights,
    vocabulary: spec.vocabulary,
    vocabularyWeights: spec.vocabularyWeights,
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
      validationPairwiseAcc: r4(pairwiseAccuracy(valid, score)),
      validationPairs: valid.length,
      validationPairwiseAcc95CI: clusterBootstrapCI(valid, score).map(r4),
      validationSignificantPairwiseAcc: r4(pairwiseAccuracy(sig(valid), score)),
      validationSignificantPairs: sig(valid).length,
      trainPairwiseAcc: r4(pairwiseAccuracy(train, score)),
      trainSignificantPairwiseAcc: r4(pairwiseAccuracy(sig(train), score)),
      trainSignificantPairs: sig(train).length,
      // Grouped 5-fold CV inside the training split (mean of CV_REPEATS fold assignments): what feature and
      // hyper-parameter choices were judged on.
      trainSplitCv5PairwiseAcc: r4(cv.all),
      trainSplitCv5PairwiseAccByRepeat: cv.repeats.map(r4),
      trainSplitCv5SignificantPairwiseAcc: r4(cv.significant),
    },
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

async function main(): Promise<void> {
  const root = `${import.meta.dir}/..`;
  const csvText = await Bun.file(`${root}/${DATA_FILE}`).text();
  if (process.argv.includes("--cv")) {
    // `--cv l2=0.01 vocabularySize=0 trainOn=all` explores hyper-parameters on the training split only;
    // it never reads validation pairs and writes nothing. The written model always uses HYPER.
    const hyper = { ...HYPER };
    for (const a of process.argv) {
      const [k, v] = a.split("=");
      if (k === "l2" || k === "vocabularySize" || k === "minTests") hyper[k] = Number(v);
      if (k === "trainOn") hyper.trainOn = v === "significant" || v === "zweighted" ? v : "all";
    }
    const { train } = splitPairs(csvText);
    const cv = crossValidate(train, encodeAll(train), hyper);
    console.log(
      `grouped 5-fold CV ×${CV_REPEATS} on the training split (${train.length} pairs), ${JSON.stringify(hyper)}: all ${cv.all.toFixed(4)} (${cv.repeats.map((x) => x.toFixed(4)).join(", ")}), significant ${cv.significant.toFixed(4)}`,
    );
    return;
  }
  const json = buildModelJson(csvText);
  await Bun.write(`${root}/${WEIGHTS_FILE}`, json);
  const { metrics, trainedOn, vocabulary } = JSON.parse(json);
  console.log(JSON.stringify({ ...metrics, vocabulary: vocabulary.length, pairs: trainedOn.pairs, trainPairs: trainedOn.trainPairs, trainTests: trainedOn.trainTests, validationTests: trainedOn.validationTests }, null, 2));
}

if (import.meta.main) await main();
