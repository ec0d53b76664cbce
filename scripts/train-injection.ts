/**
 * Trains the learned half of the prompt-injection screen and writes src/rules/injection-weights.json.
 * Run: `bun scripts/train-injection.ts`. Evaluation (held-out next to in-sample): `bun bench/eval/injection.ts`.
 *
 * Data (read at training time only; attribution ships in the weights file):
 *  - attacks and benign prompts: deepset/prompt-injections train split and jackhhao's
 *    jailbreak-classification (+ verazuo/jailbreak_llms), data/prompt-injection-dev/;
 *    each text is cut to its first 120 and first 200 characters, as the API receives it;
 *  - real titles as extra negatives: YouTube US trending titles 2017 (youtube-2017-v1/USvideos.csv)
 *    and the headlines of the Upworthy 2013 tests whose id hashes even (`isTrainTest`). GB titles
 *    and the other Upworthy tests are never trained on: they measure false positives.
 *
 * Deterministic: fixed seed, fixed fold assignment and example order, no time or randomness from
 * the environment; rerunning writes a byte-identical file.
 */
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { classifierView, normalizeInput } from "../src/rules/injection.ts";
import { MODEL_BITS, decodeModel, forEachFeature, type InjectionModel, type WeightsFile } from "../src/rules/injection-model.ts";
import { mulberry32 } from "./prng.ts";

/** The repository copies of the development data (each with its SOURCE.md under data/): CI has no /work/shared. */
export const DATA = new URL("../data", import.meta.url).pathname;
export const WEIGHTS_FILE = "src/rules/injection-weights.json";
/** The API's free-text fields are cut (topic) or capped (q, draft) at these lengths. */
export const CUTS = [120, 200] as const;

/**
 * Candidates the recipe chooses from, on its own training data (inner cross-validation): the one
 * with the highest out-of-fold attack recall at the threshold the title budget allows. So every
 * held-out figure in bench/eval/injection.ts includes the cost of this choice (nested CV).
 */
export const GRID: { chars: [number, number]; l2: number }[] = [
  { chars: [3, 5], l2: 3e-3 },
  { chars: [3, 5], l2: 1e-3 },
  { chars: [2, 4], l2: 3e-3 },
  { chars: [2, 4], l2: 1e-3 },
  { chars: [2, 3], l2: 3e-3 },
  { chars: [2, 3], l2: 1e-3 },
];
export type Config = (typeof GRID)[number];

export const HYPER = {
  seed: 20261126,
  epochs: 30,
  /** AdaGrad step size. */
  lr: 0.3,
  /** Folds of the inner cross-validation that picks the threshold. */
  folds: 5,
  /**
   * Weight of a benign prompt relative to a title. The benign prompts include role-play and
   * "act as" requests that read like attacks; the screen guards titles, so titles count more.
   */
  promptWeight: 0.2,
  /** Out-of-fold false-positive budget on the training titles that fixes the threshold. */
  titleFpBudget: 0.003,
  /** The threshold never goes below this, whatever the budget allows. */
  minThreshold: 0.05,
};
export type Hyper = typeof HYPER;

export type Row = { text: string; label: 0 | 1 };
/** One training example; `group` keeps both cuts of one text (and duplicates) in one fold. */
export type Example = { text: string; y: 0 | 1; kind: "attack" | "prompt" | "title"; group: string; source: string };
/** A real title with the data set it comes from (the false-positive budget holds per data set). */
export type Title = { text: string; source: string };

export async function readRows(file: string): Promise<Row[]> {
  const { records } = parseCsvRecords(await Bun.file(file).text());
  return records.map((r) => ({ text: r.text, label: r.label === "1" ? 1 : 0 }));
}

/** Every value of `column`, including rows the CSV reader set aside as malformed (extra fields). */
export async function readColumn(file: string, column: string): Promise<string[]> {
  const text = (await Bun.file(file).text()).replace(/^\uFEFF/, "");
  const { header, records, bad } = parseCsvRecords(text);
  const k = header.indexOf(column);
  return [...records.map((r) => r[column]), ...bad.filter((b) => b.fields.length > k).map((b) => b.fields[k])].filter((t) => typeof t === "string");
}

export const loadDeepset = () => readRows(`${DATA}/prompt-injection-dev/deepset-train.csv`);
export const loadJailbreak = () => readRows(`${DATA}/prompt-injection-dev/jailbreak-classification.csv`);
export const loadUsTitles = () => readColumn(`${DATA}/youtube-2017-v1/USvideos.csv`, "title");

/** FNV-1a of a string, for the fixed split of Upworthy tests. */
export function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Upworthy tests whose id hashes even are trained on; odd ones measure false positives. */
export const isTrainTest = (testId: string) => fnv(testId) % 2 === 0;

/** Upworthy 2013 packages: headline and excerpt with the test they belong to. */
export async function loadUpworthy(): Promise<{ testId: string; headline: string; excerpt: string }[]> {
  const { records } = parseCsvRecords(await Bun.file(`${DATA}/upworthy-2013.csv`).text());
  return records.map((r) => ({ testId: r.clickability_test_id, headline: r.headline ?? "", excerpt: r.excerpt ?? "" }));
}

/** Real-title negatives the model is trained on: every US title, and the headlines of half the Upworthy tests. */
export async function loadTrainTitles(): Promise<Title[]> {
  const [us, up] = await Promise.all([loadUsTitles(), loadUpworthy()]);
  return [...us.map((text) => ({ text, source: "youtube-us" })), ...up.filter((p) => isTrainTest(p.testId)).map((p) => ({ text: p.headline, source: "upworthy" }))];
}

/** The text the API receives when a client sends `text` into a field of `n` characters. */
export function apiCut(text: string, n: number): string {
  return text.slice(0, n);
}

/** Prompts become one example per distinct cut; titles one example per distinct normalised title. */
export function examples(prompts: Row[], titles: Title[]): Example[] {
  const out: Example[] = [];
  const seen = new Set<string>();
  for (const r of prompts) {
    for (const n of CUTS) {
      const t = apiCut(r.text, n);
      const key = `${r.label}\u0000${t}`;
      if (seen.has(key) || normalizeInput(t).length === 0) continue;
      seen.add(key);
      out.push({ text: t, y: r.label, kind: r.label === 1 ? "attack" : "prompt", group: r.text.slice(0, 120), source: "prompts" });
    }
  }
  for (const t of titles) {
    const v = normalizeInput(t.text);
    if (v.length === 0 || seen.has(`0\u0000${v}`)) continue;
    seen.add(`0\u0000${v}`);
    out.push({ text: v, y: 0, kind: "title", group: v, source: t.source });
  }
  return out;
}

/** Seeded PRNG (mulberry32), so fold assignment and example order are reproducible. */
export const rng = mulberry32;

export function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const a = [...xs];
  const r = rng(seed);
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Fold of each group: groups shuffled by seed, stratified by label, dealt round-robin. */
export function foldOf(items: { group: string; y: 0 | 1 }[], k: number, seed: number): Map<string, number> {
  const fold = new Map<string, number>();
  for (const y of [1, 0] as const) {
    const groups = [...new Set(items.filter((e) => e.y === y).map((e) => e.group))].sort();
    shuffled(groups, seed + y).forEach((g, i) => {
      if (!fold.has(g)) fold.set(g, i % k);
    });
  }
  return fold;
}

type Featurised = { ids: Int32Array; inv: number };
const featureCache = new Map<string, Featurised>();

/** Features of the text as the screen sees it (classifierView), cached per text and n-gram range. */
function featurise(text: string, chars: readonly [number, number]): Featurised {
  const key = `${chars[0]}${chars[1]}\u0000${text}`;
  let f = featureCache.get(key);
  if (!f) {
    const ids: number[] = [];
    const n = forEachFeature(classifierView(text), (b) => ids.push(b), chars[0], chars[1]);
    f = { ids: Int32Array.from(ids), inv: n > 0 ? 1 / Math.sqrt(n) : 0 };
    featureCache.set(key, f);
  }
  return f;
}

/**
 * Logistic regression by AdaGrad SGD, classes weighted to equal total weight, examples visited in
 * a seeded order. Returns full-precision weights (quantised later by `toWeightsFile`).
 */
export function fit(train: Example[], cfg: Config, h: Hyper = HYPER): Fitted {
  const size = 1 << MODEL_BITS;
  const w = new Float64Array(size);
  const g2 = new Float64Array(size);
  let bias = 0;
  let gb2 = 0;
  const pos = train.filter((e) => e.y === 1).length;
  const neg = train.length - pos;
  const cw = [train.length / (2 * Math.max(neg, 1)), train.length / (2 * Math.max(pos, 1))];
  const data = train.map((e) => ({ ...featurise(e.text, cfg.chars), y: e.y, c: cw[e.y] * (e.kind === "prompt" ? h.promptWeight : 1) }));
  const eps = 1e-8;
  for (let epoch = 0; epoch < h.epochs; epoch++) {
    for (const d of shuffled(data, h.seed + 7919 * epoch)) {
      let z = bias;
      for (let i = 0; i < d.ids.length; i++) z += w[d.ids[i]] * d.inv;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - d.y) * d.c;
      for (let i = 0; i < d.ids.length; i++) {
        const j = d.ids[i];
        const gj = g * d.inv + cfg.l2 * w[j];
        g2[j] += gj * gj;
        w[j] -= (h.lr * gj) / Math.sqrt(g2[j] + eps);
      }
      gb2 += g * g;
      bias -= (h.lr * g) / Math.sqrt(gb2 + eps);
    }
  }
  return { bias, w, chars: cfg.chars };
}
export type Fitted = { bias: number; w: Float64Array; chars: [number, number] };

/** int8 weights with one scale: what ships, and what every evaluation scores. */
export function quantise(m: Fitted, threshold: number): WeightsFile {
  let max = 0;
  for (const x of m.w) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(m.w.length);
  for (let i = 0; i < m.w.length; i++) q[i] = Math.round(m.w[i] / scale);
  return {
    about: "Prompt-injection classifier for src/rules/injection-model.ts: logistic regression over hashed character 3-5-grams, words and word pairs. Trained by scripts/train-injection.ts; evaluated by bench/eval/injection.ts (bench/RESULTS.injection.md).",
    attribution: [
      "deepset/prompt-injections (train split), deepset GmbH, Apache-2.0",
      "jailbreak-classification by jackhhao (jackhhao/llm-warden), MIT (the dataset card also lists Apache-2.0)",
      "Jailbreak prompts collected by Shen et al., \"Do Anything Now\" (verazuo/jailbreak_llms, 2023-05-07 snapshot), MIT",
      "Trending YouTube Video Statistics, Mitchell J, Kaggle (US titles, negatives), CC0 1.0",
      "The Upworthy Research Archive (2013 headlines of half the tests, negatives), J. N. Matias, K. Munger, M. Aubin Le Quere, C. Ebersole, Scientific Data 8:195 (2021), CC BY 4.0",
    ],
    bits: MODEL_BITS,
    char_ngrams: m.chars,
    bias: Number(m.bias.toFixed(6)),
    scale: Number(scale.toPrecision(8)),
    threshold: Number(threshold.toFixed(4)),
    weights_int8_base64: Buffer.from(q.buffer).toString("base64"),
  };
}

/** Lowest threshold (0.0001 grid) that flags at most `budget` of `negScores`, floored at minThreshold. */
export function thresholdFor(negScores: number[], budget: number, h: Hyper = HYPER): number {
  const sorted = [...negScores].sort((a, b) => b - a);
  const allowed = Math.floor(budget * sorted.length);
  // flag iff score >= threshold: put it just above the (allowed+1)-th highest score
  const t = Math.ceil((sorted[allowed] ?? 0) * 10000 + 1e-9) / 10000;
  return Math.min(Math.max(t, h.minThreshold), 0.9999);
}

export function scoreWith(model: InjectionModel, text: string): number {
  const f = featurise(text, [model.charMin, model.charMax]);
  let z = model.bias;
  for (let i = 0; i < f.ids.length; i++) z += model.w[f.ids[i]] * f.inv;
  return 1 / (1 + Math.exp(-z));
}

export type Choice = { cfg: Config; threshold: number; oofRecall: number; oofTitleFp: number };

/**
 * The choices made on the training data alone: for each candidate, inner k-fold out-of-fold scores;
 * its threshold keeps the out-of-fold title false-positive rate within budget; the candidate with the
 * highest out-of-fold attack recall at its threshold wins (ties: the earlier, simpler one).
 */
export function choose(train: Example[], h: Hyper = HYPER, grid: readonly Config[] = GRID): { best: Choice; all: Choice[] } {
  const fold = foldOf(train, h.folds, h.seed + 1);
  const all: Choice[] = [];
  for (const cfg of grid) {
    const titles = new Map<string, number[]>();
    const attacks: number[] = [];
    for (let k = 0; k < h.folds; k++) {
      const fitted = decodeModel(quantise(fit(train.filter((e) => fold.get(e.group) !== k), cfg, h), 0.5));
      for (const e of train) {
        if (fold.get(e.group) !== k) continue;
        if (e.kind === "title") {
          if (!titles.has(e.source)) titles.set(e.source, []);
          titles.get(e.source)!.push(scoreWith(fitted, e.text));
        }
        else if (e.y === 1) attacks.push(scoreWith(fitted, e.text));
      }
    }
    // the budget holds for each title data set: clickbait headlines score higher than video titles
    const threshold = Math.max(...[...titles.values()].map((s) => thresholdFor(s, h.titleFpBudget, h)));
    const allTitles = [...titles.values()].flat();
    all.push({
      cfg,
      threshold,
      oofRecall: attacks.filter((p) => p >= threshold).length / Math.max(attacks.length, 1),
      oofTitleFp: allTitles.filter((p) => p >= threshold).length / Math.max(allTitles.length, 1),
    });
  }
  const best = all.reduce((a, b) => (b.oofRecall > a.oofRecall ? b : a));
  return { best, all };
}

/** The whole recipe, as shipped: choose on `train`, fit on all of `train`, quantise. */
export function train(trainSet: Example[], h: Hyper = HYPER, grid: readonly Config[] = GRID): { file: WeightsFile; model: InjectionModel; choice: Choice; all: Choice[] } {
  const { best, all } = choose(trainSet, h, grid);
  const file = quantise(fit(trainSet, best.cfg, h), best.threshold);
  return { file, model: decodeModel(file), choice: best, all };
}

/** deepset mixes English and German (and English questions with a German attack appended). */
const EN_WORDS = new Set("the and is you what how to of a in are i for can which my with would do does that this your there be it".split(" "));
const DE_WORDS = new Set("der die das und ist ich du sie wie was mit für auf ein eine zu von nicht es wir bitte den dem welche gibt sind mir mich dich".split(" "));

/** Crude stopword vote; deepset has no language column. Mixed EN/DE concatenations count as "mixed". */
export function guessLanguage(text: string): "en" | "de" | "mixed" {
  let en = 0;
  let de = 0;
  for (const w of text.toLowerCase().match(/[a-zäöüß']+/g) ?? []) {
    if (EN_WORDS.has(w)) en++;
    if (DE_WORDS.has(w)) de++;
  }
  if (/[äöüß]/i.test(text)) de += 2;
  if (en > 0 && de > 0 && Math.min(en, de) >= 2) return "mixed";
  return de > en ? "de" : "en";
}

if (import.meta.main) {
  const [deep, jail, us] = await Promise.all([loadDeepset(), loadJailbreak(), loadTrainTitles()]);
  const set = examples([...deep, ...jail], us);
  const t0 = performance.now();
  const { file, choice, all } = train(set);
  for (const c of all) console.log(`candidate ${JSON.stringify(c.cfg)}: threshold ${c.threshold}, out-of-fold recall ${(100 * c.oofRecall).toFixed(1)}%, title FP ${(100 * c.oofTitleFp).toFixed(2)}%`);
  const training = { examples: set.length, attacks: set.filter((e) => e.y === 1).length, hyper: HYPER, chosen: choice.cfg, out_of_fold_recall: Number(choice.oofRecall.toFixed(4)) };
  const json = JSON.stringify({ ...file, training }, null, 1) + "\n";
  await Bun.write(WEIGHTS_FILE, json);
  console.log(`wrote ${WEIGHTS_FILE}: ${json.length} bytes, threshold ${file.threshold}, ${set.length} examples, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
