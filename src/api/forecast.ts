/** GET /api/public/forecast?q= — the matched story's trajectory and labels (1 credit; 0 when nothing matches). */
import { route } from "./endpoint.ts";
import { FORECAST } from "./contracts.ts";
import { matchCached } from "../engine/service.ts";
import { projectStory } from "../engine/project.ts";

export const forecast = route(FORECAST, (q, { snap }) => {
  const m = matchCached(snap, q.q);
  if (!m) {
    return {
      data: { query: q.q, matchedTopic: null, momentum: null, timing: null, lifecycle: null, breakoutProbability: null, acceleration: null, accelTrend: null, vaultScore: null, trajectory: [], source: "vault" },
      confidence: "pending",
      cost: 0,
    };
  }
  const s = m.story;
  return {
    data: {
      query: q.q,
      matchedTopic: s.rec.name,
      momentum: s.momentum,
      timing: s.timing,
      lifecycle: s.lifecycle,
      breakoutProbability: s.breakoutProbability,
      acceleration: s.acceleration,
      accelTrend: s.accelTrend,
      vaultScore: s.vaultScore,
      trajectory: s.trajectory,
      ...(projectStory(s) ?? {}),
      matchScore: Math.round(m.score * 1000) / 1000,
      source: "vault",
    },
  };
});
