/**
 * Per-story figures computed once at snapshot load from the vault's series and the pure rules, so
 * forecast, virality, alerts and opportunities all read the same numbers.
 */
import type { Niche } from "../domain/enums.ts";
import type { StoryRec, VaultBody, VideoRec } from "../vault/model.ts";
import { NONE, type VaultColumns } from "../vault/columns.ts";
import { dayOrdinal } from "../vault/model.ts";
import { accelTrend, lastChange, lifecycle, momentum, phase, timing, type AccelTrend, type Lifecycle, type Momentum, type Phase, type Timing } from "../rules/labels.ts";
import { vaultScore } from "../rules/vaultscore.ts";
import { breakoutProbability, chartShockOf, storyChartContext, type ChartSeries } from "../rules/breakout.ts";
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

/** What one story's figures are computed from (a record, or a row of the v2 columns). */
interface StoryInput {
  firstSeen: string;
  niche: Niche | null;
  series: { video: number[]; search: number[]; news: number[] };
  nVideos: number;
  nSearches: number;
  nNews: number;
  nCreators: number;
  /** Views of member videos at their latest observation, summed. */
  views: number;
  /** A member video observed today. */
  memberOnChart: boolean;
  /** Member videos' series (only read for a live video-led story). */
  members: () => Iterable<ChartSeries>;
}

type Figures = Omit<StoryView, "rec" | "leadVideo">;

/** Shared by the record and the column paths, so both give the same numbers. */
function storyFigures(s: StoryInput, ctx: { today: number; lastIdx: number; dayPos: Map<string, number>; ordinalOf: (d: string) => number; shock: number | null }): Figures {
  const { today, lastIdx } = ctx;
  const hasVideo = s.series.video.some((x) => x > 0) || s.nVideos > 0;
  const hasSearch = s.nSearches > 0;
  const source: PrimarySource = hasVideo ? "youtube" : hasSearch ? "google" : "news";
  const raw = source === "youtube" ? s.series.video : source === "google" ? s.series.search.map(searchScore) : s.series.news;
  const y = activeTail(raw);
  const fsIdx = ctx.dayPos.get(s.firstSeen) ?? -1;
  const ageDays = Math.max(0, today - ctx.ordinalOf(s.firstSeen));
  const daysTracked = fsIdx >= 0 ? lastIdx - fsIdx + 1 : y.length;
  const m = momentum(y);
  const lc = lifecycle(y, daysTracked);
  const views = s.views;
  const live = raw[lastIdx] > 0 || (source === "youtube" && s.memberOnChart);
  const sourcesCount = (hasVideo ? 1 : 0) + (hasSearch ? 1 : 0) + (s.nNews ? 1 : 0);
  const velocity = y.length ? y[y.length - 1] : 0;
  return {
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
    vaultScore: vaultScore({ y, creators: s.nCreators, sources: sourcesCount, daysTracked }),
    // Off every chart today: no live signal to extrapolate, so no breakout call (docs/rules.md).
    // Video-led stories are scored on the chart context of their best-placed video, as in the backtest's story level.
    breakoutProbability: live ? breakoutProbability(y, daysTracked, source === "youtube" ? views : y.reduce((a, b) => a + b, 0), undefined, source === "youtube" ? storyChartContext(s.members(), today, ctx.shock) : null) : 0,
    views,
    live,
    niche: s.niche,
    sourcesCount,
  };
}

function context(body: VaultBody, onChart: () => Iterable<ChartSeries>) {
  const today = dayOrdinal(body.date);
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
  return { today, lastIdx: body.days.length - 1, dayPos, ordinalOf, shock: chartShockOf(onChart(), today) };
}

/** Views of every story, or of the stories whose id is in `only`. */
export function buildStoryViews(body: VaultBody, videoById: { get(id: string): VideoRec | undefined }, only?: ReadonlySet<string>): StoryView[] {
  const ctx = context(body, () => body.videos);
  const out: StoryView[] = [];
  for (const s of body.stories) {
    if (only && !only.has(s.id)) continue;
    let views = 0;
    let lead: VideoRec | null = null;
    let memberOnChart = false;
    const members: VideoRec[] = [];
    for (const id of s.videoIds) {
      const v = videoById.get(id);
      if (!v) continue;
      members.push(v);
      const last = v.v[v.v.length - 1] ?? 0;
      views += last;
      if (!lead || last > lead.v[lead.v.length - 1]) lead = v;
      if (v.d[v.d.length - 1] === ctx.today) memberOnChart = true;
    }
    const f = storyFigures(
      { firstSeen: s.firstSeen, niche: s.niche, series: s.series, nVideos: s.videoIds.length, nSearches: s.searchKeys.length, nNews: s.newsUrls.length, nCreators: s.creators.length, views, memberOnChart, members: () => members },
      ctx,
    );
    out.push({ rec: s, ...f, leadVideo: lead });
  }
  return out;
}

/** Row of each string of the table that is a video id (-1 otherwise); the last row wins, as in a Map. */
export function videoRowOfString(c: VaultColumns): Int32Array {
  const rows = new Int32Array(c.nStrings).fill(-1);
  const id = c.col<Uint32Array>("v.id");
  for (let i = 0; i < id.length; i++) rows[id[i]] = i;
  return rows;
}

/**
 * Story views over v2 columns: the same figures as buildStoryViews, without building the vault's
 * records. `rec` and `leadVideo` are built on first read of each view (most are never read), then
 * kept. Only today's chart and the members of live video-led stories are built here.
 */
export function buildStoryViewsFromColumns(body: VaultBody, c: VaultColumns, rowOfString: Int32Array): StoryView[] {
  const vd = c.col<Int32Array>("v.d"), vdOff = c.col<Uint32Array>("v.d.off");
  const vv = c.col<Float64Array>("v.v"), vvOff = c.col<Uint32Array>("v.v.off");
  // The chart rules read only d, v, p and publishedAt, and treat a non-finite position as unknown
  // (chartPosOn), so views of the columns (NaN = null) stand in for records.
  const series = (r: number) => c.videoSeriesAt(r) as unknown as ChartSeries;
  const ctx = context(body, () => c.rowsLastOn("v", dayOrdinal(body.date)).map(series));
  const mOff = c.col<Uint32Array>("t.videoIds.off"), mStr = c.col<Uint32Array>("t.videoIds");
  const sOff = c.col<Uint32Array>("t.searchKeys.off"), nOff = c.col<Uint32Array>("t.newsUrls.off"), cOff = c.col<Uint32Array>("t.creators.off");
  const tFirst = c.col<Uint32Array>("t.firstSeen"), tNiche = c.col<Uint32Array>("t.niche");
  const strCache = new Map<number, string>();
  const cached = (k: number) => {
    let x = strCache.get(k);
    if (x === undefined) strCache.set(k, (x = c.str(k)));
    return x;
  };
  const out: StoryView[] = [];
  for (let i = 0; i < c.nStories; i++) {
    let views = 0;
    let lead = -1;
    let leadLast: number | undefined;
    let memberOnChart = false;
    for (let k = mOff[i]; k < mOff[i + 1]; k++) {
      const r = rowOfString[mStr[k]];
      if (r < 0) continue;
      const last = vvOff[r + 1] > vvOff[r] ? vv[vvOff[r + 1] - 1] : undefined;
      views += last ?? 0;
      if (lead < 0 || (last ?? 0) > (leadLast as number)) {
        lead = r;
        leadLast = last;
      }
      if (vdOff[r + 1] > vdOff[r] && vd[vdOff[r + 1] - 1] === ctx.today) memberOnChart = true;
    }
    const members = () => {
      const m: ChartSeries[] = [];
      for (let k = mOff[i]; k < mOff[i + 1]; k++) if (rowOfString[mStr[k]] >= 0) m.push(series(rowOfString[mStr[k]]));
      return m;
    };
    const f = storyFigures(
      {
        firstSeen: cached(tFirst[i]),
        niche: (tNiche[i] === NONE ? null : cached(tNiche[i])) as Niche | null,
        series: { video: c.seriesAt(i, "video"), search: c.seriesAt(i, "search"), news: c.seriesAt(i, "news") },
        nVideos: mOff[i + 1] - mOff[i],
        nSearches: sOff[i + 1] - sOff[i],
        nNews: nOff[i + 1] - nOff[i],
        nCreators: cOff[i + 1] - cOff[i],
        views,
        memberOnChart,
        members,
      },
      ctx,
    );
    out.push(lazyView(f, c, i, lead));
  }
  return out;
}

/** A view whose `rec` and `leadVideo` are own properties built on first read. */
function lazyView(f: Figures, c: VaultColumns, i: number, lead: number): StoryView {
  const v = { rec: undefined, ...f, leadVideo: undefined } as unknown as StoryView;
  const once = (key: "rec" | "leadVideo", make: () => unknown) =>
    Object.defineProperty(v, key, {
      enumerable: true,
      configurable: true,
      get() {
        const x = make();
        Object.defineProperty(v, key, { value: x, enumerable: true, writable: true, configurable: true });
        return x;
      },
    });
  once("rec", () => c.storyAt(i));
  once("leadVideo", () => (lead < 0 ? null : c.videoAt(lead)));
  return v;
}
