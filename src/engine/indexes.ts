/**
 * In-memory indexes built once per snapshot load: everything a request needs is precomputed here,
 * so serving is a lookup. Rankings are the top 10 per (source, niche) and across niches.
 */
import { NICHES, type Niche, type TrendSource } from "../domain/enums.ts";
import { dayOrdinal, type NewsRec, type SearchRec, type VaultBody, type VideoRec } from "../vault/model.ts";
import { NONE, vaultColumns, type VaultColumns } from "../vault/columns.ts";
import { velocity, viralScore } from "../rules/velocity.ts";
import { buildStoryViews, buildStoryViewsFromColumns, searchScore, videoRowOfString, type StoryView } from "./storyview.ts";
import { StorySearch, type SearchDoc, type SearchItem } from "./search.ts";

export interface TrendItem {
  title: string;
  source: TrendSource;
  niche: Niche;
  viralScore: number | null;
  searchVolume: string;
  views: number | null;
  geos: string[];
  publishedAt: string;
}

export const MAX_ITEMS = 10;

/** Videos by id (a Map for a v1 body; over the columns of a v2 one, building only the videos asked for). */
export interface VideoLookup {
  get(id: string): VideoRec | undefined;
  readonly size: number;
}

export interface NewsItem {
  title: string;
  url: string;
  source: string;
  publishedAt: string;
}

export interface Indexes {
  date: string;
  /** key: `${source}|${niche or "*"}` → up to 10 ranked items. */
  trends: Map<string, TrendItem[]>;
  /** The same lists, serialised once at load. */
  trendsJson: Map<string, string>;
  videoById: VideoLookup;
  stories: StoryView[];
  storyById: Map<string, StoryView>;
  /** Story search over names and members' titles, tags, channels and headlines; hit id = index in `stories`. */
  matcher: StorySearch;
  /** Latest in-niche news across niches, newest first (≤ 10). */
  latestNews: NewsItem[];
  /** News of each story, newest first (≤ 10). */
  newsByStory: Map<string, NewsItem[]>;
}

function newsItem(n: NewsRec): NewsItem {
  return { title: n.title, url: n.url, source: n.source, publishedAt: n.publishedAt ?? `${n.firstSeen}T00:00:00Z` };
}

function newestFirst(a: NewsItem, b: NewsItem): number {
  return a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : a.url < b.url ? -1 : 1;
}

export function trendKey(source: TrendSource, niche: Niche | undefined): string {
  return `${source}|${niche ?? "*"}`;
}

/** Where the feed gives no publish time, the first day the vault saw the item at 00:00Z. */
function publishedOrFirstSeen(publishedAt: string | null, firstSeen: string): string {
  return publishedAt ?? `${firstSeen}T00:00:00Z`;
}

function rankTop<T>(items: T[], cmp: (a: T, b: T) => number, filter: (x: T) => boolean): T[] {
  const out: T[] = [];
  for (const x of items) if (filter(x)) out.push(x);
  out.sort(cmp);
  return out.slice(0, MAX_ITEMS);
}

/**
 * Records whose last observation is `today` and that have a niche: all the rankings look at. Over
 * v2 columns only these few are built (a day's chart, not the whole vault), in vault order.
 */
function onChartToday<K extends "videos" | "searches">(body: VaultBody, kind: K, today: number): VaultBody[K] {
  const c = vaultColumns(body);
  if (!c) return body[kind];
  const p = kind === "videos" ? "v" : "s";
  const niche = c.col<Uint32Array>(`${p}.niche`);
  const out: (VideoRec | SearchRec)[] = [];
  for (const i of c.rowsLastOn(p, today)) if (niche[i] !== NONE) out.push(kind === "videos" ? c.videoAt(i) : c.searchAt(i));
  return out as VaultBody[K];
}

function videoTrends(body: VaultBody, today: number): { item: TrendItem; rankScore: number; id: string }[] {
  const out: { item: TrendItem; rankScore: number; id: string }[] = [];
  for (const v of onChartToday(body, "videos", today)) {
    if (!v.niche || v.d[v.d.length - 1] !== today) continue; // only what is on the chart today, in a niche
    const vel = velocity(v.d, v.v);
    const score = viralScore(vel);
    out.push({
      id: v.id,
      rankScore: score ?? -1,
      item: {
        title: v.title,
        source: "youtube",
        niche: v.niche,
        viralScore: score,
        searchVolume: "",
        views: v.v[v.v.length - 1],
        geos: v.regions,
        publishedAt: publishedOrFirstSeen(v.publishedAt, v.firstSeen),
      },
    });
  }
  return out;
}

export function buildIndexes(body: VaultBody): Indexes {
  const today = dayOrdinal(body.date);
  const trends = new Map<string, TrendItem[]>();
  const vids = videoTrends(body, today);
  // Ranked by viralScore (unknown last), then views, then id for a stable order.
  const cmp = (a: (typeof vids)[number], b: (typeof vids)[number]) =>
    b.rankScore - a.rankScore || (b.item.views ?? 0) - (a.item.views ?? 0) || (a.id < b.id ? -1 : 1);
  trends.set(trendKey("youtube", undefined), rankTop(vids, cmp, () => true).map((x) => x.item));
  for (const n of NICHES) trends.set(trendKey("youtube", n), rankTop(vids, cmp, (x) => x.item.niche === n).map((x) => x.item));
  const searches = searchTrends(body, today);
  const scmp = (a: (typeof searches)[number], b: (typeof searches)[number]) => b.rankScore - a.rankScore || (a.id < b.id ? -1 : 1);
  trends.set(trendKey("google", undefined), rankTop(searches, scmp, () => true).map((x) => x.item));
  for (const n of NICHES) trends.set(trendKey("google", n), rankTop(searches, scmp, (x) => x.item.niche === n).map((x) => x.item));

  // Only the rankings above are built now: they are all /trends needs, so a server answers its first
  // request without waiting for the rest. Story views, the fuzzy matcher and the news lists are built
  // on first use (or by warmIndexes); each getter returns the same object every time. Over a v2 body
  // they read the columns, so the vault's records are never all built while serving.
  const cols = vaultColumns(body);
  let videoById: VideoLookup | undefined;
  let rows: Int32Array | undefined;
  let storyPart: { stories: StoryView[]; storyById: Map<string, StoryView> } | undefined;
  let matchPart: StorySearch | undefined;
  let newsPart: { latestNews: NewsItem[]; newsByStory: Map<string, NewsItem[]> } | undefined;
  const vb = () => (videoById ??= cols ? columnVideoLookup(cols) : new Map(body.videos.map((v) => [v.id, v])));
  const rowOf = () => (rows ??= videoRowOfString(cols!));
  const sp = () => {
    if (!storyPart) {
      const stories = cols ? buildStoryViewsFromColumns(body, cols, rowOf()) : buildStoryViews(body, vb());
      const tid = cols?.col<Uint32Array>("t.id");
      storyPart = { stories, storyById: new Map(stories.map((s, i) => [tid ? cols!.str(tid[i]) : s.rec.id, s])) };
    }
    return storyPart;
  };
  const mp = () => (matchPart ??= cols ? buildMatcherFromColumns(body, cols, sp().stories, rowOf()) : buildMatcher(body, sp().stories, vb()));
  const np = () => (newsPart ??= buildNews(body));
  return {
    date: body.date,
    trends,
    trendsJson: new Map([...trends].map(([k, v]) => [k, JSON.stringify(v)])),
    get videoById() {
      return vb();
    },
    get stories() {
      return sp().stories;
    },
    get storyById() {
      return sp().storyById;
    },
    get matcher() {
      return mp();
    },
    get latestNews() {
      return np().latestNews;
    },
    get newsByStory() {
      return np().newsByStory;
    },
  };
}

/** Builds every lazily built part of `idx` now (Engine does this before swapping in a newer snapshot). */
export function warmIndexes(idx: Indexes): void {
  for (const part of [idx.videoById, idx.storyById, idx.matcher, idx.newsByStory]) if (!part) throw new Error("index part missing");
}

/**
 * One search document per story: its name and every member (video: title, tags, channel; search:
 * the query; news: headline and publisher). Built at load from what the snapshot holds.
 */
function buildMatcher(body: VaultBody, stories: StoryView[], videoById: VideoLookup): StorySearch {
  const pos = new Map(stories.map((sv, i) => [sv.rec.id, i]));
  const items: SearchItem[][] = stories.map(() => []);
  stories.forEach((sv, i) => {
    for (const id of sv.rec.videoIds) {
      const v = videoById.get(id);
      if (v) items[i].push({ title: v.title, tags: v.tags, channel: v.channelTitle || undefined });
    }
  });
  for (const s of body.searches) if (s.storyId && pos.has(s.storyId)) items[pos.get(s.storyId)!].push({ title: s.query });
  for (const n of body.news) if (n.storyId && pos.has(n.storyId)) items[pos.get(n.storyId)!].push({ title: n.title, channel: n.source || undefined });
  const docs: SearchDoc[] = stories.map((sv, i) => ({ id: i, name: sv.rec.name, items: items[i], recency: lastActive(sv, body), weight: sv.vaultScore }));
  return new StorySearch(docs);
}

/** Day ordinal of a story's last activity in any source (its first day when it has none). */
function lastActive(sv: StoryView, body: VaultBody): number {
  const { video, search, news } = sv.rec.series;
  for (let i = body.days.length - 1; i >= 0; i--) if ((video[i] ?? 0) > 0 || (search[i] ?? 0) > 0 || (news[i] ?? 0) > 0) return dayOrdinal(body.days[i]);
  return dayOrdinal(sv.rec.firstSeen);
}

/**
 * The same documents as buildMatcher, from the columns: member rows through the string table,
 * texts decoded for the build only (tags and channels once each).
 */
function buildMatcherFromColumns(body: VaultBody, c: VaultColumns, stories: StoryView[], rowOfString: Int32Array): StorySearch {
  const cache = new Map<number, string>();
  const cstr = (k: number) => {
    let x = cache.get(k);
    if (x === undefined) cache.set(k, (x = c.str(k)));
    return x;
  };
  const mOff = c.col<Uint32Array>("t.videoIds.off"), mStr = c.col<Uint32Array>("t.videoIds");
  const title = c.col<Uint32Array>("v.title"), chan = c.col<Uint32Array>("v.channelTitle");
  const tagOff = c.col<Uint32Array>("v.tags.off"), tags = c.col<Uint32Array>("v.tags");
  const items: SearchItem[][] = stories.map(() => []);
  for (let i = 0; i < c.nStories; i++) {
    for (let k = mOff[i]; k < mOff[i + 1]; k++) {
      const r = rowOfString[mStr[k]];
      if (r < 0) continue;
      const tg: string[] = [];
      for (let j = tagOff[r]; j < tagOff[r + 1]; j++) tg.push(cstr(tags[j]));
      items[i].push({ title: c.str(title[r]), tags: tg, channel: cstr(chan[r]) || undefined });
    }
  }
  // Story row of each string that is a story id (the last story wins, as pos does in buildMatcher).
  const storyRow = new Int32Array(c.nStrings).fill(-1);
  const tid = c.col<Uint32Array>("t.id");
  for (let i = 0; i < tid.length; i++) storyRow[tid[i]] = i;
  const sSid = c.col<Uint32Array>("s.storyId"), sQuery = c.col<Uint32Array>("s.query");
  for (let i = 0; i < c.nSearches; i++) if (sSid[i] !== NONE && storyRow[sSid[i]] >= 0) items[storyRow[sSid[i]]].push({ title: c.str(sQuery[i]) });
  const nSid = c.col<Uint32Array>("n.storyId"), nTitle = c.col<Uint32Array>("n.title"), nSource = c.col<Uint32Array>("n.source");
  for (let i = 0; i < c.nNews; i++) if (nSid[i] !== NONE && storyRow[nSid[i]] >= 0) items[storyRow[nSid[i]]].push({ title: c.str(nTitle[i]), channel: cstr(nSource[i]) || undefined });
  cache.clear();
  const lastIdx = body.days.length - 1;
  const tName = c.col<Uint32Array>("t.name"), tFirst = c.col<Uint32Array>("t.firstSeen");
  const series = (["video", "search", "news"] as const).map((src) => [c.col<Uint32Array>(`t.${src}.at.off`), c.col<Uint32Array>(`t.${src}.at`), c.col<Float64Array>(`t.${src}.val`)] as const);
  const docs: SearchDoc[] = stories.map((sv, i) => {
    // lastActive over the sparse series: the last day (within body.days) any source was above 0.
    let last = -1;
    for (const [off, at, val] of series) for (let k = off[i]; k < off[i + 1]; k++) if (val[k] > 0 && at[k] <= lastIdx && at[k] > last) last = at[k];
    const recency = last >= 0 ? dayOrdinal(body.days[last]) : dayOrdinal(c.str(tFirst[i]));
    return { id: i, name: c.str(tName[i]), items: items[i], recency, weight: sv.vaultScore };
  });
  return new StorySearch(docs);
}

/**
 * Videos by id over the columns. Ingest writes videos sorted by id, so a lookup is a binary search
 * over the id column (checked once on first use; an unsorted file gets a Map of id → row).
 */
function columnVideoLookup(c: VaultColumns): VideoLookup {
  const id = c.col<Uint32Array>("v.id");
  let find: ((x: string) => number) | undefined;
  const init = () => {
    let sorted = true;
    let prev = "";
    for (let i = 0; i < id.length && sorted; i++) {
      const s = c.str(id[i]);
      if (i > 0 && !(prev < s)) sorted = false;
      prev = s;
    }
    if (sorted)
      return (x: string) => {
        let lo = 0, hi = id.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (c.str(id[mid]) < x) lo = mid + 1;
          else hi = mid;
        }
        return lo < id.length && c.str(id[lo]) === x ? lo : -1;
      };
    const m = new Map<string, number>();
    for (let i = 0; i < id.length; i++) m.set(c.str(id[i]), i);
    return (x: string) => m.get(x) ?? -1;
  };
  return {
    size: id.length,
    get(x: string) {
      const r = (find ??= init())(x);
      return r < 0 ? undefined : c.videoAt(r);
    },
  };
}

function buildNews(body: VaultBody): { latestNews: NewsItem[]; newsByStory: Map<string, NewsItem[]> } {
  const byStory = new Map<string, NewsItem[]>();
  const latest: NewsItem[] = [];
  for (const n of body.news) {
    const it = newsItem(n);
    if (n.niche) latest.push(it);
    if (n.storyId) {
      let l = byStory.get(n.storyId);
      if (!l) byStory.set(n.storyId, (l = []));
      l.push(it);
    }
  }
  for (const [k, l] of byStory) byStory.set(k, l.sort(newestFirst).slice(0, MAX_ITEMS));
  return { latestNews: latest.sort(newestFirst).slice(0, MAX_ITEMS), newsByStory: byStory };
}

function searchTrends(body: VaultBody, today: number): { item: TrendItem; rankScore: number; id: string }[] {
  const out: { item: TrendItem; rankScore: number; id: string }[] = [];
  for (const s of onChartToday(body, "searches", today)) {
    if (!s.niche || s.d[s.d.length - 1] !== today) continue;
    const score = searchScore(s.t[s.t.length - 1]);
    out.push({
      id: s.key,
      rankScore: score,
      item: { title: s.query, source: "google", niche: s.niche, viralScore: score, searchVolume: s.trafficText, views: null, geos: s.geo ? [s.geo] : [], publishedAt: publishedOrFirstSeen(s.publishedAt, s.firstSeen) },
    });
  }
  return out;
}

/** Best story for free text (topic, title or headline), or null when no story holds enough of it. */
export function matchStory(idx: Indexes, q: string): { story: StoryView; score: number } | null {
  const hit = idx.matcher.match(q);
  if (!hit) return null;
  return { story: idx.stories[hit.id], score: hit.score };
}
