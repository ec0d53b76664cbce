/**
 * Story clustering: joins a day's items (videos, searches, articles) to the story they are about,
 * creating stories for the rest (their names: naming.ts). Pure and deterministic: the same input gives
 * the same output whatever the order of `items`. Rules and the reasoning behind every constant:
 * docs/rules.md.
 */
import { createHash } from "node:crypto";
import { STOPWORDS, normalize, salientTerms, stem, tokens } from "../rules/text.ts";

export interface StorySeed {
  id: string;
  /** Stemmed salient terms of the first item's subject segment (at most MAX_STORY_TERMS), in title order. */
  terms: string[];
  /** Day the story was created. */
  firstSeen: string;
}

export interface ClusterItem {
  key: string;
  title: string;
  weight: number;
  /**
   * Channel or publisher, when known. Its words are removed from the item's terms: a suffix like
   * "| Ingrid Nilsen" or "- BBC News" would otherwise glue every video of a channel into one story.
   */
  channel?: string;
}

/** A story keeps the terms of its first item only, capped; later members never widen it (no drift). */
export const MAX_STORY_TERMS = 8;
/**
 * A term is "strong" when its normalised IDF ln(1+N/df)/ln(1+N) reaches this, i.e. it is in fewer than
 * about N^0.65 documents (31 of 200). Not higher: on a hot day the story's own words are common
 * ("hurricane" was in 25 of the 200 videos of 13 Sep 2017, more than "2017" itself, in 13).
 */
export const STRONG_WEIGHT = 0.35;
/** Dice of IDF mass, 2*shared/(story + item), needed to join without a hot pair. */
export const MIN_COVER = 0.5;
/** Two adjacent terms seen together in this many of the day's documents are a "hot pair". */
export const HOT_PAIR_MIN = 3;
/** Items without a channel (search queries) of at most this many words may join on one strong term. */
export const QUERY_MAX_WORDS = 3;

/**
 * Words that name a format, not a subject, and years: never strong, whatever their frequency that
 * day. Frequency alone cannot tell them from a hot subject (see STRONG_WEIGHT), and two unrelated
 * "Official Trailer (2017)" videos must not join. They are also left out of the cover ratio, so
 * "Apple iPhone X first look" covers the story "iPhone X" as well as "Apple iPhone X" would.
 */
export const FORMAT_WORDS: ReadonlySet<string> = new Set(
  (
    "trailer teaser review reaction react live highlight interview tutorial vlog unboxing challenge " +
    "cover remix parody haul recap explained update news season clip scene promo preview performance " +
    "compilation podcast show test press conference speech monologue impression look hand comparison " +
    "new first best top worst latest ultimate"
  )
    .split(" ")
    .map(stem),
);
const YEAR_RE = /^(19[5-9]\d|20[0-3]\d)$/;
/** Kicker words that open a title without naming anything ("EXCLUSIVE:", "WATCH:", "BREAKING:"): a name never is only these. */
export const KICKERS: ReadonlySet<string> = new Set(
  "exclusive watch breaking check description omg wow ultra rare amazing incredible insane epic finally warning must official video full hd match game".split(" ").map(stem),
);

/** True for format words and years (see FORMAT_WORDS). */
export function weakByRule(term: string): boolean {
  return FORMAT_WORDS.has(term) || YEAR_RE.test(term);
}

/** `st_` + first 12 hex chars of SHA-256(day|key): stable across runs and machines. */
export function storyId(day: string, key: string): string {
  return "st_" + createHash("sha256").update(`${day}|${key}`).digest("hex").slice(0, 12);
}

/**
 * Channel words and glued channel spellings ("LastWeekTonight") removed from a title's tokens. When
 * nothing meaningful would remain, the title is kept whole (keepTitle) or emptied (for a segment).
 */
function stripChannel(toks: string[], channel: string | undefined, keepTitle = true): string[] {
  if (!channel) return toks;
  const ct = new Set(tokens(channel));
  const ck = normalize(channel).replace(/ /g, "").replace(/(vevo|tv|official|channel|hq)$/, "");
  const drop = new Uint8Array(toks.length);
  for (let i = 0; i < toks.length; i++) {
    if (ct.has(toks[i])) drop[i] = 1;
    let joined = toks[i];
    for (let j = i + 1; j < Math.min(toks.length, i + 5) && ck.length >= 4; j++) {
      joined += toks[j];
      if (joined === ck) drop.fill(1, i, j + 1);
      if (joined.length >= ck.length) break;
    }
  }
  const kept = toks.filter((_, i) => !drop[i]);
  return kept.some((t) => !STOPWORDS.has(t)) || !keepTitle ? kept : toks;
}

/** Title separators: " - ", " | ", " — ", ": ", " // ", "~", brackets. */
export const SEGMENT_RE = /\s+[-–—~•]+\s+|\s*[|~•()[\]{}]\s*|:\s+|\s+\/\/\s+/;

/**
 * Salient terms of an item with the channel removed, the same per title segment, its adjacent-pair
 * joins (for "iphonex" ~ "iphone x"), and the terms of the raw title (for the one-term rule).
 */
export function itemTerms(title: string, channel?: string): { terms: string[]; segments: string[][]; joins: Set<string>; rawTerms: string[] } {
  const toks = stripChannel(tokens(title), channel);
  const terms = salientTerms(toks.join(" "));
  const joins = new Set<string>();
  for (let i = 0; i + 1 < toks.length; i++) {
    joins.add(stem(toks[i] + toks[i + 1]));
    joins.add(stem(toks[i]) + stem(toks[i + 1]));
  }
  const segments = title
    .split(SEGMENT_RE)
    .map((seg) => {
      const st = stripChannel(tokens(seg), channel, false);
      return st.some((t) => !STOPWORDS.has(t)) ? salientTerms(st.join(" ")) : [];
    })
    .filter((ts) => ts.length > 0);
  return { terms, segments, joins, rawTerms: salientTerms(title) };
}

interface Work {
  key: string;
  weight: number;
  title: string;
  terms: string[];
  segments: string[][];
  joins: Set<string>;
  rawTerms: string[];
  words: number;
  channel?: string;
}

/**
 * Assign each item to a story. Items are processed by weight desc, then key, then title, so heavier
 * items found stories and the result does not depend on input order. An item joins the existing or
 * same-day story with which it shares the largest IDF-weighted set of the story's terms, if
 *   (a) they share >= 2 strong terms and the shared IDF mass is >= MIN_COVER of the mean of both, or
 *   (b) they share >= 2 strong terms two of which are a hot pair (adjacent in >= HOT_PAIR_MIN of the
 *       day's documents: "hurricane irma" on 13 Sep), whatever the rest of the titles say, or
 *   (c) the item looks like a search query (no channel, <= QUERY_MAX_WORDS words, 1 strong term),
 *       and that term is shared and has 4+ chars or a digit ("irma" joins "Hurricane Irma ...").
 * Document frequency is counted over the day's items plus the existing stories, so words that are
 * common that day ("2017", "trailer", "official") cannot glue unrelated items together.
 * Otherwise the item founds a story: id = storyId(day, key), terms = its subject segment's terms
 * (subjectTerms), the MAX_STORY_TERMS rarest if more.
 * Only stories that can pass the rule are scored: a join needs >= 2 matched strong story terms (1 for
 * a query-like item), so each item counts, per story, the strong story terms it could match through
 * the postings of strong terms (see StrongPostings), and scores only the stories reaching that count,
 * in story order as before. Scoring all stories sharing any word grew with the number of stories
 * (1,015 s of a 1,105 s day at 1M synthetic videos, bench/RESULTS.scale.md). Cost: O(existing
 * stories' terms) per call to count and index them, plus the postings of the items' strong terms.
 */
export function assignStories(
  existing: StorySeed[],
  items: ClusterItem[],
  day: string,
): { assignment: Map<string, string>; stories: StorySeed[] } {
  const work: Work[] = [];
  const sorted = [...items].sort((a, b) => b.weight - a.weight || cmp(a.key, b.key) || cmp(a.title, b.title));
  const seenKeys = new Set<string>();
  for (const it of sorted) {
    if (seenKeys.has(it.key)) continue;
    seenKeys.add(it.key);
    const words = tokens(it.title).length;
    work.push({ key: it.key, weight: it.weight, title: it.title, words, channel: it.channel, ...itemTerms(it.title, it.channel) });
  }
  // Document frequency over this day's items and the existing stories.
  // Each distinct term (pair) once per document; lists are a few terms long, so a scan of the earlier
  // ones is cheaper than a Set, and this runs once per existing story on every call.
  const df = new Map<string, number>();
  const count = (ts: string[]) => {
    for (let i = 0; i < ts.length; i++) if (ts.indexOf(ts[i]) === i) df.set(ts[i], (df.get(ts[i]) ?? 0) + 1);
  };
  const pairs = new Map<string, number>();
  const countPairs = (ts: string[]) => {
    const keys: string[] = [];
    for (let i = 0; i + 1 < ts.length; i++) keys.push(pairKey(ts[i], ts[i + 1]));
    for (let i = 0; i < keys.length; i++) if (keys.indexOf(keys[i]) === i) pairs.set(keys[i], (pairs.get(keys[i]) ?? 0) + 1);
  };
  for (const w of work) {
    count(w.terms);
    countPairs(w.terms);
  }
  for (const s of existing) {
    count(s.terms);
    countPairs(s.terms);
  }
  const N = Math.max(1, work.length + existing.length);
  const lnN = Math.log(1 + N);
  // df is fixed for the call, so a term's weight and strength are too: computed once per term.
  const weights = new Map<string, number>();
  const strong = new Map<string, boolean>();
  const weightOf = (t: string) => {
    let x = weights.get(t);
    if (x === undefined) weights.set(t, (x = Math.log(1 + N / Math.max(1, df.get(t) ?? 1)) / lnN));
    return x;
  };
  const isStrong = (t: string) => {
    let x = strong.get(t);
    if (x === undefined) strong.set(t, (x = !weakByRule(t) && weightOf(t) >= STRONG_WEIGHT));
    return x;
  };
  const isHot = (a: string, b: string) => (pairs.get(pairKey(a, b)) ?? 0) >= HOT_PAIR_MIN;
  const scorer: Scorer = { weightOf, isStrong, isHot, mass: (t) => (weakByRule(t) ? 0 : weightOf(t)) };

  const stories: StorySeed[] = existing.map((s) => ({ ...s, terms: [...s.terms] }));
  const byId = new Map<string, number>();
  const postings = new StrongPostings(existing.length + work.length, isStrong, work);
  const indexStory = (si: number) => {
    byId.set(stories[si].id, si);
    postings.add(si, stories[si].terms);
  };
  stories.forEach((_, si) => indexStory(si));

  const assignment = new Map<string, string>();
  for (const w of work) {
    const own = storyId(day, w.key);
    if (byId.has(own)) {
      assignment.set(w.key, own); // re-run of the same day: the item founded this story
      continue;
    }
    const best = bestStory(w, stories, postings, scorer);
    if (best >= 0) {
      assignment.set(w.key, stories[best].id);
      continue;
    }
    const terms = capTerms(subjectTerms(w, isStrong), weightOf);
    stories.push({ id: own, terms, firstSeen: day });
    indexStory(stories.length - 1);
    assignment.set(w.key, own);
  }
  return { assignment, stories };
}

interface Scorer {
  weightOf: (t: string) => number;
  isStrong: (t: string) => boolean;
  isHot: (a: string, b: string) => boolean;
  /** IDF weight, 0 for format words and years. */
  mass: (t: string) => number;
}

/**
 * Postings from which an item counts, per story, an upper bound of the strong story terms it
 * matches. A story term at position k matches when it is an item term or join, or when it and a
 * neighbour glued together are an item term ("iphone"+"x" = "iphonex"). So the story is posted once
 * under each strong term, and under each glued pair once per strong term of the pair. Weak terms are
 * not posted: they never count toward the join rule, and they are the long postings. Only keys some
 * item of the call can look up are posted (most story terms are not in today's titles).
 */
class StrongPostings {
  private readonly byTerm = new Map<string, number[]>();
  private readonly byGlued = new Map<string, number[]>();
  private counts: Int32Array;
  private readonly touched: number[] = [];

  constructor(
    capacity: number,
    private readonly isStrong: (t: string) => boolean,
    items: Work[],
  ) {
    this.counts = new Int32Array(Math.max(16, capacity));
    for (const w of items) {
      for (const t of w.terms) {
        if (!this.byTerm.has(t)) this.byTerm.set(t, []);
        if (!this.byGlued.has(t)) this.byGlued.set(t, []);
      }
      for (const j of w.joins) if (!this.byTerm.has(j)) this.byTerm.set(j, []);
    }
  }

  add(si: number, ts: string[]): void {
    if (si >= this.counts.length) {
      const c = new Int32Array(2 * si + 16);
      c.set(this.counts);
      this.counts = c;
    }
    for (let k = 0; k < ts.length; k++) {
      const sk = this.isStrong(ts[k]);
      if (sk) this.byTerm.get(ts[k])?.push(si);
      if (k + 1 < ts.length) {
        const n = (sk ? 1 : 0) + (this.isStrong(ts[k + 1]) ? 1 : 0);
        const l = n > 0 ? this.byGlued.get(ts[k] + ts[k + 1]) : undefined;
        if (l) for (let i = 0; i < n; i++) l.push(si);
      }
    }
  }

  /** Story indexes, ascending, whose bound reaches `need`. */
  candidates(terms: ReadonlySet<string>, joins: ReadonlySet<string>, need: number): number[] {
    const { counts, touched } = this;
    const hit = (l: number[] | undefined) => {
      if (!l) return;
      for (const si of l) if (counts[si]++ === 0) touched.push(si);
    };
    for (const t of terms) {
      hit(this.byTerm.get(t));
      hit(this.byGlued.get(t));
    }
    for (const j of joins) if (!terms.has(j)) hit(this.byTerm.get(j));
    const out: number[] = [];
    for (const si of touched) {
      if (counts[si] >= need) out.push(si);
      counts[si] = 0;
    }
    touched.length = 0;
    return out.sort((a, b) => a - b);
  }
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The terms a new story is keyed on: those of the first title segment (split at " - ", " | ", ":",
 * brackets...) that has a strong term. Titles name their subject first and put boilerplate after the
 * separator ("Bears vs. Packers | NFL Week 4 Game Highlights", "Joe Arpaio: Last Week Tonight with
 * John Oliver", "Mother! - Movie Review"), so keying on the rest would pull a whole series together.
 * Falls back to all the item's terms.
 */
function subjectTerms(w: Work, isStrong: (t: string) => boolean): string[] {
  return w.segments.find((seg) => seg.some(isStrong)) ?? w.terms;
}

/** The MAX_STORY_TERMS highest-weight terms (earlier first on ties), kept in title order. */
function capTerms(terms: string[], weightOf: (t: string) => number): string[] {
  if (terms.length <= MAX_STORY_TERMS) return [...terms];
  const keep = new Set(
    terms
      .map((t, i) => ({ t, i, w: weightOf(t) }))
      .sort((a, b) => b.w - a.w || a.i - b.i)
      .slice(0, MAX_STORY_TERMS)
      .map((x) => x.t),
  );
  return terms.filter((t) => keep.has(t));
}

/** Index of the story the item joins, or -1. See assignStories for the rule. */
function bestStory(w: Work, stories: StorySeed[], postings: StrongPostings, sc: Scorer): number {
  const { isStrong, isHot, mass } = sc;
  const itemSet = new Set(w.terms);
  const queryLike = !w.channel && w.words <= QUERY_MAX_WORDS && w.rawTerms.filter(isStrong).length === 1;
  const cands = postings.candidates(itemSet, w.joins, queryLike ? 1 : 2);
  if (cands.length === 0) return -1;
  // Format words and years carry no subject: they count neither in the masses nor in the overlap.
  let itemMass = 0;
  for (const t of w.terms) itemMass += mass(t);
  let best = -1, bestS = 0, bestStrong = 0;
  for (const si of cands) {
    const ts = stories[si].terms;
    const matched = new Uint8Array(ts.length);
    for (let k = 0; k < ts.length; k++) {
      if (itemSet.has(ts[k]) || w.joins.has(ts[k])) matched[k] = 1;
      if (k + 1 < ts.length && itemSet.has(ts[k] + ts[k + 1])) matched[k] = matched[k + 1] = 1;
    }
    let S = 0, storyMass = 0, nStrong = 0, strongLong = false;
    const strong: string[] = [];
    for (let k = 0; k < ts.length; k++) {
      const x = mass(ts[k]);
      storyMass += x;
      if (!matched[k]) continue;
      S += x;
      if (isStrong(ts[k])) {
        nStrong++;
        strong.push(ts[k]);
        if (ts[k].length >= 4 || /\p{N}/u.test(ts[k])) strongLong = true;
      }
    }
    const cover = (2 * S) / Math.max(1e-9, storyMass + itemMass);
    let hot = false;
    for (let a = 0; a < strong.length && !hot; a++) for (let b = a + 1; b < strong.length && !hot; b++) hot = isHot(strong[a], strong[b]);
    const ok = (nStrong >= 2 && (cover >= MIN_COVER || hot)) || (queryLike && nStrong === 1 && strongLong);
    if (!ok) continue;
    // Full ties keep the earlier story (existing before new, older before newer).
    if (best < 0 || S > bestS + 1e-12 || (Math.abs(S - bestS) <= 1e-12 && nStrong > bestStrong)) {
      best = si;
      bestS = S;
      bestStrong = nStrong;
    }
  }
  return best;
}
