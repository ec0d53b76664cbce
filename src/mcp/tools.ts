/**
 * The 12 MCP tools of spec section 4.1: name, REST path, credit cost, the TypeBox query schema the
 * REST route validates with (imported from src/api/params.ts, the single source of truth) and a
 * description written for a model. This file must stay Bun-free: it is bundled into dist/mcp.js and
 * run by plain Node, so it imports params.ts only, never the endpoint registry (which pulls in the
 * server, the wallet and bun:sqlite). test/mcp/mcp.test.ts checks this table against the registry.
 */
import { Type as T, type TObject, type TSchema } from "@sinclair/typebox";
import {
  BriefQuery,
  EmptyQuery,
  ForecastQuery,
  GradeQuery,
  HookRescueQuery,
  LimitOnlyQuery,
  NewsQuery,
  NicheParam,
  NicheQuery,
  QParam,
  SourceParam,
  TrendsQuery,
  ViralityQuery,
} from "../api/params.ts";

export type ToolKind = "data" | "intelligence" | "free" | "composite";

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDef {
  name: string;
  /** REST operation name (spec 4.1 "Operation" column); null for the composite tool. */
  operation: string | null;
  /** REST path; null for the composite tool. */
  path: string | null;
  cost: number;
  kind: ToolKind;
  /** Strict variant of the route's query schema (unknown arguments are refused, see strict()). */
  input: TObject;
  description: string;
  annotations: ToolAnnotations;
}

const COST_NOTE = (cost: number, kind: ToolKind) =>
  cost === 0
    ? "Cost: free (0 credits, no rate slot)."
    : kind === "intelligence"
      ? `Cost: ${cost} credits per successful call; also counts against the plan's daily intelligence-call cap.`
      : kind === "composite"
        ? `Cost: ${cost} credits (1 + 5 + 1 over three API calls; 5 of them count as one intelligence call).`
        : `Cost: ${cost} credit per successful call.`;

const RESULT_NOTE =
  "Returns the API's JSON envelope {data, confidence, credits_used, credits_remaining}. An empty `data` means the service has no such data (it never pads). Errors come back as a tool error whose `error` field is a stable code (unauthorized, insufficient_credits, rate_limited, invalid_param, ...) with fields to act on; rejected calls spend no credit.";

/**
 * The route schema with `additionalProperties: false`, so a misspelled argument is refused instead
 * of silently ignored (the REST API ignores unknown query parameters). Same property schemas.
 */
function strict(q: TObject): TObject {
  return T.Object(q.properties, { additionalProperties: false });
}

/**
 * Arguments of service_content_brain: an optional topic (same schema and bounds as forecast's `q`),
 * niche (passed to trends and opportunities) and source (passed to trends, default google).
 */
export const BrainQuery = T.Object(
  {
    topic: T.Optional({
      ...QParam,
      description: "Topic to forecast (1 to 200 characters). Omit to forecast the best-ranked opportunity.",
      examples: ["iphone x"],
    } as typeof QParam),
    niche: T.Optional(NicheParam),
    source: T.Optional(SourceParam),
  },
  { additionalProperties: false },
);

// openWorldHint: every tool talks only to the one configured Trend Intel service and reads its own
// daily snapshot (no per-call upstream fetch). We still mark as open-world the tools whose answers
// carry third-party-authored text (video titles, headlines, creator names, URLs) from external
// feeds, so a host treats that text as untrusted content; get_usage (own account state),
// rescue_hooks / grade_draft (the caller's own text plus pattern statistics) and get_viral_patterns
// (pattern identifiers and counts) are closed-world.
// readOnlyHint: no tool changes any resource; the only side effect is the credit debit.
// idempotentHint: false for metered tools, because each repeated call debits the wallet again.
const ann = (title: string, openWorld: boolean, metered = true): ToolAnnotations => ({
  title,
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: !metered,
  openWorldHint: openWorld,
});

function tool(t: Omit<ToolDef, "description"> & { what: string }): ToolDef {
  const { what, ...rest } = t;
  return { ...rest, description: `${what}\n\n${COST_NOTE(t.cost, t.kind)}\n\n${t.name === "get_usage" ? "Returns the usage object as-is (no envelope)." : t.kind === "composite" ? "" : RESULT_NOTE}`.trim() };
}

export const TOOLS: ToolDef[] = [
  tool({
    name: "get_trends",
    operation: "trends",
    path: "/api/public/trends",
    cost: 1,
    kind: "data",
    input: strict(TrendsQuery),
    annotations: ann("Trending topics", true),
    what:
      "What is trending right now: up to 10 trend items ranked by viralScore, from search trends (source `google`, the default) or YouTube videos (source `youtube`), optionally in one niche (AI, Crypto, Tech, Finance, Business, Health). Each item has title, source, niche, viralScore (0-100 or null), searchVolume, views, geos and publishedAt. Use it first to see what is rising; feed a title to `forecast` or `virality_score` for timing.",
  }),
  tool({
    name: "forecast",
    operation: "forecast",
    path: "/api/public/forecast",
    cost: 1,
    kind: "data",
    input: strict(ForecastQuery),
    annotations: ann("Topic forecast", true),
    what:
      "Timing forecast for one topic `q` (fuzzy-matched to a tracked topic): matchedTopic, momentum, timing (e.g. enter_now), lifecycle stage, breakoutProbability, acceleration, accelTrend, vaultScore and the recent trajectory. Use it to decide whether to publish on a topic now or later.",
  }),
  tool({
    name: "virality_score",
    operation: "virality-score",
    path: "/api/public/virality-score",
    cost: 1,
    kind: "data",
    input: strict(ViralityQuery),
    annotations: ann("Virality score", true),
    what:
      "Virality estimate for a topic or a title `q`: matchedTopic, viral_score, breakoutProbability and the detected hook_type. Use it to compare candidate topics or titles cheaply before spending on intelligence tools.",
  }),
  tool({
    name: "get_news",
    operation: "news",
    path: "/api/public/news",
    cost: 1,
    kind: "data",
    input: strict(NewsQuery),
    annotations: ann("News", true),
    what:
      "Latest news items (title, url, source, publishedAt), at most 10, for a `topic` (fuzzy-matched) or, without one, across all niches. Use it to find a fresh angle or to check why a topic is moving.",
  }),
  tool({
    name: "opportunities",
    operation: "opportunities",
    path: "/api/public/opportunities",
    cost: 5,
    kind: "intelligence",
    input: strict(NicheQuery),
    annotations: ann("Content opportunities", true),
    what:
      "Ranked content opportunities (at most 10), optionally in one niche: topic, niche, opportunityScore, demandScore, supplyScore, conviction, opportunityType and possibleMonetization (estimates, never guarantees). Use it to choose what to make next where demand outruns supply. For trends + opportunities + a forecast in one call, use `service_content_brain`.",
  }),
  tool({
    name: "prebreakout",
    operation: "prebreakout",
    path: "/api/public/prebreakout",
    cost: 5,
    kind: "intelligence",
    input: strict(NicheQuery),
    annotations: ann("Pre-breakout signals", true),
    what:
      "Topics accelerating before they break out (at most 10), optionally in one niche: topic, creator, source, niche, hookType, velocity, acceleration, daysTracked, vaultScore, tier (PRIME/STRONG), confidence and phase (early / peak_momentum). Use it to get in early on a rising topic.",
  }),
  tool({
    name: "get_brief",
    operation: "brief",
    path: "/api/public/brief",
    cost: 5,
    kind: "intelligence",
    input: strict(BriefQuery),
    annotations: ann("Daily posting brief", true),
    what:
      "The daily posting brief, optionally for one niche: phase-labelled pre-breakout alerts, receipts (measured outcomes of earlier alerts), one validated pattern, the day's steepest mover and a transparency count of how alerts were selected. Its `contract` says each draft must carry at least one verifiable number from the brief. Use it once a day to plan posts.",
  }),
  tool({
    name: "get_viral_patterns",
    operation: "viral-patterns",
    path: "/api/public/viral-patterns",
    cost: 5,
    kind: "intelligence",
    input: strict(LimitOnlyQuery),
    annotations: ann("Validated viral patterns", false),
    what:
      "Title patterns validated over time (at most 10): pattern id (hook:<type> or struct:<name>), kind, hookType, daysPresent, creatorsCount, strength and evidence (convergence, persistence, amplification). Use it to learn which hooks and structures work before writing titles.",
  }),
  tool({
    name: "rescue_hooks",
    operation: "hook-rescue",
    path: "/api/public/hook-rescue",
    cost: 5,
    kind: "intelligence",
    input: strict(HookRescueQuery),
    annotations: ann("Hook rescue", false),
    what:
      "Hook (title opening) suggestions for a `topic` (4 to 120 characters): each hook has text (AI-drafted), the validated pattern it uses and measured proof (validated_across_creators, days_active, strength). Confidence is aiEstimated. Use it when a title or opening is weak or you need options.",
  }),
  tool({
    name: "grade_draft",
    operation: "grade",
    path: "/api/public/grade",
    cost: 5,
    kind: "intelligence",
    input: strict(GradeQuery),
    annotations: ann("Grade a draft title", false),
    what:
      "Grades a draft title `draft` (4 to 200 characters): score, verdict (e.g. post_it), scored components each with its basis (measured, ai_judged or rule) and proof, plus rewrites. Confidence is aiEstimated. Use it before publishing a title.",
  }),
  tool({
    name: "get_usage",
    operation: "usage",
    path: "/api/public/usage",
    cost: 0,
    kind: "free",
    input: strict(EmptyQuery),
    annotations: ann("Credits and rate limits", false, false),
    what:
      "Your plan (tier), credits_remaining and today's rate counters (calls_today, daily_cap, calls_remaining, intel_calls_today, intel_daily_cap, burst_per_min). Use it before expensive calls or after a 402/429 tool error to plan the next step.",
  }),
  tool({
    name: "service_content_brain",
    operation: null,
    path: null,
    cost: 7,
    kind: "composite",
    input: BrainQuery,
    annotations: ann("Content brain (one-call brief)", true),
    what:
      "One-call content brief: the current trends (get_trends), the ranked opportunities (opportunities) and a timing forecast (forecast) for the best opportunity, or for `topic` if you give one, optionally within one `niche` (and `source` for the trends part: google by default, or youtube). Returns {niche, source, topic, topic_source, best_opportunity, trends, opportunities, forecast, combined, credits_used, credits_remaining, partial, errors}; `combined` lists the three API calls made and the credits each spent, and `errors` lists any part that failed (the other parts are still returned; the result is a tool error only when no part succeeded). Use it as the starting point when asked what to make next; it is cheaper in round trips than calling the three tools yourself.",
  }),
];

export const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

/**
 * The tool's input JSON Schema: TypeBox's own JSON (a JSON round trip drops its symbol keys). One
 * lossless rewrite: a union of string literals (`anyOf: [{const}, ...]`, how TypeBox encodes an
 * enumeration) becomes `{type: "string", enum: [...]}`, which every LLM host understands.
 * Arguments are still validated with the TypeBox schema itself (validate.ts).
 */
export function inputJsonSchema(schema: TSchema): Record<string, unknown> {
  return enumify(JSON.parse(JSON.stringify(schema)));
}

function enumify(node: any): any {
  if (Array.isArray(node)) return node.map(enumify);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = enumify(v);
  const any = out.anyOf;
  if (Array.isArray(any) && any.length > 0 && any.every((s: any) => s && typeof s.const === "string" && s.type === "string" && Object.keys(s).length === 2)) {
    delete out.anyOf;
    return { type: "string", enum: any.map((s: any) => s.const), ...out };
  }
  return out;
}
