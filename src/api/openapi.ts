/**
 * What the @elysiajs/openapi plugin cannot infer from the routes, read from the contracts: the
 * document's info, servers, security scheme and shared Error schema (`documentation`), and each
 * operation's `detail` (id, summary, description with the cost, tag, and responses with their
 * examples, headers and error bodies). The plugin adds each route's query parameters from the
 * TypeBox schema Elysia validates, so the document describes exactly what the server checks.
 * Also /llms.txt. No Bun-only import.
 */
import type { TSchema } from "@sinclair/typebox";
import { KEY_HEADER, type Contract } from "./contracts.ts";
import { ErrorSchema, envelopeSchema } from "./shapes.ts";

export const API_VERSION = "1.0.0";
export const OPENAPI_VERSION = "3.1.0";

/** TypeBox's JSON (a round trip drops its symbol keys). */
function json(s: TSchema): any {
  return JSON.parse(JSON.stringify(s));
}

const ERR = (description: string, example: Record<string, unknown>) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example } },
});

const rateHeaders = {
  "X-RateLimit-Tier": { description: "Plan of the key (lower case)", schema: { type: "string" } },
  RateLimit: { description: "IETF draft RateLimit field for the window closest to exhaustion", schema: { type: "string" } },
  "RateLimit-Policy": { description: "IETF draft RateLimit-Policy field for that window", schema: { type: "string" } },
};

export function operationId(c: Contract): string {
  return c.name.replace(/-([a-z])/g, (_, x: string) => x.toUpperCase());
}

/** The operation fields of one route (Elysia's `detail`); the plugin adds the query parameters. */
export function routeDetail(c: Contract): Record<string, unknown> {
  const hasParams = Object.keys(c.query.properties).length > 0;
  const okSchema = c.kind === "free" ? json(c.data) : json(envelopeSchema(c.data));
  const okExample = c.kind === "free" ? c.example : { data: c.example, confidence: c.confidence, credits_used: c.cost, credits_remaining: 29 };
  const responses: Record<string, unknown> = {
    "200": { description: "Success", headers: rateHeaders, content: { "application/json": { schema: okSchema, example: okExample } } },
  };
  if (hasParams) responses["400"] = ERR("Invalid parameter (invalid_param, with `param`) or prompt-injection attempt (invalid_input)", { error: "invalid_param", message: "'limit' must be an integer from 1 to 10.", param: "limit" });
  responses["401"] = ERR("Missing, invalid or revoked key", { error: "unauthorized", message: "Missing, invalid or revoked API key. Send it in the x-service-api-key header." });
  if (c.kind !== "free") responses["402"] = ERR("Wallet out of credits", { error: "insufficient_credits", message: "This call costs 1 credits; the wallet holds 0.", credits_remaining: 0, topup_url: "https://example.com/billing" });
  responses["403"] = ERR("Account under usage review", { error: "usage_review", message: "This account is under usage review. Contact support." });
  responses["429"] = {
    ...ERR("Rate limit exceeded", { error: "rate_limited", message: "Rate limit exceeded (burst).", scope: "burst", retry_after: 12 }),
    headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer", minimum: 1 } } },
  };
  responses["500"] = ERR("Server error (never leaks internals)", { error: "internal_error", message: "Internal server error." });
  responses["503"] = {
    ...ERR("No snapshot loaded yet (not_ready), or the wallet stayed locked by another process for about a second (wallet_busy, with Retry-After; nothing charged)", { error: "not_ready", message: "No valid snapshot is loaded yet. Try again shortly." }),
    headers: { "Retry-After": { description: "On wallet_busy: seconds to wait", schema: { type: "integer", minimum: 1 } } },
  };
  return {
    operationId: operationId(c),
    summary: c.summary,
    description: `${c.description}\n\nCost: ${c.cost === 0 ? "free" : `${c.cost} credit${c.cost > 1 ? "s" : ""}`} (${c.kind}).`,
    tags: [c.kind === "intelligence" ? "intelligence" : "data"],
    // The plugin writes `parameters` only for a schema with properties; usage declares none.
    ...(hasParams ? {} : { parameters: [] }),
    responses,
  };
}

/** The document-level fields (the plugin's `documentation`): everything but the paths. */
export function documentation(baseUrl: string) {
  return {
    info: {
      title: "Trend Intel API",
      version: API_VERSION,
      description:
        "Read-only trend and content intelligence: trending topics, news, forecasts, virality scores, opportunities, a daily brief, hooks, draft grading, pre-breakout signals and validated viral patterns. Every call needs the `x-service-api-key` header and is metered in credits.",
      license: { name: "MIT", identifier: "MIT" },
      contact: { name: "Trend Intel", url: baseUrl },
    },
    servers: [{ url: baseUrl }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "data", description: "1-credit data endpoints (usage is free)" },
      { name: "intelligence", description: "5-credit intelligence endpoints (separate daily cap)" },
    ],
    components: {
      securitySchemes: { apiKey: { type: "apiKey" as const, in: "header" as const, name: KEY_HEADER, description: "Keys start with svc_live_. Bearer tokens are not accepted." } },
      schemas: { Error: json(ErrorSchema) },
    },
  };
}

export function buildLlmsTxt(contracts: readonly Contract[], baseUrl: string): string {
  const lines = [
    "# Trend Intel API",
    "",
    "> Read-only JSON API of content-trend intelligence. Every endpoint is GET, needs the header `x-service-api-key: svc_live_...`, returns at most 10 items, and is metered in credits (data 1, intelligence 5, usage free). Empty arrays mean no data; nothing is padded. Monetization figures are estimates.",
    "",
    `Machine-readable description: ${baseUrl}/openapi.json`,
    "",
    "## Endpoints",
    "",
  ];
  for (const c of contracts) {
    const params = Object.keys(c.query.properties);
    lines.push(`- [${c.path}](${baseUrl}${c.path}): ${c.summary}. Cost ${c.cost}. Params: ${params.length ? params.join(", ") : "none"}.`);
  }
  lines.push("", "## Errors", "", "400 invalid_param / invalid_input, 401 unauthorized, 402 insufficient_credits (credits_remaining, topup_url), 403 usage_review, 429 rate_limited (scope, retry_after, Retry-After header), 500 internal_error, 503 not_ready / wallet_busy (retry_after, Retry-After header; nothing charged).", "");
  return lines.join("\n");
}
