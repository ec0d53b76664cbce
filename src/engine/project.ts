/**
 * Optional 3-day projection for /forecast, using the method the backtest validated
 * (src/rules/projection.ts, bench/RESULTS.backtest.md): for video-led stories, cumulative views at
 * d+1..d+3 = views now + last daily gain × a decay sum fitted on the shipped data. Other stories
 * get no projection (no validated method for search or news series).
 */
import { projectViews } from "../rules/projection.ts";
import type { StoryView } from "./storyview.ts";

export const PROJECTION_DAYS = 3;
export const PROJECTION_METHOD = "decayed-gain-views (views + last gain × fitted decay sum)";

export function projectStory(s: StoryView): { projection: { method: string; values: number[] } } | null {
  if (s.source !== "youtube" || !s.live || s.views <= 0) return null;
  const values: number[] = [];
  for (let h = 1; h <= PROJECTION_DAYS; h++) values.push(Math.round(projectViews(s.views, s.velocity, s.daysTracked, h)));
  return { projection: { method: PROJECTION_METHOD, values } };
}
