/** Snapshot-level accessors shared by the intelligence endpoints (memoised per snapshot). */
import type { Niche } from "../domain/enums.ts";
import type { Loaded } from "./engine.ts";
import { cached, lru } from "./cache.ts";
import { patternStats } from "./intel.ts";
import type { PatternStat } from "../rules/patterns.ts";
import { matchStory } from "./indexes.ts";
import type { StoryView } from "./storyview.ts";

/** Fuzzy story match, memoised per snapshot (matching is the costly step of grade and rewrites). */
export function matchCached(snap: Loaded, text: string): { story: StoryView; score: number } | null {
  return lru(snap, "match", text, () => matchStory(snap.idx, text));
}
import type { GradeContext } from "../rules/grade.ts";

export function validatedPatterns(snap: Loaded, niche: Niche | null | undefined, now: number): PatternStat[] {
  return cached(snap, `patterns|${niche ?? "*"}`, now, () => patternStats(snap.body, niche ?? undefined).filter((p) => p.validated));
}

export function gradeContext(snap: Loaded, now: number): GradeContext {
  return {
    validated: validatedPatterns(snap, null, now),
    match: (text) => {
      const m = matchCached(snap, text);
      return m ? { topic: m.story.rec.name, vaultScore: m.story.vaultScore } : null;
    },
    year: Number(snap.body.date.slice(0, 4)),
  };
}
