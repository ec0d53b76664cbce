/**
 * Query-parameter schemas of every endpoint, declared once in TypeBox. The same objects sit on the
 * Elysia routes (which validate them), appear in /openapi.json and become the MCP tools' input
 * schemas, so they cannot drift. Plain @sinclair/typebox (not elysia's `t`) so the Node-only MCP
 * build can import this file.
 */
import { Kind, Type as T, TypeRegistry, type Static, type TObject, type TUnsafe } from "@sinclair/typebox";
import { NICHES, TREND_SOURCES } from "../domain/enums.ts";

/** Characters as a person (and JSON Schema) counts them: code points, so "😀😀" is 2, not 4. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * A string whose minLength/maxLength count code points, as JSON Schema defines them. TypeBox's own
 * String counts UTF-16 units (so 120 emoji would be "240 long"); this kind is checked by the
 * registered function below, by Elysia's compiled validator and by Value.Check alike, and its JSON
 * is a plain `{type: "string", minLength, maxLength}`.
 */
const CHAR_STRING = "CharString";
if (!TypeRegistry.Has(CHAR_STRING)) {
  TypeRegistry.Set(CHAR_STRING, (s: { minLength?: number; maxLength?: number }, v: unknown) => {
    if (typeof v !== "string") return false;
    const n = charLength(v);
    return n >= (s.minLength ?? 0) && n <= (s.maxLength ?? Infinity);
  });
}

/** A string equal to one of `enum` (JSON `{type: "string", enum}`), checked by the registered function. */
const STRING_ENUM = "StringEnum";
if (!TypeRegistry.Has(STRING_ENUM)) TypeRegistry.Set(STRING_ENUM, (s: { enum: string[] }, v: unknown) => typeof v === "string" && s.enum.includes(v));

export function CharString(opts: { minLength: number; maxLength: number; description: string; examples: string[] }): TUnsafe<string> {
  return T.Unsafe<string>({ ...opts, [Kind]: CHAR_STRING, type: "string" });
}

/** The first parameter of `schema` whose value's length in characters is out of bounds, or null. */
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

/**
 * Parameters with a closed list of values that are read in any letter case (`tech` is `Tech`). The
 * list is kept on the schema under a symbol (invisible in JSON) so the request path can map a value
 * to its canonical spelling and the MCP tools can offer the list as an enum.
 */
export const CHOICES: unique symbol = Symbol.for("trend-intel.choices");

/** `^(?:[Aa][Ii]|[Tt][Ee][Cc][Hh]|...)$`: the values in any letter case, as an ECMA-262 pattern. */
function anyCasePattern(values: readonly string[]): string {
  const cls = (c: string) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return `^(?:${values.map((v) => [...v].map(cls).join("")).join("|")})$`;
}

/**
 * Spec 4: only /trends declares its parameters as enumerations. An enumerated choice is documented
 * as `anyOf: [{enum: values}, {pattern: any letter case}]` so a validating proxy accepts exactly what
 * the server accepts; a plain choice is a string with that pattern (the server refuses other values).
 */
function choice<V extends string>(values: readonly V[], enumerated: boolean, opts: { description: string; examples: string[]; default?: string }): TUnsafe<V> {
  const anyCase = T.String({ pattern: anyCasePattern(values), description: `Any letter case of ${values.join(", ")}` });
  const exact = T.Unsafe<V>({ [Kind]: STRING_ENUM, type: "string", enum: [...values] });
  const s = enumerated ? T.Union([exact, anyCase], opts) : T.String({ ...opts, pattern: anyCasePattern(values) });
  // Typed as the canonical values: the request path maps any letter case to them before validation.
  return Object.assign(s, { [CHOICES]: values }) as unknown as TUnsafe<V>;
}

/** The closed list of a choice parameter (niche, source), or undefined for other parameters. */
export function choicesOf(s: unknown): readonly string[] | undefined {
  return (s as { [CHOICES]?: readonly string[] } | null)?.[CHOICES];
}

const NICHE_TEXT = `One of ${NICHES.join(", ")}, in any letter case (e.g. \`tech\` is read as \`Tech\`).`;
/** /trends: the niche enumeration (spec 4). */
export const NicheEnumParam = choice(NICHES, true, { description: `Niche filter. ${NICHE_TEXT}`, examples: ["Tech"] });
/** Other endpoints: a plain string (spec 4); values outside the list are refused with 400 invalid_param. */
export const NicheParam = choice(NICHES, false, { description: `Niche filter. ${NICHE_TEXT} Other values: 400 invalid_param.`, examples: ["Tech"] });

export const SourceParam = choice(TREND_SOURCES, true, {
  description: "Data kind: `google` (search trends) or `youtube` (video platform), in any letter case. Default `google`.",
  default: "google",
  examples: ["youtube"],
});

export const LimitParam = T.Integer({
  minimum: 1,
  maximum: 10,
  description: "Narrow the answer to at most this many items (1..10). Never more than 10.",
  examples: [5],
});

const TRIM = " Leading and trailing spaces are removed, then the remaining text must still be within bounds.";

/** Free text topic or title (q). Capped so a caller cannot send megabytes through us. */
export const QParam = CharString({ minLength: 1, maxLength: 200, description: `Topic or title to look up (1 to 200 characters).${TRIM}`, examples: ["iphone x"] });

export const TopicParam = CharString({ minLength: 4, maxLength: 120, description: `Topic to write hooks for (4 to 120 characters).${TRIM}`, examples: ["iPhone X review"] });

export const DraftParam = CharString({ minLength: 4, maxLength: 200, description: `Draft title to grade (4 to 200 characters).${TRIM}`, examples: ["I tried the iPhone X for 7 days: here is what nobody tells you"] });

export const NewsTopicParam = CharString({ minLength: 1, maxLength: 120, description: `Topic to fetch news for (fuzzy-matched). Omit for the latest news across niches.${TRIM}`, examples: ["iphone x"] });

export const TrendsQuery = T.Object({ niche: T.Optional(NicheEnumParam), source: T.Optional(SourceParam), limit: T.Optional(LimitParam) });
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

/**
 * The value as the request path reads it before validation: a choice in its canonical spelling
 * (unknown values unchanged, so validation names them), `limit` digits as a number, text trimmed.
 */
export function readParam(schema: unknown, name: string, v: string): string | number {
  const cs = choicesOf(schema);
  if (cs) {
    const l = v.toLowerCase();
    for (const c of cs) if (c.toLowerCase() === l) return c;
    return v;
  }
  if (name === "limit") return /^\d{1,3}$/.test(v) ? Number(v) : v;
  return v.trim();
}

/** The message of a 400 invalid_param for `param` of `schema` holding `value` (undefined: missing). */
export function paramMessage(schema: TObject, param: string, value: unknown): string {
  const s = (schema.properties as Record<string, any>)[param];
  if (value === undefined) return `Missing required parameter '${param}'.`;
  const cs = choicesOf(s);
  if (cs) return `'${param}' must be one of ${cs.join(", ")}.`;
  if (s?.type === "integer") return `'${param}' must be an integer from ${s.minimum} to ${s.maximum}.`;
  if (s?.minLength != null && typeof value === "string") return `'${param}' must be ${s.minLength} to ${s.maxLength} characters (got ${charLength(value)}).`;
  return `Invalid value for '${param}'.`;
}
