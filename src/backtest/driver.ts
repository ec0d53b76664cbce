/**
 * Driver of `backtest`: replays daily feeds (the `ingest --feeds` layout) through the same ingest
 * code (buildDay, story clustering included) and feeds one frame per day and level to a
 * BacktestEngine. Feed days are read lazily, one at a time, so while day d is processed no later
 * day has even been read.
 *
 * Video level: every video observed on day d; y = its daily gains (velocities), chart context =
 * its position on day d's and day d−1's chart (order of the day's videos.list items per region),
 * the day's chart shock (median ln gain ratio of the videos observed today) and its publish age
 * when the feed carries `publishedAt`.
 * Story level: every story in the day-d vault; members = its videos observed on d and on d−H
 * (fixed at prediction time); y = the story's daily video series and chart context = that of its
 * best-placed video (storyChartContext over the vault's chart positions): the same inputs the API
 * scores (src/engine/storyview.ts).
 */
import type { DayInput } from "../vault/ingest.ts";
import { buildDay, chartPositions } from "../vault/ingest.ts";
export { chartPositions };
import { listFeedDays, readFeedDay } from "../vault/feeddir.ts";
import { dayOrdinal, ordinalToIso, type VaultBody } from "../vault/model.ts";
import { velocities } from "../rules/velocity.ts";
import { BacktestEngine, type Candidate, type EngineOptions, type LevelReport, type StepInfo } from "./engine.ts";
import { chartShockOf, publishAgeDays, storyChartContext, type BreakoutFitOptions } from "../rules/breakout.ts";
export { publishAgeDays };

export type Level = "video" | "story";
export const LEVELS: Level[] = ["video", "story"];

export interface UnavailableLevel {
  available: false;
  reason: string;
}

export interface BacktestReport {
  horizon: number;
  days: { first: string | null; last: string | null; count: number };
  levels: Partial<Record<Level, LevelReport | UnavailableLevel>>;
}

export interface BacktestOptions {
  horizon: number;
  levels?: Level[];
  fit?: BreakoutFitOptions;
  rankRatio?: number;
  /** Called after each day with the per-level step info. */
  onDay?: (day: string, index: number, info: Partial<Record<Level, StepInfo>>) => void;
}

function activeTail(series: number[]): number[] {
  const first = series.findIndex((x) => x > 0);
  return first < 0 ? [] : series.slice(first);
}

function observedOn(d: number[], day: number): boolean {
  for (let i = d.length - 1; i >= 0; i--) {
    if (d[i] === day) return true;
    if (d[i] < day) return false;
  }
  return false;
}

/** The day's chart shock (docs/rules.md §6): chartShockOf over the vault's videos. */
export function chartShock(body: VaultBody, day: number): number | null {
  return chartShockOf(body.videos, day);
}

export function videoCandidates(body: VaultBody, day: number, pos: Map<string, number>, posPrev: Map<string, number> | undefined): Candidate[] {
  const out: Candidate[] = [];
  const shock = chartShock(body, day);
  for (const v of body.videos) {
    if (v.d[v.d.length - 1] !== day) continue;
    out.push({
      key: "v:" + v.id,
      members: [v.id],
      y: velocities(v.d, v.v),
      daysTracked: day - dayOrdinal(v.firstSeen) + 1,
      ctx: { pos: pos.get(v.id) ?? 1, posPrev: posPrev?.get(v.id) ?? null, chartShock: shock, ageDays: publishAgeDays(v.publishedAt, day) },
    });
  }
  return out;
}

export function storyCandidates(body: VaultBody, day: number, h: number): Candidate[] {
  const vids = new Map(body.videos.map((v) => [v.id, v]));
  const shock = chartShockOf(body.videos, day);
  const out: Candidate[] = [];
  for (const s of body.stories) {
    const members = s.videoIds.filter((id) => {
      const v = vids.get(id);
      return v !== undefined && observedOn(v.d, day) && observedOn(v.d, day - h);
    });
    if (!members.length) continue;
    // Chart context over all the story's videos (not only the scored members): what serving sees (storyview).
    const recs = s.videoIds.map((id) => vids.get(id)).filter((v) => v !== undefined);
    const ctx = storyChartContext(recs, day, shock) ?? { pos: 1, posPrev: null, chartShock: shock, ageDays: null };
    out.push({ key: "s:" + s.id, members: members.sort(), y: activeTail(s.series.video), daysTracked: day - dayOrdinal(s.firstSeen) + 1, ctx });
  }
  return out;
}

export interface Replay {
  engines: Map<Level, BacktestEngine>;
  storiesSeen: boolean;
  days: { first: string | null; last: string | null; count: number };
}

/**
 * Replays day inputs in date order through the engines of the requested levels. `inputs` may be a
 * lazy iterable (feed days are then read one by one). Days must be strictly increasing (buildDay
 * enforces it).
 */
export function replayDays(inputs: Iterable<DayInput>, opts: BacktestOptions): Replay {
  const levels = opts.levels ?? LEVELS;
  const eo: EngineOptions = { horizon: opts.horizon, fit: opts.fit, rankRatio: opts.rankRatio };
  const engines = new Map<Level, BacktestEngine>(levels.map((l) => [l, new BacktestEngine(eo)]));
  let body: VaultBody | null = null;
  let posPrev: { day: number; pos: Map<string, number> } | null = null;
  let first: string | null = null;
  let last: string | null = null;
  let count = 0;
  let storiesSeen = false;
  for (const input of inputs) {
    body = buildDay(body, input);
    const day = dayOrdinal(input.day);
    first ??= input.day;
    last = input.day;
    const pos = chartPositions(input);
    const views = new Map<string, number>();
    for (const v of body.videos) if (v.d[v.d.length - 1] === day) views.set(v.id, v.v[v.v.length - 1]);
    const info: Partial<Record<Level, StepInfo>> = {};
    for (const [level, eng] of engines) {
      let candidates: Candidate[];
      if (level === "video") candidates = videoCandidates(body, day, pos, posPrev && posPrev.day === day - 1 ? posPrev.pos : undefined);
      else {
        if (body.stories.length) storiesSeen = true;
        candidates = storyCandidates(body, day, opts.horizon);
      }
      info[level] = eng.step({ day, views, candidates });
    }
    posPrev = { day, pos };
    opts.onDay?.(input.day, count, info);
    count++;
  }
  return { engines, storiesSeen, days: { first, last, count } };
}

/** Runs the backtest and scores every level (story level: unavailable when the vault never had a story). */
export function runBacktest(inputs: Iterable<DayInput>, opts: BacktestOptions): BacktestReport {
  const r = replayDays(inputs, opts);
  const out: BacktestReport = { horizon: opts.horizon, days: r.days, levels: {} };
  for (const [level, eng] of r.engines) {
    out.levels[level] = level === "story" && !r.storiesSeen ? { available: false, reason: "no stories in the vault: story clustering produced none for these feeds" } : eng.report();
  }
  return out;
}

/** Feed days of DIR read lazily in date order (readFeedDay is called only when the day is reached). */
export function* feedDays(dir: string, onRead?: (day: string, input: DayInput) => void): Generator<DayInput> {
  for (const day of listFeedDays(dir)) {
    const input = readFeedDay(dir, day);
    onRead?.(day, input);
    yield input;
  }
}

export function isoOf(ordinal: number | null): string | null {
  return ordinal === null ? null : ordinalToIso(ordinal);
}
