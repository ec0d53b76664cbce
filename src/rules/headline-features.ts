/**
 * Surface features of a headline for the learned `hook_mechanics` model (see docs/rules.md).
 * Only text is used, so the same code serves training on the Upworthy archive and grading a draft.
 * Two kinds of feature, both 0/1 or in [0, 1] so that one L2 strength suits all weights:
 *  - 51 hand-written features (FEATURE_NAMES), a dense vector;
 *  - lexical terms (`word:<stem>` for every word, `first:<stem>` for the first word), presence flags whose
 *    vocabulary is learned from the training headlines and stored with the weights.
 * Total by design: any string (empty, huge, odd Unicode) yields features; only the first 300 chars are read.
 */

/** Longer input is cut here: real headlines are far shorter, and this bounds the work per call. */
export const MAX_CHARS = 300;

interface Ctx {
  raw: string;
  lower: string;
  words: string[];
  /** Original-case tokens, aligned with `words`. */
  tokens: string[];
}

const set = (s: string): Set<string> => new Set(s.split(/\s+/).filter(Boolean));

const NUMBER_WORDS = set("one two three four five six seven eight nine ten eleven twelve dozen hundred hundreds thousand thousands million millions billion");
const SECOND_PERSON = set("you your you're youre yours yourself yourselves you'll youll you've youve you'd ya");
const FIRST_PERSON = set("i i'm im me my mine myself i've ive i'd i'll we we're our ours us ourselves");
const SUPERLATIVES = set("best worst most least greatest biggest smallest ultimate ever only perfect funniest saddest smartest dumbest craziest simplest easiest hardest strongest");
// Negative-affect words: the largest Upworthy study (Robertson et al. 2023) found negative words raise CTR.
const NEGATIVE = set(
  "kill kills killed killing dead death deaths die dies died dying hate hates hated hating war wars fear fears afraid scared scary terrified " +
    "bad worse wrong lie lies lied liar terrible horrible awful sad sadly cry cries crying tears pain painful hurt hurts abuse abused violence violent " +
    "rape raped attack attacked shoot shot shooting gun guns poor poverty hunger hungry starving sick cancer disease crisis fail fails failed failure " +
    "angry anger mad outrage outrageous disgusting shame shameful ashamed lose loses losing lost loss broke broken destroy destroyed destroying victim victims " +
    "murder murdered prison jail racist racism sexist stupid evil cruel danger dangerous threat threatened problem problems tragic tragedy suicide " +
    "bully bullied bullying hell damn crap ugly lonely alone ignore ignored fake cheat scam horrifying devastating disaster toxic worry worried " +
    "struggle struggling hungry homeless dirty insult insulting offensive nasty creepy sucks ruin ruined",
);
const POSITIVE = set(
  "love loves loved loving happy happiness beautiful amazing awesome good great wonderful inspiring inspired hope hopeful kind kindness joy " +
    "smile smiles fun funny hilarious adorable cute brilliant sweet win wins winning hero heroes proud celebrate gorgeous lovely delightful " +
    "magic magical genius excellent fantastic brave courage awesome glad grateful thank thanks gift friend friends heal healing",
);
const INTENSE = set(
  "incredible unbelievable shocking stunning powerful emotional chills goosebumps speechless epic insane crazy ridiculous mind blown blowing " +
    "jaw absolutely totally completely literally seriously really actually finally must whoa wow omg",
);
const CURIOSITY = set("this these here's heres something secret surprising surprise truth guess reason reasons turns happens happened thing things why");
const MEDIA = set("watch video videos see seen look looks listen hear photo photos picture pictures image images minutes minute seconds clip");
const IMPERATIVE_START = set("watch see listen meet look read check try imagine stop don't dont let remember take get hear join learn forget");
const NEGATION = set("not no never don't dont can't cant won't wont isn't isnt doesn't doesnt didn't didnt nothing nobody nowhere without aren't wasn't weren't");
const PEOPLE = set("guy guys man men woman women kid kids child children girl girls boy boys mom moms mother dad dads father people person teen teens baby family");
const THIRD_PERSON = set("he she his her him they them their he's she's they're");
const REPORTING = set("says said say tells told asks asked explains explained responds responded response reacts reaction answers answer reveals revealed shows showed");
const CONTRAST = set("but yet instead actually though although however except still");
const SINGULAR_THIRD = set("he she his her him he's she's himself herself");
const TIME_WORDS = set("now today year years day days time minutes seconds moment when until after before");

const ALL_CAPS = /^[A-Z]{2,}$/;

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const b = (v: boolean): number => (v ? 1 : 0);
const has = (ctx: Ctx, s: Set<string>): number => b(ctx.words.some((w) => s.has(w)));
const count = (ctx: Ctx, s: Set<string>): number => {
  let n = 0;
  for (const w of ctx.words) if (s.has(w)) n++;
  return n;
};
const phrase = (re: RegExp) => (ctx: Ctx): number => b(re.test(ctx.lower));

/** Ordered table: index i of the vector is FEATURES[i]. Add features at the end to keep old weights readable. */
const FEATURES: [string, (ctx: Ctx) => number][] = [
  ["words_le_6", (c) => b(c.words.length <= 6)],
  ["words_7_10", (c) => b(c.words.length >= 7 && c.words.length <= 10)],
  ["words_11_14", (c) => b(c.words.length >= 11 && c.words.length <= 14)],
  ["words_15_plus", (c) => b(c.words.length >= 15)],
  ["chars_lt_50", (c) => b(c.raw.trim().length < 50)],
  ["chars_50_79", (c) => b(c.raw.trim().length >= 50 && c.raw.trim().length < 80)],
  ["chars_80_109", (c) => b(c.raw.trim().length >= 80 && c.raw.trim().length < 110)],
  ["chars_110_plus", (c) => b(c.raw.trim().length >= 110)],
  ["word_count_scaled", (c) => clamp01(c.words.length / 25)],
  ["starts_with_number", (c) => b(c.words.length > 0 && (/^\d/.test(c.words[0]) || NUMBER_WORDS.has(c.words[0])))],
  ["contains_digit", (c) => b(/\d/.test(c.raw))],
  ["contains_number_word", (c) => has(c, NUMBER_WORDS)],
  ["question", (c) => b(c.raw.includes("?"))],
  ["ends_with_question", (c) => b(/\?\W*$/.test(c.raw.trim()))],
  ["exclamation", (c) => b(c.raw.includes("!"))],
  ["colon", (c) => b(c.raw.includes(":"))],
  ["quotes", (c) => b(/["“”]/.test(c.raw) || /(^|\s)'[^']+'/.test(c.raw))],
  ["ellipsis", (c) => b(c.raw.includes("...") || c.raw.includes("…"))],
  ["dash", (c) => b(/\s[-–—]\s|—|–/.test(c.raw))],
  ["parentheses", (c) => b(/[()[\]]/.test(c.raw))],
  ["multi_sentence", (c) => b(/[.!?]["”']?\s+\S/.test(c.raw.trim()))],
  ["second_person", (c) => has(c, SECOND_PERSON)],
  ["first_person", (c) => has(c, FIRST_PERSON)],
  ["third_person", (c) => has(c, THIRD_PERSON)],
  ["superlative", (c) => has(c, SUPERLATIVES)],
  ["negative_words", (c) => clamp01(count(c, NEGATIVE) / 2)],
  ["positive_words", (c) => clamp01(count(c, POSITIVE) / 2)],
  ["intense_words", (c) => has(c, INTENSE)],
  ["starts_this_these", (c) => b(c.words[0] === "this" || c.words[0] === "these")],
  ["curiosity_words", (c) => has(c, CURIOSITY)],
  ["heres_why_what_happens", phrase(/\bhere'?s (why|what|how)\b|\bwhat happen|\bwhat (he|she|they|it) (did|does|said|says)\b|\bfind out\b|\bturns? out\b|\bwon'?t believe\b/)],
  ["starts_how", (c) => b(c.words[0] === "how")],
  ["starts_why", (c) => b(c.words[0] === "why")],
  ["starts_what", (c) => b(c.words[0] === "what")],
  ["starts_imperative", (c) => b(c.words.length > 0 && IMPERATIVE_START.has(c.words[0]))],
  ["media_words", (c) => has(c, MEDIA)],
  ["negation", (c) => has(c, NEGATION)],
  ["people_words", (c) => has(c, PEOPLE)],
  ["time_words", (c) => has(c, TIME_WORDS)],
  ["all_caps_word", (c) => b(c.tokens.some((t) => ALL_CAPS.test(t) && t !== "I"))],
  // Upworthy used Title Case, so a lower-case word of 4+ letters after the first marks sentence case.
  ["sentence_case", (c) => b(c.tokens.slice(1).some((t) => /^[a-z]{4,}$/.test(t)))],
  ["avg_word_len", (c) => (c.words.length === 0 ? 0 : clamp01((c.words.reduce((s, w) => s + w.length, 0) / c.words.length - 3) / 4))],
  ["long_word_share", (c) => (c.words.length === 0 ? 0 : c.words.filter((w) => w.length >= 8).length / c.words.length)],
  ["starts_the", (c) => b(c.words[0] === "the")],
  ["if_when_clause", (c) => b(c.words[0] === "if" || c.words[0] === "when")],
  ["chars_scaled", (c) => clamp01(c.raw.trim().length / 120)],
  ["this_these_anywhere", (c) => b(c.words.includes("this") || c.words.includes("these"))],
  ["singular_third_person", (c) => has(c, SINGULAR_THIRD)],
  ["reporting_verbs", (c) => has(c, REPORTING)],
  ["contrast_words", (c) => has(c, CONTRAST)],
  ["ends_with_period", (c) => b(/\.["”']?$/.test(c.raw.trim()) && !c.raw.trim().endsWith("..."))],
];

export const FEATURE_NAMES: string[] = FEATURES.map(([name]) => name);

function context(text: unknown): Ctx {
  const raw = (typeof text === "string" ? text : "").slice(0, MAX_CHARS).replace(/[‘’ʼ]/g, "'");
  const tokens = raw.match(/[A-Za-z0-9]+(?:'[A-Za-z]+)?/g) ?? [];
  return { raw, lower: raw.toLowerCase(), tokens, words: tokens.map((t) => t.toLowerCase()) };
}

function denseFeatures(ctx: Ctx): Float64Array {
  const out = new Float64Array(FEATURES.length);
  for (let i = 0; i < FEATURES.length; i++) {
    const v = FEATURES[i][1](ctx);
    out[i] = Number.isFinite(v) ? v : 0;
  }
  return out;
}

/** Feature vector aligned with FEATURE_NAMES. */
export function headlineFeatures(text: string): Float64Array {
  return denseFeatures(context(text));
}

/**
 * A deliberately crude stemmer so that "Mom"/"Moms" or "Story"/"Stories" share a weight: lower-cases,
 * drops a possessive "'s", turns a final "ies" into "y" and drops a plural "s" (not "ss", "us", "is").
 * A run of digits becomes "#", so "5" and "10" share one weight.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (/^\d+$/.test(w)) return "#";
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.slice(0, -1);
  return w;
}

function termsOf(ctx: Ctx): string[] {
  const out = new Set<string>();
  let first = "";
  for (const w of ctx.words) {
    const s = stem(w);
    if (out.size === 0) first = s;
    out.add(`word:${s}`);
  }
  if (out.size > 0) out.add(`first:${first}`);
  return [...out];
}

/**
 * Distinct lexical terms of a headline, in order of first occurrence: `word:<stem>` for each word, then
 * `first:<stem>` for the first word. Only terms in the learned vocabulary carry a weight.
 */
export function headlineTerms(text: string): string[] {
  return termsOf(context(text));
}

/** The learned parameters, as stored in headline-weights.json. */
export interface HeadlineModelSpec {
  featureNames: string[];
  weights: number[];
  vocabulary: string[];
  vocabularyWeights: number[];
  bias: number;
}

export interface Contribution {
  /** A hand-written feature name (see FEATURE_NAMES) or a lexical term such as `word:amazing`. */
  name: string;
  /** weight × feature value, in logit units; positive helps. The bias is not listed. */
  value: number;
}

export interface HeadlineModel {
  /** bias + w·x + the weights of the headline's vocabulary terms. */
  logit(text: string): number;
  /** σ(logit), in [0, 1]; 0.5 if that is not finite. */
  score(text: string): number;
  /** Non-zero contributions, largest |value| first (ties by name), each rounded to 4 decimals. */
  contributions(text: string): Contribution[];
}

/**
 * Binds a model spec to the feature code. Training (to record metrics) and grading both use this
 * function, so the recorded accuracy comes from exactly the arithmetic that grades a draft.
 * Throws if the spec was trained on a different hand-written feature list (a stale weights file).
 */
export function compileHeadlineModel(spec: HeadlineModelSpec): HeadlineModel {
  if (spec.featureNames.length !== FEATURE_NAMES.length || spec.featureNames.some((n, i) => n !== FEATURE_NAMES[i]) || spec.weights.length !== FEATURE_NAMES.length) {
    throw new Error("headline weights do not match FEATURE_NAMES; re-run `bun scripts/train-headline.ts`");
  }
  if (spec.vocabulary.length !== spec.vocabularyWeights.length) throw new Error("headline vocabulary and vocabularyWeights differ in length");
  const W = Float64Array.from(spec.weights);
  const termWeight = new Map<string, number>();
  spec.vocabulary.forEach((t, i) => termWeight.set(t, spec.vocabularyWeights[i]));
  const bias = spec.bias;

  const logitOf = (ctx: Ctx): number => {
    const x = denseFeatures(ctx);
    let s = bias;
    for (let k = 0; k < x.length; k++) s += W[k] * x[k];
    for (const t of termsOf(ctx)) s += termWeight.get(t) ?? 0;
    return s;
  };
  const logit = (text: string): number => logitOf(context(text));
  return {
    logit,
    score(text) {
      const p = 1 / (1 + Math.exp(-logit(text)));
      return Number.isFinite(p) ? p : 0.5;
    },
    contributions(text) {
      const ctx = context(text);
      const x = denseFeatures(ctx);
      const out: Contribution[] = [];
      const push = (name: string, value: number) => {
        if (value !== 0) out.push({ name, value: Math.round(value * 1e4) / 1e4 });
      };
      for (let k = 0; k < x.length; k++) push(FEATURE_NAMES[k], W[k] * x[k]);
      for (const t of termsOf(ctx)) push(t, termWeight.get(t) ?? 0);
      out.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return out;
    },
  };
}
