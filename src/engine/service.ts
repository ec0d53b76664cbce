/** Snapshot-level accessors shared by the intelligence endpoints (memoised per snapshot). */
import type { Niche } from "../domain/enums.ts";
import type { Loaded } from "./engine.ts";
import { cached, lru } from "./cache.ts";
import { patternStats } from "./intel.ts";
import type { PatternStat } from "../rules/patterns.ts";
import { matchStory } from "./indexes.ts";
import { vaultColumns } from "../vault/columns.ts";
import type { StoryView } from "./storyview.ts";

/** Fuzzy story match, memoised per snapshot (matching is the costly step of grade and rewrites). */
export function matchCached(snap: Loaded, text: string): { story: StoryView; score: number } | null {
  return lru(snap, "match", text, () => matchStory(snap.idx, text));
}
import type { GradeContext } from "../rules/grade.ts";
import { isShouting } from "../rules/english.ts";
import type { TopicContext } from "../rules/subject.ts";
import { MISSPELT_MIN } from "../rules/spelling.ts";

/** Tags kept per story (what its creators call the performer and the song): bounded work. */
const TAGS_MAX = 80;
/** Titles read per story for casing and tone: enough to see how the story is written, bounded work. */
const TITLES_MAX = 40;

/**
 * What the matched story says about a topic or draft: its videos' and news headlines' titles, video
 * categories, niche, and whether it is a topic people talk about (more than one creator, or news or
 * search behind it) rather than one creator's video. Memoised per snapshot and story.
 */
export function storyContext(snap: Loaded, story: StoryView): TopicContext {
  return lru(snap, "storyContext", story.rec.id, () => {
    const titles: string[] = [];
    const categoryIds: (number | null)[] = [];
    const channels: string[] = [];
    const own = new Set<string>();
    const tags = new Set<string>();
    for (const id of story.rec.videoIds) {
      if (titles.length >= TITLES_MAX) break;
      const v = snap.idx.videoById.get(id);
      if (!v) continue;
      titles.push(v.title);
      categoryIds.push(v.categoryId);
      channels.push(v.channelTitle);
      // (Channel names vouch in subject.ts, which reads ctx.channels for stories and bare contexts alike.)
      for (const t of v.tags) {
        for (const w of longWords(t)) own.add(w);
        if (tags.size < TAGS_MAX) tags.add(t);
      }
    }
    for (const n of snap.idx.newsByStory.get(story.rec.id) ?? []) {
      if (titles.length >= TITLES_MAX * 1.5) break;
      titles.push(n.title);
    }
    // A long word this story's creators tag, or that two channels of the snapshot write, is a name, not a typo.
    const shared = sharedWords(snap);
    const vouched = { has: (w: string) => own.has(w) || shared.has(w) };
    const r = story.rec;
    const topical = r.creators.length >= 2 || r.searchKeys.length > 0 || r.newsUrls.length > 0;
    const oneWord = !/\s/.test(r.name.trim());
    // One channel's story: how many videos that channel has in the snapshot (a regular creator's vlog, not a one-off clip).
    const one = channels.length > 0 && channels.every((c) => c === channels[0]) ? channelVideos(snap).get(channels[0]) : undefined;
    return { storyName: r.name, titles, categoryIds, channels, niche: story.niche, topical, vouched, tags: [...tags], ...(oneWord ? { nameStories: snap.idx.matcher.storiesHolding(r.name) } : {}), ...(one ? { channelVideos: one.videos, channelShouting: one.shouted / one.videos } : {}) };
  });
}

/** The lower-cased words of `t` long enough for the spelling rule to read (MISSPELT_MIN letters and more). */
const longWords = (t: string) => (t.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= MISSPELT_MIN);

/** Long words (MISSPELT_MIN letters and more) that at least two channels of the snapshot use in titles or tags: names
 * and words the community writes so ("Missguided", "Garfield"), which the spelling rule leaves alone. Once per snapshot. */
function sharedWords(snap: Loaded): Set<string> {
  return cached(snap, "sharedWords", 0, () => {
    const first = new Map<string, string>();
    const out = new Set<string>();
    for (const v of snap.body.videos)
      for (const t of [v.title, ...v.tags])
        for (const w of longWords(t)) {
          if (out.has(w)) continue;
          const ch = first.get(w);
          if (ch === undefined) first.set(w, v.channelTitle);
          else if (ch !== v.channelTitle) out.add(w);
        }
    return out;
  });
}

/** Videos per channel name in the snapshot, and how many of them have titles in capitals (counted once per snapshot,
 * from the columns when the body has them). */
function channelVideos(snap: Loaded): Map<string, ChannelTally> {
  return cached(snap, "channelVideos", 0, () => {
    const out = new Map<string, ChannelTally>();
    const c = vaultColumns(snap.body);
    if (c) {
      // Keyed by string id, named once per channel: the table builds a string on every str() call.
      const chan = c.col<Uint32Array>("v.channelTitle"), title = c.col<Uint32Array>("v.title");
      const byId = new Map<number, ChannelTally>();
      for (let i = 0; i < chan.length; i++) tally(byId, chan[i], c.str(title[i]));
      for (const [k, e] of byId) out.set(c.str(k), e);
    } else for (const v of snap.body.videos) tally(out, v.channelTitle, v.title);
    return out;
  });
}

type ChannelTally = { videos: number; shouted: number };
function tally<K>(m: Map<K, ChannelTally>, key: K, title: string): void {
  const e = m.get(key) ?? { videos: 0, shouted: 0 };
  e.videos++;
  if (isShouting(title)) e.shouted++;
  m.set(key, e);
}

export function validatedPatterns(snap: Loaded, niche: Niche | null | undefined, now: number): PatternStat[] {
  return cached(snap, `patterns|${niche ?? "*"}`, now, () => patternStats(snap.body, niche ?? undefined).filter((p) => p.validated));
}

export function gradeContext(snap: Loaded, now: number): GradeContext {
  return {
    validated: validatedPatterns(snap, null, now),
    match: (text) => {
      const m = matchCached(snap, text);
      return m ? { topic: m.story.rec.name, vaultScore: m.story.vaultScore, story: storyContext(snap, m.story) } : null;
    },
    year: Number(snap.body.date.slice(0, 4)),
  };
}
