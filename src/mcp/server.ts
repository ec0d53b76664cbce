/**
 * The MCP server: the low-level SDK `Server` with tools/list and tools/call handlers, so the tools'
 * input schemas are the JSON Schemas generated from the REST routes' TypeBox schemas (tools.ts)
 * rather than a zod re-declaration.
 *
 * tools/call: validate the arguments (validate.ts; invalid → invalid_param tool error, no HTTP call)
 * → one GET to the REST API (api.ts) or the composite brain (brain.ts) → result with the JSON body
 * both as text content and as structuredContent. API errors are tool results with isError: true
 * (never protocol errors), so the model sees the code and the fields to act on. An unknown tool
 * name is a protocol error (-32602), as the MCP spec asks.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { callApi, type ApiConfig } from "./api.ts";
import { contentBrain } from "./brain.ts";
import { TOOLS, TOOL_BY_NAME, inputJsonSchema } from "./tools.ts";
import { validateArgs } from "./validate.ts";

export const SERVER_NAME = "trend-intel";
export const SERVER_VERSION = "1.0.0";

const INSTRUCTIONS = `Trend Intel: content-trend intelligence for creators (trending topics, news, forecasts, virality, opportunities, a daily brief, hooks, draft grading, pre-breakout signals, validated viral patterns).
Every tool is metered against the user's credit wallet: data tools (get_trends, forecast, virality_score, get_news) cost 1 credit, intelligence tools (opportunities, prebreakout, get_brief, get_viral_patterns, rescue_hooks, grade_draft) cost 5 and count against a daily intelligence cap, service_content_brain costs 7, get_usage is free.
Start with service_content_brain or get_trends; check get_usage when credits matter. Errors are tool results with a stable \`error\` code: insufficient_credits (see credits_remaining, topup_url), rate_limited (wait retry_after seconds; scope burst|daily|intel), unauthorized (the key is wrong: retrying will not help), invalid_param (fix the argument; nothing was spent).
Items are at most 10 per call; an empty list means no data.`;

/** tools/list entries, computed once. */
export function listTools(): Tool[] {
  return TOOLS.map((t) => ({
    name: t.name,
    title: t.annotations.title,
    description: t.description,
    inputSchema: inputJsonSchema(t.input) as Tool["inputSchema"],
    annotations: { ...t.annotations },
  }));
}

function result(body: Record<string, unknown>, isError: boolean): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body,
    ...(isError ? { isError: true } : {}),
  };
}

export async function callTool(cfg: ApiConfig, name: string, rawArgs: unknown): Promise<CallToolResult> {
  const def = TOOL_BY_NAME.get(name);
  if (!def) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${name}'. Known tools: ${TOOLS.map((t) => t.name).join(", ")}.`);
  const v = validateArgs(def.input, rawArgs);
  if (!v.ok) {
    return result({ error: "invalid_param", message: v.message, param: v.param, status: null, hint: `Fix the argument '${v.param}' and call again. Nothing was sent to the service and no credit was spent.` }, true);
  }
  if (def.kind === "composite") {
    const b = await contentBrain(cfg, v.args as { topic?: string; niche?: string; source?: string });
    return result(b.body, b.isError);
  }
  const r = await callApi(cfg, def.path!, v.args);
  return r.ok ? result(r.body, false) : result({ ...r.error }, true);
}

export function createMcpServer(cfg: ApiConfig): Server {
  const server = new Server({ name: SERVER_NAME, version: SERVER_VERSION, title: "Trend Intel" }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const tools = listTools();
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => callTool(cfg, req.params.name, req.params.arguments));
  return server;
}
