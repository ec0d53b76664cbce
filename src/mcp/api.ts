/**
 * The REST client of the MCP wrapper: one GET with the x-service-api-key header, and the mapping of
 * every failure (HTTP error, non-JSON answer, network failure) to an error object an agent can act
 * on: the API's stable `error` code and its fields (retry_after + scope on 429, also read from the
 * Retry-After header; credits_remaining + topup_url on 402; param on 400), the HTTP status and a
 * one-line `hint`. Plain fetch (Node 18+), no Bun API.
 */
import { KEY_HEADER } from "../api/contracts.ts";

export { KEY_HEADER };

export interface ApiConfig {
  /** Without trailing slash; may carry a path prefix (e.g. https://host/trend-intel). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  userAgent: string;
  fetch?: typeof fetch;
}

export type ApiOk = { ok: true; status: number; body: Record<string, unknown>; url: string };
export type ApiFail = { ok: false; status: number | null; error: ApiErrorBody; url: string };
export type ApiResult = ApiOk | ApiFail;

export interface ApiErrorBody {
  error: string;
  message: string;
  /** HTTP status, or null when no answer came back. */
  status: number | null;
  hint: string;
  [field: string]: unknown;
}


/** Build the request URL: base + path + the given arguments as query parameters (in key order). */
export function buildUrl(baseUrl: string, path: string, args: Record<string, string | number | undefined> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(args)) if (v !== undefined) qs.set(k, String(v));
  const s = qs.toString();
  return `${baseUrl}${path}${s ? `?${s}` : ""}`;
}

export async function callApi(cfg: ApiConfig, path: string, args: Record<string, string | number | undefined> = {}): Promise<ApiResult> {
  const url = buildUrl(cfg.baseUrl, path, args);
  const doFetch = cfg.fetch ?? fetch;
  let res: Response;
  let text: string;
  try {
    res = await doFetch(url, {
      method: "GET",
      headers: { [KEY_HEADER]: cfg.apiKey, accept: "application/json", "user-agent": cfg.userAgent },
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
    text = await res.text();
  } catch (e) {
    return { ok: false, status: null, url, error: unreachable(cfg, e) };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const isObject = !!body && typeof body === "object" && !Array.isArray(body);
  if (res.status === 200 && isObject) return { ok: true, status: 200, body: body as Record<string, unknown>, url };
  if (!isObject) {
    const snippet = text.slice(0, 200).replace(/\s+/g, " ");
    return {
      ok: false,
      status: res.status,
      url,
      error: {
        error: "bad_response",
        message: `The service at ${cfg.baseUrl} answered HTTP ${res.status} with a body that is not a JSON object${snippet ? `: ${snippet}` : ""}.`,
        status: res.status,
        hint: "SERVICE_API_BASE_URL may point at something other than the Trend Intel API (it should be the server root, without /api/public).",
      },
    };
  }
  return { ok: false, status: res.status, url, error: httpError(cfg, res, body as Record<string, unknown>) };
}

function httpError(cfg: ApiConfig, res: Response, body: Record<string, unknown>): ApiErrorBody {
  const code = typeof body.error === "string" && body.error ? body.error : res.status === 200 ? "bad_response" : `http_${res.status}`;
  const out: ApiErrorBody = { ...body, error: code, message: typeof body.message === "string" ? body.message : `HTTP ${res.status}`, status: res.status, hint: "" };
  if (res.status === 429 || code === "rate_limited") {
    const header = res.headers.get("retry-after");
    const fromHeader = header && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
    if (typeof out.retry_after !== "number" && fromHeader !== undefined) out.retry_after = fromHeader;
  }
  const tier = res.headers.get("x-ratelimit-tier");
  if (tier) out.tier = tier;
  out.hint = hintFor(cfg, out);
  return out;
}

function unreachable(cfg: ApiConfig, e: unknown): ApiErrorBody {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  const timedOut = err?.name === "TimeoutError" || err?.name === "AbortError";
  const cause = timedOut ? `no answer within ${cfg.timeoutMs} ms` : err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(e);
  return {
    error: "service_unreachable",
    message: `The Trend Intel service is unreachable at ${cfg.baseUrl} (${cause}).`,
    status: null,
    base_url: cfg.baseUrl,
    hint: "Check that the API server is running and that SERVICE_API_BASE_URL in the MCP server config points at it. No credit was spent.",
  };
}

export function hintFor(cfg: { baseUrl: string }, e: Record<string, unknown>): string {
  switch (e.error) {
    case "unauthorized":
      return "The API key (SERVICE_API_KEY in the MCP server config) is missing, invalid or revoked. Retrying will not help: ask the user for a valid key (svc_live_...).";
    case "insufficient_credits":
      return `The wallet holds ${e.credits_remaining ?? "too few"} credits, not enough for this call. Top up at ${e.topup_url ?? "the account page"}, or use cheaper tools (get_usage is free, data tools cost 1).`;
    case "rate_limited": {
      const scope = e.scope === "intel" ? "the daily intelligence-call cap (5-credit tools); 1-credit data tools may still work" : e.scope === "daily" ? "the daily call cap" : "the per-minute burst limit";
      return `Rate limit hit: ${scope}. Wait ${e.retry_after ?? "a while"} seconds before retrying. No credit was spent.`;
    }
    case "invalid_param":
      return `Fix the argument${e.param ? ` '${e.param}'` : ""} and call again. No credit was spent.`;
    case "invalid_input":
      return `The text${e.param ? ` in '${e.param}'` : ""} was refused as a likely prompt-injection attempt; rephrase it as a plain topic or title. No credit was spent.`;
    case "usage_review":
      return "The account is under usage review; calls are refused until support clears it. Retrying will not help.";
    case "not_found":
      return `The server at ${cfg.baseUrl} does not offer this operation (older server version, or a wrong base URL).`;
    case "not_ready":
      return "The service has no data snapshot loaded yet. Try again in a minute. No credit was spent.";
    case "wallet_busy":
      return `The service's wallet is busy (another process is writing to it). Wait ${e.retry_after ?? 1} second(s) and retry. No credit was spent.`;
    case "internal_error":
      return "Server error. Try again later; no credit was spent.";
    default:
      return "Unexpected answer from the service.";
  }
}
