/**
 * Fuzzy lookup of free text (API `q` / `topic`) against story names. Tolerates case, punctuation,
 * accents, word order, plurals, glued/split words ("iphonex" / "i phone x") and one or two typos,
 * and says "no match" (null) below MATCH_THRESHOLD instead of returning the least-bad story.
 *
 * Two stages, so lookups stay in the low microseconds at 100k stories:
 * 1. Candidates: a character-trigram inverted index (CSR: Int32Array postings) over each entry's
 *    stemmed tokens, both joined without spaces (so glued/split spellings share grams) and per token
 *    (so word order does not matter). Rarest query grams are scanned first under a postings budget,
 *    and only the CANDIDATES best by estimated gram Dice are scored.
 * 2. Score (in [0,1]) = TOKEN_WEIGHT * tokenSim + (1 - TOKEN_WEIGHT) * joinDice, where tokenSim is a
 *    soft Dice over distinct stems (typo-tolerant equality, adjacent-pair joins, stopwords down-weighted)
 *    and joinDice is the trigram Dice of the space-free stem strings. Formula and rationale:
 *    docs/rules.text.md.
 * Ties: score, then an entry whose normalised text equals the query's, then weight desc, then id asc.
 */
import { STOPWORDS, stem, tokens } from "../rules/text.ts";

/** Below this score match() returns null. Calibrated in test/engine/fuzzy.test.ts on the real titles. */
export const MATCH_THRESHOLD = 0.6;

/** Share of tokenSim in the score; the rest is joinDice (which alone cannot see word order changes). */
const TOKEN_WEIGHT = 0.75;
/** Stopwords still count a little, so "the office" prefers "The Office" over "Office". */
const STOP_WEIGHT = 0.25;
/** Entries fully scored per lookup. */
const CANDIDATES = 24;
/** Postings scanned per lookup before the commonest grams are skipped; bounds the worst case. */
const POSTINGS_BUDGET = 12_000;
/** Query text beyond this is ignored: callers are capped at 200 chars, this bounds cost regardless. */
const MAX_QUERY_CHARS = 256;
/** At most this many query tokens take part (the unit index is packed into a cache key). */
const MAX_QUERY_TOKENS = 48;

// Gram boundary markers (control chars never survive normalize()).
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

/** Calls fn for every trigram of `\x01 joined \x02` and of `\x03 token \x04` for each stem. */
function forEachGram(stems: readonly string[], fn: (g: number) => void): void {
  const joined = stems.join("");
  let a = J_START, b = joined.charCodeAt(0);
  for (let i = 1; i <= joined.length; i++) {
    const c = i < joined.length ? joined.charCodeAt(i) : J_END;
    fn(gramKey(a, b, c));
    a = b;
    b = c;
  }
  for (const s of stems) {
    let x = T_START, y = s.charCodeAt(0);
    for (let i = 1; i <= s.length; i++) {
      const z = i < s.length ? s.charCodeAt(i) : T_END;
      fn(gramKey(x, y, z));
      x = y;
      y = z;
    }
  }
}

/** Grams of the joined string only, deduplicated: the joinDice operand. */
function joinGrams(joined: string, out: Set<number>): void {
  out.clear();
  let a = J_START, b = joined.charCodeAt(0);
  for (let i = 1; i <= joined.length; i++) {
    const c = i < joined.length ? joined.charCodeAt(i) : J_END;
    out.add(gramKey(a, b, c));
    a = b;
    b = c;
  }
}

/**
 * Optimal-string-alignment (restricted Damerau-Levenshtein) distance, or max+1 as soon as it must
 * exceed `max`. Strings here are single words, so the O(n*m) table is tiny.
 */
export function boundedDamerau(a: string, b: string, max: number): number {
  const n = a.length, m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  let prev2 = new Int32Array(m + 1), prev = new Int32Array(m + 1), cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m];
}

/**
 * Similarity of two words (stems): 1 when equal; for words of 4+ letters, 0.8 at one edit
 * (insert, delete, substitute, swap) and, for 8+ letters, 0.6 at two edits; else 0. Short words and
 * numbers must match exactly, or "iphone 8" would equal "iphone x".
 */
export function wordSim(a: string, b: string): number {
  if (a === b) return 1;
  const short = Math.min(a.length, b.length);
  if (short < 4) return 0;
  const max = short >= 8 ? 2 : 1;
  if (Math.abs(a.length - b.length) > max) return 0;
  const d = boundedDamerau(a, b, max);
  return d === 1 ? 0.8 : d === 2 ? 0.6 : 0;
}

/** FNV-1a over token ids: a 32-bit fingerprint of the exact normalised token sequence. */
function seqHash(ids: ArrayLike<number>, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    h ^= ids[i];
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
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
  trimmed(): Int32Array {
    return this.a.slice(0, this.n);
  }
}

/** A query analysed once, reused for every candidate. */
interface PreparedQuery {
  stems: string[]; // distinct stems
  stemIds: Int32Array; // vocabulary stem id or -1
  weights: Float64Array;
  wSum: number;
  pairs: { s: string; a: number; b: number }[]; // adjacent joins, a/b index into stems
  joinSet: Set<number>;
  hash: number | null; // null when some token is unknown: no entry can equal the query
  grams: number[]; // known gram ids
}

export class FuzzyIndex {
  readonly size: number;
  // Vocabulary: normalised token -> id; each token has a stem id and a stopword flag.
  private tokId = new Map<string, number>();
  private tokStem: number[] = [];
  private tokStop: number[] = [];
  private stemId = new Map<string, number>();
  private stemStr: string[] = [];
  // Entries (CSR over token ids).
  private entStart: Int32Array;
  private entTok: Int32Array;
  private entHash: Int32Array;
  private entGrams: Int32Array;
  private ids: Float64Array;
  private weights: Float64Array;
  // Postings (CSR over gram ids).
  private gramId = new Map<number, number>();
  private postStart: Int32Array;
  private post: Int32Array;
  // Per-lookup scratch, reused.
  private counts: Uint16Array;
  private typoCache = new Map<number, number>();
  private scratchSet = new Set<number>();

  constructor(entries: readonly FuzzyEntry[]) {
    const n = entries.length;
    this.size = n;
    this.entStart = new Int32Array(n + 1);
    this.entHash = new Int32Array(n);
    this.entGrams = new Int32Array(n);
    this.ids = new Float64Array(n);
    this.weights = new Float64Array(n);
    this.counts = new Uint16Array(n);
    const toks = new IntList();
    const gramsOf = new IntList(); // concatenated per-entry distinct gram ids
    const gramStart = new Int32Array(n + 1);
    const df: number[] = [];
    let buf: number[] = [];
    for (let e = 0; e < n; e++) {
      const entry = entries[e];
      this.ids[e] = entry.id;
      this.weights[e] = entry.weight ?? 0;
      const tk = tokens(entry.text);
      const stems: string[] = [];
      for (const t of tk) {
        const id = this.internToken(t);
        toks.push(id);
        stems.push(this.stemStr[this.tokStem[id]]);
      }
      this.entStart[e + 1] = toks.n;
      this.entHash[e] = seqHash(toks.a, this.entStart[e], toks.n);
      buf.length = 0;
      if (stems.length > 0) {
        forEachGram(stems, (g) => {
          let id = this.gramId.get(g);
          if (id === undefined) {
            id = df.length;
            this.gramId.set(g, id);
            df.push(0);
          }
          buf.push(id);
        });
      }
      buf.sort((x, y) => x - y);
      let last = -1;
      for (const g of buf) {
        if (g !== last) {
          gramsOf.push(g);
          df[g]++;
          last = g;
        }
      }
      gramStart[e + 1] = gramsOf.n;
      this.entGrams[e] = gramStart[e + 1] - gramStart[e];
    }
    buf = [];
    this.entTok = toks.trimmed();
    this.postStart = new Int32Array(df.length + 1);
    for (let g = 0; g < df.length; g++) this.postStart[g + 1] = this.postStart[g] + df[g];
    this.post = new Int32Array(this.postStart[df.length]);
    const fill = this.postStart.slice(0, df.length);
    for (let e = 0; e < n; e++) {
      for (let k = gramStart[e]; k < gramStart[e + 1]; k++) this.post[fill[gramsOf.a[k]]++] = e;
    }
  }

  private internToken(t: string): number {
    let id = this.tokId.get(t);
    if (id !== undefined) return id;
    id = this.tokStem.length;
    this.tokId.set(t, id);
    const s = stem(t);
    let sid = this.stemId.get(s);
    if (sid === undefined) {
      sid = this.stemStr.length;
      this.stemId.set(s, sid);
      this.stemStr.push(s);
    }
    this.tokStem.push(sid);
    this.tokStop.push(STOPWORDS.has(t) ? 1 : 0);
    return id;
  }

  /** Best entry at or above MATCH_THRESHOLD, or null. */
  match(q: string): FuzzyHit | null {
    const top = this.search(q, 1, MATCH_THRESHOLD);
    return top.length ? top[0] : null;
  }

  /** Up to k best entries by score, without threshold (callers may show "did you mean"). */
  matchTop(q: string, k: number): FuzzyHit[] {
    return this.search(q, Math.max(0, Math.floor(k)), 0);
  }

  private prepare(q: string): PreparedQuery | null {
    const tk = tokens(q.length > MAX_QUERY_CHARS ? q.slice(0, MAX_QUERY_CHARS) : q).slice(0, MAX_QUERY_TOKENS);
    if (tk.length === 0) return null;
    const seq: string[] = [];
    const seqIdx: number[] = [];
    const stems: string[] = [];
    const wts: number[] = [];
    const index = new Map<string, number>();
    let known = true;
    const tokIds: number[] = [];
    for (const t of tk) {
      const s = stem(t);
      const w = STOPWORDS.has(t) ? STOP_WEIGHT : 1;
      let i = index.get(s);
      if (i === undefined) {
        i = stems.length;
        index.set(s, i);
        stems.push(s);
        wts.push(w);
      } else if (w > wts[i]) wts[i] = w;
      seq.push(s);
      seqIdx.push(i);
      const id = this.tokId.get(t);
      if (id === undefined) known = false;
      else tokIds.push(id);
    }
    const stemIds = new Int32Array(stems.length);
    let wSum = 0;
    for (let i = 0; i < stems.length; i++) {
      stemIds[i] = this.stemId.get(stems[i]) ?? -1;
      wSum += wts[i];
    }
    const pairs: PreparedQuery["pairs"] = [];
    for (let p = 0; p + 1 < seq.length; p++) if (seqIdx[p] !== seqIdx[p + 1]) pairs.push({ s: seq[p] + seq[p + 1], a: seqIdx[p], b: seqIdx[p + 1] });
    const joinSet = new Set<number>();
    joinGrams(seq.join(""), joinSet);
    const gramSet = new Set<number>();
    forEachGram(seq, (g) => {
      const id = this.gramId.get(g);
      if (id !== undefined) gramSet.add(id);
    });
    return {
      stems,
      stemIds,
      weights: Float64Array.from(wts),
      wSum,
      pairs,
      joinSet,
      hash: known ? seqHash(tokIds, 0, tokIds.length) : null,
      grams: [...gramSet],
    };
  }

  private search(q: string, k: number, threshold: number): FuzzyHit[] {
    if (k === 0 || this.size === 0) return [];
    const pq = this.prepare(q);
    if (!pq || pq.grams.length === 0) return [];
    const cands = this.candidates(pq);
    this.typoCache.clear();
    const scored: { e: number; score: number; exact: boolean }[] = [];
    for (const e of cands) {
      const score = this.score(pq, e);
      if (score >= threshold && score > 0) scored.push({ e, score, exact: pq.hash !== null && this.isExact(pq, e) });
    }
    scored.sort(
      (x, y) =>
        y.score - x.score ||
        Number(y.exact) - Number(x.exact) ||
        this.weights[y.e] - this.weights[x.e] ||
        this.ids[x.e] - this.ids[y.e],
    );
    return scored.slice(0, k).map((s) => ({ id: this.ids[s.e], score: s.score }));
  }

  /** Exact token sequence equality (fingerprint first, then ids). */
  private isExact(pq: PreparedQuery, e: number): boolean {
    if (this.entHash[e] !== pq.hash) return false;
    const a = this.entStart[e], b = this.entStart[e + 1];
    return b - a > 0; // fingerprint equal; collisions of FNV on short sequences are negligible and only affect tie order
  }

  /** Entries sharing grams with the query, best CANDIDATES by estimated Dice (exact-text entries first). */
  private candidates(pq: PreparedQuery): number[] {
    const counts = this.counts;
    const grams = pq.grams.slice().sort((x, y) => this.postLen(x) - this.postLen(y) || x - y);
    const touched: number[] = [];
    let budget = POSTINGS_BUDGET;
    for (let gi = 0; gi < grams.length; gi++) {
      const g = grams[gi];
      const from = this.postStart[g], to = this.postStart[g + 1];
      if (gi > 0 && to - from > budget) break; // the rest are even commoner
      budget -= to - from;
      for (let p = from; p < to; p++) {
        const e = this.post[p];
        if (counts[e] === 0) touched.push(e);
        counts[e]++;
      }
    }
    const nq = grams.length;
    // Keep the best CANDIDATES in a small sorted array (descending rank).
    const best: number[] = [];
    const rank: number[] = [];
    for (const e of touched) {
      const c = counts[e];
      counts[e] = 0;
      let r = (2 * c) / (nq + this.entGrams[e]);
      if (pq.hash !== null && this.entHash[e] === pq.hash) r += 2; // exact text always gets a slot
      if (best.length === CANDIDATES && r <= rank[CANDIDATES - 1]) continue;
      let i = best.length === CANDIDATES ? CANDIDATES - 1 : best.length;
      while (i > 0 && rank[i - 1] < r) {
        rank[i] = rank[i - 1];
        best[i] = best[i - 1];
        i--;
      }
      rank[i] = r;
      best[i] = e;
    }
    return best;
  }

  private postLen(g: number): number {
    return this.postStart[g + 1] - this.postStart[g];
  }

  /** Word similarity between query stem `qi` and vocabulary stem `sid`, cached per lookup. */
  private simQ(pq: PreparedQuery, qi: number, sid: number): number {
    if (pq.stemIds[qi] === sid) return 1;
    const key = sid * 64 + qi;
    let v = this.typoCache.get(key);
    if (v === undefined) {
      v = wordSim(pq.stems[qi], this.stemStr[sid]);
      this.typoCache.set(key, v);
    }
    return v;
  }

  /** The blended score of entry e for a prepared query, in [0,1]. */
  private score(pq: PreparedQuery, e: number): number {
    const from = this.entStart[e], to = this.entStart[e + 1];
    // Distinct entry stems, their weights, and the stem sequence (for adjacent joins).
    const eStems: number[] = [];
    const eW: number[] = [];
    const seq: number[] = [];
    for (let p = from; p < to; p++) {
      const t = this.entTok[p];
      const sid = this.tokStem[t];
      const w = this.tokStop[t] ? STOP_WEIGHT : 1;
      let i = eStems.indexOf(sid);
      if (i < 0) {
        i = eStems.length;
        eStems.push(sid);
        eW.push(w);
      } else if (w > eW[i]) eW[i] = w;
      seq.push(i);
    }
    const nq = pq.stems.length, ne = eStems.length;
    const covQ = new Float64Array(nq);
    const covE = new Float64Array(ne);
    // Token against token (typo-tolerant).
    for (let i = 0; i < nq; i++) {
      for (let j = 0; j < ne; j++) {
        const s = this.simQ(pq, i, eStems[j]);
        if (s > covQ[i]) covQ[i] = s;
        if (s > covE[j]) covE[j] = s;
      }
    }
    // Query adjacent join against entry token: "i phone" ~ "iphone".
    for (const pr of pq.pairs) {
      for (let j = 0; j < ne; j++) {
        const es = this.stemStr[eStems[j]];
        if (Math.abs(es.length - pr.s.length) > 2) continue;
        const s = wordSim(pr.s, es);
        if (s === 0) continue;
        if (s > covQ[pr.a]) covQ[pr.a] = s;
        if (s > covQ[pr.b]) covQ[pr.b] = s;
        if (s > covE[j]) covE[j] = s;
      }
    }
    // Entry adjacent join against query token: "iphonex" ~ "iphone x".
    for (let p = 0; p + 1 < seq.length; p++) {
      const a = seq[p], b = seq[p + 1];
      if (a === b) continue;
      const joined = this.stemStr[eStems[a]] + this.stemStr[eStems[b]];
      for (let i = 0; i < nq; i++) {
        const qs = pq.stems[i];
        if (Math.abs(qs.length - joined.length) > 2) continue;
        const s = wordSim(qs, joined);
        if (s === 0) continue;
        if (s > covQ[i]) covQ[i] = s;
        if (s > covE[a]) covE[a] = s;
        if (s > covE[b]) covE[b] = s;
      }
    }
    let num = 0, wE = 0;
    for (let i = 0; i < nq; i++) num += pq.weights[i] * covQ[i];
    for (let j = 0; j < ne; j++) {
      num += eW[j] * covE[j];
      wE += eW[j];
    }
    const tokenSim = num / (pq.wSum + wE);
    // Trigram Dice of the space-free stem strings.
    let joined = "";
    for (const i of seq) joined += this.stemStr[eStems[i]];
    const eg = this.scratchSet;
    joinGrams(joined, eg);
    let common = 0;
    for (const g of eg) if (pq.joinSet.has(g)) common++;
    const joinDice = (2 * common) / (eg.size + pq.joinSet.size);
    const s = TOKEN_WEIGHT * tokenSim + (1 - TOKEN_WEIGHT) * joinDice;
    return s > 1 ? 1 : s < 0 ? 0 : s;
  }
}
