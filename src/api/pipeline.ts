/**
 * The request path of every endpoint, as Elysia hooks in the documented order (docs/decisions.md):
 *   derive     401 unauthorized, then 403 usage_review (identify) — derive runs before validation
 *   transform  readQuery (strict percent-decoding, page/offset/export/cursor refused, choices to
 *              their canonical case, limit digits to a number, text trimmed)
 *   validation 400 invalid_param: Elysia checks the route's TypeBox query schema
 *   handler    400 invalid_input (injection screen) → handler (a throw is a 500 that spends nothing)
 *              → 429 rate_limited → 402 insufficient_credits → 200
 * and one exit for every error (`errorExit`, called from the app's only onError). The rate and
 * credit checks run inside the wallet's committing transaction (meter.ts), so a response is sent
 * only once its debit is durable; if another process holds the wallet's write lock past the
 * request's deadline, the answer is 503 wallet_busy and nothing is charged.
 */
import { ApiError, apiErrorResponse, errorResponse } from "../errors.ts";
import type { Confidence } from "../domain/enums.ts";
import type { Endpoint, WalletView } from "./endpoint.ts";
import { KEY_HEADER, type Contract } from "./contracts.ts";
import type { Engine, Loaded } from "../engine/engine.ts";
import type { KeyResolver, Principal } from "../wallet/auth.ts";
import type { PgKeyResolver } from "../wallet/pg/auth.ts";
import { BUSY_RETRY_AFTER_S, isBusy, type ChargingMeter } from "../wallet/meter.ts";
import { isPgUnavailable } from "../wallet/pg/errors.ts";
import { FORBIDDEN_PARAMS, charLength, lengthViolation, paramMessage, readParam } from "./params.ts";
import { normalizeInput, screenInput } from "../rules/injection.ts";
import { tightestWindow, type Counters } from "../rules/ratelimit.ts";
import { FailedAuthThrottle } from "./throttle.ts";
import { badEncoding } from "./query.ts";
import type { MinuteGuard } from "./usage.ts";
import type { RequestLog } from "./reqlog.ts";
import { log } from "../log.ts";

export interface PipelineDeps {
  engine: Engine;
  /** SQLite: resolves synchronously; PostgreSQL (`async: true`): awaited by identifyAsync. */
  resolver: KeyResolver | PgKeyResolver;
  meter: ChargingMeter;
  topupUrl: string;
  clock: () => number;
  authThrottle: FailedAuthThrottle;
  /** The free endpoints' own per-minute guard (they take no rate slot). */
  freeGuard: MinuteGuard;
  wallet: WalletView;
  /** PostgreSQL: /usage's report, read before the (synchronous) handler runs. */
  loadUsage?: (p: Principal, now: number) => Promise<unknown>;
  reqlog: RequestLog;
  envelopes: EnvelopeCache;
}

/**
 * Authenticate: the only accepted credential is the x-service-api-key header. A valid key always
 * passes; a failure is 429 while its address or key prefix is over the failed-attempt limit (see
 * throttle.ts), else 401 (and counted).
 */
export function authenticate(deps: PipelineDeps, request: Request, ipOf: (request: Request) => string): Principal {
  const presented = request.headers.get(KEY_HEADER);
  const p = (deps.resolver as KeyResolver).resolve(presented);
  if (p) return p;
  return authFailed(deps, request, ipOf, presented);
}

/** The same for a store whose key look-up is asynchronous (PostgreSQL). */
export async function authenticateAsync(deps: PipelineDeps, request: Request, ipOf: (request: Request) => string): Promise<Principal> {
  const presented = request.headers.get(KEY_HEADER);
  const p = await deps.resolver.resolve(presented);
  if (p) return p;
  return authFailed(deps, request, ipOf, presented);
}

function authFailed(deps: PipelineDeps, request: Request, ipOf: (request: Request) => string, presented: string | null): never {
  const now = deps.clock();
  const ip = ipOf(request);
  // The client address is only looked up for failures; quiet() skips the maps when nothing failed.
  const blocked = deps.authThrottle.quiet(now) ? 0 : deps.authThrottle.blockedFor(ip, presented, now);
  if (blocked > 0) {
    throw new ApiError("rate_limited", "Too many failed authentication attempts from this address or with this key.", { scope: "burst", retry_after: blocked }, { "Retry-After": String(blocked) });
  }
  deps.authThrottle.fail(ip, presented, now);
  throw new ApiError("unauthorized");
}

/** What identity leaves on the request's context for the handler and the error exit. */
export type Identified = {
  principal: Principal;
  /** performance.now() at arrival, for the request log. */
  t0: number;
};

/**
 * The route's identity (the app's derive hook, which runs before validation): 401 / 429 from
 * authenticate, then 403 usage_review (with the plan's tier header), written into `into`. `t0`
 * rides on a thrown error so the one exit can still log the request's duration.
 */
export function identify(deps: PipelineDeps, request: Request, ipOf: (request: Request) => string, into: Partial<Identified>): void {
  const t0 = performance.now();
  into.t0 = t0;
  try {
    const principal = authenticate(deps, request, ipOf);
    if (principal.review) throw new ApiError("usage_review", undefined, {}, { "X-RateLimit-Tier": principal.plan });
    into.principal = principal;
  } catch (e) {
    throw Object.assign(e as Error, { t0 });
  }
}

/** identify for the PostgreSQL wallet (its key look-up is awaited); same order of answers. */
export async function identifyAsync(deps: PipelineDeps, request: Request, ipOf: (request: Request) => string, into: Partial<Identified>): Promise<void> {
  const t0 = performance.now();
  into.t0 = t0;
  try {
    const principal = await authenticateAsync(deps, request, ipOf);
    if (principal.review) throw new ApiError("usage_review", undefined, {}, { "X-RateLimit-Tier": principal.plan });
    into.principal = principal;
  } catch (e) {
    throw Object.assign(e as Error, { t0 });
  }
}

/**
 * The pre-validation step (the route's transform hook: after identity, before Elysia validates), for
 * what Elysia's lenient query parser cannot express. Its values (`parsed`: decoded, `+` as space, a
 * repeated parameter's last value) are kept, except: invalid percent-encoding is refused (Elysia
 * keeps such text as it came, and it was never what the caller meant; issue 13); page, offset,
 * export and cursor are refused; unknown parameters are dropped; the rest is readParam (params.ts).
 * A text longer than its bound before trimming is passed untrimmed, so it is refused as
 * /openapi.json declares (the server never accepts what the document refuses).
 */
export function readQuery(ep: Contract, parsed: Record<string, string | string[] | undefined>, url: string): Record<string, unknown> {
  // Free endpoints (usage) take no parameters and refuse none: spec 4 gives usage only 401 and 429.
  if (ep.kind === "free") return {};
  const bad = badEncoding(url);
  if (bad !== null) throw new ApiError("invalid_param", `'${bad}' is not valid percent-encoded UTF-8.`, { param: bad });
  for (const p of FORBIDDEN_PARAMS) {
    if (parsed[p] !== undefined) throw new ApiError("invalid_param", `'${p}' is not supported: this API has no pagination or bulk export.`, { param: p });
  }
  const out: Record<string, unknown> = {};
  const props = ep.query.properties as Record<string, { maxLength?: number }>;
  for (const name in props) {
    let v = parsed[name];
    if (v === undefined) continue;
    if (Array.isArray(v)) v = v[v.length - 1];
    const max = props[name].maxLength;
    out[name] = max !== undefined && charLength(v) > max ? v : readParam(props[name], name, v);
  }
  return out;
}

export function envelope(dataJson: string, confidence: Confidence, used: number, remaining: number): string {
  return `{"data":${dataJson},"confidence":"${confidence}","credits_used":${used},"credits_remaining":${remaining}}`;
}

/** Bytes of precomputed envelope heads kept at most (a few hundred answers of a snapshot). */
const HEAD_CACHE_BYTES = 16 * 1024 * 1024;
const utf8 = new TextEncoder();

/**
 * The envelope of a precomputed answer (an index's JSON text, the same string on every call) as
 * UTF-8 bytes: everything up to `"credits_remaining":` is encoded once per (answer, confidence,
 * cost) and kept, and each call only appends its balance. A fresh string body instead costs every
 * response a UTF-16 → UTF-8 transcode of the whole answer (most answers hold non-Latin-1 titles),
 * ~1 µs for a 10-item /trends (bench/RESULTS.http.md). Dropped when the snapshot changes.
 */
export class EnvelopeCache {
  private heads = new Map<string, Map<string, Uint8Array>>();
  private bytes = 0;
  private snap: unknown = null;

  body(snap: unknown, dataJson: string, confidence: Confidence, used: number, remaining: number): Uint8Array {
    if (snap !== this.snap || this.bytes > HEAD_CACHE_BYTES) {
      this.heads.clear();
      this.bytes = 0;
      this.snap = snap;
    }
    const variant = confidence + used;
    let byData = this.heads.get(variant);
    if (!byData) this.heads.set(variant, (byData = new Map()));
    let head = byData.get(dataJson);
    if (!head) {
      head = utf8.encode(`{"data":${dataJson},"confidence":"${confidence}","credits_used":${used},"credits_remaining":`);
      byData.set(dataJson, head);
      this.bytes += head.length;
    }
    const tail = String(remaining);
    const out = new Uint8Array(head.length + tail.length + 1);
    out.set(head, 0);
    let i = head.length;
    for (let k = 0; k < tail.length; k++) out[i++] = tail.charCodeAt(k); // digits: ASCII
    out[i] = 125; // "}"
    return out;
  }
}

function rateHeaders(h: Record<string, string>, counters: Counters, p: Principal, now: number, intel: boolean): void {
  const w = tightestWindow(counters, p.limits, now, intel);
  h["RateLimit-Policy"] = `"${w.name}";q=${w.limit};w=${w.windowSec}`;
  h["RateLimit"] = `"${w.name}";r=${w.remaining};t=${w.reset}`;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** 503 wallet_busy: nothing was charged; Retry-After says when to try again. */
export function walletBusy(retryAfter: number): ApiError {
  return new ApiError("wallet_busy", undefined, { retry_after: retryAfter }, { "Retry-After": String(retryAfter) });
}

/**
 * The handler of every route, after validation: the injection screen on free text, then the
 * endpoint's handler, then (metered endpoints) the charge, or (free endpoints) their guard.
 */
export async function serve(deps: PipelineDeps, ep: Endpoint<any>, p: Principal, q: Record<string, unknown>, t0: number): Promise<Response> {
  const deadline = deps.meter.deadline(); // a busy wallet may hold the call until just under 1 s after its arrival
  for (const f of ep.freeText) {
    const v = q[f];
    if (typeof v !== "string") continue;
    const s = screenInput(v);
    if (s.flagged) throw new ApiError("invalid_input", `'${f}' looks like a prompt-injection attempt (${s.reason}).`, { param: f, reason: s.reason });
    // Handlers get what a reader sees: no zero-width characters, BOMs or line breaks.
    const clean = normalizeInput(v);
    const lv = lengthViolation(ep.query, { [f]: clean });
    if (lv) throw new ApiError("invalid_param", `'${f}' must be ${lv.min} to ${lv.max} visible characters (got ${lv.length}).`, { param: f });
    q[f] = clean;
  }
  const h: Record<string, string> = { "content-type": JSON_TYPE, "X-RateLimit-Tier": p.plan };
  const now = deps.clock();
  let body: string | Uint8Array;
  if (ep.kind === "free") {
    deps.freeGuard.take(p.accountId, now);
    // Free endpoints read the wallet, not the snapshot (usage answers while no snapshot is loaded).
    let wallet = deps.wallet;
    if (deps.loadUsage) {
      const report = await deps.loadUsage(p, now);
      wallet = { usage: () => report };
    }
    const r = ep.handle(q, { snap: deps.engine.current as Loaded, now, principal: p, wallet });
    body = r.dataJson ?? JSON.stringify(r.data);
  } else {
    const snap = deps.engine.current;
    if (!snap) throw new ApiError("not_ready");
    const r = ep.handle(q, { snap, now, principal: p, wallet: deps.wallet });
    const cost = r.cost ?? ep.cost;
    const charged = await deps.meter.charge({ accountId: p.accountId, keyId: p.keyId, endpoint: ep.name, cost, intel: ep.kind === "intelligence" }, deadline);
    if (!charged.ok) {
      switch (charged.code) {
        case "unauthorized":
          throw new ApiError("unauthorized");
        case "usage_review":
          throw new ApiError("usage_review");
        case "rate_limited":
          throw new ApiError("rate_limited", `Rate limit exceeded (${charged.scope}).`, { scope: charged.scope, retry_after: charged.retryAfter }, { "Retry-After": String(charged.retryAfter) });
        case "insufficient_credits":
          throw new ApiError("insufficient_credits", `This call costs ${cost} credits; the wallet holds ${charged.creditsRemaining}.`, { credits_remaining: charged.creditsRemaining, topup_url: deps.topupUrl });
        case "wallet_busy":
          throw walletBusy(charged.retryAfter);
      }
    }
    rateHeaders(h, charged.counters, p, now, ep.kind === "intelligence");
    const confidence = r.confidence ?? ep.confidence;
    body = r.dataJson !== undefined ? deps.envelopes.body(snap, r.dataJson, confidence, cost, charged.creditsRemaining) : envelope(JSON.stringify(r.data), confidence, cost, charged.creditsRemaining);
  }
  deps.reqlog.push("GET", ep.path, 200, performance.now() - t0, p.accountId);
  return new Response(body, { headers: h });
}

/** What the app's onError receives (Elysia's error context, reduced to what the exit reads). */
export interface ErrorContext {
  code: unknown;
  error: unknown;
  request: Request;
  /** Set by the derive hook on API routes only. */
  principal?: Principal;
  t0?: number;
  endpoint?: Contract;
}

/** The first failing parameter of an Elysia query validation error. */
function validationParam(error: any, ep: Contract | undefined): string {
  const first = error?.valueError; // the first failure, already computed (`.all` would recompute them all)
  const fromPath = typeof first?.path === "string" ? first.path.replace(/^\//, "").split("/")[0] : "";
  return fromPath || ep?.query.required?.[0] || "query";
}

/**
 * The one exit for errors: ApiError → its code's status and body; a failed query validation →
 * 400 invalid_param naming the parameter; an unknown path → 404; a wallet read refused by another
 * connection's lock, or a PostgreSQL wallet that cannot be reached → 503 wallet_busy; anything else → 500 internal_error, whose real cause is
 * logged and never sent. Errors after identity carry the plan's X-RateLimit-Tier header.
 */
export function errorExit(deps: PipelineDeps, c: ErrorContext): Response {
  const tier = c.principal ? { "X-RateLimit-Tier": c.principal.plan } : undefined;
  let r: Response;
  if (c.error instanceof ApiError) r = apiErrorResponse(c.error, tier);
  else if (c.code === "VALIDATION") {
    const param = validationParam(c.error, c.endpoint);
    const value = (c.error as any)?.value?.[param];
    r = errorResponse("invalid_param", c.endpoint ? paramMessage(c.endpoint.query, param, value) : undefined, { param }, tier);
  } else if (c.code === "NOT_FOUND") r = errorResponse("not_found");
  else if (isBusy(c.error) || isPgUnavailable(c.error)) r = apiErrorResponse(walletBusy(BUSY_RETRY_AFTER_S), tier); // nothing was charged
  else {
    const path = c.endpoint?.path ?? new URL(c.request.url).pathname;
    log.error("internal_error", { path, stack: (c.error as Error)?.stack ?? String(c.error) });
    r = errorResponse("internal_error", undefined, undefined, tier);
  }
  const t0 = c.t0 ?? (c.error as { t0?: number } | null)?.t0;
  if (c.endpoint && t0 !== undefined) deps.reqlog.push("GET", c.endpoint.path, r.status, performance.now() - t0, c.principal?.accountId);
  return r;
}
