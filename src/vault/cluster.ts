/**
 * Story clustering: joins a day's items (videos, searches, articles) to the story they are about,
 * creating stories for the rest, and names stories. Pure and deterministic: the same input gives the
 * same output whatever the order of `items`. Rules and the reasoning behind every constant:
 * docs/rules.md.
 */
import { createHash } from "node:crypto";
import { STOPWORDS, normalize, salientTerms, stem, tokens } from "../rules/text.ts";
import { unspeakable } from "../rules/english.ts";

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
const KICKERS: ReadonlySet<string> = new Set(
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

// ---------------------------------------------------------------------------------------------
// Naming

/** A word of an original title: its span, segment (between separators), normalised form and stem. */
interface Word {
  start: number;
  end: number;
  seg: number;
  norm: string;
  stem: string;
}

const RAW_WORD_RE = /(?:[\p{L}\p{N}\p{M}'’ʼ`]|(?<=[0-9])[.,](?=[0-9]))+/gu;
const SEGMENT_G = new RegExp(SEGMENT_RE.source, "g");

function words(title: string): Word[] {
  const cuts = [...title.matchAll(SEGMENT_G)].map((m) => m.index! + m[0].length);
  const out: Word[] = [];
  for (const m of title.matchAll(RAW_WORD_RE)) {
    const start = m.index!;
    const seg = cuts.filter((c) => c <= start).length;
    for (const t of tokens(m[0])) out.push({ start, end: start + m[0].length, seg, norm: t, stem: stem(t) });
  }
  return out;
}

const SEPARATORS = /\s+[-–—|~•]+\s+|\s*\|\s*|:\s+|\s+\/\/\s+/;
const MAX_NAME = 60;

/**
 * Verbs and auxiliaries that never end a name: "Gadgets put" (from "Gadgets put to the Test") or
 * "... Says Kanye is" read as a phrase cut mid-way. A name ends on what it names.
 */
const DANGLING = new Set(
  "is are was were be been being am has have had do does did put puts get gets got make makes made take takes took go goes went say says said tell tells told want wants need needs try tries tried will would can could should may might must shall just also very really says reveals explains reacts talks shows".split(" "),
);

function dangling(word: string): boolean {
  const w = normalize(word);
  return STOPWORDS.has(w) || DANGLING.has(w);
}

/**
 * A long phrase cut to at most MAX_NAME characters at a clause boundary (", ", "; ", " and ", " but ",
 * " - ", "! ", "? ") when one leaves at least 20 characters, else at a word boundary; words that
 * cannot end a name (stopwords, auxiliaries, "says") are then dropped from the end.
 */
export function cutPhrase(t: string): string {
  const head = t.slice(0, MAX_NAME + 1);
  let best = -1;
  for (const m of head.matchAll(/[,;]\s|\s(?:and|but|as|while|after|because|so)\s|\s[-–—]\s|[!?]\s/giu)) {
    if (m.index! >= 20 && m.index! <= MAX_NAME) best = m.index!;
  }
  let cut: string;
  if (best >= 0) cut = t.slice(0, best);
  else {
    const sp = head.lastIndexOf(" ");
    cut = sp > 20 ? head.slice(0, sp) : t.slice(0, MAX_NAME);
  }
  const ws = cut.replace(/[^\p{L}\p{N}!?)'’"”]+$/u, "").split(" ");
  while (ws.length > 2 && dangling(ws[ws.length - 1])) ws.pop();
  return ws.join(" ").replace(/[^\p{L}\p{N}!?)'’"”]+$/u, "");
}

/** A title cut to its first meaningful segment, brackets removed, ALL CAPS undone, at most 60 chars. */
export function shortTitle(title: string): string {
  let t = title.replace(/\s+/g, " ").trim();
  const unbracketed = t.replace(/\s*[([{][^)\]}]*[)\]}]\s*/g, " ").trim();
  if (salientTerms(unbracketed).length) t = unbracketed;
  const segs = t.split(SEPARATORS).map((s) => s.trim());
  // A segment of framing only ("EXCLUSIVE:", "WATCH:", "MATCH HIGHLIGHTS:", "Official Trailer |") names
  // nothing: the first segment with a subject word is the name, else the first with any word.
  const named = (s: string, strict: boolean) => s.length >= 3 && salientTerms(s).some((x) => !/^\p{N}+$/u.test(x) && (!strict || (!weakByRule(x) && !KICKERS.has(x))));
  const seg = segs.find((s) => named(s, true)) ?? segs.find((s) => named(s, false)) ?? t;
  t = seg.replace(/^[^\p{L}\p{N}"“'‘#$(]+|[^\p{L}\p{N}!?"”'’)%]+$/gu, "").replace(/\s+/g, " ");
  if (t.length > MAX_NAME) t = cutPhrase(t);
  // One short word in capitals, in a title that has small letters, is a name as written ("LANY - Super Far").
  if (/^\p{Lu}{2,5}$/u.test(t) && /\p{Ll}/u.test(title)) return t;
  return uncap(t || title.slice(0, MAX_NAME).trim());
}

/**
 * The most representative phrase for a story: among 1-3 word n-grams of one title segment that
 * neither start nor end with a stopword or format word ("Last Jedi", not "Last Jedi Trailer") and are
 * not just numbers or single letters, the one found in the most members (each
 * member counts 1 + weight/maxWeight, so breadth dominates and heavy members break ties), matched on
 * stems joined without spaces ("iPhoneX" = "iPhone X"); ties prefer longer, then not starting with a
 * number. A longer n-gram containing the winner is
 * preferred while found in >= 70% as many members ("iPhone X" over "iPhone"). The phrase is cut from a
 * title in its most common spelling, heaviest member first, preferring one not in ALL CAPS. With one member, or when no phrase
 * is shared by two members, the heaviest title's shortTitle().
 */
export function storyName(members: { title: string; weight: number }[]): string {
  if (members.length === 0) return "";
  const ms = [...members].sort((a, b) => b.weight - a.weight || cmp(a.title, b.title));
  if (ms.length === 1) return shortTitle(ms[0].title);
  const maxW = Math.max(...ms.map((m) => m.weight), 0);
  type Gram = { score: number; members: number; n: number; stems: string[]; where: Occurrence[] };
  const grams = new Map<string, Gram>();
  const wordsOf = ms.map((m) => words(m.title));
  ms.forEach((m, mi) => {
    const ws = wordsOf[mi];
    const seen = new Set<string>();
    for (let i = 0; i < ws.length; i++) {
      for (let n = 1; n <= 3 && i + n <= ws.length; n++) {
        const seg = ws.slice(i, i + n);
        if (seg[n - 1].seg !== seg[0].seg) break;
        // A name neither starts nor ends on a stopword, format word or dangling verb ("Gadgets put").
        const edge = (x: Word) => STOPWORDS.has(x.norm) || weakByRule(x.stem) || DANGLING.has(x.norm);
        if (edge(seg[0]) || edge(seg[n - 1])) continue;
        if (seg.every((w) => /^\p{N}+$/u.test(w.norm) || w.norm.length < 2)) continue;
        const key = seg.map((w) => w.stem).join("");
        let g = grams.get(key);
        if (!g) grams.set(key, (g = { score: 0, members: 0, n, stems: seg.map((w) => w.stem), where: [] }));
        g.where.push({ m: mi, a: i, b: i + n - 1, start: seg[0].start, end: seg[n - 1].end });
        if (seen.has(key)) continue;
        seen.add(key);
        g.score += 1 + (maxW > 0 ? Math.max(0, m.weight) / maxW : 0);
        g.members++;
      }
    }
  });
  const shared = [...grams.entries()].filter(([, g]) => g.members >= 2);
  if (shared.length === 0) return shortTitle(ms[0].title);
  const lead = (g: Gram) => (/^\p{N}/u.test(g.stems[0]) ? 1 : 0); // "iPhone 8" before "8 Plus"
  const order = (a: [string, Gram], b: [string, Gram]) => b[1].score - a[1].score || b[1].n - a[1].n || lead(a[1]) - lead(b[1]) || cmp(a[0], b[0]);
  shared.sort(order);
  let best = shared[0][1];
  const inner = ` ${best.stems.join(" ")} `;
  for (const [, g] of shared) {
    if (g.n > best.n && g.members >= 0.7 * shared[0][1].members && ` ${g.stems.join(" ")} `.includes(inner)) best = g;
  }
  // The phrase grows to the words its members share around it ("Adam Ruins" → "Adam Ruins Everything").
  const where = grow(best.where, wordsOf, (o) => ms[o.m].title);
  // Cut the phrase in its most common spelling, from the heaviest member, preferring not ALL CAPS.
  // (A currency sign before the first word is part of it: "$139 Plane Seat".)
  const text = (o: Occurrence) => {
    const t = ms[o.m].title;
    const s = wordsOf[o.m][o.a].start;
    return t.slice(s > 0 && "$£€#".includes(t[s - 1]) ? s - 1 : s, wordsOf[o.m][o.b].end).replace(/\s+/g, " ");
  };
  const spellings = new Map<string, number>();
  for (const o of where) {
    const k = text(o).toLowerCase();
    spellings.set(k, (spellings.get(k) ?? 0) + 1);
  }
  const occ = [...where].sort(
    (a, b) => spellings.get(text(b).toLowerCase())! - spellings.get(text(a).toLowerCase())! || a.m - b.m || a.start - b.start,
  );
  const top = text(occ[0]).toLowerCase();
  const pick = occ.find((o) => text(o).toLowerCase() === top && text(o) !== text(o).toUpperCase()) ?? occ[0];
  return uncap(text(pick).replace(/['’]s$/i, "").slice(0, MAX_NAME).trim());
}

/** Where a phrase occurs: member, first and last word index, and character span of the phrase as first found. */
interface Occurrence {
  m: number;
  a: number;
  b: number;
  start: number;
  end: number;
}

/** Words that end a grown name's growth: a credit follows them ("… Live By People"), not the name. */
const CREDITS = new Set("by ft feat featuring x".split(" "));
/** Words a grown name may end on although STOPWORDS holds them ("Adam Ruins Everything"). */
const END_OK = new Set("everything nothing something everyone anyone someone".split(" "));
/** Conjunctions that open a clause, never a name ("While Eating Spicy Wings"). */
const CLAUSE = new Set("while because until unless since although though whilst during".split(" "));

/**
 * A shared phrase grown word by word, right then left, while at least two members and 70% of those
 * that hold it agree on the next word in the same segment (stems compared), up to MAX_NAME characters.
 * It never grows into a format word or year ("Last Jedi", not "Last Jedi Trailer") or a credit, and
 * what it grew is trimmed back off stopwords and dangling verbs at its ends ("100 People Tell Us" →
 * "100 People"), so it is never shorter than the phrase it started from.
 */
function grow(where: Occurrence[], wordsOf: Word[][], titleOf: (o: Occurrence) => string): Occurrence[] {
  const length = (o: Occurrence) => titleOf(o).slice(wordsOf[o.m][o.a].start, wordsOf[o.m][o.b].end).length;
  const firsts = new Map<number, Occurrence>();
  for (const o of where) if (!firsts.has(o.m)) firsts.set(o.m, o);
  let occ = [...firsts.values()];
  if (occ.length < 2) return where;
  for (const dir of [1, -1] as const) {
    for (;;) {
      const at = (o: Occurrence) => (dir === 1 ? o.b + 1 : o.a - 1);
      const votes = new Map<string, Occurrence[]>();
      for (const o of occ) {
        const ws = wordsOf[o.m];
        const w = ws[at(o)];
        if (!w || w.seg !== ws[o.a].seg) continue;
        votes.set(w.stem, [...(votes.get(w.stem) ?? []), o]);
      }
      const [stemNext, agree] = [...votes].sort((x, y) => y[1].length - x[1].length || (x[0] < y[0] ? -1 : 1))[0] ?? ["", []];
      if (agree.length < 2 || agree.length < 0.7 * occ.length) break;
      if (weakByRule(stemNext) || CREDITS.has(wordsOf[agree[0].m][at(agree[0])].norm)) break;
      const next = agree.map((o) => (dir === 1 ? { ...o, b: o.b + 1 } : { ...o, a: o.a - 1 }));
      if (length(next[0]) > MAX_NAME) break;
      occ = next;
    }
  }
  // Trim what was grown back to a word a name can end on (the phrase's own ends are no such words, so
  // trimming stops at them at the latest; every occurrence has the same words, so one is read).
  // A letter glued to the one before it is part of that word ("Q&A", "D.C").
  const ws = wordsOf[occ[0].m];
  const edge = (w: Word) => ((STOPWORDS.has(w.norm) || CLAUSE.has(w.norm)) && !END_OK.has(w.norm) && !glued(w)) || DANGLING.has(w.norm);
  const glued = (w: Word) => w.start > 0 && !/\s/.test(titleOf(occ[0])[w.start - 1]);
  let [left, right] = [0, 0];
  while (left < occ[0].b - occ[0].a && edge(ws[occ[0].a + left])) left++;
  while (right < occ[0].b - occ[0].a - left && edge(ws[occ[0].b - right])) right++;
  return occ.map((o) => ({ ...o, a: o.a + left, b: o.b - right }));
}

/**
 * ALL-CAPS text in title case: words of 4+ letters capitalised, short stopwords lower-cased, other
 * short words (acronyms: NFL, DIY, BTS) kept. Mixed-case text is returned unchanged.
 */
export function uncap(s: string): string {
  if (s !== s.toUpperCase() || s === s.toLowerCase()) return s;
  const first = s.search(/[\p{L}\p{N}]/u);
  const cap = (w: string) => w[0] + w.slice(1).toLowerCase();
  return s.replace(/[\p{L}\p{N}'’]+/gu, (w, at: number) => {
    // Letters joined by "&" or dots are an acronym or initials ("AT&T", "Q&A", "S.S."); "I" is "I".
    if (s[at - 1] === "&" || s[at + w.length] === "&" || (w.length === 1 && (w !== "A" || s[at + 1] === "." || s[at - 1] === "."))) return w;
    if (w.length >= 4) return unspeakable(w) ? w : cap(w);
    // A name's first word is capitalised, even a small one ("My Brand New Show", not "my Brand …").
    if (STOPWORDS.has(normalize(w))) return at === first ? cap(w) : w.toLowerCase();
    // A consonant-vowel-consonant word is a word ("GIN", "BUG", "TUB"), as nearly all are in the
    // shouted titles of the demo data; acronyms are rarely so spelled ("NFL", "CEO", "HBO", "USA").
    return /^[B-DF-HJ-NP-TV-Z][AEIOU][B-DF-HJ-NP-TV-XZ]$/.test(w) ? cap(w) : w;
  });
}
