/**
 * Readability gate of `/grade` (docs/rules.md "Hook rescue and grade"): a factor in [0, 1] that
 * multiplies every grade component, so that nonsense cannot borrow points from a learned model that
 * has only ever seen real headlines. Three checks on the draft's Latin-script words:
 *  - real words: a word is known when it is in a list built from the repository's real titles and
 *    headlines (scripts/build-readability-words.ts). An unknown word whose letter trigrams are
 *    common in that list (a name, a new coinage) costs little; keyboard mash costs half the grade:
 *    two or more rare trigrams ("asdf", "qwer"), a letter run ("zzz"), no vowel ("xkcd") or a walk
 *    along one keyboard row ("wertyu");
 *  - repetition (words and numbers of any script): a token repeated right after itself, or more
 *    repeats than a real title carries;
 *  - capitals: a title shouted in capitals.
 * A draft without Latin-script words (another script, emoji only) is not judged here (factor 1):
 * the list cannot tell a real word of that script from a fake one.
 * Pure; reads at most MAX_CHARS characters.
 */
import lexicon from "./readability-words.json";

export const MAX_CHARS = 300;

/** Factors, one per offending word or repeat; thresholds are documented in docs/rules.md. */
export const READABILITY = {
  /** Unknown but plausible words (names, coinages) allowed before they cost anything. */
  freeUnknown: 2,
  unknownFactor: 0.9,
  /** Per implausible word: rareTrigrams or more of its letter trigrams occur in fewer than minTrigramWords words. */
  implausibleFactor: 0.5,
  minTrigramWords: 2,
  rareTrigrams: 2,
  /** A letter repeated this many times in a row marks a word implausible ("zzz", "aaaa"). */
  letterRun: 3,
  /** Repeats (words equal to an earlier word) allowed per word of the title, rounded down. */
  freeRepeatsPerWord: 0.25,
  freeRepeats: 1,
  repeatFactor: 0.8,
  /** A title of one word said this many times or more ("A A A A"; "Bye Bye Bye" is a song) … */
  oneWordMin: 4,
  /** … is multiplied by this. */
  oneWordFactor: 0.25,
  /** Per word equal to the word right before it ("the the"). */
  adjacentFactor: 0.75,
  /** Share of capital letters above which a title counts as shouted, and the factor when all are. */
  capsFrom: 0.5,
  allCapsFactor: 0.4,
  /** Letters needed before the capitals check applies (an acronym alone is not shouting). */
  capsMinLetters: 6,
} as const;

const WORD = /\p{Script=Latin}+(?:'\p{Script=Latin}+)*/gu;

const TOKEN = /[\p{L}\p{N}]+(?:['.,][\p{L}\p{N}]+)*/gu;
const clean = (text: string) => (typeof text === "string" ? text : "").slice(0, MAX_CHARS).replace(/[‘’ʼ]/g, "'");

/** Latin-script words of a text, original case, curly apostrophes made straight. */
export function wordsOf(text: string): string[] {
  return clean(text).match(WORD) ?? [];
}

/** Words and numbers of any script ("7.1", "50,000"), lower-cased: what the repetition check counts. */
export function tokensOf(text: string): string[] {
  return (clean(text).match(TOKEN) ?? []).map((t) => t.toLowerCase());
}

/** Letter trigrams of a lower-case word, with ^ and $ marking its ends ("cat" → ^ca, cat, at$). */
export function trigrams(w: string): string[] {
  const s = `^${w}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= s.length; i++) out.push(s.slice(i, i + 3));
  return out;
}

/** As stored in readability-words.json: known words, and how many seen words contain each trigram. */
export interface LexiconSpec {
  words: string[];
  trigrams: Record<string, number>;
}

export interface Lexicon {
  known: Set<string>;
  trigramWords: Map<string, number>;
}

export function compileLexicon(spec: LexiconSpec): Lexicon {
  return { known: new Set(spec.words), trigramWords: new Map(Object.entries(spec.trigrams ?? {})) };
}

/** The repository's lexicon, compiled once (also read by english.ts: which shouted words are words). */
export const LEXICON = compileLexicon(lexicon);
const RUN = new RegExp(`(\\p{L})\\1{${READABILITY.letterRun - 1}}`, "u");
const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]/;
const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const ROW_POS = new Map<string, [number, number]>();
ROWS.forEach((r, i) => [...r].forEach((c, j) => ROW_POS.set(c, [i, j])));

/** A walk along one keyboard row ("wertyu", "lkjh", "asdff"): every letter next to, or equal to, the one before. */
export function isKeyboardWalk(w: string): boolean {
  if (w.length < 4) return false;
  for (let i = 1; i < w.length; i++) {
    const a = ROW_POS.get(w[i - 1]);
    const b = ROW_POS.get(w[i]);
    if (!a || !b || a[0] !== b[0] || Math.abs(a[1] - b[1]) > 1) return false;
  }
  return true;
}

export type WordKind = "known" | "unknown" | "implausible";

/** `acronyms`: read a short unknown word in capitals as an acronym (off when the whole title is in capitals). */
export function wordKind(word: string, lex: Lexicon = LEXICON, acronyms = true): WordKind {
  const w = word.toLowerCase();
  if (lex.known.has(w)) return "known";
  if (RUN.test(w)) return "implausible";
  if (acronyms && word.length <= 5 && word === word.toUpperCase()) return "unknown";
  if ((w.length >= 3 && !VOWEL.test(w)) || isKeyboardWalk(w)) return "implausible";
  let rare = 0;
  for (const g of trigrams(w)) if ((lex.trigramWords.get(g) ?? 0) < READABILITY.minTrigramWords) rare++;
  return rare >= READABILITY.rareTrigrams ? "implausible" : "unknown";
}

export interface Readability {
  /** In [0, 1]; 1 for an ordinary title. */
  factor: number;
  /** Latin-script words (what the real-word and capitals checks read). */
  words: number;
  /** Words and numbers of any script (what the repetition check reads). */
  tokens: number;
  unknown: number;
  implausible: number;
  repeats: number;
  adjacentRepeats: number;
  capsShare: number;
}

export function readability(text: string, lex: Lexicon = LEXICON): Readability {
  const ws = wordsOf(text);
  const R = READABILITY;
  // Capitals are counted over distinct words, leaving out lower-case mash, so neither repeating a word
  // nor inserting mash can dilute a shouted title.
  let letters = 0;
  let caps = 0;
  const counted = new Set<string>();
  for (const w of ws) {
    if ([...w].length < 2 || counted.has(w.toLowerCase()) || (w === w.toLowerCase() && wordKind(w, lex, false) === "implausible")) continue;
    counted.add(w.toLowerCase());
    for (const ch of w) {
      if (ch === "'") continue;
      letters++;
      if (ch !== ch.toLowerCase() && ch === ch.toUpperCase()) caps++;
    }
  }
  const capsShare = letters === 0 ? 0 : caps / letters;
  const shouted = letters >= R.capsMinLetters && capsShare > R.capsFrom;
  // In a title written all in capitals a short capitalised word is no longer evidence of an acronym.
  // Only that all-or-nothing state switches it off: it survives repeating a word and inserting mash, so
  // neither can turn a non-word back into an acronym.
  const allCaps = letters >= R.capsMinLetters && caps === letters;
  let unknown = 0;
  let implausible = 0;
  for (const w of ws) {
    const k = wordKind(w, lex, !allCaps);
    if (k === "unknown") unknown++;
    else if (k === "implausible") implausible++;
  }
  const lower = tokensOf(text);
  const repeats = lower.length - new Set(lower).size;
  // Adjacency is judged on whitespace-separated chunks, so "Grown-Ass Grown-Ass" and "Very, Very" count.
  const chunks = clean(text)
    .split(/\s+/)
    .map((c) => c.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((c) => c.length > 0);
  let adjacentRepeats = 0;
  // (A chunk of glued words counts each of its words: "Terrifying...Stare?! Terrifying...Stare?!" repeats two; a flaky
  // property found the pair, whose length gain outweighed one repeat's factor.)
  for (let i = 1; i < chunks.length; i++) if (chunks[i] === chunks[i - 1]) adjacentRepeats += Math.max(1, tokensOf(chunks[i]).length);
  let factor = R.unknownFactor ** Math.max(0, unknown - R.freeUnknown);
  factor *= R.implausibleFactor ** implausible;
  factor *= R.repeatFactor ** Math.max(0, repeats - R.freeRepeats - Math.floor(lower.length * R.freeRepeatsPerWord));
  factor *= R.adjacentFactor ** adjacentRepeats;
  // One word said over and over ("A A A A") is no title at all; a shouted real title is still one
  // ("DATING A BISEXUAL" must outscore it: a flaky property found the pair).
  if (lower.length >= R.oneWordMin && new Set(lower).size === 1) factor *= R.oneWordFactor;
  if (shouted) {
    factor *= 1 - ((1 - R.allCapsFactor) * (capsShare - R.capsFrom)) / (1 - R.capsFrom);
  }
  return { factor: Number.isFinite(factor) ? Math.min(1, Math.max(0, factor)) : 0, words: ws.length, tokens: lower.length, unknown, implausible, repeats, adjacentRepeats, capsShare };
}

/** Why the factor is below 1, for the grade's `detail`; empty when it is 1. */
export function readabilityNote(r: Readability): string {
  if (r.factor >= 1) return "";
  const why: string[] = [];
  if (r.implausible) why.push(`${r.implausible} non-word${r.implausible > 1 ? "s" : ""}`);
  if (r.unknown > READABILITY.freeUnknown) why.push(`${r.unknown} unknown words`);
  if (r.adjacentRepeats || r.repeats > READABILITY.freeRepeats + Math.floor(r.tokens * READABILITY.freeRepeatsPerWord)) why.push(`${r.repeats} repeated word${r.repeats > 1 ? "s" : ""}`);
  if (r.capsShare > READABILITY.capsFrom) why.push(`${Math.round(r.capsShare * 100)}% capitals`);
  return `readability ×${r.factor.toFixed(2)} (${why.join(", ")})`;
}
