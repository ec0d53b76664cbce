/**
 * Held-out evaluation of the prompt-injection screen (rules + learned classifier), next to the
 * in-sample figures. Every model here is fitted by the same recipe as the shipped one
 * (scripts/train-injection.ts: fit, threshold from the training data, int8 weights).
 *
 *  - cross-corpus: fit on deepset, score jailbreak-classification, and the reverse;
 *  - within each corpus: 5-fold cross-validation by text (both cuts of a text in one fold);
 *  - pooled: 5-fold over both corpora (the shipped recipe's held-out estimate);
 *  - texts cut to their first 120 and 200 characters, as the API receives them;
 *  - false positives on every real title and headline in data/, split into the sets
 *    the models were trained on (in-sample) and the ones they never saw (held-out).
 *
 * Run: `bun bench/eval/injection.ts` (about a minute). Add `--show` to list held-out false positives.
 * Figures are recorded in bench/RESULTS.injection.md.
 */
import {
  CUTS,
  guessLanguage,
  DATA,
  HYPER,
  apiCut,
  examples,
  foldOf,
  isTrainTest,
  loadDeepset,
  loadJailbreak,
  loadTrainTitles,
  loadUpworthy,
  loadUsTitles,
  readColumn,
  scoreWith,
  train,
  type Row,
} from "../../scripts/train-injection.ts";
import { INJECTION_MODEL, type InjectionModel } from "../../src/rules/injection-model.ts";
import { normalizeInput, screenInput, screenInputWith } from "../../src/rules/injection.ts";

const show = process.argv.includes("--show");
const pct = (a: number, b: number) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);

const [deep, jail, trainTitles, us, up] = await Promise.all([loadDeepset(), loadJailbreak(), loadTrainTitles(), loadUsTitles(), loadUpworthy()]);
const gb = await readColumn(`${DATA}/youtube-2017-v1/GBvideos.csv`, "title");
const usOld = await readColumn(`${DATA}/youtube-us-2017.csv`, "title");
const corpora: [string, Row[]][] = [
  ["deepset", deep],
  ["jailbreak", jail],
];

/** The rules alone are fixed: computed once per text. */
const ruleCache = new Map<string, boolean>();
function rules(t: string): boolean {
  let r = ruleCache.get(t);
  if (r === undefined) ruleCache.set(t, (r = screenInputWith(t, null).flagged));
  return r;
}
const clf = (m: InjectionModel, t: string) => scoreWith(m, t) >= m.threshold;
/** The screen as served: rules first, then the classifier (screenInputWith(t, m) == this; checked below). */
const both = (m: InjectionModel, t: string) => rules(t) || clf(m, t);

type Counts = { tp: number; fn: number; fp: number; tn: number };
const zero = (): Counts => ({ tp: 0, fn: 0, fp: 0, tn: 0 });
function add(c: Counts, y: 0 | 1, f: boolean) {
  if (y === 1) f ? c.tp++ : c.fn++;
  else f ? c.fp++ : c.tn++;
}
/** Per cut and per screen (rules, classifier, both). */
type Tally = Record<number, { rules: Counts; clf: Counts; both: Counts; whole: Counts }>;
const tally = (): Tally => Object.fromEntries(CUTS.map((n) => [n, { rules: zero(), clf: zero(), both: zero(), whole: zero() }]));
function score(t: Tally, m: InjectionModel, rows: Row[]) {
  for (const n of CUTS)
    for (const r of rows) {
      const x = apiCut(r.text, n);
      if (normalizeInput(x).length === 0) continue;
      add(t[n].rules, r.label, rules(x));
      add(t[n].clf, r.label, clf(m, x));
      add(t[n].both, r.label, both(m, x));
      if (r.text.length <= n) add(t[n].whole, r.label, both(m, x)); // nothing was cut off
    }
}
function report(name: string, held: Tally, inSample: Tally | null) {
  for (const n of CUTS) {
    const h = held[n];
    const i = inSample?.[n];
    const rec = (c: Counts) => pct(c.tp, c.tp + c.fn);
    const prec = (c: Counts) => pct(c.tp, c.tp + c.fp);
    console.log(
      `| ${name} | ${n} | ${h.both.tp + h.both.fn} | ${rec(h.rules)} | ${rec(h.clf)} | **${rec(h.both)}** | ${i ? rec(i.both) : "-"} | ${rec(h.whole)} (${h.whole.tp + h.whole.fn}) | ${prec(h.both)} | ${h.both.fp}/${h.both.fp + h.both.tn} |`,
    );
  }
}
const header = () => {
  console.log("| protocol: scored on | cut | attacks | recall rules | recall classifier | **recall screen** | in-sample recall screen | recall screen, attacks not cut (n) | precision screen | benign prompts flagged |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
};

// ---- title sets: held-out vs in-sample -------------------------------------------------------
const trainTitleSet = new Set(trainTitles.map((t) => normalizeInput(t.text)));
const upOdd = up.filter((p) => !isTrainTest(p.testId));
const upEven = up.filter((p) => isTrainTest(p.testId));
const titleSets: [string, string[], "held-out" | "in-sample"][] = [
  ["youtube-2017-v1 GB titles not in the training titles", gb.filter((t) => !trainTitleSet.has(normalizeInput(t))), "held-out"],
  ["upworthy-2013 headlines, odd tests", upOdd.map((p) => p.headline), "held-out"],
  ["upworthy-2013 excerpts, odd tests (non-empty)", upOdd.map((p) => p.excerpt).filter((t) => t.trim()), "held-out"],
  ["upworthy-2013 excerpts, even tests (non-empty; headlines of these tests trained on)", upEven.map((p) => p.excerpt).filter((t) => t.trim()), "held-out"],
  ["youtube-2017-v1 GB titles that are also training titles", gb.filter((t) => trainTitleSet.has(normalizeInput(t))), "in-sample"],
  ["youtube-2017-v1 US titles", us, "in-sample"],
  ["youtube-us-2017 titles (subset of the US list)", usOld, "in-sample"],
  ["upworthy-2013 headlines, even tests", upEven.map((p) => p.headline), "in-sample"],
];
/** Texts are cut to 200 characters (the longest field); excerpts are the only ones that are longer. */
function titleFps(m: InjectionModel | null, texts: string[]) {
  const flagged = texts.map((t) => t.slice(0, 200)).filter((t) => (m ? both(m, t) : rules(t)));
  return flagged;
}

console.log(`# injection screen, held-out evaluation  ${new Date().toISOString().slice(0, 10)}  bun ${Bun.version}`);
console.log(`hyper: ${JSON.stringify(HYPER)}\n`);

// ---- shipped model: in-sample, and agreement with screenInput ---------------------------------
const shipped = INJECTION_MODEL;
let disagree = 0;
for (const [, rows] of corpora) for (const r of rows) for (const n of CUTS) {
  const x = apiCut(r.text, n);
  if (normalizeInput(x).length && screenInput(x).flagged !== both(shipped, x)) disagree++;
}
console.log(`shipped model: threshold ${shipped.threshold}; screenInput vs rules||classifier disagreements: ${disagree}\n`);

// ---- cross-corpus ------------------------------------------------------------------------------
const fpRows: string[] = [];
const fpLine = (name: string, m: InjectionModel | null) => {
  const cells = titleSets.map(([, ts]) => {
    const f = titleFps(m, ts);
    return `${f.length}/${ts.length} (${pct(f.length, ts.length)})`;
  });
  fpRows.push(`| ${name} | ${cells.join(" | ")} |`);
};

console.log("## Recall and precision\n");
header();
const crossModels: [string, InjectionModel][] = [];
const chosen: string[] = [];
for (const [a, rowsA] of corpora)
  for (const [b, rowsB] of corpora) {
    if (a === b) continue;
    const { model, choice } = train(examples(rowsA, trainTitles));
    chosen.push(`cross fit ${a}: ${JSON.stringify(choice.cfg)} threshold ${choice.threshold}`);
    crossModels.push([`fit ${a} (+titles)`, model]);
    const held = tally();
    score(held, model, rowsB);
    const ins = tally();
    score(ins, model, rowsA);
    report(`cross: fit ${a}, score ${b}`, held, ins);
  }

// ---- within each corpus, and pooled: k-fold by text ----------------------------------------------
function cv(rows: Row[], k: number, seed: number, tag: string): Map<Row, InjectionModel> {
  const items = rows.map((r) => ({ group: r.text.slice(0, 120), y: r.label }));
  const fold = foldOf(items, k, seed);
  const modelOf = new Map<Row, InjectionModel>();
  for (let f = 0; f < k; f++) {
    const trainRows = rows.filter((r) => fold.get(r.text.slice(0, 120)) !== f);
    const { model, choice } = train(examples(trainRows, trainTitles));
    chosen.push(`${tag} fold ${f + 1}: ${JSON.stringify(choice.cfg)} threshold ${choice.threshold}`);
    for (const r of rows) if (fold.get(r.text.slice(0, 120)) === f) modelOf.set(r, model);
    if (tag === "pooled") fpLine(`pooled CV fold ${f + 1}`, model);
  }
  return modelOf;
}
const oof = (modelOf: Map<Row, InjectionModel>, rows: Row[]) => {
  const t = tally();
  for (const r of rows) score(t, modelOf.get(r)!, [r]);
  return t;
};
for (const [name, rows] of corpora) {
  const held = oof(cv(rows, 5, HYPER.seed + 11, name), rows);
  const ins = tally();
  score(ins, train(examples(rows, trainTitles)).model, rows);
  report(`within ${name}: 5-fold CV`, held, ins);
}
const pooled = cv([...deep, ...jail], 5, HYPER.seed + 13, "pooled");
for (const [name, rows] of corpora) {
  const ins = tally();
  score(ins, shipped, rows);
  report(`pooled 5-fold CV, score ${name} (in-sample: shipped model)`, oof(pooled, rows), ins);
}

console.log("\nchosen by each recipe run (on its training data):\n" + chosen.map((c) => "- " + c).join("\n"));

// deepset mixes English and German (and EN questions with a DE attack appended): pooled recall by guessed language
console.log("\npooled 5-fold CV, deepset attacks by guessed language (stop-word vote), recall of the screen:");
for (const lang of ["en", "de", "mixed"] as const) {
  const rs = deep.filter((r) => r.label === 1 && guessLanguage(r.text) === lang);
  const t = oof(pooled, rs);
  console.log(`- ${lang}: ${CUTS.map((n) => `${n} chars ${t[n].both.tp}/${t[n].both.tp + t[n].both.fn} (${pct(t[n].both.tp, t[n].both.tp + t[n].both.fn)})`).join(", ")}`);
}

// ---- false positives on real titles --------------------------------------------------------------
fpLine("rules alone", null);
for (const [n, m] of crossModels) fpLine(`rules + classifier ${n}`, m);
fpLine("**shipped: rules + classifier**", shipped);
console.log("\n## False positives on real titles and headlines (first 200 characters)\n");
console.log(`| screen | ${titleSets.map(([n, , k]) => `${n} [${k}]`).join(" | ")} |`);
console.log(`| --- | ${titleSets.map(() => "---").join(" | ")} |`);
for (const r of fpRows) console.log(r);
const heldAll = titleSets.filter(([, , k]) => k === "held-out").flatMap(([, ts]) => ts);
const allReal = titleSets.flatMap(([, ts]) => ts);
const fHeld = titleFps(shipped, heldAll);
const fAll = titleFps(shipped, allReal);
console.log(`\nshipped screen: held-out real texts flagged ${fHeld.length}/${heldAll.length} (${pct(fHeld.length, heldAll.length)}); all real texts ${fAll.length}/${allReal.length} (${pct(fAll.length, allReal.length)})`);
if (show) for (const t of new Set(fAll)) console.log("  -", JSON.stringify(t), JSON.stringify(screenInput(t)));
