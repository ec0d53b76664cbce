/**
 * The one table of the API: every endpoint of spec section 4 with its name, path, cost, kind, query
 * schema, `data` schema, example, descriptions and MCP tool name. The Elysia routes (registry.ts),
 * /openapi.json (the openapi plugin, fed by openapi.ts), /llms.txt and the MCP tools (src/mcp/tools.ts)
 * all read it, so nothing is kept twice. It imports only TypeBox schemas, enums and a JSON file:
 * no Bun-only module, so the Node-only MCP bundle can include it.
 */
import { Type as T, type TObject, type TSchema } from "@sinclair/typebox";
import type { Confidence } from "../domain/enums.ts";
import { BriefQuery, EmptyQuery, ForecastQuery, GradeQuery, HookRescueQuery, LimitOnlyQuery, NewsQuery, NicheQuery, TrendsQuery, ViralityQuery } from "./params.ts";
import { ForecastSchema, NewsItemSchema, TrendItemSchema, UsageSchema, ViralitySchema } from "./shapes.ts";
import { BriefSchema, GradeSchema, HookRescueSchema, OpportunitySchema, PatternSchema, PrebreakoutSchema } from "./intel-shapes.ts";
import gradeWeights from "../rules/grade-weights.json";

/** The only accepted credential (spec 5). */
export const KEY_HEADER = "x-service-api-key";

export type EndpointKind = "data" | "intelligence" | "free";

/** How the endpoint is offered as an MCP tool (spec 4.1); the tool's description adds the cost. */
export interface ToolInfo {
  name: string;
  title: string;
  /** Answers carry third-party text (titles, headlines, URLs): a host should treat it as untrusted. */
  openWorld: boolean;
  /** What the tool does and when to use it, written for a model. */
  what: string;
}

export interface Contract<Q extends TObject = TObject> {
  name: string;
  path: string;
  kind: EndpointKind;
  cost: number;
  summary: string;
  description: string;
  query: Q;
  /** Schema of `data` in the envelope (or of the whole body for usage). */
  data: TSchema;
  confidence: Confidence;
  /** Free-text parameters: screened for prompt injection after validation. */
  freeText: string[];
  example: unknown;
  tool: ToolInfo;
}

function contract<Q extends TObject>(c: Contract<Q>): Contract<Q> {
  return c;
}

/** The grade's component maxes, fitted offline (docs/decisions.md); read here for the description. */
const GRADE_MAX = gradeWeights.max;

export const RESCUE_NOTE = "Hook text is drafted from templates chosen for the kind of topic (product, person, event, how-to, money, headline) and its tone (a tragedy only gets respectful ones), spelled as the matched story spells it; each proof is measured from the vault (distinct creators, days active and strength of the pattern over the last 14 days).";
export const GRADE_NOTE = "score is the sum of the component points, computed in code. pattern_validation is the effect of the draft's patterns measured on the Upworthy 2013 A/B tests (CC BY 4.0), with the vault's proof when the pattern is validated there; topic_momentum is measured from the vault; length_fit is a rule; hook_mechanics is a learned headline model trained on the same A/B tests. The component weights were fitted on those tests, and every component is scaled down for non-words, repeated words and capitals. Rewrites are drafted from templates and each grades higher than the draft.";
export const CONTRACT = "Every draft built from this brief must carry at least one verifiable number from it (a velocity, a view count, a growth percentage or a date).";
export const TRACK_RECORD_RULE =
  "Every earlier video-led alert in the vault's alert log, measured from its lead video's views at alert time to its latest observation; receipts shown are the 5 most recent measured alerts. baseline: the same measurement over every video live on the same alert days whose story was not alerted; liftPct = alerts' median growth minus the baseline's (percentage points).";

export const TRENDS = contract({
  name: "trends",
  path: "/api/public/trends",
  kind: "data",
  cost: 1,
  summary: "Trending topics",
  description:
    "Top trend items (at most 10) for one source (`google` search trends or `youtube` videos; default `google`), optionally in one niche, ranked by viralScore (see docs/rules.md). Only items classified into one of the six niches are served. An empty array means the vault holds no such data.",
  query: TrendsQuery,
  data: T.Array(TrendItemSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [
    { title: "iPhone X — Introducing iPhone X — Apple", source: "youtube", niche: "Tech", viralScore: 85, searchVolume: "", views: 12345678, geos: ["US"], publishedAt: "2017-09-13T00:00:00Z" },
  ],
  tool: {
    name: "get_trends",
    title: "Trending topics",
    openWorld: true,
    what:
      "What is trending right now: up to 10 trend items ranked by viralScore, from search trends (source `google`, the default) or YouTube videos (source `youtube`), optionally in one niche (AI, Crypto, Tech, Finance, Business, Health). Each item has title, source, niche, viralScore (0-100 or null), searchVolume, views, geos and publishedAt. Use it first to see what is rising; feed a title to `forecast` or `virality_score` for timing.",
  },
});

export const NEWS = contract({
  name: "news",
  path: "/api/public/news",
  kind: "data",
  cost: 1,
  summary: "News for a topic",
  description:
    "Newest first, at most 10. With `topic`: the news items of the fuzzy-matched story (an empty array when the topic matches no story or the story has no news). Without: the latest in-niche news across niches. The shipped 2017 demo vault holds no news feed, so it answers an empty array.",
  query: NewsQuery,
  data: T.Array(NewsItemSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: ["topic"],
  example: [{ title: "Apple's iPhone X goes on sale", url: "https://example.com/iphone-x", source: "Example News", publishedAt: "2017-11-03T08:00:00Z" }],
  tool: {
    name: "get_news",
    title: "News",
    openWorld: true,
    what:
      "Latest news items (title, url, source, publishedAt), at most 10, for a `topic` (fuzzy-matched) or, without one, across all niches. Use it to find a fresh angle or to check why a topic is moving.",
  },
});

export const FORECAST = contract({
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
  tool: {
    name: "forecast",
    title: "Topic forecast",
    openWorld: true,
    what:
      "Timing forecast for one topic `q` (fuzzy-matched to a tracked topic): matchedTopic, momentum, timing (e.g. enter_now), lifecycle stage, breakoutProbability, acceleration, accelTrend, vaultScore and the recent trajectory. Use it to decide whether to publish on a topic now or later.",
  },
});

export const VIRALITY = contract({
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
  tool: {
    name: "virality_score",
    title: "Virality score",
    openWorld: true,
    what:
      "Virality estimate for a topic or a title `q`: matchedTopic, viral_score, breakoutProbability and the detected hook_type. Use it to compare candidate topics or titles cheaply before spending on intelligence tools.",
  },
});

export const OPPORTUNITIES = contract({
  name: "opportunities",
  path: "/api/public/opportunities",
  kind: "intelligence",
  cost: 5,
  summary: "Ranked content opportunities",
  description:
    "Live stories ranked by opportunityScore = demandScore × (1 − 0.6 × supplyScore/100): demand from view velocity (plus search traffic and news volume when present), supply from how many recent videos and distinct creators already cover it. Stories with no opportunity today (score 0) are left out, so fewer than 10 rows means fewer opportunities. Each carries conviction, an opportunityType and possible monetization paths — estimates, never a guarantee of income. At most 10.",
  query: NicheQuery,
  data: T.Array(OpportunitySchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [{ topic: "iPhone X", niche: "Tech", opportunityScore: 48.2, demandScore: 80.3, supplyScore: 66.7, conviction: "MEDIUM", opportunityType: "Rising", possibleMonetization: [{ model: "Affiliate links to reviewed gear", basis: "estimate", disclaimer: "Estimate of common monetization paths in this niche; not a guarantee of income." }], storyId: "st_0123456789ab" }],
  tool: {
    name: "opportunities",
    title: "Content opportunities",
    openWorld: true,
    what:
      "Ranked content opportunities (at most 10), optionally in one niche: topic, niche, opportunityScore, demandScore, supplyScore, conviction, opportunityType and possibleMonetization (estimates, never guarantees). Use it to choose what to make next where demand outruns supply. For trends + opportunities + a forecast in one call, use `service_content_brain`.",
  },
});

export const BRIEF = contract({
  name: "brief",
  path: "/api/public/brief",
  kind: "intelligence",
  cost: 5,
  summary: "Daily posting brief",
  description:
    "The day's brief: up to 5 phase-labelled pre-breakout alerts (one per story, full form), receipts (the most recent earlier alerts measured now — chosen by date, never by outcome), a track record over every measured alert, the strongest validated pattern, the day's steepest mover, and a transparency count of how alerts were selected. Regenerated at most hourly.",
  query: BriefQuery,
  data: BriefSchema,
  confidence: "observed",
  freeText: [],
  example: {
    date: "2017-10-11", generatedAt: "2026-11-25T12:00:00.000Z", contract: CONTRACT,
    alerts: [], receipts: [{ topic: "iPhone X", alertDate: "2017-10-09", viewsFirst: 1000000, viewsLast: 1500000, growthPct: 50, daysMeasured: 2, phase: "early" }],
    pattern: null, moment: null,
    transparency: { alertsConsidered: 20, alertsShown: 0, excludedNotAccelerating: 18, excludedBelowTopCut: 0, excludedBelowScoreGate: 2, note: "..." },
    trackRecord: { alertsMeasured: 12, shareGrew: 1, medianGrowthPct: 18.5, baseline: { itemsMeasured: 2400, shareGrew: 1, medianGrowthPct: 9.1 }, liftPct: 9.4, rule: "..." },
  },
  tool: {
    name: "get_brief",
    title: "Daily posting brief",
    openWorld: true,
    what:
      "The daily posting brief, optionally for one niche: phase-labelled pre-breakout alerts, receipts (measured outcomes of earlier alerts), one validated pattern, the day's steepest mover and a transparency count of how alerts were selected. Its `contract` says each draft must carry at least one verifiable number from the brief. Use it once a day to plan posts.",
  },
});

export const HOOK_RESCUE = contract({
  name: "hook-rescue",
  path: "/api/public/hook-rescue",
  kind: "intelligence",
  cost: 5,
  summary: "Hooks for a topic from validated patterns",
  description:
    "Up to 5 hooks for `topic` (4-120 characters), each built from a pattern validated in the topic's niche (the niche of the story it matches; all niches when it matches none), then, when those give fewer than 5 hooks, from patterns validated across all niches, each with its pattern's measured proof, strongest first. Hooks are Title Case, at most 100 characters, spelled as the matched story spells the topic, fitted to the kind of topic, and respectful for tragedies. status `ok`; or, with an empty list and 0 credits charged, `no_validated_patterns` when nothing is validated there, `no_fitting_hook` when patterns are validated but none reads right for this topic (another language, a greeting or announcement, two sentences, framing alone).",
  query: HookRescueQuery,
  data: HookRescueSchema,
  confidence: "aiEstimated",
  freeText: ["topic"],
  example: { status: "ok", topic: "iPhone X review", matchedTopic: "iPhone X", niche: "Tech", hooks: [{ text: "The iPhone X: What Actually Matters", pattern: "struct:colon_split", proof: { validated_across_creators: 12, days_active: 9, strength: 0.55 } }], note: RESCUE_NOTE },
  tool: {
    name: "rescue_hooks",
    title: "Hook rescue",
    openWorld: false,
    what:
      "Hook (title opening) suggestions for a `topic` (4 to 120 characters): each hook has text (AI-drafted), the validated pattern it uses and measured proof (validated_across_creators, days_active, strength). Confidence is aiEstimated. Use it when a title or opening is weak or you need options.",
  },
});

export const GRADE = contract({
  name: "grade",
  path: "/api/public/grade",
  kind: "intelligence",
  cost: 5,
  summary: "Grade a draft title",
  description:
    `Scores \`draft\` (4-200 characters) 0-100 as the sum of components: pattern_validation (max ${GRADE_MAX.pattern_validation}, measured), hook_mechanics (max ${GRADE_MAX.hook_mechanics}, ai_judged), length_fit (max ${GRADE_MAX.length_fit}, rule), topic_momentum (max ${GRADE_MAX.topic_momentum}, measured); maxes fitted on Upworthy A/B tests, every component scaled down for non-words, repetition and capitals. verdict: post_it ≥ 70, revise ≥ 50, rework ≥ 30, else rethink. Up to 3 rewrites that apply validated patterns the draft lacks, each grading higher than the draft.`,
  query: GradeQuery,
  data: GradeSchema,
  confidence: "aiEstimated",
  freeText: ["draft"],
  example: {
    // A real answer on the demo vault (2017-10-22).
    status: "ok", draft: "iphone x review", score: 27.2, verdict: "rethink",
    components: [
      { key: "pattern_validation", points: 9.5, max: GRADE_MAX.pattern_validation, basis: "measured", detail: "A/B log-odds: hook:plain +0.00" },
      { key: "hook_mechanics", points: 10.2, max: GRADE_MAX.hook_mechanics, basis: "ai_judged" },
      { key: "length_fit", points: 3, max: GRADE_MAX.length_fit, basis: "rule" },
      { key: "topic_momentum", points: 4.5, max: GRADE_MAX.topic_momentum, basis: "measured", detail: "matches \"iPhone X\"" },
    ],
    rewrites: [{ text: "Everything You Need to Know Before You Buy the iPhone X", pattern: "struct:second_person", proof: { validated_across_creators: 38, days_active: 14, strength: 1 }, score: 50.9 }],
    note: GRADE_NOTE,
  },
  tool: {
    name: "grade_draft",
    title: "Grade a draft title",
    openWorld: false,
    what:
      "Grades a draft title `draft` (4 to 200 characters): score, verdict (e.g. post_it), scored components each with its basis (measured, ai_judged or rule) and proof, plus rewrites. Confidence is aiEstimated. Use it before publishing a title.",
  },
});

export const PREBREAKOUT = contract({
  name: "prebreakout",
  path: "/api/public/prebreakout",
  kind: "intelligence",
  cost: 5,
  summary: "Pre-breakout signals",
  description: "Stories with a live, accelerating signal and vaultScore ≥ 40 (the brief's alert gate, top 10), across niches or in one, `early` phase first, then by vaultScore. At most 10.",
  query: NicheQuery,
  data: T.Array(PrebreakoutSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [{ topic: "iPhone X", creator: "Apple", source: "youtube", niche: "Tech", hookType: "plain", velocity: 1200000, acceleration: 300000, daysTracked: 2, vaultScore: 71.5, tier: "STRONG", confidence: "medium", phase: "early", velocityUnit: "views/day", url: "https://www.youtube.com/watch?v=K4wEI5zhHB0", storyId: "st_0123456789ab" }],
  tool: {
    name: "prebreakout",
    title: "Pre-breakout signals",
    openWorld: true,
    what:
      "Topics accelerating before they break out (at most 10), optionally in one niche: topic, creator, source, niche, hookType, velocity, acceleration, daysTracked, vaultScore, tier (PRIME/STRONG), confidence and phase (early / peak_momentum). Use it to get in early on a rising topic.",
  },
});

export const VIRAL_PATTERNS = contract({
  name: "viral-patterns",
  path: "/api/public/viral-patterns",
  kind: "intelligence",
  cost: 5,
  summary: "Validated viral title patterns",
  description:
    "Hook (`hook:<type>`) and structure (`struct:<name>`) patterns validated over the last 14 days of the vault by convergence (≥ 3 creators), persistence (≥ 3 days) and amplification (items beat their niche's median velocity by ≥ 10%), ranked by strength, at most 10. Each item shows what a person can check: `measured` (the creators, days and amplification ratio behind `evidence`) and `examples` (up to 3 real titles that used it, one per creator, with views and date). Empty when nothing is validated.",
  query: LimitOnlyQuery,
  data: T.Array(PatternSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [{ pattern: "struct:colon_split", kind: "structure", hookType: null, daysPresent: 14, creatorsCount: 31, strength: 0.62, evidence: { convergence: true, persistence: true, amplification: true }, examples: [{ title: "iPhone X: Hands-On Impressions", creator: "Marques Brownlee", views: 4125069, date: "2017-10-22" }], measured: { creators: 31, days: 14, amplification: 1.42 } }],
  tool: {
    name: "get_viral_patterns",
    title: "Validated viral patterns",
    openWorld: false,
    what:
      "Title patterns validated over time (at most 10): pattern id (hook:<type> or struct:<name>), kind, hookType, daysPresent, creatorsCount, strength and evidence (convergence, persistence, amplification). Use it to learn which hooks and structures work before writing titles.",
  },
});

export const USAGE = contract({
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
  tool: {
    name: "get_usage",
    title: "Credits and rate limits",
    openWorld: false,
    what:
      "Your plan (tier), credits_remaining and today's rate counters (calls_today, daily_cap, calls_remaining, intel_calls_today, intel_daily_cap, burst_per_min). Use it before expensive calls or after a 402/429 tool error to plan the next step.",
  },
});

/** Every endpoint of spec section 4, in the spec's order. */
export const CONTRACTS: readonly Contract[] = [TRENDS, NEWS, FORECAST, VIRALITY, OPPORTUNITIES, BRIEF, HOOK_RESCUE, GRADE, PREBREAKOUT, VIRAL_PATTERNS, USAGE];
