/**
 * Text normalisation shared by story clustering (src/vault/cluster.ts) and fuzzy matching
 * (src/engine/fuzzy.ts). Both sides MUST see the same tokens, or a story built from "iPhones X" could
 * never be found by "iphone x"; that is why every rule lives here, once, pure and deterministic.
 * Rationale and examples: docs/rules.md.
 */

/**
 * Letters that NFKD does not decompose but users type without the mark. Folding them keeps
 * "Straße" == "strasse" and "Ørsted" == "orsted".
 */
const FOLD: Record<string, string> = {
  ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ð: "d", þ: "th", ł: "l", ı: "i", ħ: "h", ŧ: "t",
};
const FOLD_RE = /[ßæœøđðþłıħŧ]/g;

/**
 * Combining marks of the Latin/Greek/Cyrillic diacritic blocks only. Marks of other scripts
 * (Devanagari vowel signs, the Japanese voicing mark, Thai tone marks) carry meaning and are kept.
 */
const DIACRITICS_RE = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** A possessive "'s" is dropped ("Kimmel's" -> "kimmel", "iPhone X's" -> "iphone x"). */
const POSSESSIVE_RE = /(?<=[\p{L}\p{N}])['’ʼ`]s(?![\p{L}\p{N}\p{M}])/gu;
/** Other apostrophes inside words are dropped, not spaced: "don't" -> "dont". */
const APOSTROPHE_RE = /(?<=[\p{L}\p{N}])['’ʼ`](?=[\p{L}\p{N}])/gu;

/** Decimal and thousands separators inside numbers are dropped: "7.1" -> "71" (not "7" "1"), "1,000" -> "1000". */
const NUMBER_SEP_RE = /(?<=[0-9])[.,](?=[0-9])/g;

/** Everything that is not a letter, number or (kept, non-Latin) mark becomes a word break. */
const NON_WORD_RE = /[^\p{L}\p{N}\p{M}]+/gu;

/**
 * Canonical form of free text: NFKD (fullwidth and ligatures become plain letters), lower case,
 * Latin diacritics stripped, a few letters folded (ß -> ss), possessive "'s", in-word apostrophes
 * and in-number separators dropped ("X's" -> "x", "don't" -> "dont", "7.1" -> "71"), every other
 * punctuation/symbol/emoji turned into one space, then NFC (recomposes the scripts NFKD splits:
 * Hangul, kana), so non-Latin text stays readable and idempotence holds; trimmed.
 */
export function normalize(s: string): string {
  if (!s) return "";
  return ASCII_RE.test(s) ? asciiTokens(s).join(" ") : normalizeSlow(s);
}

/** Normalised words, in order (duplicates kept: adjacency matters for the join rule). */
export function tokens(s: string): string[] {
  if (!s) return [];
  if (ASCII_RE.test(s)) return asciiTokens(s);
  const n = normalize(s);
  return n === "" ? [] : n.split(" ");
}

const ASCII_RE = /^[\x00-\x7f]*$/;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * normalize() + split for pure-ASCII input in one pass without regexes: the same result (a property
 * test checks it), but index building calls this 100k times and the regex route costs several times more.
 */
function asciiTokens(s: string): string[] {
  const lower = s.toLowerCase();
  const n = lower.length;
  const out: string[] = [];
  let head = ""; // part of the current word before an in-word apostrophe
  let start = -1;
  let lastKept = 0; // last character kept in the current word (a possessive "'s" is not kept)
  for (let i = 0; i <= n; i++) {
    const c = i < n ? lower.charCodeAt(i) : 32;
    if (isAsciiWord(c)) {
      if (start < 0) start = i;
      lastKept = c;
      continue;
    }
    if (start < 0) continue;
    const next = i + 1 < n ? lower.charCodeAt(i + 1) : 32;
    if ((c === 39 || c === 96) && next === 115 && !(i + 2 < n && isAsciiWord(lower.charCodeAt(i + 2)))) {
      head += lower.slice(start, i); // possessive 's: drop it, the word may go on ("a's'b" -> "ab")
      i++;
      start = i + 1;
      continue;
    }
    const inWordApostrophe = (c === 39 || c === 96) && isAsciiWord(next);
    const inNumberSep = (c === 46 || c === 44) && isDigit(next) && isDigit(lastKept);
    if (inWordApostrophe || inNumberSep) {
      head += lower.slice(start, i);
      start = i + 1;
      continue;
    }
    out.push(head + lower.slice(start, i));
    head = "";
    start = -1;
  }
  return out;
}

/** The general (Unicode) path of normalize(); exported for the test that pins the ASCII fast path to it. */
export function normalizeSlow(s: string): string {
  let t = s.normalize("NFKD").toLowerCase().replace(DIACRITICS_RE, "");
  t = t.replace(FOLD_RE, (c) => FOLD[c] ?? c);
  t = t.replace(POSSESSIVE_RE, "").replace(APOSTROPHE_RE, "").replace(NUMBER_SEP_RE, "").replace(NON_WORD_RE, " ");
  return t.normalize("NFC").trim(); // last: removals can bring Hangul jamo together ("ᄀ'ᅡ" -> "가")
}

/**
 * Words that never identify a subject. Two groups:
 * - English function words, vague adverbs/pronouns ("never", "ever", "something", "thing") and the
 *   contractions that apostrophe-dropping produces ("dont", "im").
 * - Video-title filler that says nothing about the subject: official, video, audio, lyric(s), full,
 *   episode/ep, part/pt, hd/hq/4k/1080p, ft/feat/featuring, vs/versus.
 * Deliberately NOT here: "trailer", "teaser", "review", "live", "new", "music", years like "2017".
 * They are generic but sometimes part of a name ("Jimmy Kimmel Live", "New York"), and a query such as
 * "thor trailer" should still prefer the trailer. Matching weighs them by rarity (IDF); clustering
 * never lets them join stories on their own (FORMAT_WORDS in src/vault/cluster.ts).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but nor of to in on at for with from by as into onto over under about after before " +
    "up down out off than then so if too very just also only not no yes " +
    "is are was were be been being am do does did doing done have has had having will would can could " +
    "should shall may might must get gets got " +
    "i me my mine myself we us our ours you your yours he him his she her hers it its they them their theirs " +
    "this that these those there here what which who whom whose how why when where " +
    "all any both each every some such own same other more most " +
    "never ever again still even much many really like know need want via gonna wanna going " +
    "thing things something anything nothing everything someone anyone everyone " +
    "s t d ll m re ve dont doesnt didnt isnt arent wasnt werent cant couldnt wont wouldnt shouldnt " +
    "im ive id ill youre youve youll youd hes shes theyre theyve weve itll thatll thats theres whats lets " +
    "official video videos audio lyric lyrics full episode ep part pt hd hq 4k 1080p 720p " +
    "ft feat featuring vs versus"
  ).split(" "),
);

/** Words whose trailing "s" is not a plural; stripping it would merge "news" with "new". */
const S_EXCEPTIONS = new Set(["news", "series", "species", "always", "plus", "yes", "lens", "chaos", "perhaps", "physics"]);

const VOWEL = /[aeiouy]/;
const LATIN_WORD = /^[a-z]+$/;

/** Porter's "measure" m: the number of vowel-consonant sequences, used to restore a final "e". */
function measure(w: string): number {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < w.length; i++) {
    const c = w[i];
    const v = "aeiou".includes(c) || (c === "y" && i > 0 && !"aeiou".includes(w[i - 1]));
    if (!v && prevVowel) m++;
    prevVowel = v;
  }
  return m;
}

/** Consonant-vowel-consonant ending, last consonant not w/x/y (Porter's *o condition). */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (n < 3) return false;
  const isV = (c: string) => "aeiou".includes(c);
  const a = w[n - 3], b = w[n - 2], c = w[n - 1];
  return !isV(a) && isV(b) && !isV(c) && !"wxy".includes(c);
}

/** After removing -ing/-ed: "stopp" -> "stop", "mak" -> "make", "open" stays. */
function repairStem(w: string): string {
  const n = w.length;
  if (n >= 2 && w[n - 1] === w[n - 2] && !"lsz".includes(w[n - 1]) && !"aeiou".includes(w[n - 1])) return w.slice(0, -1);
  if (measure(w) === 1 && endsCvc(w)) return w + "e";
  return w;
}

/**
 * A small, deterministic suffix stripper (a subset of Porter step 1): plurals (-s, -es after
 * x/z/ch/sh, -sses, -ies), -ing and -ed, and y/ie -> i so "story"/"stories" and "movie"/"movies" meet.
 * Only lower-case Latin words of 4+ letters are touched; numbers, short words and other scripts are
 * returned unchanged, because stripping "x8s" or "bus" would do more harm than good. Stems are
 * internal keys, never shown to users.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length < 4 || !LATIN_WORD.test(w) || S_EXCEPTIONS.has(w)) return w;
  // Plurals.
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies") && w.length > 4) w = w.slice(0, -3) + "i";
  else if (/(?:x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // Verb endings; the remaining stem must keep a vowel and 3+ letters ("king", "red", "used" stay).
  if (w.endsWith("ing") && w.length >= 6) {
    const b = w.slice(0, -3);
    if (b.length >= 3 && VOWEL.test(b)) w = repairStem(b);
  } else if (w.endsWith("ied") && w.length > 4) {
    w = w.slice(0, -3) + "i";
  } else if (w.endsWith("ed") && !w.endsWith("eed") && w.length >= 5) {
    const b = w.slice(0, -2);
    if (b.length >= 3 && VOWEL.test(b)) w = repairStem(b);
  }
  // y/ie -> i after a consonant, so singular and plural stems agree.
  if (w.length >= 4) {
    if (w.endsWith("ie")) w = w.slice(0, -1);
    else if (w.endsWith("y") && !"aeiou".includes(w[w.length - 2])) w = w.slice(0, -1) + "i";
  }
  return w;
}

/**
 * Stemmed non-stopword tokens of a title, first occurrence order, deduplicated. If every token is a
 * stopword ("IT", "Us") the stemmed tokens themselves are returned, so a title never has no terms.
 */
export function salientTerms(title: string): string[] {
  const toks = tokens(title);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of toks) {
    if (STOPWORDS.has(t)) continue;
    const s = stem(t);
    if (!seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  }
  if (out.length === 0) {
    for (const t of toks) {
      const s = stem(t);
      if (!seen.has(s)) {
        seen.add(s);
        out.push(s);
      }
    }
  }
  return out;
}

/**
 * The bigram-join key: normalised tokens concatenated without spaces. "iPhoneX", "i phone x" and
 * "iPhone X" all give "iphonex", which is how split and glued spellings of a name meet.
 */
export function joinKey(s: string): string {
  return normalize(s).replace(/ /g, "");
}

/**
 * Concatenations of adjacent token pairs: ["i","phone","x"] -> ["iphone","phonex"]. Matching a token
 * of one side against these covers the glued/split case ("iphonex" vs "iphone x") in one step.
 */
export function adjacentJoins(toks: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < toks.length; i++) out.push(toks[i] + toks[i + 1]);
  return out;
}

/** `s` with every RegExp metacharacter escaped, to match it literally inside a built pattern. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
