/**
 * Story search: free text (API `q` / `topic` / a draft title) -> the story whose items mention it, or
 * null. One document per story, BM25-style, over the story's name and every member's title (video
 * title, search query, news headline), tags and channel/publisher, so "eminem" finds the story holding
 * the Eminem cypher even when the story is named "Donald Trump", and a whole title finds the story it
 * shares its key terms with. Query words are also matched as typos (via a FuzzyIndex over the
 * vocabulary) and, for the last word, as prefixes ("fenty bea"). The name-only FuzzyIndex answers when
 * this finds nothing (glued and split words, "iphonex").
 *
 * Evidence of story s for query term t (a stem, or a typo/prefix expansion of it with similarity sim):
 *   tf(t,s)  = sum over items of: 1 if in the title, else TAG_W if in a tag, else CHANNEL_W if in the
 *              channel; + NAME_W if in the name of a story of 2+ items (a 1-item story's name is its title)
 *   idf(t)   = ln(1 + N/df) / ln(1 + N)         in (0, 1], N = max(stories, 1000)
 *   ev(s)    = sum over query terms of  max over expansions of  sim * idf * tf / (tf + K1)
 *   cover(s) = sum of idf(t) * sim over query terms found in s / sum of idf(t)
 *   rank(s)  = like ev, each term times sqrt(min(1, tf / items / SHARE_FULL)): how much of the story is about it
 * A story is an answer when cover >= MIN_COVER and ev >= MIN_EVIDENCE, or when every query word is a
 * rare name (RARE_SHARE) found in one of its item titles; an exact name or title of 2+ words answers first. Best answer: rank (to 0.01), then more items, then more recent, then weight,
 * then lower id. Rationale and figures: docs/rules.md §2a.
 */
import { STOPWORDS, normalize, stem, tokens } from "../rules/text.ts";
import { FuzzyIndex, wordSim } from "./fuzzy.ts";

/** Weight of a term found only in an item's tags (channels paste the same tag block everywhere). */
export const TAG_W = 0.5;
/** Weight of a term found only in the item's channel or publisher name. */
export const CHANNEL_W = 0.5;
/** Weight of the name of a multi-item story (clustering's summary of all its items). */
export const NAME_W = 2;
/** Saturation of the evidence count (BM25 k1). */
const K1 = 1.2;
/**
 * Share of a story's items that makes it fully "about" a term in the ranking: a story half of whose
 * items carry "star wars" (the 7-item "Last Jedi" story) is as much about it as a 2-item story named
 * "Star Wars", and its greater evidence then wins; a 23-item story with two Kimmel clips is not.
 */
export const SHARE_FULL = 0.5;
/** Share of the query's term weight a story must hold. Half: a whole title shares its key terms, not all. */
export const MIN_COVER = 0.5;
/**
 * Evidence a story must reach. Set on the dev half of test/fixtures/queries.tsv: the lowest value that
 * answers null to every dev must-not-match query ("people" reaches 0.414 on the 2-item "100 People
 * Tell"), while "hurricane" (0.52), "fenty" (0.63) and "halloween" (0.45) still match.
 */
export const MIN_EVIDENCE = 0.42;
/**
 * A name rare enough to answer on one title mention: a word held by at most this share of the
 * stories (N as in idf). One mention per story never reaches MIN_EVIDENCE ("eminem", "kimmel",
 * "ragnarok" trended as a mention in many stories' titles), while an ordinary word must not answer
 * ("people" is in 1.7 % of the demo's stories, "kimmel" in 0.85 %). See docs/rules.md §2a.
 */
export const RARE_SHARE = 0.01;
/**
 * Document frequencies are judged against at least this many stories: in a young vault of 15 stories,
 * 7 about bitcoin would make "bitcoin" an ordinary word. A word in 7 stories is rare in any small vault.
 */
const MIN_IDF_POPULATION = 1_000;
/** Similarity of a prefix completion of the last query word. */
const PREFIX_SIM = 0.9;
const MAX_PREFIX = 8;
const MAX_TYPO = 4;
/** Postings scanned in full before further (commoner) terms only score the stories already found. */
const POSTINGS_BUDGET = 20_000;
const MAX_QUERY_CHARS = 256;
const MAX_QUERY_TERMS = 32;

export interface SearchItem {
  title: string;
  tags?: readonly string[];
  channel?: string;
}
export interface SearchDoc {
  id: number;
  name: string;
  items: readonly SearchItem[];
  /** Last active day (ordinal); more recent wins a tie. */
  recency: number;
  /** Last tie-break (e.g. vaultScore). */
  weight?: number;
}
export interface SearchHit {
  id: number;
  /** Share of the query's term weight the story covers, in [0, 1]. */
  score: number;
  evidence: number;
}

interface Expansion {
  sid: number;
  sim: number;
}
interface Ranked {
  d: number;
  ev: number;
  rank: number;
  cov: number;
  /** Every query word, as written (its stem), is in one of the story's item titles. */
  titled: boolean;
}
interface Term {
  /** Weight in the cover ratio (idf of the word, 1 for a word with no expansion). */
  w: number;
  ex: Expansion[];
  /** Stem id of the word itself when the vocabulary knows it, else -1. */
  exact: number;
  /** Stem id of the word itself when it is a rare name (RARE_SHARE), else -1. */
  rare: number;
}

export class StorySearch {
  readonly size: number;
  private stemId = new Map<string, number>();
  private stemDf: number[] = [];
  /** Distinct normalised tokens, sorted (prefix completion), with their stem ids. */
  private sortedTok: string[] = [];
  private sortedTokSid: Int32Array = new Int32Array(0);
  /** Exact texts (names and item titles of 2+ words), as two 32-bit hashes sorted, with their story. */
  private exactH1!: Int32Array;
  private exactH2!: Int32Array;
  private exactDoc!: Int32Array;
  /** Per exact key: 1 when it is only a story name (no item has that title). */
  private exactIsName!: Uint8Array;
  /** Delete-one keys of the vocabulary (32-bit hashes, sorted) with the token index they come from. */
  private delKey!: Int32Array;
  private delTok!: Int32Array;
  /** Vocabulary words of 8+ letters, for two-edit typos. */
  private vocab: FuzzyIndex;
  private names: FuzzyIndex;
  private postStart: Int32Array;
  private postDoc: Int32Array;
  /** Per posting: tf / (tf + K1), and sqrt of the share of the story's items holding the term (over SHARE_FULL, capped at 1). */
  private postSat: Float32Array;
  private postShare: Float32Array;
  /** Per posting: 1 when the term is in one of the story's item titles (not only tags, channel, name). */
  private postTitle: Uint8Array;
  private items: Int32Array;
  private ids: Float64Array;
  private recency: Float64Array;
  private weights: Float64Array;
  // Per-lookup scratch. A story found by the lookup gets a slot (slotOf: [lookup stamp, slot] per
  // story, one random access per posting); per-slot sums live in dense arrays indexed by slot.
  private stamp = 0;
  private slotOf: Int32Array;
  private sDoc: Int32Array;
  private sEv: Float64Array;
  private sCov: Float64Array;
  private sRank: Float64Array;
  private sTerm: Int32Array;
  private sTermEv: Float64Array;
  private sTermRank: Float64Array;
  private sTermSim: Float64Array;
  /** Per slot: query terms found as a rare name in an item title (all of them: an answer, see RARE_SHARE). */
  private sRare: Int32Array;
  private sTermRare: Uint8Array;
  /** Per slot: query words found as written in one of the story's item titles. */
  private sTitled: Int32Array;
  private sTermTitled: Uint8Array;
  private termSlots: Int32Array;

  /** Thresholds, overridable for the evaluation (bench/eval/match.ts prints the sweep). */
  minCover: number;
  minEvidence: number;

  constructor(docs: readonly SearchDoc[], opts: { minCover?: number; minEvidence?: number } = {}) {
    this.minCover = opts.minCover ?? MIN_COVER;
    this.minEvidence = opts.minEvidence ?? MIN_EVIDENCE;
    const n = docs.length;
    this.size = n;
    const lens = new Float32Array(n);
    this.items = new Int32Array(n);
    this.ids = new Float64Array(n);
    this.recency = new Float64Array(n);
    this.weights = new Float64Array(n);
    const tokSid = new Map<string, number>();
    const sidOf = (t: string): number => {
      let sid = tokSid.get(t);
      if (sid !== undefined) return sid;
      const s = stem(t);
      sid = this.stemId.get(s);
      if (sid === undefined) {
        sid = this.stemDf.length;
        this.stemId.set(s, sid);
        this.stemDf.push(0);
      }
      tokSid.set(t, sid);
      return sid;
    };
    // Postings are collected per doc as (sid, tf) and inverted after. Scratch per stem id in typed
    // arrays with touched lists (Maps per item were a third of the build at a million videos), and the
    // stem ids of a channel name, which repeats on every video of the channel, tokenised once.
    let pSid = new Int32Array(1 << 16), pTf = new Float64Array(1 << 16), pTitle = new Uint8Array(1 << 16);
    let np = 0;
    const docStart = new Int32Array(n + 1);
    let best = new Float64Array(1024), tfOf = new Float64Array(1024), titled = new Uint8Array(1024);
    const itemTouched: number[] = [], docTouched: number[] = [];
    const channelSids = new Map<string, number[]>();
    const tagSids = new Map<string, number[]>();
    const grow = (sid: number) => {
      if (sid < best.length) return;
      let size = best.length;
      while (size <= sid) size *= 2;
      [best, tfOf, titled] = [grown(best, size), grown(tfOf, size), grown(titled, size)];
    };
    const mark = (sid: number, w: number) => {
      grow(sid);
      if (best[sid] === 0) itemTouched.push(sid);
      if (best[sid] < w) best[sid] = w;
    };
    const addText = (text: string, w: number) => {
      for (const t of tokens(text)) mark(sidOf(t), w);
    };
    // Adds the marked words to the story's counts; `item`: they came from an item (title weight 1 marks
    // a title word), not from the story's name.
    const flush = (item: boolean) => {
      for (const sid of itemTouched) {
        if (tfOf[sid] === 0) docTouched.push(sid);
        tfOf[sid] += best[sid];
        if (item && best[sid] === 1) titled[sid] = 1;
        best[sid] = 0;
      }
      itemTouched.length = 0;
    };
    for (let d = 0; d < n; d++) {
      const doc = docs[d];
      this.ids[d] = doc.id;
      this.recency[d] = doc.recency;
      this.weights[d] = doc.weight ?? 0;
      this.items[d] = doc.items.length;
      for (const it of doc.items) {
        if (it.channel) {
          let cs = channelSids.get(it.channel);
          if (!cs) channelSids.set(it.channel, (cs = tokens(it.channel).map(sidOf)));
          for (const sid of cs) mark(sid, CHANNEL_W);
        }
        // Each distinct tag is tokenised once: channels paste the same tags on every video.
        if (it.tags?.length)
          for (const tag of it.tags) {
            let ts = tagSids.get(tag);
            if (!ts) tagSids.set(tag, (ts = tokens(tag).map(sidOf)));
            for (const sid of ts) mark(sid, TAG_W);
          }
        addText(it.title, 1);
        flush(true);
      }
      let len = doc.items.length;
      if (doc.items.length >= 2 || doc.items.length === 0) {
        len += NAME_W;
        addText(doc.name, NAME_W);
        flush(false);
      }
      lens[d] = len;
      for (const sid of docTouched) {
        if (np === pSid.length) [pSid, pTf, pTitle] = [grown(pSid, np * 2), grown(pTf, np * 2), grown(pTitle, np * 2)];
        pSid[np] = sid;
        pTf[np] = tfOf[sid];
        pTitle[np++] = titled[sid];
        this.stemDf[sid]++;
        tfOf[sid] = 0;
        titled[sid] = 0;
      }
      docTouched.length = 0;
      docStart[d + 1] = np;
    }
    const nS = this.stemDf.length;
    this.postStart = new Int32Array(nS + 1);
    for (let k = 0; k < np; k++) this.postStart[pSid[k] + 1]++;
    for (let i = 0; i < nS; i++) this.postStart[i + 1] += this.postStart[i];
    this.postDoc = new Int32Array(np);
    this.postSat = new Float32Array(np);
    this.postShare = new Float32Array(np);
    this.postTitle = new Uint8Array(np);
    const fill = this.postStart.slice(0, nS);
    for (let d = 0; d < n; d++) {
      for (let k = docStart[d]; k < docStart[d + 1]; k++) {
        const at = fill[pSid[k]]++;
        this.postDoc[at] = d; // ascending doc per stem (binary-searchable)
        this.postSat[at] = pTf[k] / (pTf[k] + K1);
        this.postShare[at] = Math.sqrt(Math.min(1, pTf[k] / Math.max(1, lens[d]) / SHARE_FULL));
        this.postTitle[at] = pTitle[k];
      }
    }
    this.buildExact(docs);
    this.sortedTok = [...tokSid.keys()].sort();
    this.sortedTokSid = Int32Array.from(this.sortedTok, (t) => tokSid.get(t)!);
    // Typo candidates come from the vocabulary; wordSim only accepts words of 4+ letters without digits.
    const vocabEntries: { id: number; text: string }[] = [];
    // (key, token) packed in one double, (key + 2^31) * 2^21 + token < 2^53, so a numeric sort orders both.
    const packed: number[] = [];
    this.sortedTok.forEach((t, i) => {
      if (t.length < 4 || /\d/.test(t) || i >= 2 ** 21) return;
      if (t.length >= 8) vocabEntries.push({ id: i, text: t });
      for (const k of new Set(deleteKeys(t))) packed.push((k + 2 ** 31) * 2 ** 21 + i);
    });
    const dels = Float64Array.from(packed).sort();
    this.delKey = Int32Array.from(dels, (x) => Math.floor(x / 2 ** 21) - 2 ** 31);
    this.delTok = Int32Array.from(dels, (x) => x % 2 ** 21);
    this.vocab = new FuzzyIndex(vocabEntries);
    this.names = new FuzzyIndex(docs.map((doc, d) => ({ id: d, text: doc.name, weight: doc.items.length })));
    this.slotOf = new Int32Array(2 * n);
    this.sDoc = new Int32Array(n);
    this.sEv = new Float64Array(n);
    this.sCov = new Float64Array(n);
    this.sRank = new Float64Array(n);
    this.sTerm = new Int32Array(n);
    this.sTermEv = new Float64Array(n);
    this.sTermRank = new Float64Array(n);
    this.sTermSim = new Float64Array(n);
    this.sRare = new Int32Array(n);
    this.sTermRare = new Uint8Array(n);
    this.sTitled = new Int32Array(n);
    this.sTermTitled = new Uint8Array(n);
    this.termSlots = new Int32Array(n);
  }

  /**
   * A query equal (after normalisation) to a story's name or an item's title of 2+ words names that
   * story outright: a whole title must find its story even when its words are ordinary ("My
   * Response"). Several stories with the text: the tie rule (more items, more recent, weight, id).
   */
  private buildExact(docs: readonly SearchDoc[]): void {
    // Rows (h1, h2, doc, 1 = name) in typed arrays, sorted through an index: no array per row.
    let h1: number[] = [], h2: number[] = [], dd: number[] = [], nm: number[] = [];
    docs.forEach((doc, d) => {
      const k = exactKey(doc.name);
      if (k) h1.push(k[0]), h2.push(k[1]), dd.push(d), nm.push(1);
      for (const it of doc.items) {
        const t = exactKey(it.title);
        if (t) h1.push(t[0]), h2.push(t[1]), dd.push(d), nm.push(0);
      }
    });
    const A = Int32Array.from(h1), B = Int32Array.from(h2), D = Int32Array.from(dd), N = Uint8Array.from(nm);
    h1 = h2 = dd = nm = [];
    const order = new Int32Array(A.length);
    for (let r = 0; r < order.length; r++) order[r] = r;
    order.sort((x, y) => A[x] - A[y] || B[x] - B[y] || this.better(D[x], D[y]) || N[x] - N[y]);
    const kH1: number[] = [], kH2: number[] = [], kDoc: number[] = [], kName: number[] = [];
    for (const r of order) {
      const last = kH1.length - 1;
      if (last >= 0 && kH1[last] === A[r] && kH2[last] === B[r]) kName[last] &= N[r];
      else kH1.push(A[r]), kH2.push(B[r]), kDoc.push(D[r]), kName.push(N[r]);
    }
    this.exactH1 = Int32Array.from(kH1);
    this.exactH2 = Int32Array.from(kH2);
    this.exactDoc = Int32Array.from(kDoc);
    this.exactIsName = Uint8Array.from(kName);
  }

  /** Negative when doc a wins a tie against doc b. */
  private better(a: number, b: number): number {
    return this.items[b] - this.items[a] || this.recency[b] - this.recency[a] || this.weights[b] - this.weights[a] || this.ids[a] - this.ids[b];
  }

  /** Position of q's exact key in the exact-text table, or -1. */
  private exact(q: string): number {
    const k = exactKey(q);
    if (!k) return -1;
    const h1 = this.exactH1, h2 = this.exactH2;
    let lo = 0, hi = h1.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (h1[mid] < k[0] || (h1[mid] === k[0] && h2[mid] < k[1])) lo = mid + 1;
      else hi = mid;
    }
    return lo < h1.length && h1[lo] === k[0] && h2[lo] === k[1] ? lo : -1;
  }

  /** How many stories hold `word` (stemmed) in their name or items: a common word is held by many. */
  storiesHolding(word: string): number {
    const sid = this.stemId.get(stem(normalize(word)));
    return sid === undefined ? 0 : this.stemDf[sid];
  }

  private idf(sid: number): number {
    const n = Math.max(this.size, MIN_IDF_POPULATION);
    return Math.log(1 + n / Math.max(1, this.stemDf[sid])) / Math.log(1 + Math.max(1, n));
  }

  /** The query's terms with their expansions (exact stem, typos, prefix completions of the last word). */
  private expand(q: string): Term[] {
    const tk = tokens(q.length > MAX_QUERY_CHARS ? q.slice(0, MAX_QUERY_CHARS) : q);
    const content = tk.filter((t) => !STOPWORDS.has(t));
    const words = (content.length ? content : tk).slice(0, MAX_QUERY_TERMS);
    const lastRaw = tk.length ? tk[tk.length - 1] : "";
    const out: Term[] = [];
    const seenStem = new Set<string>();
    for (let i = 0; i < words.length; i++) {
      const t = words[i];
      const s = stem(t);
      if (seenStem.has(s)) continue;
      seenStem.add(s);
      const ex: Expansion[] = [];
      const add = (sid: number, sim: number) => {
        const j = ex.findIndex((e) => e.sid === sid);
        if (j < 0) ex.push({ sid, sim });
        else if (ex[j].sim < sim) ex[j].sim = sim;
      };
      const sid = this.stemId.get(s);
      if (sid !== undefined) add(sid, 1);
      else if (t.length >= 4 && !/\d/.test(t)) {
        // Unknown word: vocabulary words one edit away (shared delete-one key), and for long words
        // (two edits allowed) the nearest words by the vocabulary FuzzyIndex.
        for (const i of this.oneEdit(t)) {
          const sim = wordSim(t, this.sortedTok[i]);
          if (sim > 0) add(this.sortedTokSid[i], sim);
        }
        if (t.length >= 8)
          for (const h of this.vocab.matchTop(t, MAX_TYPO * 2)) {
            const sim = wordSim(t, this.sortedTok[h.id]);
            if (sim > 0) add(this.sortedTokSid[h.id], sim);
          }
        ex.sort((a, b) => b.sim - a.sim || a.sid - b.sid);
        if (ex.length > MAX_TYPO) ex.length = MAX_TYPO;
      }
      // The last word may be unfinished ("fenty bea"): add the commonest completions. A completion
      // never counts more than the word itself (else "paul" would prefer "Paulers" to "Logan Paul").
      if (t === lastRaw && t.length >= 2 && !/\d/.test(t)) {
        const cap = sid === undefined ? 1 : this.idf(sid);
        for (const c of this.completions(t)) add(c, PREFIX_SIM * Math.min(1, cap / this.idf(c)));
      }
      let w = 1;
      if (sid !== undefined) w = this.idf(sid);
      else if (ex.length) w = Math.max(...ex.map((e) => this.idf(e.sid)));
      out.push({ w, ex, exact: sid ?? -1, rare: sid !== undefined && this.isRare(sid) ? sid : -1 });
    }
    return out;
  }

  /** A word held by at most RARE_SHARE of the stories (and by at least one). */
  private isRare(sid: number): boolean {
    return this.stemDf[sid] <= RARE_SHARE * Math.max(this.size, MIN_IDF_POPULATION);
  }

  /** Vocabulary token indexes that share a delete-one key with w (candidates for one edit). */
  private oneEdit(w: string): number[] {
    const out: number[] = [];
    for (const k of new Set(deleteKeys(w))) {
      let lo = 0, hi = this.delKey.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.delKey[mid] < k) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.delKey.length && this.delKey[i] === k; i++) if (!out.includes(this.delTok[i])) out.push(this.delTok[i]);
    }
    return out;
  }

  private hasToken(t: string): boolean {
    const a = this.sortedTok;
    let lo = 0, hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (a[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo < a.length && a[lo] === t;
  }

  /** An unknown word that splits into two known words, or adjacent words that join into a known one. */
  private mayBeGlued(tk: string[]): boolean {
    for (let i = 0; i < tk.length && i < MAX_QUERY_TERMS; i++) {
      const t = tk[i];
      if (i + 1 < tk.length && this.hasToken(t + tk[i + 1])) return true;
      if (i + 2 < tk.length && this.hasToken(t + tk[i + 1] + tk[i + 2])) return true;
      if (t.length < 3 || this.hasToken(t)) continue;
      for (let k = 1; k < t.length; k++) if (this.hasToken(t.slice(0, k)) && this.hasToken(t.slice(k))) return true;
    }
    return false;
  }

  /** Stem ids of the most frequent vocabulary words that extend `p` (not p itself). */
  private completions(p: string): number[] {
    const a = this.sortedTok;
    let lo = 0, hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (a[mid] < p) lo = mid + 1;
      else hi = mid;
    }
    const sids: number[] = [];
    for (let i = lo; i < a.length && a[i].startsWith(p); i++) if (a[i] !== p) sids.push(this.sortedTokSid[i]);
    const uniq = [...new Set(sids)];
    uniq.sort((x, y) => this.stemDf[y] - this.stemDf[x] || x - y);
    return uniq.slice(0, MAX_PREFIX);
  }

  /** Best story, or null when none holds enough of the query (see the header). */
  match(q: string): SearchHit | null {
    const at = this.exact(q.length > MAX_QUERY_CHARS ? q.slice(0, MAX_QUERY_CHARS) : q);
    if (at >= 0) {
      const ex = this.exactDoc[at];
      // A story of 2+ items named exactly by the query (a 1-item story's name is its title) yields to a
      // larger story the ranking puts first whose items hold every query word ("star wars" names a
      // 2-video story; the 7-video Last Jedi story wins). An exact item title never yields: a whole
      // title must find its own story.
      if (this.exactIsName[at] && this.items[ex] >= 2) {
        const top = this.rank(q, 1)[0];
        if (top && top.d !== ex && top.titled && this.items[top.d] > this.items[ex]) return { id: this.ids[top.d], score: 1, evidence: top.ev };
      }
      return { id: this.ids[ex], score: 1, evidence: 0 };
    }
    const top = this.search(q, 1);
    if (top.length) return top[0];
    // Story names, fuzzily, only for glued or split words ("iphonex", "i phone x"): the words above
    // cannot see them, and a known ordinary word ("love") must not match a name ("Big Love").
    if (!this.mayBeGlued(tokens(q.length > MAX_QUERY_CHARS ? q.slice(0, MAX_QUERY_CHARS) : q))) return null;
    const f = this.names.match(q);
    return f ? { id: this.ids[f.id], score: f.score, evidence: 0 } : null;
  }

  /** Up to k answers, best first (each passes the thresholds). */
  search(q: string, k: number): SearchHit[] {
    return this.rank(q, k).map((h) => ({ id: this.ids[h.d], score: Math.min(1, Math.round(h.cov * 1000) / 1000), evidence: h.ev }));
  }

  private rank(q: string, k: number): Ranked[] {
    if (this.size === 0 || k <= 0) return [];
    const terms = this.expand(q);
    if (!terms.length) return [];
    let wSum = 0, evMax = 0;
    for (const t of terms) {
      wSum += t.w;
      let m = 0;
      for (const e of t.ex) m = Math.max(m, e.sim * this.idf(e.sid));
      evMax += m;
    }
    // Even full saturation on every term could not pass (unless every word is a rare name).
    if (evMax < this.minEvidence && !terms.every((t) => t.rare >= 0)) return [];
    // Rarest terms first: they find the candidates; once the budget is spent, commoner terms only
    // score stories already found.
    const order = terms.map((t, i) => ({ i, n: t.ex.reduce((a, e) => a + this.postStart[e.sid + 1] - this.postStart[e.sid], 0) }));
    order.sort((a, b) => a.n - b.n || a.i - b.i);
    const { slotOf, sDoc, sEv, sCov, sRank, sTerm, sTermEv, sTermRank, sTermSim, sRare, sTermRare, sTitled, sTermTitled, termSlots, postDoc, postSat, postShare, postTitle } = this;
    if (++this.stamp > 0x3fffffff) {
      slotOf.fill(0);
      this.stamp = 1;
    }
    const st = this.stamp;
    let nt = 0, budget = POSTINGS_BUDGET;
    for (let oi = 0; oi < order.length; oi++) {
      const term = terms[order[oi].i];
      const scanAll = nt === 0 || order[oi].n <= budget;
      budget -= order[oi].n;
      let ns = 0; // slots touched by this term
      for (const e of term.ex) {
        const w = e.sim * this.idf(e.sid);
        const from = this.postStart[e.sid], to = this.postStart[e.sid + 1];
        // A long list with few stories found so far: binary-search those stories instead of scanning.
        const probe = !scanAll && nt * 16 < to - from;
        const count = probe ? nt : to - from;
        for (let k = 0; k < count; k++) {
          let p = from + k;
          if (probe) {
            p = lowerBound(postDoc, from, to, sDoc[k]);
            if (p >= to || postDoc[p] !== sDoc[k]) continue;
          }
          const j = 2 * postDoc[p];
          let s: number;
          if (slotOf[j] !== st) {
            if (!scanAll) continue;
            slotOf[j] = st;
            s = slotOf[j + 1] = nt++;
            sDoc[s] = postDoc[p];
            sEv[s] = sCov[s] = sRank[s] = sRare[s] = sTitled[s] = 0;
            sTerm[s] = -1;
          } else s = slotOf[j + 1];
          const v = w * postSat[p];
          const titled = e.sid === term.exact && postTitle[p] === 1 ? 1 : 0;
          const rare = titled && e.sid === term.rare ? 1 : 0;
          if (sTerm[s] !== oi) {
            sTerm[s] = oi;
            sTermEv[s] = v;
            sTermRank[s] = v * postShare[p];
            sTermSim[s] = e.sim;
            sTermRare[s] = rare;
            sTermTitled[s] = titled;
            termSlots[ns++] = s;
          } else {
            sTermRare[s] |= rare;
            sTermTitled[s] |= titled;
            if (v > sTermEv[s]) {
              sTermEv[s] = v;
              sTermRank[s] = v * postShare[p];
            }
            if (e.sim > sTermSim[s]) sTermSim[s] = e.sim;
          }
        }
      }
      for (let k = 0; k < ns; k++) {
        const s = termSlots[k];
        sRank[s] += sTermRank[s];
        sEv[s] += sTermEv[s];
        sCov[s] += term.w * sTermSim[s];
        sRare[s] += sTermRare[s];
        sTitled[s] += sTermTitled[s];
      }
    }
    // The k best by the tie rule, kept sorted while scanning: no record per passing story (a common
    // word passes for a thousand of them, and sorting them all cost more than finding them).
    const r2 = (x: number) => Math.round(x * 100);
    const before = (d1: number, rank1: number, d2: number, rank2: number) =>
      (r2(rank2) - r2(rank1) ||
        this.items[d2] - this.items[d1] ||
        this.recency[d2] - this.recency[d1] ||
        this.weights[d2] - this.weights[d1] ||
        this.ids[d1] - this.ids[d2]) < 0;
    const hits: Ranked[] = [];
    for (let t = 0; t < nt; t++) {
      const c = wSum > 0 ? sCov[t] / wSum : 0;
      const rareName = sRare[t] === terms.length; // every query word a rare name in this story's titles
      if (!((c >= this.minCover - 1e-9 && sEv[t] >= this.minEvidence) || rareName)) continue;
      const d = sDoc[t], rank = sRank[t];
      if (hits.length === k && !before(d, rank, hits[k - 1].d, hits[k - 1].rank)) continue;
      let at = hits.length === k ? k - 1 : hits.length;
      const h = { d, ev: sEv[t], rank, cov: c, titled: sTitled[t] === terms.length };
      if (hits.length < k) hits.push(h);
      while (at > 0 && before(d, rank, hits[at - 1].d, hits[at - 1].rank)) {
        hits[at] = hits[at - 1];
        at--;
      }
      hits[at] = h;
    }
    return hits;
  }
}

/** Hashes of w and of w with one character deleted: two words one edit apart share one of them. */
function deleteKeys(w: string): number[] {
  const out = [hash32(w)];
  for (let i = 0; i < w.length; i++) out.push(hash32(w.slice(0, i) + w.slice(i + 1)));
  return out;
}

function hash32(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Two FNV-1a-style 32-bit hashes of the normalised text, or null for texts of fewer than 2 words. */
function exactKey(text: string): [number, number] | null {
  const n = normalize(text);
  if (n.indexOf(" ") < 0) return null;
  let a = 0x811c9dc5 | 0, b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < n.length; i++) {
    const c = n.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return [a | 0, b | 0];
}

/** A copy of a, `size` long (≥ a.length), zero past the old end. */
function grown<T extends Int32Array | Float64Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

function lowerBound(a: Int32Array, from: number, to: number, x: number): number {
  let lo = from, hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

