/**
 * Per-story figures computed once at snapshot load from the vault's series and the pure rules, so
 * forecast, virality, alerts and opportunities all read the same numbers.
 */
import type { Niche } from "../domain/enums.ts";
import type { StoryRec, VaultBody, VideoRec } from "../vault/model.ts";
import { dayOrdinal } from "../vault/model.ts";
import { accelTrend, lastChange, lifecycle, momentum, phase, timing, type AccelTrend, type Lifecycle, type Momentum, type Phase, type Timing } from "../rules/labels.ts";
import { vaultScore } from "../rules/vaultscore.ts";
import { breakoutProbability, chartShockOf, storyChartContext } from "../rules/breakout.ts";
import { logScore } from "../rules/velocity.ts";

export const TRAJECTORY_DAYS = 14;

export type PrimarySource = "youtube" | "google" | "news";

export interface StoryView {
  rec: StoryRec;
  /** Source whose series drives the labels: video if any, else search, else news. */
  source: PrimarySource;
  velocityUnit: "views/day" | "arbitrage-score-0-100" | "articles/day";
  /** Active days of the primary series, oldest first (first activity to snapshot day). */
  y: number[];
  trajectory: number[];
  daysTracked: number;
  ageDays: number;
  velocity: number;
  prevVelocity: number;
  acceleration: number;
  momentum: Momentum;
  accelTrend: AccelTrend;
  lifecycle: Lifecycle;
  timing: Timing;
  phase: Phase;
  vaultScore: number;
  breakoutProbability: number;
  /** Total views of member videos at their latest observation. */
  views: number;
  leadVideo: VideoRec | null;
  live: boolean;
  niche: Niche | null;
  sourcesCount: number;
}

function activeTail(series: number[]): number[] {
  let first = series.findIndex((x) => x > 0);
  if (first < 0) return [];
  return series.slice(first);
}

/** Search traffic is a bucket lower bound; mapped to 0..100 on viralScore's log scale (10M searches = 100). */
export const searchScore = logScore;

export function buildStoryViews(body: VaultBody, videoById: Map<string, VideoRec>): StoryView[] {
  const today = dayOrdinal(body.date);
  const lastIdx = body.days.length - 1;
  const out: StoryView[] = [];
  // Per distinct day, not per story: position in body.days (first occurrence) and day ordinal.
  const dayPos = new Map<string, number>();
  body.days.forEach((d, i) => {
    if (!dayPos.has(d)) dayPos.set(d, i);
  });
  const ordinals = new Map<string, number>();
  const ordinalOf = (d: string) => {
    let o = ordinals.get(d);
    if (o === undefined) ordinals.set(d, (o = dayOrdinal(d)));
    return o;
  };
  const shock = chartShockOf(body.videos, today);
  for (const s of body.stories) {
    const hasVideo = s.series.video.some((x) => x > 0) || s.videoIds.length > 0;
    const hasSearch = s.searchKeys.length > 0;
    const source: PrimarySource = hasVideo ? "youtube" : hasSearch ? "google" : "news";
    const raw = source === "youtube" ? s.series.video : source === "google" ? s.series.search.map(searchScore) : s.series.news;
    const y = activeTail(raw);
    const fsIdx = dayPos.get(s.firstSeen) ?? -1;
    const ageDays = Math.max(0, today - ordinalOf(s.firstSeen));
    const daysTracked = fsIdx >= 0 ? lastIdx - fsIdx + 1 : y.length;
    const m = momentum(y);
    const lc = lifecycle(y, daysTracked);
    let views = 0;
    let lead: VideoRec | null = null;
    let memberOnChart = false; // a member video observed today
    const members: VideoRec[] = [];
    for (const id of s.videoIds) {
      const v = videoById.get(id);
      if (!v) continue;
      members.push(v);
      const last = v.v[v.v.length - 1] ?? 0;
      views += last;
      if (!lead || last > lead.v[lead.v.length - 1]) lead = v;
      if (v.d[v.d.length - 1] === today) memberOnChart = true;
    }
    const live = raw[lastIdx] > 0 || (source === "youtube" && memberOnChart);
    const sourcesCount = (hasVideo ? 1 : 0) + (hasSearch ? 1 : 0) + (s.newsUrls.length ? 1 : 0);
    const velocity = y.length ? y[y.length - 1] : 0;
    out.push({
      rec: s,
      source,
      velocityUnit: source === "youtube" ? "views/day" : source === "google" ? "arbitrage-score-0-100" : "articles/day",
      y,
      trajectory: y.slice(-TRAJECTORY_DAYS).map((x) => Math.round(x * 100) / 100),
      daysTracked,
      ageDays,
      velocity,
      prevVelocity: y.length >= 2 ? y[y.length - 2] : 0,
      acceleration: Math.round(lastChange(y) * 100) / 100,
      momentum: m,
      accelTrend: accelTrend(y),
      lifecycle: lc,
      timing: timing(lc, m),
      phase: phase(daysTracked),
      vaultScore: vaultScore({ y, creators: s.creators.length, sources: sourcesCount, daysTracked }),
      // Off every chart today: no live signal to extrapolate, so no breakout call (docs/rules.md).
      // Video-led stories are scored on the chart context of their best-placed video, as in the backtest's story level.
      breakoutProbability: live ? breakoutProbability(y, daysTracked, source === "youtube" ? views : y.reduce((a, b) => a + b, 0), undefined, source === "youtube" ? storyChartContext(members, today, shock) : null) : 0,
      views,
      leadVideo: lead,
      live,
      niche: s.niche,
      sourcesCount,
    });
  }
  return out;
}
