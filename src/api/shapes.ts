/**
 * Response shapes of spec 2.3 as TypeBox schemas: the OpenAPI document is generated from these.
 */
import { Type as T } from "@sinclair/typebox";
import { CONFIDENCE, HOOK_TYPES, NICHES, TREND_SOURCES } from "../domain/enums.ts";

const lit = (xs: readonly string[]) => T.Union(xs.map((x) => T.Literal(x)));
export const NicheEnum = lit(NICHES);
export const HookTypeEnum = lit(HOOK_TYPES);

export const TrendItemSchema = T.Object({
  title: T.String(),
  source: lit(TREND_SOURCES),
  niche: NicheEnum,
  viralScore: T.Union([T.Number({ minimum: 0, maximum: 100 }), T.Null()], { description: "0-100; null when the vault has only one observation" }),
  searchVolume: T.String({ description: "Search volume bucket text (e.g. `200K+`); empty when the item has no search data" }),
  views: T.Union([T.Integer(), T.Null()]),
  geos: T.Array(T.String()),
  publishedAt: T.String({ format: "date-time", description: "From the feed; where the feed has none, the first day the vault saw the item at 00:00Z" }),
});

export function envelopeSchema(data: ReturnType<typeof T.Object> | ReturnType<typeof T.Array> | any) {
  return T.Object({
    data,
    confidence: lit(CONFIDENCE),
    credits_used: T.Integer({ minimum: 0 }),
    credits_remaining: T.Integer({ minimum: 0 }),
  });
}

export const ErrorSchema = T.Object(
  {
    error: T.String({ description: "Stable error code" }),
    message: T.String(),
    param: T.Optional(T.String({ description: "On invalid_param / invalid_input: the offending parameter" })),
    reason: T.Optional(T.String({ description: "On invalid_input: which screen rule matched" })),
    scope: T.Optional(T.Union([T.Literal("burst"), T.Literal("daily"), T.Literal("intel")], { description: "On 429: the window that denied" })),
    retry_after: T.Optional(T.Integer({ minimum: 1, description: "On 429 and 503 wallet_busy: seconds, same as the Retry-After header" })),
    credits_remaining: T.Optional(T.Integer({ minimum: 0, description: "On 402" })),
    topup_url: T.Optional(T.String({ description: "On 402" })),
  },
  { additionalProperties: true },
);

export const UsageSchema = T.Object({
  tier: T.String(),
  credits_remaining: T.Integer({ minimum: 0 }),
  rate_limit: T.Object({
    calls_today: T.Integer({ minimum: 0 }),
    daily_cap: T.Integer({ minimum: 0 }),
    calls_remaining: T.Integer({ minimum: 0 }),
    intel_calls_today: T.Integer({ minimum: 0 }),
    intel_daily_cap: T.Integer({ minimum: 0 }),
    burst_per_min: T.Integer({ minimum: 0 }),
  }),
});

export const NewsItemSchema = T.Object({ title: T.String(), url: T.String(), source: T.String(), publishedAt: T.String({ format: "date-time" }) });

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

export const ViralitySchema = T.Object({
  query: T.String(),
  matchedTopic: T.Union([T.String(), T.Null()]),
  viral_score: T.Union([T.Number({ minimum: 0, maximum: 100 }), T.Null()]),
  breakoutProbability: T.Union([T.Number({ minimum: 0, maximum: 1 }), T.Null()]),
  hook_type: HookTypeEnum,
  parts: T.Optional(T.Object({ vaultScore: T.Number(), breakoutProbability: T.Number() }, { description: "The visible parts of viral_score" })),
  source: T.String(),
});
