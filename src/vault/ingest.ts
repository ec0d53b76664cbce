/**
 * Ingest: day N's vault = day N-1's vault + day N's observations. Pure given its inputs, so the
 * same inputs give byte-identical snapshots. Videos are merged by id, searches by normalised
 * query + geo, news by URL; each keeps its first-seen day and (for video/search) its daily series.
 */
import type { NewsObs, Observation, SearchObs, SkipTally, VideoObs } from "../feeds/types.ts";
import { classifyNiche } from "../rules/niche.ts";
import { dayOrdinal, emptyVault, type NewsRec, type SearchRec, type VaultBody, type VideoRec } from "./model.ts";
import { rebuildStories, type DayChanges } from "./stories.ts";

export interface DayInput {
  day: string;
  observations: Observation[];
  inputs: string[];
  skipped: SkipTally;
}

function byKey<T>(key: (x: T) => string) {
  return (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

function upsertSeries(d: number[], v: number[], day: number, value: number): void {
  const n = d.length;
  if (n && d[n - 1] === day) {
    v[n - 1] = Math.max(v[n - 1], value);
    return;
  }
  if (n && d[n - 1] > day) return; // never rewrite history
  d.push(day);
  v.push(value);
}

function mergeVideo(map: Map<string, VideoRec>, o: VideoObs, day: string, ord: number, changes?: DayChanges): void {
  let r = map.get(o.id);
  if (!r) {
    r = { id: o.id, title: o.title, channelTitle: o.channelTitle, channelId: o.channelId, categoryId: o.categoryId, tags: o.tags, publishedAt: o.publishedAt, firstSeen: day, regions: [], niche: null, storyId: null, d: [], v: [] };
    map.set(o.id, r);
  } else {
    r = { ...r, d: r.d.slice(), v: r.v.slice(), regions: r.regions.slice() };
    map.set(o.id, r);
    if (o.title && o.title !== r.title) changes?.retitled.add(o.id);
    r.title = o.title || r.title;
    r.channelTitle = o.channelTitle || r.channelTitle;
    r.channelId = o.channelId ?? r.channelId;
    r.categoryId = o.categoryId ?? r.categoryId;
    if (o.tags.length) r.tags = o.tags;
    r.publishedAt = o.publishedAt ?? r.publishedAt;
  }
  if (!r.regions.includes(o.region)) r.regions = [...r.regions, o.region].sort();
  upsertSeries(r.d, r.v, ord, o.views);
  r.niche = classifyNiche({ title: r.title, tags: r.tags, categoryId: r.categoryId, channel: r.channelTitle });
}

export function searchKey(query: string, geo: string): string {
  return query.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim() + "|" + geo;
}

function mergeSearch(map: Map<string, SearchRec>, o: SearchObs, day: string, ord: number): void {
  const key = searchKey(o.query, o.geo);
  let r = map.get(key);
  if (!r) {
    r = { key, query: o.query, geo: o.geo, firstSeen: day, niche: null, storyId: null, trafficText: o.trafficText, publishedAt: o.publishedAt, d: [], t: [] };
  } else {
    r = { ...r, d: r.d.slice(), t: r.t.slice() };
  }
  map.set(key, r);
  if (!r.d.length || r.d[r.d.length - 1] < ord || o.traffic >= r.t[r.t.length - 1]) {
    r.trafficText = o.trafficText;
    r.publishedAt = o.publishedAt ?? r.publishedAt;
  }
  upsertSeries(r.d, r.t, ord, o.traffic);
  // Each headline is its own tag so a phrase never spans two headlines.
  r.niche = classifyNiche({ title: r.query, tags: o.news.map((n) => n.title) });
}

function mergeNews(map: Map<string, NewsRec>, o: NewsObs, day: string): void {
  if (map.has(o.url)) return;
  map.set(o.url, { url: o.url, title: o.title, source: o.source, publishedAt: o.publishedAt, firstSeen: day, niche: classifyNiche({ title: o.title }), storyId: null });
}

/**
 * Position of each video on the day's chart: rank / list length per region (0 = top), best over
 * regions. The order of a region's video observations is the chart order (videos.list
 * chart=mostPopular and the Kaggle rows are both in chart order).
 */
export function chartPositions(input: DayInput): Map<string, number> {
  const byRegion = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const o of input.observations) {
    if (o.kind !== "video") continue;
    const k = o.region + "|" + o.id;
    if (seen.has(k)) continue;
    seen.add(k);
    let l = byRegion.get(o.region);
    if (!l) byRegion.set(o.region, (l = []));
    l.push(o.id);
  }
  const pos = new Map<string, number>();
  for (const ids of byRegion.values()) ids.forEach((id, i) => pos.set(id, Math.min(pos.get(id) ?? 1, i / ids.length)));
  return pos;
}

export function buildDay(prev: VaultBody | null, input: DayInput): VaultBody {
  const changes: DayChanges = { retitled: new Set() };
  return rebuildStories(mergeDay(prev, input, changes), changes);
}

/**
 * buildDay without the story step: day N-1's vault with day N's observations merged in, and in
 * `changes` what story naming needs to know (bench/scale.ts times the two steps apart).
 */
export function mergeDay(prev: VaultBody | null, input: DayInput, changes?: DayChanges): VaultBody {
  const base = prev ?? emptyVault(input.day);
  if (prev && prev.date >= input.day) throw new Error(`cannot build ${input.day} on top of ${prev.date}`);
  const ord = dayOrdinal(input.day);
  const videos = new Map(base.videos.map((v) => [v.id, v]));
  const searches = new Map(base.searches.map((s) => [s.key, s]));
  const news = new Map(base.news.map((n) => [n.url, n]));
  const counts = { videos: 0, searches: 0, news: 0 };
  for (const o of input.observations) {
    if (o.kind === "video") {
      mergeVideo(videos, o, input.day, ord, changes);
      counts.videos++;
    } else if (o.kind === "search") {
      mergeSearch(searches, o, input.day, ord);
      counts.searches++;
      for (const n of o.news) mergeNews(news, n, input.day);
    } else {
      mergeNews(news, o, input.day);
      counts.news++;
    }
  }
  // Chart positions of today's observations, aligned with each video's day series.
  for (const [id, pos] of chartPositions(input)) {
    const r = videos.get(id);
    if (!r || r.d[r.d.length - 1] !== ord) continue;
    const p = (r.p ?? []).slice(0, r.d.length);
    while (p.length < r.d.length) p.push(null);
    p[r.d.length - 1] = pos;
    r.p = p;
  }
  const body: VaultBody = {
    date: input.day,
    days: [...base.days, input.day],
    videos: [...videos.values()].sort(byKey((v) => v.id)),
    searches: [...searches.values()].sort(byKey((s) => s.key)),
    news: [...news.values()].sort(byKey((n) => n.url)),
    stories: base.stories,
    alertLog: base.alertLog,
    reports: [...base.reports, { day: input.day, inputs: input.inputs, counts, skipped: input.skipped }],
  };
  return body;
}
