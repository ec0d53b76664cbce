/** GET /api/public/virality-score?q= — viral score of a topic or title (1 credit; 0 when nothing matches). */
import { Type as T } from "@sinclair/typebox";
import { defineEndpoint } from "./endpoint.ts";
import { ViralityQuery } from "./params.ts";
import { matchCached } from "../engine/service.ts";
import { classifyHook } from "../rules/hook.ts";
import { viralScoreOf } from "../rules/viralscore.ts";
import { HookTypeEnum } from "./shapes.ts";

export const ViralitySchema = T.Object({
  query: T.String(),
  matchedTopic: T.Union([T.String(), T.Null()]),
  viral_score: T.Union([T.Number({ minimum: 0, maximum: 100 }), T.Null()]),
  breakoutProbability: T.Union([T.Number({ minimum: 0, maximum: 1 }), T.Null()]),
  hook_type: HookTypeEnum,
  parts: T.Optional(T.Object({ vaultScore: T.Number(), breakoutProbability: T.Number() }, { description: "The visible parts of viral_score" })),
  source: T.String(),
});

export const virality = defineEndpoint({
  name: "virality-score",
  path: "/api/public/virality-score",
  kind: "data",
  cost: 1,
  summary: "Virality score of a topic or title",
  description:
    "Matches `q` (a topic or a draft title) to a story and returns viral_score 0-100 = 0.7 × the story's vaultScore + up to 30 points for its breakout probability (full at five times the base rate; docs/rules.md), the breakout probability, and the hook type of `q` itself. No match: `confidence: pending`, null scores, no credit spent.",
  query: ViralityQuery,
  data: ViralitySchema,
  confidence: "observed",
  freeText: ["q"],
  example: { query: "iPhone X review", matchedTopic: "iPhone X", viral_score: 62.4, breakoutProbability: 0.41, hook_type: "plain", parts: { vaultScore: 71.5, breakoutProbability: 0.41 }, source: "vault" },
  handle(q, { snap }) {
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
  },
});
