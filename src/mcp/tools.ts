/**
 * The 12 MCP tools of spec section 4.1: one per REST endpoint, derived from its contract
 * (src/api/contracts.ts: name, path, cost, kind, query schema, model-facing text), plus the
 * composite service_content_brain. This file must stay Bun-free: it is bundled into dist/mcp.js and
 * run by plain Node, so it imports the contracts (TypeBox schemas only), never the routes (which
 * pull in the engine, the wallet and bun:sqlite).
 */
import { Type as T, type TObject } from "@sinclair/typebox";
import { CONTRACTS, type Contract } from "../api/contracts.ts";
import { NicheParam, QParam, SourceParam, choicesOf } from "../api/params.ts";

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
  return { ...rest, description: `${what}\n\n${COST_NOTE(t.cost, t.kind)}\n\n${t.kind === "free" ? "Returns the usage object as-is (no envelope)." : t.kind === "composite" ? "" : RESULT_NOTE}`.trim() };
}

/** A REST endpoint as a tool: everything but the model-facing text comes from its contract. */
function endpointTool(c: Contract): ToolDef {
  return tool({
    name: c.tool.name,
    operation: c.name,
    path: c.path,
    cost: c.cost,
    kind: c.kind,
    input: strict(c.query),
    annotations: ann(c.tool.title, c.tool.openWorld, c.kind !== "free"),
    what: c.tool.what,
  });
}

/** The composite tool of spec 4.1: three REST calls, no REST endpoint of its own. */
const BRAIN: ToolDef = tool({
  name: "service_content_brain",
  operation: null,
  path: null,
  cost: 7,
  kind: "composite",
  input: BrainQuery,
  annotations: ann("Content brain (one-call brief)", true),
  what:
    "One-call content brief: the current trends (get_trends), the ranked opportunities (opportunities) and a timing forecast (forecast) for the best opportunity, or for `topic` if you give one, optionally within one `niche` (and `source` for the trends part: google by default, or youtube). Returns {niche, source, topic, topic_source, best_opportunity, trends, opportunities, forecast, combined, credits_used, credits_remaining, partial, errors}; `combined` lists the three API calls made and the credits each spent, and `errors` lists any part that failed (the other parts are still returned; the result is a tool error only when no part succeeded). Use it as the starting point when asked what to make next; it is cheaper in round trips than calling the three tools yourself.",
});

export const TOOLS: ToolDef[] = [...CONTRACTS.map(endpointTool), BRAIN];

export const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

/**
 * The tool's input JSON Schema: TypeBox's own JSON (a JSON round trip drops its symbol keys), with
 * each choice parameter (niche, source) offered as `{type: "string", enum: [...]}`, which every LLM
 * host understands; the tool still reads any letter case (validate.ts), as the REST route does.
 */
export function inputJsonSchema(schema: TObject): Record<string, unknown> {
  const out = JSON.parse(JSON.stringify(schema));
  for (const [name, prop] of Object.entries(schema.properties)) {
    const cs = choicesOf(prop);
    if (!cs) continue;
    const { description, examples, default: def } = out.properties[name];
    out.properties[name] = { type: "string", enum: [...cs], ...(description ? { description } : {}), ...(examples ? { examples } : {}), ...(def !== undefined ? { default: def } : {}) };
  }
  return out;
}
