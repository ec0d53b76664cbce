/**
 * App assembly: routes from the endpoint registry, the shared pipeline, /openapi.json, /llms.txt,
 * a Swagger UI page, /healthz and /readyz, errors and request logs. `createServerApp` takes its
 * dependencies (wallet file, snapshot dir, clock), so tests run the real thing in-process.
 */
import { Elysia } from "elysia";
import type { Database } from "bun:sqlite";
import { ENDPOINTS } from "./api/registry.ts";
import { runEndpoint, authenticate, errorOutcome, walletBusy, type Outcome, type PipelineDeps } from "./api/pipeline.ts";
import { buildLlmsTxt, buildOpenApi } from "./api/openapi.ts";
import { ApiError } from "./errors.ts";
import { Engine } from "./engine/engine.ts";
import { KeyResolver } from "./wallet/auth.ts";
import { BUSY_RETRY_AFTER_S, Meter, isBusy, type MeterOptions } from "./wallet/meter.ts";
import { BUSY_TIMEOUT_MS, openWallet, type SyncMode } from "./wallet/db.ts";
import { FailedAuthThrottle, clientAddress, parseTrustProxy } from "./api/throttle.ts";
import { usage, USAGE_GUARD_PER_MIN } from "./api/usage.ts";
import { spendable, type AccountRow } from "./wallet/keys.ts";
import { current, dayStart, minuteStart, MINUTE_MS, secondsUntil } from "./rules/ratelimit.ts";
import type { Endpoint } from "./api/endpoint.ts";
import { log } from "./log.ts";
import { RequestLog } from "./api/reqlog.ts";
import { parseRawQuery } from "./api/query.ts";

/** Every path this server answers with GET; any other method there is 405 with `Allow: GET`. */
const GET_ONLY = "GET";

export interface AppOptions {
  walletPath: string;
  snapshotDir: string;
  topupUrl?: string;
  publicBaseUrl?: string;
  clock?: () => number;
  authFailLimit?: number;
  sync?: SyncMode;
  /** Watch/poll the snapshot dir for newer snapshots (off in most tests: they call engine.refresh()). */
  watch?: boolean;
  pollMs?: number;
  requestLog?: boolean;
  /** /usage calls per key per minute before 429 (default USAGE_GUARD_PER_MIN). */
  usageGuardPerMin?: number;
  /** Proxy addresses whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustProxy?: string[];
  /** How long a paid call waits for another process's write lock, and the clock that times it (tests). */
  meter?: MeterOptions;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

function respond(o: Outcome): Response {
  return new Response(o.body, { status: o.status, headers: { ...JSON_HEADERS, ...o.headers } });
}

/** Where a 402's default `topup_url` points: a page that exists on every self-hosted server. */
export const TOPUP_PATH = "/account/credits";
const TOPUP_TEXT = `Adding credits

This Trend Intel server is self-hosted: its operator adds credits to an account with the CLI, on the
machine that holds the wallet:

  trend-intel credits add --account acc_... --amount 500      (npm run cli -- credits add ...)

Ask the operator of this server for credits. An operator with a billing page can point 402 answers
there instead with TOPUP_URL=https://...
`;

export function createServerApp(opts: AppOptions) {
  const clock = opts.clock ?? Date.now;
  // busy_timeout 0: SQLite would wait for another process's lock by sleeping this thread, which is
  // the event loop; the meter retries on a timer instead (docs/wallet.md, "Locking").
  const db: Database = openWallet(opts.walletPath, { sync: opts.sync, busyTimeoutMs: 0 });
  const engine = new Engine(opts.snapshotDir);
  engine.refresh();
  if (opts.watch) engine.start(opts.pollMs);
  const baseUrl = (opts.publicBaseUrl ?? "http://127.0.0.1:8787").replace(/\/$/, "");
  const deps: PipelineDeps = {
    engine,
    resolver: new KeyResolver(db),
    meter: new Meter(db, clock, opts.meter),
    topupUrl: opts.topupUrl ?? `${baseUrl}${TOPUP_PATH}`,
    clock,
    authThrottle: new FailedAuthThrottle(opts.authFailLimit ?? 60),
  };
  const reqlog = new RequestLog(opts.requestLog ?? true);
  const usageGuard = new Map<string, { start: number; count: number }>();
  const openapi = JSON.stringify(buildOpenApi(ENDPOINTS, baseUrl));
  const llms = buildLlmsTxt(ENDPOINTS, baseUrl);
  const accountStmt = db.query("SELECT * FROM accounts WHERE id = ?");

  function usageOutcome(headers: Headers, ipOf: () => string): Outcome {
    let p;
    try {
      p = authenticate(deps, headers, ipOf);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e; // a wallet fault is a 500, logged with its real cause
      return errorOutcome(e);
    }
    const h = { "X-RateLimit-Tier": p.plan };
    if (p.review) return { ...errorOutcome(new ApiError("usage_review"), h), accountId: p.accountId };
    const now = clock();
    const m = minuteStart(now);
    const g = usageGuard.get(p.accountId);
    if (g && g.start === m && g.count >= (opts.usageGuardPerMin ?? USAGE_GUARD_PER_MIN)) {
      const ra = secondsUntil(m + MINUTE_MS, now);
      return { ...errorOutcome(new ApiError("rate_limited", "Too many usage calls.", { scope: "burst", retry_after: ra }, { "Retry-After": String(ra) }), h), accountId: p.accountId };
    }
    if (!g || g.start !== m) usageGuard.set(p.accountId, { start: m, count: 1 });
    else g.count++;
    const a = accountStmt.get(p.accountId) as AccountRow | null;
    if (!a) return errorOutcome(new ApiError("unauthorized"));
    const c = deps.meter.readCounters(p.accountId);
    const d = dayStart(now);
    const callsToday = current(c.daily, d);
    const body = {
      tier: p.plan,
      credits_remaining: spendable(a, now),
      rate_limit: {
        calls_today: callsToday,
        daily_cap: p.limits.dailyCap,
        calls_remaining: Math.max(0, p.limits.dailyCap - callsToday),
        intel_calls_today: current(c.intel, d),
        intel_daily_cap: p.limits.intelDailyCap,
        burst_per_min: p.limits.burstPerMin,
      },
    };
    return { status: 200, body: JSON.stringify(body), headers: h, accountId: p.accountId };
  }

  const knownPaths = new Set<string>([...ENDPOINTS.map((e) => e.path), "/openapi.json", "/llms.txt", "/docs", "/docs/swagger-ui.css", "/docs/swagger-ui-bundle.js", "/docs/init.js", "/healthz", "/readyz", TOPUP_PATH]);
  const methodNotAllowed = () => respond({ ...errorOutcome(new ApiError("method_not_allowed")), headers: { Allow: GET_ONLY } });

  // HEAD would run the GET handler and bill a call whose body is never sent (issue 13): every path
  // here is GET-only, so HEAD, like any other method, is 405 before identity, billing or logging.
  const app = new Elysia().onRequest(({ request }) => {
    if (request.method !== "GET" && knownPaths.has(new URL(request.url).pathname)) return methodNotAllowed();
  });
  const trusted = parseTrustProxy((opts.trustProxy ?? []).join(","));
  const ipOf = (request: Request, server: any): string =>
    clientAddress(server?.requestIP?.(request)?.address ?? "local", trusted.size ? request.headers.get("x-forwarded-for") : null, trusted);

  for (const ep of ENDPOINTS) {
    app.get(ep.path, async ({ request, server }) => {
      const t0 = performance.now();
      let o: Outcome;
      try {
        const ip = () => ipOf(request, server);
        o = ep === usage ? usageOutcome(request.headers, ip) : await runEndpoint(deps, ep as Endpoint, request.headers, parseRawQuery(request.url), ip);
      } catch (e) {
        const err = e as Error & { accountId?: string; tierHeader?: string };
        const tier: Record<string, string> = err.tierHeader ? { "X-RateLimit-Tier": err.tierHeader } : {};
        if (isBusy(e)) {
          // A wallet read refused by another connection's lock (rare in WAL mode): nothing was charged.
          o = errorOutcome(walletBusy(BUSY_RETRY_AFTER_S), tier);
        } else {
          log.error("internal_error", { path: ep.path, stack: err?.stack ?? String(e) });
          o = errorOutcome(new ApiError("internal_error"), tier);
        }
        o.accountId = err.accountId;
      }
      reqlog.push("GET", ep.path, o.status, performance.now() - t0, o.accountId);
      return respond(o);
    });
  }

  app
    .get("/openapi.json", () => new Response(openapi, { headers: JSON_HEADERS }))
    .get("/llms.txt", () => new Response(llms, { headers: { "content-type": "text/plain; charset=utf-8" } }))
    .get("/docs", () => new Response(swaggerHtml(), { headers: { "content-type": "text/html; charset=utf-8" } }))
    .get("/docs/swagger-ui.css", async () => new Response((await loadSwaggerAssets()).css, { headers: { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=86400" } }))
    .get("/docs/swagger-ui-bundle.js", async () => new Response((await loadSwaggerAssets()).js, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" } }))
    .get("/docs/init.js", () => new Response(SWAGGER_INIT, { headers: { "content-type": "text/javascript; charset=utf-8" } }))
    .get("/healthz", () => new Response('{"status":"ok"}', { headers: JSON_HEADERS }))
    .get(TOPUP_PATH, () => new Response(TOPUP_TEXT, { headers: { "content-type": "text/plain; charset=utf-8" } }))
    .get("/readyz", () => {
      // wallet: "ok", "busy" (another process holds the write lock right now: still ready, paid
      // calls wait up to BUSY_WAIT_MS for it) or "cannot_commit" (not ready; `wallet_error` names the cause).
      const w = deps.meter.readiness();
      const snap = engine.current;
      const ready = w.wallet !== "cannot_commit" && !!snap;
      return new Response(JSON.stringify({ status: ready ? "ready" : "not_ready", snapshot: snap?.header.date ?? null, wallet: w.wallet, ...(w.wallet === "cannot_commit" ? { wallet_error: w.error } : {}) }), { status: ready ? 200 : 503, headers: JSON_HEADERS });
    })
    .onError(({ code, error, request }) => {
      if (code === "NOT_FOUND") return respond(errorOutcome(new ApiError("not_found")));
      log.error("internal_error", { path: new URL(request.url).pathname, stack: (error as Error)?.stack ?? String(error) });
      return respond(errorOutcome(new ApiError("internal_error")));
    });

  function close(): void {
    engine.stop();
    reqlog.flush();
    log.info("meter_stats", { ...deps.meter.stats });
    try {
      // No request is served any more, so waiting for other connections is harmless here.
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch {}
    try {
      db.close();
    } catch {}
  }

  return { app, db, engine, deps, close };
}

/** The Swagger UI page: its assets are served by this server (from the swagger-ui-dist package), so /docs works offline. */
function swaggerHtml(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Trend Intel API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;
}

/** The page's script, served as a file so a strict Content-Security-Policy needs no inline script. */
const SWAGGER_INIT = 'SwaggerUIBundle({ url: "/openapi.json", dom_id: "#ui" });\n';

/**
 * Swagger UI's files, embedded from the swagger-ui-dist npm package (text imports are bundled into
 * the compiled container binary too) and loaded on first use, so start-up does not pay for 1.9 MB.
 */
let swaggerAssets: Promise<{ css: string; js: string }> | null = null;
function loadSwaggerAssets() {
  swaggerAssets ??= Promise.all([
    import("swagger-ui-dist/swagger-ui.css", { with: { type: "text" } }),
    import("swagger-ui-dist/swagger-ui-bundle.js", { with: { type: "text" } }),
  ]).then(([css, js]) => ({ css: css.default as unknown as string, js: js.default as unknown as string }));
  return swaggerAssets;
}
