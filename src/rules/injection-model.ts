/**
 * The learned half of the prompt-injection screen: logistic regression over hashed word and
 * character n-grams. Features and scoring live here so that the trainer (scripts/train-injection.ts)
 * and the screen use one definition; the weights are src/rules/injection-weights.json.
 *
 * Why hashing: no vocabulary to ship or look up, one pass over the text with integer arithmetic
 * (about a microsecond for a title), and unseen spellings still hit the character n-grams they share
 * with known attacks ("ignoreall", "Anweisungen", "jailbroken").
 */
import weights from "./injection-weights.json";

/** log2 of the number of hash buckets. */
export const MODEL_BITS = 18;
const SHIFT = 32 - MODEL_BITS;
/** Only this many UTF-16 units are featurised: the API's longest free-text field is 200. */
export const MODEL_MAX_CHARS = 256;

/** Distinct seeds keep a word, a bigram and a character n-gram with the same letters apart. */
const SEED_CHAR = 0x811c9dc5;
const SEED_WORD = 0x9747b28c;
const SEED_BIGRAM = 0x5bd1e995;

function isWordChar(c: number): boolean {
  // ASCII letters/digits/apostrophe, and every non-ASCII letter (good enough for ä, ß, и ...)
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x2bff) && !(c >= 0x3000 && c <= 0x303f) && !(c >= 0xd800 && c <= 0xdfff));
}

/**
 * Runs of letters and marks of scripts other than Latin, Greek and Cyrillic. The training data has
 * almost none, so their n-grams would only hit hash buckets of unrelated features (a Khmer title
 * scored like an attack by collision, and Thai or Japanese runs have no spaces to bound them). Each
 * run becomes one placeholder letter, whose few n-grams the model does learn.
 */
const OTHER_SCRIPT = /(?:(?=[\p{L}\p{M}])[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Inherited}\p{Script=Common}])+/gu;
const OTHER_LETTER = "\u25A1";
/** Cheap superset of OTHER_SCRIPT's characters (a test checks every code point), so most titles skip it. */
export const MAYBE_OTHER_SCRIPT =
  /[\u03E2-\u03EF\u0530-\u1CFF\u2C00-\u2DFF\u2E80-\uA63F\uA6A0-\uA6FF\uA720-\uABFF\uAC00-\uD7FF\uF900-\uFAFF\uFB13-\uFB17\uFB1D-\uFDFF\uFE70-\uFEFC\uFF66-\uFFDC]|[\uD800-\uD83B\uD83F-\uDBFF]/;
export const OTHER_SCRIPT_RE = OTHER_SCRIPT;

/** The text the features are computed on: lower-cased, other scripts folded, whitespace runs as one space, capped. */
export function featureText(text: string): string {
  let s = (text.length > MODEL_MAX_CHARS ? text.slice(0, MODEL_MAX_CHARS) : text).toLowerCase();
  if (MAYBE_OTHER_SCRIPT.test(s)) s = s.replace(OTHER_SCRIPT, OTHER_LETTER);
  return s.replace(/\s+/g, " ").trim();
}

/**
 * Calls `emit(bucket)` once per feature occurrence: every character n-gram of length `charMin` to
 * `charMax` (of " " + text + " ", so word edges count), every word and every pair of adjacent words.
 * The score divides by the square root of the number of occurrences, so long and short texts are on
 * one scale. Returns that number.
 */
export function forEachFeature(text: string, emit: (bucket: number) => void, charMin: number, charMax: number): number {
  const s = " " + featureText(text) + " ";
  const n = s.length;
  let count = 0;
  for (let i = 0; i + charMin <= n; i++) {
    let h = SEED_CHAR;
    for (let k = 0; k < charMax && i + k < n; k++) {
      h = Math.imul(h ^ s.charCodeAt(i + k), 0x01000193);
      if (k + 1 >= charMin) {
        emit((h >>> 0) >>> SHIFT);
        count++;
      }
    }
  }
  let prev = 0;
  let w = SEED_WORD;
  let inWord = false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (isWordChar(c)) {
      w = Math.imul(w ^ c, 0x01000193);
      inWord = true;
    } else if (inWord) {
      emit((w >>> 0) >>> SHIFT);
      if (prev !== 0) emit((Math.imul(prev ^ SEED_BIGRAM, 0x01000193) ^ w) >>> SHIFT);
      count += prev !== 0 ? 2 : 1;
      prev = w | 1; // never 0, so "no previous word" stays distinguishable
      w = SEED_WORD;
      inWord = false;
    }
  }
  return count;
}

export interface InjectionModel {
  bias: number;
  /** One weight per bucket (length 2^MODEL_BITS). */
  w: Float32Array | Float64Array;
  /** Probability at or above which the screen flags. */
  threshold: number;
  /** Character n-gram lengths, chosen by the trainer. */
  charMin: number;
  charMax: number;
}

/** Probability in [0, 1] that `text` is an injection, under `model`. Pure. */
export function modelScore(model: InjectionModel, text: string): number {
  let sum = 0;
  const w = model.w;
  const count = forEachFeature(
    text,
    (b) => {
      sum += w[b];
    },
    model.charMin,
    model.charMax,
  );
  const z = model.bias + (count > 0 ? sum / Math.sqrt(count) : 0);
  return 1 / (1 + Math.exp(-z));
}

/** Weights file shape: int8 weights times `scale`, base64, so 2^18 buckets fit in about 350 kB. */
export interface WeightsFile {
  about: string;
  attribution: string[];
  bits: number;
  char_ngrams: [number, number];
  bias: number;
  scale: number;
  threshold: number;
  weights_int8_base64: string;
  [k: string]: unknown;
}

export function decodeModel(f: WeightsFile): InjectionModel {
  if (f.bits !== MODEL_BITS) throw new Error(`injection weights: bits ${f.bits} != ${MODEL_BITS}`);
  const raw = Buffer.from(f.weights_int8_base64, "base64");
  if (raw.length !== 1 << MODEL_BITS) throw new Error("injection weights: wrong length");
  const w = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) w[i] = ((raw[i] << 24) >> 24) * f.scale;
  return { bias: f.bias, w, threshold: f.threshold, charMin: f.char_ngrams[0], charMax: f.char_ngrams[1] };
}

/** The shipped model. */
export const INJECTION_MODEL: InjectionModel = decodeModel(weights as unknown as WeightsFile);
