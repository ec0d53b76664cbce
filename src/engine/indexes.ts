/**
 * In-memory indexes built once per snapshot load: everything a request needs is precomputed here,
 * so serving is a lookup. Rankings are the top 10 per (source, niche) and across niches.
 */
import { NICHES, type Niche, type TrendSource } from "../domain/enums.ts";
import { dayOrdinal, type NewsRec, type VaultBody, type VideoRec } from "../vault/model.ts";
import { velocity, viralScore } from "../rules/velocity.ts";
import { buildStoryViews, searchScore, type StoryView } from "./storyview.ts";
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
  videoById: Map<string, VideoRec>;
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

function videoTrends(body: VaultBody, today: number): { item: TrendItem; rankScore: number; id: string }[] {
  const out: { item: TrendItem; rankScore: number; id: string }[] = [];
  for (const v of body.videos) {
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
  // on first use (or by warmIndexes); each getter returns the same object every time.
  let videoById: Map<string, VideoRec> | undefined;
  let storyPart: { stories: StoryView[]; storyById: Map<string, StoryView> } | undefined;
  let matchPart: StorySearch | undefined;
  let newsPart: { latestNews: NewsItem[]; newsByStory: Map<string, NewsItem[]> } | undefined;
  const vb = () => (videoById ??= new Map(body.videos.map((v) => [v.id, v])));
  const sp = () => {
    if (!storyPart) {
      const stories = buildStoryViews(body, vb());
      storyPart = { stories, storyById: new Map(stories.map((s) => [s.rec.id, s])) };
    }
    return storyPart;
  };
  const mp = () => (matchPart ??= buildMatcher(body, sp().stories, vb()));
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
function buildMatcher(body: VaultBody, stories: StoryView[], videoById: Map<string, VideoRec>): StorySearch {
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
  for (const s of body.searches) {
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
