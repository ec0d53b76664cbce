/**
 * Query-parameter schemas of every endpoint, declared once in TypeBox. The same objects validate the
 * routes, generate /openapi.json and become the MCP tools' input schemas, so they cannot drift.
 * Plain @sinclair/typebox (not elysia's `t`) so the Node-only MCP build can import this file.
 */
import { Type as T, type Static } from "@sinclair/typebox";
import { NICHES, TREND_SOURCES } from "../domain/enums.ts";

export const NicheParam = T.Union(NICHES.map((n) => T.Literal(n)), {
  description: "Niche filter. Case-insensitive on input (e.g. `tech` is read as `Tech`).",
  examples: ["Tech"],
});

export const SourceParam = T.Union(TREND_SOURCES.map((s) => T.Literal(s)), {
  description: "Data kind: `google` (search trends) or `youtube` (video platform). Default `google`.",
  default: "google",
  examples: ["youtube"],
});

export const LimitParam = T.Integer({
  minimum: 1,
  maximum: 10,
  description: "Narrow the answer to at most this many items (1..10). Never more than 10.",
  examples: [5],
});

/** Free text topic or title (q). Capped so a caller cannot send megabytes through us. */
export const QParam = T.String({ minLength: 1, maxLength: 200, description: "Topic or title to look up.", examples: ["iphone x"] });

export const TopicParam = T.String({ minLength: 4, maxLength: 120, description: "Topic to write hooks for (4 to 120 characters).", examples: ["iPhone X review"] });

export const DraftParam = T.String({ minLength: 4, maxLength: 200, description: "Draft title to grade (4 to 200 characters).", examples: ["I tried the iPhone X for 7 days: here is what nobody tells you"] });

export const NewsTopicParam = T.String({ minLength: 1, maxLength: 120, description: "Topic to fetch news for (fuzzy-matched). Omit for the latest news across niches.", examples: ["iphone x"] });

export const TrendsQuery = T.Object({ niche: T.Optional(NicheParam), source: T.Optional(SourceParam), limit: T.Optional(LimitParam) });
export const NewsQuery = T.Object({ topic: T.Optional(NewsTopicParam), limit: T.Optional(LimitParam) });
export const ForecastQuery = T.Object({ q: QParam });
export const ViralityQuery = T.Object({ q: QParam });
export const NicheQuery = T.Object({ niche: T.Optional(NicheParam), limit: T.Optional(LimitParam) });
export const BriefQuery = T.Object({ niche: T.Optional(NicheParam) });
export const HookRescueQuery = T.Object({ topic: TopicParam });
export const GradeQuery = T.Object({ draft: DraftParam });
export const LimitOnlyQuery = T.Object({ limit: T.Optional(LimitParam) });
export const EmptyQuery = T.Object({});

export type TrendsQueryT = Static<typeof TrendsQuery>;
export type NewsQueryT = Static<typeof NewsQuery>;
export type NicheQueryT = Static<typeof NicheQuery>;

/** Parameters whose mere presence is refused: the service has no pagination or bulk export. */
export const FORBIDDEN_PARAMS = ["page", "offset", "export", "cursor"] as const;
