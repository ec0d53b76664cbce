/**
 * Fuzzy lookup of free text (API `q` / `topic`) against story names. Tolerates case, punctuation,
 * accents, word order, plurals, glued/split words ("iphonex" / "i phone x") and one or two typos,
 * and answers null below MATCH_THRESHOLD instead of returning the least-bad story.
 *
 * Two stages, so a lookup costs tens of microseconds even at 100k stories:
 * 1. Candidates, from two inverted indexes in CSR form (Int32Array postings): stem -> entries, and
 *    character trigram -> entries. Trigrams are taken per word (so order does not matter and typos
 *    still share most grams) and across word boundaries of the words joined without spaces (so
 *    "iphonex" and "iphone x" share grams). Shortest posting lists are scanned first, under budgets;
 *    a shared word counts WORD_HIT, a shared gram 1; the CANDIDATES best by a Dice-like ratio of
 *    those counts go on.
 * 2. Score in [0,1] = TOKEN_WEIGHT * tokenSim + (1 - TOKEN_WEIGHT) * gramDice.
 *    tokenSim: soft Dice over distinct stems, IDF-weighted (stopwords x0.25): a word is covered by an
 *    equal stem (1), a 1-2 edit typo of a long word (0.8 / 0.6), or an exact join of 2-3 adjacent
 *    words on the other side (1).  gramDice: Dice of the two trigram sets.
 * Ties: score, then an entry whose normalised tokens equal the query's, then weight desc, then id asc.
 * Answers do not depend on entry order. Formula, threshold and rationale: docs/rules.md.
 */
import { STOPWORDS, stem, tokens } from "../rules/text.ts";

/** Below this score match() returns null. Calibrated in test/engine/fuzzy.test.ts on the real titles. */
export const MATCH_THRESHOLD = 0.6;

/** Share of tokenSim in the score; gramDice alone over-rewards shared substrings of unrelated words. */
const TOKEN_WEIGHT = 0.75;
/** Stopwords still count a little, so "the office" prefers "The Office" over "Office". */
const STOP_WEIGHT = 0.25;
/** Entries fully scored per lookup. */
const CANDIDATES = 24;
/**
 * Gram postings scanned per lookup before the commonest grams are skipped; bounds the worst case.
 * Larger when the query has an unknown word (a typo or glued form: grams are the only way to it).
 */
const POSTINGS_BUDGET = 2_500;
const POSTINGS_BUDGET_KNOWN = 1_500;
/** Gram budget when an entry already contains every query word (grams then only refine the order). */
const POSTINGS_BUDGET_FOUND = 600;
/** Word postings scanned per lookup (rarest words first). */
const WORD_BUDGET = 2_000;
/** Candidate-ranking credit of a shared word, relative to one shared gram. */
const WORD_HIT = 8;
/** Longest run of adjacent words tried as one glued word ("i phone x" = "iphonex"). */
const MAX_JOIN = 3;
/** Query text beyond this is ignored: callers are capped at 200 chars, this bounds cost regardless. */
const MAX_QUERY_CHARS = 256;
const MAX_QUERY_TOKENS = 48;

// Gram boundary markers (control characters never survive normalize()).
const J_START = 1, J_END = 2, T_START = 3, T_END = 4;

export interface FuzzyEntry {
  id: number;
  text: string;
  weight?: number;
}
export interface FuzzyHit {
  id: number;
  score: number;
}

/** A trigram of three UTF-16 code units as one exact number (48 bits < 2^53). */
function gramKey(a: number, b: number, c: number): number {
  return (a * 65536 + b) * 65536 + c;
}

/** Calls fn for each trigram of `\x03 + word + \x04` (the word's own grams, cached per stem). */
function forEachWordGram(w: string, fn: (g: number) => void): void {
  let x = T_START, y = w.charCodeAt(0);
  for (let i = 1; i <= w.length; i++) {
    const z = i < w.length ? w.charCodeAt(i) : T_END;
    fn(gramKey(x, y, z));
    x = y;
    y = z;
  }
}

/**
 * Calls fn for each trigram of `\x01 + w1 w2 ... + \x02` (words joined without spaces) that is NOT
 * wholly inside one word: the inner ones equal that word's own grams, which are already counted.
 * These boundary-spanning grams are what lets "iphonex" share grams with "iphone x".
 */
function forEachJoinGram(words: readonly string[], fn: (g: number) => void): void {
  const joined = words.join("");
  const n = joined.length;
  // w: index of the word holding joined[i-1]; end: where that word ends in `joined` (exclusive).
  let w = 0, end = words.length ? words[0].length : 0;
  let a = J_START, b = joined.charCodeAt(0);
  for (let i = 1; i <= n; i++) {
    // The window is joined[i-2..i] (padded); it is inner iff all three chars lie in word w.
    while (w < words.length - 1 && i - 1 >= end) end += words[++w].length;
    const c = i < n ? joined.charCodeAt(i) : J_END;
    const wordStart = end - words[w].length;
    if (!(i - 2 >= wordStart && i < end)) fn(gramKey(a, b, c));
    a = b;
    b = c;
  }
}

// Reused rows for boundedDamerau (words are short; longer ones allocate).
let R0 = new Int32Array(64), R1 = new Int32Array(64), R2 = new Int32Array(64);

/**
 * Optimal-string-alignment (restricted Damerau-Levenshtein) distance, or max+1 as soon as it must
 * exceed `max`. The common prefix and suffix are skipped first, which rejects almost every unrelated
 * pair in a few character comparisons.
 */
export function boundedDamerau(a: string, b: string, max: number): number {
  let n = a.length, m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  let p = 0;
  while (p < n && p < m && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  while (n > p && m > p && a.charCodeAt(n - 1) === b.charCodeAt(m - 1)) {
    n--;
    m--;
  }
  n -= p;
  m -= p;
  if (n === 0 || m === 0) return Math.max(n, m) <= max ? Math.max(n, m) : max + 1;
  // One edit (or one swap) leaves at most 2 differing chars between the common prefix and suffix.
  if (max === 1 && (n > 2 || m > 2)) return 2;
  if (m + 1 > R0.length) (R0 = new Int32Array(m + 1)), (R1 = new Int32Array(m + 1)), (R2 = new Int32Array(m + 1));
  let prev2 = R0, prev = R1, cur = R2;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(p + i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(p + j - 1);
      let v = prev[j - 1] + (ai === bj ? 0 : 1);
      if (prev[j] + 1 < v) v = prev[j] + 1;
      if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
      if (i > 1 && j > 1 && ai === b.charCodeAt(p + j - 2) && a.charCodeAt(p + i - 2) === bj && prev2[j - 2] + 1 < v) v = prev2[j - 2] + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] <= max ? prev[m] : max + 1;
}

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return /\p{N}/u.test(s) && /[^\x00-\x7f]/.test(s);
}

/**
 * Similarity of two words (stems): 1 when equal; for words of 4+ letters 0.8 at one edit (insert,
 * delete, substitute, swap) and, for 8+ letters, 0.6 at two edits; else 0. Short words and anything
 * with a digit must match exactly, or "iphone 8" would equal "iphone x" and "2049" "2048".
 */
export function wordSim(a: string, b: string): number {
  if (a === b) return 1;
  const short = a.length < b.length ? a.length : b.length;
  if (short < 4) return 0;
  const max = short >= 8 ? 2 : 1;
  const d = boundedDamerau(a, b, max);
  if (d > max || hasDigit(a) || hasDigit(b)) return 0;
  return d === 1 ? 0.8 : 0.6;
}

/**
 * Cheap necessary condition for wordSim(a, b) > 0 when a !== b: both 4+ chars, lengths within 2,
 * and, below 8 chars (one edit allowed), the first or the last character shared. Skips almost every
 * pair before the call.
 */
function mayBeTypo(a: string, b: string): boolean {
  const la = a.length, lb = b.length;
  if (la < 4 || lb < 4 || la - lb > 2 || lb - la > 2) return false;
  if ((la < 8 || lb < 8) && a.charCodeAt(0) !== b.charCodeAt(0) && a.charCodeAt(la - 1) !== b.charCodeAt(lb - 1)) return false;
  return true;
}

/** Growable Int32Array (build-time only). */
class IntList {
  a = new Int32Array(1024);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
  /** Grows to hold index i (zero-filled); used for arrays indexed by ids that are still being created. */
  ensure(i: number): void {
    while (i >= this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    if (i >= this.n) this.n = i + 1;
  }
  trimmed(): Int32Array {
    return this.a.slice(0, this.n);
  }
}

/** A query analysed once, reused for every candidate. */
interface Prepared {
  stems: string[]; // distinct stems
  raws: string[]; // per distinct stem: the first normalised token that produced it
  stemIds: number[]; // vocabulary stem id, or -1
  weights: number[];
  wSum: number;
  posRaw: string[]; // per token position: normalised token
  posIdx: number[]; // per token position: index into stems
  // Runs of 2-3 adjacent query tokens whose concatenation is a vocabulary stem ("i phone x" -> "iphonex"):
  // members of run r are joinMembers[joinStart[r] .. joinStart[r+1]) (indexes into stems).
  joinStart: number[];
  joinMembers: number[];
  joinSid: number[];
  tokIds: number[] | null; // normalised token ids, null if some token is unknown (then nothing equals it)
  words: number[]; // known stem ids to look up in the word postings (stems + joins)
  grams: number[]; // distinct known gram ids (also marked in qMark)
  gramTotal: number; // distinct grams including unknown ones (Dice denominator)
}

export class FuzzyIndex {
  readonly size: number;
  // Vocabulary: normalised token -> id (with its string, stem id, stopword flag); stem -> id.
  private tokId = new Map<string, number>();
  private tokStr: string[] = [];
  private tokStem: number[] = [];
  private tokStop: number[] = [];
  private stemId = new Map<string, number>();
  private stemStr: string[] = [];
  /** Per stem: IDF weight ln(1+N/df)/ln(1+N) in (0,1], so "trailer" or "2017" count less than "ragnarok". */
  private stemW = new Float32Array(0);
  // Per stem: its own distinct gram ids (CSR with a leading 0).
  private stemGrams = new IntList();
  private stemGramStart = new IntList();
  // Entries: token ids (CSR), gram ids (CSR), id, weight.
  private entStart: Int32Array;
  private entTok: Int32Array;
  private gramStart: Int32Array;
  private gramIds: Int32Array;
  private ids: Float64Array;
  private weights: Float64Array;
  // Inverted indexes (CSR): gram id -> entries, stem id -> entries.
  private gramId = new Map<number, number>();
  private gramCount = 0;
  private gramKeys = new Float64Array(0); // gram id -> key
  private postStart: Int32Array;
  private post: Int32Array;
  private wordStart: Int32Array;
  private wordPost: Int32Array;
  // Per-lookup scratch, reused (lookups are synchronous).
  private counts: Uint16Array;
  private touched: Int32Array;
  private qMark: Uint8Array;
  private eStems = new Int32Array(64);
  private eRaw = new Int32Array(64);
  private eFirst = new Int32Array(64);
  private eW = new Float64Array(64);
  private eSeq = new Int32Array(64);
  private covE = new Float64Array(64);
  private covQ = new Float64Array(MAX_QUERY_TOKENS);

  constructor(entries: readonly FuzzyEntry[]) {
    const n = entries.length;
    this.size = n;
    this.stemGramStart.push(0);
    this.entStart = new Int32Array(n + 1);
    this.gramStart = new Int32Array(n + 1);
    this.ids = new Float64Array(n);
    this.weights = new Float64Array(n);
    this.counts = new Uint16Array(n);
    this.touched = new Int32Array(n);
    const toks = new IntList();
    const grams = new IntList(); // per-entry distinct gram ids, concatenated
    const gramSeen = new IntList(); // gram id -> last entry (1-based) that counted it
    const stems = new IntList(); // per-entry distinct stem ids, concatenated
    const stemStart = new Int32Array(n + 1);
    const stemSeen = new IntList();
    const words: string[] = [];
    let maxTokens = 0;
    const addGram = (g: number, mark: number) => {
      gramSeen.ensure(g);
      if (gramSeen.a[g] !== mark) {
        gramSeen.a[g] = mark;
        grams.push(g);
      }
    };
    for (let e = 0; e < n; e++) {
      const entry = entries[e];
      const mark = e + 1;
      this.ids[e] = entry.id;
      this.weights[e] = entry.weight ?? 0;
      const tk = tokens(entry.text);
      words.length = 0;
      for (const t of tk) {
        const id = this.internToken(t);
        toks.push(id);
        const sid = this.tokStem[id];
        words.push(this.stemStr[sid]);
        stemSeen.ensure(sid);
        if (stemSeen.a[sid] === mark) continue;
        stemSeen.a[sid] = mark;
        stems.push(sid);
        for (let k = this.stemGramStart.a[sid]; k < this.stemGramStart.a[sid + 1]; k++) addGram(this.stemGrams.a[k], mark);
      }
      if (words.length) forEachJoinGram(words, (key) => addGram(this.gramOf(key, true), mark));
      this.entStart[e + 1] = toks.n;
      this.gramStart[e + 1] = grams.n;
      stemStart[e + 1] = stems.n;
      if (tk.length > maxTokens) maxTokens = tk.length;
    }
    this.entTok = toks.trimmed();
    this.gramIds = grams.trimmed();
    [this.postStart, this.post] = invert(this.gramIds, this.gramStart, this.gramCount);
    [this.wordStart, this.wordPost] = invert(stems.a, stemStart, this.stemStr.length);
    this.qMark = new Uint8Array(this.gramCount);
    this.gramKeys = new Float64Array(this.gramCount);
    for (const [key, id] of this.gramId) this.gramKeys[id] = key;
    this.stemW = new Float32Array(this.stemStr.length);
    const lnN = Math.log(1 + Math.max(1, n));
    for (let i = 0; i < this.stemStr.length; i++) {
      const df = this.wordStart[i + 1] - this.wordStart[i];
      this.stemW[i] = Math.log(1 + n / Math.max(1, df)) / lnN;
    }
    if (maxTokens > this.eStems.length) {
      this.eStems = new Int32Array(maxTokens);
      this.eRaw = new Int32Array(maxTokens);
      this.eFirst = new Int32Array(maxTokens);
      this.eW = new Float64Array(maxTokens);
      this.eSeq = new Int32Array(maxTokens);
      this.covE = new Float64Array(maxTokens);
    }
  }

  /** Gram key -> dense id; creates ids at build time, answers -1 for unknown grams at query time. */
  private gramOf(key: number, create: boolean): number {
    const id = this.gramId.get(key);
    if (id !== undefined) return id;
    if (!create) return -1;
    const nid = this.gramCount++;
    this.gramId.set(key, nid);
    return nid;
  }

  private internToken(t: string): number {
    let id = this.tokId.get(t);
    if (id !== undefined) return id;
    id = this.tokStem.length;
    this.tokId.set(t, id);
    this.tokStr.push(t);
    const s = stem(t);
    let sid = this.stemId.get(s);
    if (sid === undefined) {
      sid = this.stemStr.length;
      this.stemId.set(s, sid);
      this.stemStr.push(s);
      // Cache the stem's own grams (distinct), so entries sharing a word do not recompute them.
      const from = this.stemGrams.n;
      forEachWordGram(s, (key) => {
        const g = this.gramOf(key, true);
        for (let k = from; k < this.stemGrams.n; k++) if (this.stemGrams.a[k] === g) return;
        this.stemGrams.push(g);
      });
      this.stemGramStart.push(this.stemGrams.n);
    }
    this.tokStem.push(sid);
    this.tokStop.push(STOPWORDS.has(t) ? 1 : 0);
    return id;
  }

  /** Best entry scoring at least MATCH_THRESHOLD, or null. */
  match(q: string): FuzzyHit | null {
    const top = this.search(q, 1, MATCH_THRESHOLD);
    return top.length ? top[0] : null;
  }

  /** Up to k best entries by score, without threshold (for "did you mean" lists). */
  matchTop(q: string, k: number): FuzzyHit[] {
    return this.search(q, Math.max(0, Math.floor(k)), 0);
  }

  private prepare(q: string): Prepared | null {
    const tk = tokens(q.length > MAX_QUERY_CHARS ? q.slice(0, MAX_QUERY_CHARS) : q);
    if (tk.length > MAX_QUERY_TOKENS) tk.length = MAX_QUERY_TOKENS;
    if (tk.length === 0) return null;
    const stems: string[] = [], raws: string[] = [], stemIds: number[] = [], weights: number[] = [];
    const seq: string[] = [], posIdx: number[] = [];
    let tokIds: number[] | null = [];
    for (const t of tk) {
      const tid = this.tokId.get(t);
      let s: string, sid: number, stop: boolean;
      if (tid !== undefined) {
        sid = this.tokStem[tid];
        s = this.stemStr[sid];
        stop = this.tokStop[tid] === 1;
        tokIds?.push(tid);
      } else {
        s = stem(t);
        sid = this.stemId.get(s) ?? -1;
        stop = STOPWORDS.has(t);
        tokIds = null;
      }
      const w = (stop ? STOP_WEIGHT : 1) * (sid >= 0 ? this.stemW[sid] : 1);
      let i = stems.indexOf(s);
      if (i < 0) {
        i = stems.length;
        stems.push(s);
        raws.push(t);
        stemIds.push(sid);
        weights.push(w);
      } else if (w > weights[i]) weights[i] = w;
      seq.push(s);
      posIdx.push(i);
    }
    let wSum = 0;
    for (const w of weights) wSum += w;
    const words: number[] = [];
    for (const sid of stemIds) if (sid >= 0) words.push(sid);
    // Adjacent joins of 2-3 tokens, as stems ("iphone"+"x") and as raw tokens re-stemmed ("spicers"+"mail").
    const joinStart: number[] = [0], joinMembers: number[] = [], joinSid: number[] = [];
    for (let len = 2; len <= MAX_JOIN; len++) {
      for (let p = 0; p + len <= seq.length; p++) {
        let gluedStems = seq[p], gluedRaw = tk[p];
        for (let k = p + 1; k < p + len; k++) {
          gluedStems += seq[k];
          gluedRaw += tk[k];
        }
        const viaStem = this.stemId.get(gluedStems);
        const rawTid = this.tokId.get(gluedRaw);
        const viaRaw = rawTid === undefined ? undefined : this.tokStem[rawTid];
        for (const sid of [viaStem, viaRaw === viaStem ? undefined : viaRaw]) {
          if (sid === undefined) continue;
          for (let k = p; k < p + len; k++) joinMembers.push(posIdx[k]);
          joinStart.push(joinMembers.length);
          joinSid.push(sid);
          if (!words.includes(sid)) words.push(sid);
        }
      }
    }
    const grams: number[] = [];
    const unknown: number[] = [];
    const add = (key: number) => {
      const g = this.gramOf(key, false);
      if (g < 0) {
        if (!unknown.includes(key)) unknown.push(key);
      } else if (this.qMark[g] === 0) {
        this.qMark[g] = 1;
        grams.push(g);
      }
    };
    for (let i = 0; i < stems.length; i++) {
      const sid = stemIds[i];
      if (sid < 0) {
        forEachWordGram(stems[i], add);
        continue;
      }
      for (let k = this.stemGramStart.a[sid]; k < this.stemGramStart.a[sid + 1]; k++) {
        const g = this.stemGrams.a[k];
        if (this.qMark[g] === 0) {
          this.qMark[g] = 1;
          grams.push(g);
        }
      }
    }
    forEachJoinGram(seq, add);
    return { stems, raws, stemIds, weights, wSum, posRaw: tk, posIdx, joinStart, joinMembers, joinSid, tokIds, words, grams, gramTotal: grams.length + unknown.length };
  }

  private search(q: string, k: number, threshold: number): FuzzyHit[] {
    if (k === 0 || this.size === 0) return [];
    const pq = this.prepare(q);
    if (!pq) return [];
    const out: { e: number; score: number; exact: boolean }[] = [];
    try {
      for (const e of this.candidates(pq)) {
        const score = this.score(pq, e);
        if (score > 0 && score >= threshold) out.push({ e, score, exact: this.isExact(pq, e) });
      }
    } finally {
      for (const g of pq.grams) this.qMark[g] = 0;
    }
    out.sort(
      (x, y) =>
        y.score - x.score || Number(y.exact) - Number(x.exact) || this.weights[y.e] - this.weights[x.e] || this.ids[x.e] - this.ids[y.e],
    );
    if (out.length > k) out.length = k;
    return out.map((s) => ({ id: this.ids[s.e], score: s.score }));
  }

  /** Same normalised token sequence as the query. */
  private isExact(pq: Prepared, e: number): boolean {
    const ids = pq.tokIds;
    const a = this.entStart[e], b = this.entStart[e + 1];
    if (!ids || b - a !== ids.length) return false;
    for (let i = a; i < b; i++) if (this.entTok[i] !== ids[i - a]) return false;
    return true;
  }

  /**
   * Entries worth scoring. Two passes of counting, each rarest list first under a postings budget:
   * shared words (WORD_HIT each; finds reordered and extended names) and shared grams (1 each; finds
   * typos, glued and unknown words). Then the CANDIDATES best by a Dice-like ratio of the counts, an
   * entry with exactly the query's text always first. Entries below half the best count cannot win
   * and are skipped before ranking, which keeps this linear pass cheap.
   */
  private candidates(pq: Prepared): number[] {
    const { counts, touched, gramStart, entStart, ids } = this;
    let nt = 0, maxCount = 1;
    // Shortest lists first; equal lengths by gram key / stem text (not by internal id, which depends
    // on entry order), so the same entries are scanned whatever order the index was built in.
    const scan = (lists: number[], start: Int32Array, post: Int32Array, budget: number, inc: number, tie: (x: number, y: number) => number) => {
      lists.sort((x, y) => start[x + 1] - start[x] - (start[y + 1] - start[y]) || tie(x, y));
      for (let li = 0; li < lists.length; li++) {
        const from = start[lists[li]], to = start[lists[li] + 1];
        if (li > 0 && to - from > budget) break; // the remaining lists are even longer
        budget -= to - from;
        for (let p = from; p < to; p++) {
          const e = post[p];
          const c = counts[e];
          if (c === 0) touched[nt++] = e;
          const v = c + inc > 65535 ? 65535 : c + inc;
          counts[e] = v;
          if (v > maxCount) maxCount = v;
        }
      }
    };
    const stemStr = this.stemStr, gramKeys = this.gramKeys;
    scan(pq.words.slice(), this.wordStart, this.wordPost, WORD_BUDGET, WORD_HIT, (x, y) => (stemStr[x] < stemStr[y] ? -1 : 1));
    // Grams matter most for unknown words (typos, glued words); if every query word is known and
    // some entry has them all, they only refine the ranking.
    const allKnown = pq.stemIds.every((sid) => sid >= 0);
    const budget = !allKnown ? POSTINGS_BUDGET : maxCount >= WORD_HIT * pq.stems.length ? POSTINGS_BUDGET_FOUND : POSTINGS_BUDGET_KNOWN;
    scan(pq.grams.slice(), this.postStart, this.post, budget, 1, (x, y) => gramKeys[x] - gramKeys[y]);
    const minCount = Math.ceil(maxCount / 2);
    const nq = pq.gramTotal + WORD_HIT * pq.stems.length, nqGrams = pq.grams.length;
    const best: number[] = [], rank: number[] = [];
    let floor = -1;
    for (let t = 0; t < nt; t++) {
      const e = touched[t];
      const c = counts[e];
      counts[e] = 0;
      if (c < minCount) continue;
      const ng = gramStart[e + 1] - gramStart[e];
      let r = (2 * c) / (nq + ng + WORD_HIT * (entStart[e + 1] - entStart[e]));
      if (ng === nqGrams && pq.tokIds !== null && this.isExact(pq, e)) r += 2; // exact text always gets a slot
      // Equal ranks are ordered by id, so the candidate set does not depend on entry order.
      if (r < floor || (r === floor && ids[e] > ids[best[CANDIDATES - 1]])) continue;
      let i = best.length === CANDIDATES ? CANDIDATES - 1 : best.length;
      while (i > 0 && (rank[i - 1] < r || (rank[i - 1] === r && ids[best[i - 1]] > ids[e]))) {
        rank[i] = rank[i - 1];
        best[i] = best[i - 1];
        i--;
      }
      rank[i] = r;
      best[i] = e;
      if (best.length === CANDIDATES) floor = rank[CANDIDATES - 1];
    }
    return best;
  }

  /** The blended score of entry e for a prepared query, in [0,1]. */
  private score(pq: Prepared, e: number): number {
    const { eStems, eRaw, eFirst, eW, eSeq, covE, covQ, stemStr, tokStr } = this;
    const from = this.entStart[e], to = this.entStart[e + 1];
    // Distinct entry stems with weights, and the token sequence (for adjacent joins).
    let ne = 0, ns = 0;
    for (let p = from; p < to; p++) {
      const t = this.entTok[p];
      const sid = this.tokStem[t];
      const w = (this.tokStop[t] ? STOP_WEIGHT : 1) * this.stemW[sid];
      let i = 0;
      while (i < ne && eStems[i] !== sid) i++;
      if (i === ne) {
        eStems[ne] = sid;
        eFirst[ne] = t;
        eW[ne] = w;
        covE[ne] = 0;
        ne++;
      } else if (w > eW[i]) eW[i] = w;
      eRaw[ns] = t;
      eSeq[ns++] = i;
    }
    const nq = pq.stems.length;
    for (let i = 0; i < nq; i++) covQ[i] = 0;
    // Word against word (typo-tolerant; typos are checked on stems and on the unstemmed words, since
    // a misspelt word may not stem like the original: "playeng" vs "playing" -> "play").
    for (let i = 0; i < nq; i++) {
      const qs = pq.stems[i], qr = pq.raws[i], qsid = pq.stemIds[i];
      for (let j = 0; j < ne; j++) {
        let s = 1;
        if (eStems[j] !== qsid) {
          s = mayBeTypo(qs, stemStr[eStems[j]]) ? wordSim(qs, stemStr[eStems[j]]) : 0;
          if (s < 0.8 && mayBeTypo(qr, tokStr[eFirst[j]])) s = Math.max(s, wordSim(qr, tokStr[eFirst[j]]));
        }
        if (s > covQ[i]) covQ[i] = s;
        if (s > covE[j]) covE[j] = s;
      }
    }
    // Adjacent joins match exactly only: a typo allowance would let "iphone"+"8" pass for "iphonex".
    // Query join against entry word: "i phone" ~ "iphone".
    for (let r = 0; r < pq.joinSid.length; r++) {
      for (let j = 0; j < ne; j++) {
        if (eStems[j] !== pq.joinSid[r]) continue;
        covE[j] = 1;
        for (let k = pq.joinStart[r]; k < pq.joinStart[r + 1]; k++) covQ[pq.joinMembers[k]] = 1;
      }
    }
    // Entry join (2-3 words) against query word: "iphonex" ~ "iphone x", "spicersmail" ~ "spicers mail".
    for (let p = 0; p + 1 < ns; p++) {
      for (let len = 2; len <= MAX_JOIN && p + len <= ns; len++) {
        const a = eSeq[p], b = eSeq[p + 1], c = len === 3 ? eSeq[p + 2] : -1;
        const sa = stemStr[eStems[a]], sb = stemStr[eStems[b]], sc = c < 0 ? "" : stemStr[eStems[c]];
        const ra = tokStr[eRaw[p]], rb = tokStr[eRaw[p + 1]], rc = c < 0 ? "" : tokStr[eRaw[p + 2]];
        const lastS = c < 0 ? sb : sc;
        for (let k = 0; k < pq.posRaw.length; k++) {
          const i = pq.posIdx[k];
          const qs = pq.stems[i], qr = pq.posRaw[k];
          const hit = c < 0
            ? isJoin(qs, sa, sb, "") || isJoin(qr, ra, rb, "") || isJoin(qs, ra, lastS, "")
            : isJoin(qs, sa, sb, sc) || isJoin(qr, ra, rb, rc) || isJoin(qs, ra, rb, lastS);
          if (!hit) continue;
          covQ[i] = covE[a] = covE[b] = 1;
          if (c >= 0) covE[c] = 1;
        }
      }
    }
    let num = 0, wE = 0;
    for (let i = 0; i < nq; i++) num += pq.weights[i] * covQ[i];
    for (let j = 0; j < ne; j++) {
      num += eW[j] * covE[j];
      wE += eW[j];
    }
    const tokenSim = pq.wSum + wE > 0 ? num / (pq.wSum + wE) : 0;
    // Gram Dice: shared distinct grams (query grams are marked in qMark).
    let common = 0;
    const g0 = this.gramStart[e], g1 = this.gramStart[e + 1];
    for (let k = g0; k < g1; k++) common += this.qMark[this.gramIds[k]];
    const gramDice = (2 * common) / (pq.gramTotal + g1 - g0);
    const s = TOKEN_WEIGHT * tokenSim + (1 - TOKEN_WEIGHT) * gramDice;
    return s > 1 ? 1 : s < 0 ? 0 : s;
  }
}

/** s === a + b + c, without allocating. */
function isJoin(s: string, a: string, b: string, c: string): boolean {
  return s.length === a.length + b.length + c.length && s.startsWith(a) && s.startsWith(b, a.length) && s.endsWith(c);
}

/** CSR inversion: for items 0..n-1 holding ids list[start[i]..start[i+1]), ids -> ascending items. */
function invert(list: Int32Array, start: Int32Array, nIds: number): [Int32Array, Int32Array] {
  const n = start.length - 1;
  const head = new Int32Array(nIds + 1);
  for (let k = 0; k < start[n]; k++) head[list[k] + 1]++;
  for (let g = 0; g < nIds; g++) head[g + 1] += head[g];
  const post = new Int32Array(head[nIds]);
  const fill = head.slice(0, nIds);
  for (let i = 0; i < n; i++) for (let k = start[i]; k < start[i + 1]; k++) post[fill[list[k]]++] = i;
  return [head, post];
}
