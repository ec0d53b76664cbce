/**
 * Story maintenance after a day's items are merged: items not yet in a story are assigned by the
 * clustering rule (cluster.ts; existing assignments never move, so storyIds are stable), then every
 * story's members, display name, niche, creators and daily series per source are recomputed.
 */
import type { Niche } from "../domain/enums.ts";
import { assignStories, type ClusterItem, type StorySeed } from "./cluster.ts";
import { storyName } from "./naming.ts";
import { dayOrdinal, type StoryRec, type VaultBody } from "./model.ts";

/** Item weight for clustering order and naming: log-scaled reach so one viral video does not drown the rest. */
function weightOf(views: number): number {
  return Math.log10(1 + Math.max(0, views));
}

/**
 * What assignStories is given for a merged day: the items not yet in a story (keys "v:", "s:", "n:"
 * + id) and the existing stories. Exported so tests and bench/scale.ts cluster exactly this.
 */
export function clusterInput(body: VaultBody): { items: ClusterItem[]; existing: StorySeed[] } {
  const items: ClusterItem[] = [];
  for (const v of body.videos) if (!v.storyId) items.push({ key: "v:" + v.id, title: v.title, weight: weightOf(v.v[v.v.length - 1] ?? 0), channel: v.channelTitle || undefined });
  for (const s of body.searches) if (!s.storyId) items.push({ key: "s:" + s.key, title: s.query, weight: weightOf(s.t[s.t.length - 1] ?? 0) });
  for (const n of body.news) if (!n.storyId) items.push({ key: "n:" + n.url, title: n.title, weight: 0, channel: n.source || undefined });
  const existing: StorySeed[] = body.stories.map((s) => ({ id: s.id, terms: s.terms, firstSeen: s.firstSeen }));
  return { items, existing };
}

/** What the day's merge changed that naming needs to know (ingest.ts fills it in). */
export interface DayChanges {
  /** Ids of existing videos whose title changed today. */
  retitled: Set<string>;
}

/**
 * With `changes` (buildDay passes them), a story keeps the name it has in `body.stories` when naming
 * it again would give the same text: no new member, no member retitled, and either no member on
 * today's chart (same titles and weights as yesterday) or a single member (a one-member story is
 * named from its title alone). storyName is the costliest per-story step. The name is otherwise
 * recomputed, as it always is without `changes`. (So after a change to the naming rules, rebuild
 * the vault from its first day to rename every story.)
 */
export function rebuildStories(body: VaultBody, changes?: DayChanges): VaultBody {
  const { items, existing } = clusterInput(body);
  const { assignment, stories: seeds } = items.length ? assignStories(existing, items, body.date) : { assignment: new Map<string, string>(), stories: existing };

  const videos = body.videos.map((v) => (v.storyId ? v : { ...v, storyId: assignment.get("v:" + v.id) ?? null }));
  const searches = body.searches.map((s) => (s.storyId ? s : { ...s, storyId: assignment.get("s:" + s.key) ?? null }));
  const news = body.news.map((n) => (n.storyId ? n : { ...n, storyId: assignment.get("n:" + n.url) ?? null }));

  // Names that can be kept (see above): `previousName` holds yesterday's name of every story without
  // a new or retitled member; `onChart` the stories with a member observed today.
  const today = dayOrdinal(body.date);
  const previousName = new Map<string, string>();
  const onChart = new Set<string>();
  if (changes) {
    const renamed = new Set<string>(assignment.values());
    for (const v of videos) {
      if (!v.storyId) continue;
      if (changes.retitled.has(v.id)) renamed.add(v.storyId);
      if (v.d[v.d.length - 1] === today) onChart.add(v.storyId);
    }
    for (const s of searches) if (s.storyId && s.d[s.d.length - 1] === today) onChart.add(s.storyId);
    for (const s of body.stories) if (!renamed.has(s.id) && s.name) previousName.set(s.id, s.name);
  }

  const dayIdx = new Map(body.days.map((d, i) => [dayOrdinal(d), i]));
  const nDays = body.days.length;
  interface Acc {
    rec: StoryRec;
    titles: { title: string; weight: number }[];
    nicheW: Map<Niche, number>;
    creators: Set<string>;
  }
  const acc = new Map<string, Acc>();
  for (const s of seeds) {
    acc.set(s.id, {
      rec: { id: s.id, name: "", niche: null, firstSeen: s.firstSeen, terms: s.terms, videoIds: [], searchKeys: [], newsUrls: [], creators: [], series: { video: new Array(nDays).fill(0), search: new Array(nDays).fill(0), news: new Array(nDays).fill(0) } },
      titles: [],
      nicheW: new Map(),
      creators: new Set(),
    });
  }
  const addNiche = (a: Acc, n: Niche | null, w: number) => {
    if (n) a.nicheW.set(n, (a.nicheW.get(n) ?? 0) + w);
  };
  for (const v of videos) {
    const a = v.storyId ? acc.get(v.storyId) : undefined;
    if (!a) continue;
    a.rec.videoIds.push(v.id);
    const w = weightOf(v.v[v.v.length - 1] ?? 0);
    a.titles.push({ title: v.title, weight: w });
    addNiche(a, v.niche, 1 + w);
    if (v.channelTitle) a.creators.add(v.channelTitle);
    for (let i = 1; i < v.d.length; i++) {
      const k = dayIdx.get(v.d[i]);
      const gap = v.d[i] - v.d[i - 1];
      if (k !== undefined && gap > 0) a.rec.series.video[k] += Math.max(0, v.v[i] - v.v[i - 1]) / gap;
    }
  }
  for (const s of searches) {
    const a = s.storyId ? acc.get(s.storyId) : undefined;
    if (!a) continue;
    a.rec.searchKeys.push(s.key);
    a.titles.push({ title: s.query, weight: weightOf(s.t[s.t.length - 1] ?? 0) });
    addNiche(a, s.niche, 1);
    for (let i = 0; i < s.d.length; i++) {
      const k = dayIdx.get(s.d[i]);
      if (k !== undefined) a.rec.series.search[k] += s.t[i];
    }
  }
  for (const n of news) {
    const a = n.storyId ? acc.get(n.storyId) : undefined;
    if (!a) continue;
    a.rec.newsUrls.push(n.url);
    a.titles.push({ title: n.title, weight: 0 });
    addNiche(a, n.niche, 0.5);
    const k = dayIdx.get(dayOrdinal(n.firstSeen));
    if (k !== undefined) a.rec.series.news[k] += 1;
  }
  const stories: StoryRec[] = [];
  for (const a of acc.values()) {
    if (!a.titles.length) continue; // a story whose members are all gone is dropped
    const kept = a.titles.length === 1 || !onChart.has(a.rec.id) ? previousName.get(a.rec.id) : undefined;
    a.rec.name = kept ?? storyName(a.titles);
    let best: Niche | null = null;
    for (const [n, w] of [...a.nicheW].sort((x, y) => (x[0] < y[0] ? -1 : 1))) if (best === null || w > a.nicheW.get(best)!) best = n;
    a.rec.niche = best;
    a.rec.creators = [...a.creators].sort();
    stories.push(a.rec);
  }
  stories.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return { ...body, videos, searches, news, stories };
}
