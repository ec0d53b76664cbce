/**
 * GET /api/public/usage — plan, balance and rate counters (free, no envelope). It spends no credit
 * and no rate slot, but has its own per-key guard (120 calls a minute) so it can still answer 429.
 */
import { defineEndpoint } from "./endpoint.ts";
import { EmptyQuery } from "./params.ts";
import { UsageSchema } from "./shapes.ts";

export const USAGE_GUARD_PER_MIN = 120;

export const usage = defineEndpoint({
  name: "usage",
  path: "/api/public/usage",
  kind: "free",
  cost: 0,
  summary: "Credits and rate-limit status",
  description: "Your plan, wallet balance and today's counters. Free: spends no credit and no rate slot. Not enveloped.",
  query: EmptyQuery,
  data: UsageSchema,
  confidence: "observed",
  freeText: [],
  example: { tier: "pro", credits_remaining: 4990, rate_limit: { calls_today: 10, daily_cap: 500, calls_remaining: 490, intel_calls_today: 2, intel_daily_cap: 20, burst_per_min: 30 } },
});
