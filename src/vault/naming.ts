/**
 * Story names: the phrase a story's members share, grown to the words around it, or a short form of one
 * title; shouted names in readable capitals. Pure and deterministic (see docs/rules.md section 4,
 * "Story names"). Split from cluster.ts, which decides which story an item joins.
 */
import { STOPWORDS, normalize, salientTerms, stem, tokens } from "../rules/text.ts";
import { unspeakable } from "../rules/english.ts";
import { KICKERS, SEGMENT_RE, cmp, weakByRule } from "./cluster.ts";

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
    // (Nor one with no vowel: "NYFW", "NSFW", "TMNT" are said letter by letter.)
    if (w.length >= 4) return unspeakable(w) || !/[AEIOU]/.test(w) ? w : cap(w);
    // A name's first word is capitalised, even a small one ("My Brand New Show", not "my Brand …").
    if (STOPWORDS.has(normalize(w))) return at === first ? cap(w) : w.toLowerCase();
    // A consonant-vowel-consonant word is a word ("GIN", "BUG", "TUB"), as nearly all are in the
    // shouted titles of the demo data; acronyms are rarely so spelled ("NFL", "CEO", "HBO", "USA").
    return /^[B-DF-HJ-NP-TV-Z][AEIOU][B-DF-HJ-NP-TV-XZ]$/.test(w) ? cap(w) : w;
  });
}
