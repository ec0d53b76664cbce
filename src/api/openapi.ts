/**
 * /openapi.json (OpenAPI 3.1) and /llms.txt, generated from the endpoint registry: the same TypeBox
 * schemas that validate the routes describe them here.
 */
import type { TSchema } from "@sinclair/typebox";
import type { Endpoint } from "./endpoint.ts";
import { ErrorSchema, envelopeSchema } from "./shapes.ts";
import { KEY_HEADER } from "./pipeline.ts";

/** Drop TypeBox's symbol keys and turn `examples` on parameters into a single `example`. */
function clean(s: TSchema): any {
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

export function buildOpenApi(endpoints: Endpoint[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const ep of endpoints) {
    const q = ep.query;
    const required = new Set(q.required ?? []);
    const parameters = Object.entries(q.properties).map(([name, s]) => {
      const schema = clean(s as TSchema);
      const { description, examples } = schema;
      delete schema.description;
      delete schema.examples;
      return { name, in: "query", required: required.has(name), description, schema, ...(examples ? { example: examples[0] } : {}) };
    });
    const okSchema = ep.kind === "free" ? clean(ep.data) : clean(envelopeSchema(ep.data));
    const okExample = ep.kind === "free" ? ep.example : { data: ep.example, confidence: ep.confidence, credits_used: ep.cost, credits_remaining: 29 };
    const responses: Record<string, unknown> = {
      "200": { description: "Success", headers: rateHeaders, content: { "application/json": { schema: okSchema, example: okExample } } },
    };
    if (parameters.length) responses["400"] = ERR("Invalid parameter or prompt-injection attempt", { error: "invalid_param", message: "'limit' must be an integer from 1 to 10.", param: "limit" });
    responses["401"] = ERR("Missing, invalid or revoked key", { error: "unauthorized", message: "Missing, invalid or revoked API key. Send it in the x-service-api-key header." });
    if (ep.kind !== "free") responses["402"] = ERR("Wallet out of credits", { error: "insufficient_credits", message: "This call costs 1 credits; the wallet holds 0.", credits_remaining: 0, topup_url: "https://example.com/billing" });
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
    paths[ep.path] = {
      get: {
        operationId: ep.name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()),
        summary: ep.summary,
        description: `${ep.description}\n\nCost: ${ep.cost === 0 ? "free" : `${ep.cost} credit${ep.cost > 1 ? "s" : ""}`} (${ep.kind}).`,
        tags: [ep.kind === "intelligence" ? "intelligence" : "data"],
        parameters,
        responses,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Trend Intel API",
      version: "1.0.0",
      description: "Read-only trend and content intelligence: trending topics, news, forecasts, virality scores, opportunities, a daily brief, hooks, draft grading, pre-breakout signals and validated viral patterns. Every call needs the `x-service-api-key` header and is metered in credits.",
      license: { name: "MIT", identifier: "MIT" },
      contact: { name: "Trend Intel", url: baseUrl },
    },
    servers: [{ url: baseUrl }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "data", description: "1-credit data endpoints (usage is free)" },
      { name: "intelligence", description: "5-credit intelligence endpoints (separate daily cap)" },
    ],
    paths,
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: KEY_HEADER, description: "Keys start with svc_live_. Bearer tokens are not accepted." } },
      schemas: { Error: clean(ErrorSchema) },
    },
  };
}

export function buildLlmsTxt(endpoints: Endpoint[], baseUrl: string): string {
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
  for (const ep of endpoints) {
    const params = Object.keys(ep.query.properties);
    lines.push(`- [${ep.path}](${baseUrl}${ep.path}): ${ep.summary}. Cost ${ep.cost}. Params: ${params.length ? params.join(", ") : "none"}.`);
  }
  lines.push("", "## Errors", "", "400 invalid_param / invalid_input, 401 unauthorized, 402 insufficient_credits (credits_remaining, topup_url), 403 usage_review, 429 rate_limited (scope, retry_after, Retry-After header), 500 internal_error, 503 not_ready / wallet_busy (retry_after, Retry-After header; nothing charged).", "");
  return lines.join("\n");
}
