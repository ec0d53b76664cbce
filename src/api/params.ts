/**
 * Query-parameter schemas of every endpoint, declared once in TypeBox. The same objects validate the
 * routes, generate /openapi.json and become the MCP tools' input schemas, so they cannot drift.
 * Plain @sinclair/typebox (not elysia's `t`) so the Node-only MCP build can import this file.
 */
import { CloneType, Type as T, type Static, type TObject } from "@sinclair/typebox";
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
export const ForecastQuery = T.Object({ q: QParam, limit: T.Optional(LimitParam) });
export const ViralityQuery = T.Object({ q: QParam, limit: T.Optional(LimitParam) });
export const NicheQuery = T.Object({ niche: T.Optional(NicheParam), limit: T.Optional(LimitParam) });
export const BriefQuery = T.Object({ niche: T.Optional(NicheParam), limit: T.Optional(LimitParam) });
export const HookRescueQuery = T.Object({ topic: TopicParam, limit: T.Optional(LimitParam) });
export const GradeQuery = T.Object({ draft: DraftParam, limit: T.Optional(LimitParam) });
export const LimitOnlyQuery = T.Object({ limit: T.Optional(LimitParam) });
export const EmptyQuery = T.Object({});

export type TrendsQueryT = Static<typeof TrendsQuery>;
export type NewsQueryT = Static<typeof NewsQuery>;
export type NicheQueryT = Static<typeof NicheQuery>;

/** Parameters whose mere presence is refused: the service has no pagination or bulk export. */
export const FORBIDDEN_PARAMS = ["page", "offset", "export", "cursor"] as const;

/** Characters as a person (and JSON Schema) counts them: code points, so "😀😀" is 2, not 4. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * The first string parameter of `input` whose length in characters (code points) is outside its
 * schema's minLength..maxLength, or null. TypeBox counts UTF-16 units, so lengths are checked here and
 * the schema used for the rest of the check is `withoutLengths(schema)`.
 */
export function lengthViolation(schema: TObject, input: Record<string, unknown>): { param: string; min: number; max: number; length: number } | null {
  for (const [name, prop] of Object.entries(schema.properties as Record<string, { minLength?: number; maxLength?: number }>)) {
    const v = input[name];
    if (typeof v !== "string" || (prop.minLength == null && prop.maxLength == null)) continue;
    const len = charLength(v);
    const min = prop.minLength ?? 0;
    const max = prop.maxLength ?? Infinity;
    if (len < min || len > max) return { param: name, min, max, length: len };
  }
  return null;
}

/** A copy of the schema without string length bounds (checked in code points by lengthViolation). */
export function withoutLengths(schema: TObject): TObject {
  const c = CloneType(schema);
  for (const prop of Object.values(c.properties as Record<string, Record<string, unknown>>)) {
    delete prop.minLength;
    delete prop.maxLength;
  }
  return c;
}
