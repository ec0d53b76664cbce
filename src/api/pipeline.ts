/**
 * The request pipeline every metered endpoint goes through, in the documented order
 * (docs/decisions.md): 401 unauthorized → 403 usage_review → 400 invalid_param → 400 invalid_input
 * → (handler runs; a throw is a 500 that spends nothing) → 429 rate_limited → 402
 * insufficient_credits → 200. The rate and credit checks happen inside the wallet's committing
 * transaction (meter.ts), so a response is sent only once its debit is durable. If another process
 * holds the wallet's write lock past the request's deadline, the answer is 503 wallet_busy and
 * nothing is charged.
 */
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import type { TObject } from "@sinclair/typebox";
import { ApiError } from "../errors.ts";
import { NICHES, TREND_SOURCES, type Confidence } from "../domain/enums.ts";
import type { Endpoint } from "./endpoint.ts";
import type { Engine } from "../engine/engine.ts";
import type { KeyResolver, Principal } from "../wallet/auth.ts";
import type { Meter } from "../wallet/meter.ts";
import { FORBIDDEN_PARAMS, lengthViolation, withoutLengths } from "./params.ts";
import { normalizeInput, screenInput } from "../rules/injection.ts";
import { tightestWindow, type Counters } from "../rules/ratelimit.ts";
import { FailedAuthThrottle } from "./throttle.ts";
import { BAD_ENCODING } from "./query.ts";

export const KEY_HEADER = "x-service-api-key";

export interface PipelineDeps {
  engine: Engine;
  resolver: KeyResolver;
  meter: Meter;
  topupUrl: string;
  clock: () => number;
  authThrottle: FailedAuthThrottle;
}

const NICHE_BY_LOWER = new Map(NICHES.map((n) => [n.toLowerCase(), n]));
const SOURCE_BY_LOWER = new Map(TREND_SOURCES.map((s) => [s.toLowerCase(), s]));
const checks = new WeakMap<TObject, TypeCheck<TObject>>();

function compiled(schema: TObject): TypeCheck<TObject> {
  let c = checks.get(schema);
  if (!c) checks.set(schema, (c = TypeCompiler.Compile(withoutLengths(schema))));
  return c;
}

/**
 * Coerce the raw query to the schema's types and validate it. Unknown parameters are ignored;
 * `page`, `offset`, `export`, `cursor` are refused; niche and source are read case-insensitively;
 * a parameter whose percent-encoding is invalid (`raw[BAD_ENCODING]`, see query.ts) is refused;
 * string lengths count characters (code points), not UTF-16 units.
 */
export function parseQuery(schema: TObject, raw: Record<string, string | string[] | undefined> & { [BAD_ENCODING]?: string }): Record<string, unknown> {
  const bad = raw[BAD_ENCODING];
  if (bad !== undefined) throw new ApiError("invalid_param", `'${bad}' is not valid percent-encoded UTF-8.`, { param: bad });
  for (const p of FORBIDDEN_PARAMS) {
    if (raw[p] !== undefined) throw new ApiError("invalid_param", `'${p}' is not supported: this API has no pagination or bulk export.`, { param: p });
  }
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties)) {
    let v = raw[name];
    if (Array.isArray(v)) v = v[v.length - 1];
    if (v === undefined) continue;
    if (name === "limit") {
      out[name] = /^\d{1,3}$/.test(v) ? Number(v) : v;
    } else if (name === "niche") {
      out[name] = NICHE_BY_LOWER.get(v.toLowerCase()) ?? v;
    } else if (name === "source") {
      out[name] = SOURCE_BY_LOWER.get(v.toLowerCase()) ?? v;
    } else {
      out[name] = v.trim();
    }
  }
  const lv = lengthViolation(schema, out);
  if (lv) throw new ApiError("invalid_param", `'${lv.param}' must be ${lv.min} to ${lv.max} characters (got ${lv.length}).`, { param: lv.param });
  const check = compiled(schema);
  if (!check.Check(out)) {
    const err = check.Errors(out).First();
    const param = err ? err.path.replace(/^\//, "").split("/")[0] || (schema.required?.[0] ?? "query") : "query";
    const value = out[param];
    let msg: string;
    if (value === undefined) msg = `Missing required parameter '${param}'.`;
    else if (param === "limit") msg = "'limit' must be an integer from 1 to 10.";
    else if (param === "niche") msg = `'niche' must be one of ${NICHES.join(", ")}.`;
    else if (param === "source") msg = `'source' must be one of ${TREND_SOURCES.join(", ")}.`;
    else {
      const s = (schema.properties as any)[param];
      msg = s?.minLength != null ? `'${param}' must be ${s.minLength} to ${s.maxLength} characters.` : `Invalid value for '${param}'.`;
    }
    throw new ApiError("invalid_param", msg, { param });
  }
  return out;
}

export function envelope(dataJson: string, confidence: Confidence, used: number, remaining: number): string {
  return `{"data":${dataJson},"confidence":"${confidence}","credits_used":${used},"credits_remaining":${remaining}}`;
}

function rateHeaders(h: Record<string, string>, counters: Counters, p: Principal, now: number, intel: boolean): void {
  const w = tightestWindow(counters, p.limits, now, intel);
  h["RateLimit-Policy"] = `"${w.name}";q=${w.limit};w=${w.windowSec}`;
  h["RateLimit"] = `"${w.name}";r=${w.remaining};t=${w.reset}`;
}

export interface Outcome {
  status: number;
  body: string;
  headers: Record<string, string>;
  accountId?: string;
}

/** 503 wallet_busy: nothing was charged; Retry-After says when to try again. */
export function walletBusy(retryAfter: number): ApiError {
  return new ApiError("wallet_busy", undefined, { retry_after: retryAfter }, { "Retry-After": String(retryAfter) });
}

export function errorOutcome(e: ApiError, headers: Record<string, string> = {}): Outcome {
  return { status: e.status, body: JSON.stringify(e.body()), headers: { ...headers, ...e.headers } };
}

/**
 * Authenticate: the only accepted credential is the x-service-api-key header. A valid key always
 * passes; a failure is 429 while its address or key prefix is over the failed-attempt limit (see
 * throttle.ts), else 401 (and counted).
 */
export function authenticate(deps: PipelineDeps, headers: Headers, ipOf: () => string): Principal {
  const presented = headers.get(KEY_HEADER);
  const p = deps.resolver.resolve(presented);
  if (p) return p;
  const now = deps.clock();
  const ip = ipOf();
  // The client address is only looked up for failures; quiet() skips the maps when nothing failed.
  const blocked = deps.authThrottle.quiet(now) ? 0 : deps.authThrottle.blockedFor(ip, presented, now);
  if (blocked > 0) {
    throw new ApiError("rate_limited", "Too many failed authentication attempts from this address or with this key.", { scope: "burst", retry_after: blocked }, { "Retry-After": String(blocked) });
  }
  deps.authThrottle.fail(ip, presented, now);
  throw new ApiError("unauthorized");
}

export async function runEndpoint(deps: PipelineDeps, ep: Endpoint, headers: Headers, rawQuery: Record<string, any>, ipOf: () => string): Promise<Outcome> {
  const deadline = deps.meter.deadline(); // a busy wallet may hold the call until just under 1 s after its arrival
  let p: Principal;
  try {
    p = authenticate(deps, headers, ipOf);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e; // a wallet fault is a 500, logged with its real cause
    return errorOutcome(e);
  }
  const h: Record<string, string> = { "X-RateLimit-Tier": p.plan };
  try {
    if (p.review) throw new ApiError("usage_review");
    const q = parseQuery(ep.query, rawQuery);
    for (const f of ep.freeText) {
      const v = q[f];
      if (typeof v === "string") {
        const s = screenInput(v);
        if (s.flagged) throw new ApiError("invalid_input", `'${f}' looks like a prompt-injection attempt (${s.reason}).`, { param: f, reason: s.reason });
        // Handlers get what a reader sees: no zero-width characters, BOMs or line breaks.
        const clean = normalizeInput(v);
        const lv = lengthViolation(ep.query, { [f]: clean });
        if (lv) throw new ApiError("invalid_param", `'${f}' must be ${lv.min} to ${lv.max} visible characters (got ${lv.length}).`, { param: f });
        q[f] = clean;
      }
    }
    const snap = deps.engine.current;
    if (!snap) throw new ApiError("not_ready");
    const now = deps.clock();
    const result = ep.handle!(q, { snap, now });
    const cost = result.cost ?? ep.cost;
    const charged = await deps.meter.charge({ accountId: p.accountId, keyId: p.keyId, endpoint: ep.name, cost, intel: ep.kind === "intelligence" }, deadline);
    if (!charged.ok) {
      switch (charged.code) {
        case "unauthorized":
          return errorOutcome(new ApiError("unauthorized"));
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
    return { status: 200, body: envelope(result.dataJson ?? JSON.stringify(result.data), result.confidence ?? ep.confidence, cost, charged.creditsRemaining), headers: h, accountId: p.accountId };
  } catch (e) {
    if (e instanceof ApiError) return { ...errorOutcome(e, h), accountId: p.accountId };
    throw Object.assign(e as Error, { accountId: p.accountId, tierHeader: p.plan });
  }
}
