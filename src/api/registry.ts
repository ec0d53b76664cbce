/**
 * Every route: a contract of contracts.ts with its handler, in the spec's order. The server mounts
 * these; the contracts alone feed /openapi.json, /llms.txt and the MCP tools.
 */
import type { Endpoint } from "./endpoint.ts";
import { trends } from "./trends.ts";
import { news } from "./news.ts";
import { forecast } from "./forecast.ts";
import { virality } from "./virality.ts";
import { opportunities } from "./opportunities.ts";
import { brief } from "./brief.ts";
import { hookRescue } from "./hook-rescue.ts";
import { grade } from "./grade.ts";
import { prebreakout } from "./prebreakout.ts";
import { viralPatterns } from "./viral-patterns.ts";
import { usage } from "./usage.ts";
import { CONTRACTS } from "./contracts.ts";

// Endpoint<any>: each route's handler takes its own query type (Static of its schema).
const ROUTES: readonly Endpoint<any>[] = [trends, news, forecast, virality, opportunities, brief, hookRescue, grade, prebreakout, viralPatterns, usage];
const BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));

/** The routes in the contracts' order; a contract without a handler stops the server at start-up. */
export const ENDPOINTS: readonly Endpoint<any>[] = CONTRACTS.map((c) => {
  const r = BY_NAME.get(c.name);
  if (!r) throw new Error(`no handler for the '${c.name}' contract (src/api/registry.ts)`);
  return r;
});
