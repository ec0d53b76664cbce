/**
 * Environment of the MCP server: SERVICE_API_KEY and SERVICE_API_BASE_URL (both required), and
 * SERVICE_API_TIMEOUT_MS (optional, default 30000). Every problem is reported at once, in words a
 * person editing an MCP client config can act on.
 */
import type { ApiConfig } from "./api.ts";

export const DEFAULT_TIMEOUT_MS = 30_000;

export const CONFIG_EXAMPLE = `{"mcpServers":{"trend-intel":{"command":"node","args":["dist/mcp.js"],"env":{"SERVICE_API_KEY":"svc_live_...","SERVICE_API_BASE_URL":"http://127.0.0.1:8787"}}}}`;

export type ConfigResult = { ok: true; config: ApiConfig } | { ok: false; problems: string[] };

export function readConfig(env: Record<string, string | undefined>, userAgent: string): ConfigResult {
  const problems: string[] = [];
  const apiKey = (env.SERVICE_API_KEY ?? "").trim();
  if (!apiKey) problems.push("SERVICE_API_KEY is not set: put your Trend Intel API key (svc_live_...) in the server's env.");
  else if (/\s/.test(apiKey)) problems.push("SERVICE_API_KEY contains whitespace: paste the key exactly as shown once at creation.");

  const rawBase = (env.SERVICE_API_BASE_URL ?? "").trim();
  let baseUrl = "";
  if (!rawBase) problems.push("SERVICE_API_BASE_URL is not set: put the API server's address in the server's env (e.g. http://127.0.0.1:8787).");
  else {
    let u: URL | null = null;
    try {
      u = new URL(rawBase);
    } catch {
      u = null;
    }
    if (!u || (u.protocol !== "http:" && u.protocol !== "https:") || u.search || u.hash) {
      problems.push(`SERVICE_API_BASE_URL must be an http:// or https:// address without query string, got '${rawBase}'.`);
    } else {
      // Accept the address with or without a trailing slash or a trailing /api/public.
      baseUrl = `${u.origin}${u.pathname}`.replace(/\/+$/, "").replace(/\/api\/public$/, "");
    }
  }

  let timeoutMs = DEFAULT_TIMEOUT_MS;
  const rawTimeout = env.SERVICE_API_TIMEOUT_MS?.trim();
  if (rawTimeout) {
    if (!/^\d+$/.test(rawTimeout) || Number(rawTimeout) < 1) problems.push(`SERVICE_API_TIMEOUT_MS must be a positive whole number of milliseconds, got '${rawTimeout}'.`);
    else timeoutMs = Number(rawTimeout);
  }

  if (problems.length) return { ok: false, problems };
  return { ok: true, config: { apiKey, baseUrl, timeoutMs, userAgent } };
}
