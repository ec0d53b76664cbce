/**
 * In-memory indexes built once per snapshot load: everything a request needs is precomputed here,
 * so serving is a lookup. Rankings are the top 10 per (source, niche) and across niches.
 */
import { NICHES, type Niche, type TrendSource } from "../domain/enums.ts";
import { ordinalToIso, type VaultBody, type VideoRec } from "../vault/model.ts";
import { velocity, viralScore } from "../rules/velocity.ts";

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

export interface Indexes {
  date: string;
  /** key: `${source}|${niche or "*"}` → up to 10 ranked items. */
  trends: Map<string, TrendItem[]>;
  videoById: Map<string, VideoRec>;
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
  const today = body.days.length ? Math.floor(Date.parse(body.date + "T00:00:00Z") / 86_400_000) : 0;
  void ordinalToIso;
  const trends = new Map<string, TrendItem[]>();
  const vids = videoTrends(body, today);
  // Ranked by viralScore (unknown last), then views, then id for a stable order.
  const cmp = (a: (typeof vids)[number], b: (typeof vids)[number]) =>
    b.rankScore - a.rankScore || (b.item.views ?? 0) - (a.item.views ?? 0) || (a.id < b.id ? -1 : 1);
  trends.set(trendKey("youtube", undefined), rankTop(vids, cmp, () => true).map((x) => x.item));
  for (const n of NICHES) trends.set(trendKey("youtube", n), rankTop(vids, cmp, (x) => x.item.niche === n).map((x) => x.item));
  for (const n of [undefined, ...NICHES]) if (!trends.has(trendKey("google", n))) trends.set(trendKey("google", n), []);
  return { date: body.date, trends, videoById: new Map(body.videos.map((v) => [v.id, v])) };
}
