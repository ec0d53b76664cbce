/**
 * Optional 3-day projection of a story's daily series for /forecast: the last value carried
 * forward with the decay the series itself shows (ratio of its last two values, capped to
 * [0.5, 1.2]), so a fading story fades and a rising one rises a little. Named in the answer.
 */
import type { StoryView } from "./storyview.ts";

export const PROJECTION_DAYS = 3;

export function projectSeries(y: number[], days = PROJECTION_DAYS): number[] | null {
  const n = y.length;
  if (n < 2 || y[n - 2] <= 0) return null;
  const r = Math.max(0.5, Math.min(1.2, y[n - 1] / y[n - 2]));
  const out: number[] = [];
  let cur = y[n - 1];
  for (let i = 0; i < days; i++) {
    cur *= r;
    out.push(Math.round(cur * 100) / 100);
  }
  return out;
}

export function projectStory(s: StoryView): { projection: { method: string; values: number[] } } | null {
  const v = projectSeries(s.y);
  return v ? { projection: { method: "decayed-last-ratio", values: v } } : null;
}
