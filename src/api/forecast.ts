/** GET /api/public/forecast?q= — the matched story's trajectory and labels (1 credit; 0 when nothing matches). */
import { Type as T } from "@sinclair/typebox";
import { defineEndpoint } from "./endpoint.ts";
import { ForecastQuery } from "./params.ts";
import { matchCached } from "../engine/service.ts";
import { projectStory } from "../engine/project.ts";

const Nullable = <S extends ReturnType<typeof T.String> | ReturnType<typeof T.Number>>(s: S) => T.Union([s, T.Null()]);

export const ForecastSchema = T.Object({
  query: T.String(),
  matchedTopic: Nullable(T.String()),
  momentum: Nullable(T.String({ description: "accelerating | steady | decelerating" })),
  timing: Nullable(T.String({ description: "enter_now | watch | late" })),
  lifecycle: Nullable(T.String({ description: "emerging | growth | peak | decline" })),
  breakoutProbability: Nullable(T.Number({ minimum: 0, maximum: 1 })),
  acceleration: Nullable(T.Number()),
  accelTrend: Nullable(T.String({ description: "rising | flat | falling" })),
  vaultScore: Nullable(T.Number({ minimum: 0, maximum: 100 })),
  trajectory: T.Array(T.Number(), { maxItems: 14, description: "Observed daily values of the story's primary series (views/day for video), oldest first" }),
  projection: T.Optional(T.Object({ method: T.String(), values: T.Array(T.Number()) }, { description: "Projected cumulative views of the story for the next 3 days (video-led live stories only), with its method" })),
  matchScore: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
  source: T.String(),
});

export const forecast = defineEndpoint({
  name: "forecast",
  path: "/api/public/forecast",
  kind: "data",
  cost: 1,
  summary: "Forecast for a topic",
  description:
    "Fuzzy-matches `q` to a story in the vault and returns its observed trajectory (up to 14 days), momentum, timing, lifecycle, breakout probability, acceleration and vaultScore. When nothing matches: `confidence: pending`, null fields, and no credit is spent (a rate slot is still taken).",
  query: ForecastQuery,
  data: ForecastSchema,
  confidence: "observed",
  freeText: ["q"],
  example: { query: "iphone x", matchedTopic: "iPhone X", momentum: "accelerating", timing: "enter_now", lifecycle: "growth", breakoutProbability: 0.41, acceleration: 120000, accelTrend: "rising", vaultScore: 71.5, trajectory: [1200000, 1500000, 1620000], projection: { method: "decayed-gain-views (views + last gain × fitted decay sum)", values: [9100000, 9700000, 10100000] }, matchScore: 0.93, source: "vault" },
  handle(q, { snap }) {
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
  },
});
