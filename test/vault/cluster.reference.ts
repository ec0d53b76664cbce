/**
 * REFERENCE ONLY, for tests and bench/scale.ts: the story assignment of src/vault/cluster.ts as it
 * was before it went through postings of strong terms (commit d98bda1), kept verbatim (naming cut
 * off) so the fast path can be checked against it on real and random inputs. It scores every story
 * sharing any term with an item, so it grows worse than linearly; do not use it in src/.
 */
import { createHash } from "node:crypto";
import { STOPWORDS, normalize, salientTerms, stem, tokens } from "../../src/rules/text.ts";

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
const SEGMENT_RE = /\s+[-–—~•]+\s+|\s*[|~•()[\]{}]\s*|:\s+|\s+\/\/\s+/;

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
 * (subjectTerms), the MAX_STORY_TERMS rarest if more. Cost: O(existing stories' terms) per call to
 * count and index them, so pass the stories still active (e.g. seen in the last 30 days), not all.
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
  const df = new Map<string, number>();
  const count = (ts: Iterable<string>) => {
    for (const t of new Set(ts)) df.set(t, (df.get(t) ?? 0) + 1);
  };
  const pairs = new Map<string, number>();
  const countPairs = (ts: string[]) => {
    const seen = new Set<string>();
    for (let i = 0; i + 1 < ts.length; i++) seen.add(pairKey(ts[i], ts[i + 1]));
    for (const k of seen) pairs.set(k, (pairs.get(k) ?? 0) + 1);
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
  const weightOf = (t: string) => Math.log(1 + N / Math.max(1, df.get(t) ?? 1)) / lnN;
  const isStrong = (t: string) => !weakByRule(t) && weightOf(t) >= STRONG_WEIGHT;
  const isHot = (a: string, b: string) => (pairs.get(pairKey(a, b)) ?? 0) >= HOT_PAIR_MIN;

  const stories: StorySeed[] = existing.map((s) => ({ ...s, terms: [...s.terms] }));
  const byId = new Map<string, number>();
  const index = new Map<string, number[]>(); // term or adjacent-term join -> story indexes
  const addToIndex = (k: string, si: number) => {
    const l = index.get(k);
    if (!l) index.set(k, [si]);
    else if (l[l.length - 1] !== si) l.push(si);
  };
  const indexStory = (si: number) => {
    const ts = stories[si].terms;
    byId.set(stories[si].id, si);
    for (let i = 0; i < ts.length; i++) {
      addToIndex(ts[i], si);
      if (i + 1 < ts.length) addToIndex(ts[i] + ts[i + 1], si);
    }
  };
  stories.forEach((_, si) => indexStory(si));

  const assignment = new Map<string, string>();
  for (const w of work) {
    const own = storyId(day, w.key);
    if (byId.has(own)) {
      assignment.set(w.key, own); // re-run of the same day: the item founded this story
      continue;
    }
    const best = bestStory(w, stories, index, weightOf, isStrong, isHot);
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

function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

function cmp(a: string, b: string): number {
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
function bestStory(
  w: Work,
  stories: StorySeed[],
  index: Map<string, number[]>,
  weightOf: (t: string) => number,
  isStrong: (t: string) => boolean,
  isHot: (a: string, b: string) => boolean,
): number {
  const itemSet = new Set(w.terms);
  const cands = new Set<number>();
  for (const t of w.terms) for (const si of index.get(t) ?? []) cands.add(si);
  for (const j of w.joins) for (const si of index.get(j) ?? []) cands.add(si);
  // Format words and years carry no subject: they count neither in the masses nor in the overlap.
  const mass = (t: string) => (weakByRule(t) ? 0 : weightOf(t));
  let itemMass = 0;
  for (const t of w.terms) itemMass += mass(t);
  const queryLike = !w.channel && w.words <= QUERY_MAX_WORDS && w.rawTerms.filter(isStrong).length === 1;
  let best = -1, bestS = 0, bestStrong = 0;
  for (const si of [...cands].sort((a, b) => a - b)) {
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

