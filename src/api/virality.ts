/** GET /api/public/virality-score?q= — viral score of a topic or title (1 credit; 0 when nothing matches). */
import { route } from "./endpoint.ts";
import { VIRALITY } from "./contracts.ts";
import { matchCached } from "../engine/service.ts";
import { classifyHook } from "../rules/hook.ts";
import { viralScoreOf } from "../rules/viralscore.ts";

export const virality = route(VIRALITY, (q, { snap }) => {
  const hook = classifyHook(q.q);
  const m = matchCached(snap, q.q);
  if (!m) return { data: { query: q.q, matchedTopic: null, viral_score: null, breakoutProbability: null, hook_type: hook, source: "vault" }, confidence: "pending", cost: 0 };
  const s = m.story;
  return {
    data: {
      query: q.q,
      matchedTopic: s.rec.name,
      viral_score: viralScoreOf(s.vaultScore, s.breakoutProbability),
      breakoutProbability: s.breakoutProbability,
      hook_type: hook,
      parts: { vaultScore: s.vaultScore, breakoutProbability: s.breakoutProbability },
      source: "vault",
    },
  };
});
