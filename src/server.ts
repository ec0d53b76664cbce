/**
 * App assembly: one Elysia route per endpoint of the registry, each carrying its contract's TypeBox
 * query schema (Elysia validates it) and its OpenAPI `detail`; identity and review in `derive`, the
 * strict query reading in the route's transform, both before validation (docs/decisions.md:
 * 401 → 403 → 400 → 429 → 402);
 * one onError for every error (pipeline.ts errorExit); /openapi.json and /docs from
 * @elysiajs/openapi, with Swagger UI's files served here (works offline); /llms.txt; /healthz and
 * /readyz. `createServerApp` takes its dependencies (wallet file, snapshot dir, clock), so tests run
 * the real thing in-process; `createPgServerApp` is the same app on a PostgreSQL wallet (issue 15:
 * several replicas on one wallet), whose key look-up is awaited in the identity hook.
 */
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import type { Database } from "bun:sqlite";
import { ENDPOINTS } from "./api/registry.ts";
import { CONTRACTS, type Contract } from "./api/contracts.ts";
import { EnvelopeCache, errorExit, identify, identifyAsync, readQuery, serve, type Identified, type PipelineDeps } from "./api/pipeline.ts";
import { OPENAPI_VERSION, buildLlmsTxt, documentation, routeDetail } from "./api/openapi.ts";
import { errorResponse } from "./errors.ts";
import { Engine } from "./engine/engine.ts";
import { KeyResolver } from "./wallet/auth.ts";
import { Meter, type ChargingMeter, type MeterOptions } from "./wallet/meter.ts";
import { BUSY_TIMEOUT_MS, openWallet, type SyncMode } from "./wallet/db.ts";
import { usageReader } from "./wallet/usage.ts";
import { startCheckpointer } from "./wallet/checkpoint.ts";
import { SqliteStore, type WalletStore } from "./wallet/store.ts";
import { PgStore } from "./wallet/pg/store.ts";
import { PgMeter } from "./wallet/pg/meter.ts";
import { PgKeyResolver, pgUsageReader } from "./wallet/pg/auth.ts";
import type { WalletView } from "./api/endpoint.ts";
import type { Principal } from "./wallet/auth.ts";
import { FailedAuthThrottle, clientAddress, parseTrustProxy } from "./api/throttle.ts";
import { MinuteGuard } from "./api/usage.ts";
import { log } from "./log.ts";
import { RequestLog } from "./api/reqlog.ts";

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

/** Where a 402's default `topup_url` points: a page that exists on every self-hosted server. */
export const TOPUP_PATH = "/account/credits";
const TOPUP_TEXT = `Adding credits

This Trend Intel server is self-hosted: its operator adds credits to an account with the CLI, on the
machine that holds the wallet:

  trend-intel credits add --account acc_... --amount 500      (npm run cli -- credits add ...)

Ask the operator of this server for credits. An operator with a billing page can point 402 answers
there instead with TOPUP_URL=https://...
`;

/** The wallet as the app uses it, from either store. */
interface WalletParts<C> {
  store: WalletStore;
  resolver: KeyResolver | PgKeyResolver;
  meter: ChargingMeter;
  wallet: WalletView;
  loadUsage?: (p: Principal, now: number) => Promise<unknown>;
  close(): C;
}

/** The server on the SQLite wallet file `opts.walletPath` (the default store). */
export function createServerApp(opts: AppOptions) {
  const clock = opts.clock ?? Date.now;
  // busy_timeout 0: SQLite would wait for another process's lock by sleeping this thread, which is
  // the event loop; the meter retries on a timer instead (docs/wallet.md, "Locking").
  const db: Database = openWallet(opts.walletPath, { sync: opts.sync, busyTimeoutMs: 0 });
  // Checkpoints on a worker thread, not after this connection's commits (src/wallet/checkpoint.ts).
  const checkpointer = opts.walletPath === ":memory:" ? null : startCheckpointer(opts.walletPath, (msg) => log.warn("wal_checkpoint_failed", { error: msg }));
  if (checkpointer) db.exec("PRAGMA wal_autocheckpoint = 0");
  const meter = new Meter(db, clock, opts.meter);
  const s = assemble(opts, {
    store: new SqliteStore(db),
    resolver: new KeyResolver(db),
    meter,
    wallet: { usage: usageReader(db, meter) },
    close() {
      checkpointer?.stop();
      try {
        // No request is served any more, so waiting for other connections is harmless here.
        db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
        db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      } catch {}
      try {
        db.close();
      } catch {}
    },
  });
  return { ...s, db };
}

/**
 * The server on a PostgreSQL wallet (`walletUrl` = postgres://…), for several replicas on one
 * wallet. Connects and migrates the schema before resolving; `close()` ends the pool. `sync`
 * (WALLET_SYNC, only when set explicitly) chooses synchronous_commit for the debits (pg/meter.ts).
 */
export async function createPgServerApp(opts: Omit<AppOptions, "walletPath"> & { walletUrl: string }) {
  const clock = opts.clock ?? Date.now;
  const store = await PgStore.open(opts.walletUrl);
  const meter = new PgMeter(store.sql, clock, opts.meter, opts.sync);
  const resolver = new PgKeyResolver(store.sql);
  meter.onEpoch = (e) => resolver.noteEpoch(e);
  const usage = pgUsageReader(store.sql, meter);
  return assemble(opts, {
    store,
    resolver,
    meter,
    wallet: { usage: () => null },
    loadUsage: usage,
    close: () => {
      meter.release();
      return store.close();
    },
  });
}

function assemble<C>(opts: Omit<AppOptions, "walletPath" | "sync">, w: WalletParts<C>) {
  const clock = opts.clock ?? Date.now;
  const engine = new Engine(opts.snapshotDir);
  engine.refresh();
  if (opts.watch) engine.start(opts.pollMs);
  const baseUrl = (opts.publicBaseUrl ?? "http://127.0.0.1:8787").replace(/\/$/, "");
  const deps: PipelineDeps = {
    engine,
    resolver: w.resolver,
    meter: w.meter,
    topupUrl: opts.topupUrl ?? `${baseUrl}${TOPUP_PATH}`,
    clock,
    authThrottle: new FailedAuthThrottle(opts.authFailLimit ?? 60),
    freeGuard: new MinuteGuard(opts.usageGuardPerMin),
    wallet: w.wallet,
    loadUsage: w.loadUsage,
    reqlog: new RequestLog(opts.requestLog ?? true),
    envelopes: new EnvelopeCache(),
  };
  const llms = buildLlmsTxt(CONTRACTS, baseUrl);
  const byPath = new Map<string, Contract>(CONTRACTS.map((c) => [c.path, c]));

  const knownPaths = new Set<string>([...ENDPOINTS.map((e) => e.path), "/openapi.json", "/llms.txt", "/docs", "/docs/swagger-ui.css", "/docs/swagger-ui-bundle.js", "/healthz", "/readyz", TOPUP_PATH]);
  const trusted = parseTrustProxy((opts.trustProxy ?? []).join(","));
  const ipOf = (request: Request, server: any): string =>
    clientAddress(server?.requestIP?.(request)?.address ?? "local", trusted.size ? request.headers.get("x-forwarded-for") : null, trusted);

  // Only GET is answered on the paths here: any other method is 405 with `Allow: GET`, before
  // identity, billing or logging. Not an onRequest hook: that would wrap every request of every route
  // in one more awaited step (issue 12). Other methods find no route (NOT_FOUND, turned into 405 in
  // onError); HEAD needs its own route, since Bun would otherwise run the GET handler for it and
  // bill a call whose body is never sent (issue 13).
  const notAllowed = () => errorResponse("method_not_allowed", undefined, undefined, { Allow: GET_ONLY });
  const isKnownPath = (request: Request) => knownPaths.has(new URL(request.url).pathname);

  // normalize off: readQuery already hands validation only the route's own parameters, so Elysia's
  // per-request clean-up of unknown keys would be work for nothing.
  const base = new Elysia({ normalize: false })
    // The one exit for errors, for every route below and for unknown paths (404; 405 on a known path).
    .onError((c) => {
      if (c.code === "NOT_FOUND" && c.request.method !== "GET" && isKnownPath(c.request)) return notAllowed();
      const x = c as typeof c & { principal?: any; t0?: number; route?: string };
      return errorExit(deps, { code: c.code, error: c.error, request: c.request, principal: x.principal, t0: x.t0, endpoint: x.route ? byPath.get(x.route) : undefined });
    })
    .get("/llms.txt", () => new Response(llms, { headers: { "content-type": "text/plain; charset=utf-8" } }))
    .get("/docs/swagger-ui.css", async () => new Response((await loadSwaggerAssets()).css, { headers: { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=86400" } }))
    .get("/docs/swagger-ui-bundle.js", async () => new Response((await loadSwaggerAssets()).js, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" } }))
    .get("/healthz", () => new Response('{"status":"ok"}', { headers: JSON_HEADERS }))
    .get(TOPUP_PATH, () => new Response(TOPUP_TEXT, { headers: { "content-type": "text/plain; charset=utf-8" } }))
    .get("/readyz", async () => {
      // wallet: "ok", "busy" (another process holds the write lock right now: still ready, paid
      // calls wait up to BUSY_WAIT_MS for it) or "cannot_commit" (not ready; `wallet_error` names the cause).
      const w = await deps.meter.readiness();
      const snap = engine.current;
      const ready = w.wallet !== "cannot_commit" && !!snap;
      return new Response(JSON.stringify({ status: ready ? "ready" : "not_ready", snapshot: snap?.header.date ?? null, wallet: w.wallet, ...(w.wallet === "cannot_commit" ? { wallet_error: w.error } : {}) }), { status: ready ? 200 : 503, headers: JSON_HEADERS });
    })
    .use(
      openapi({
        path: "/docs",
        specPath: "/openapi.json",
        openapiVersion: OPENAPI_VERSION,
        documentation: documentation(baseUrl),
        exclude: { paths: ["/healthz", "/readyz", "/docs", TOPUP_PATH] },
        provider: "swagger-ui",
        // Swagger UI's page from the plugin, its files from this server (swagger-ui-dist): no CDN.
        swagger: { theme: "/docs/swagger-ui.css", cdn: "/docs/swagger-ui-bundle.js", url: "/openapi.json", autoDarkMode: false } as any,
      }),
    );
  for (const path of knownPaths) base.head(path, notAllowed, { detail: { hide: true } });
  // API routes only (registered after the routes above, so this hook does not apply to them).
  // Written so that Elysia compiles it as synchronous and reading only `request`: it guesses "async"
  // from a hook's source text (`return f(`, `=> f(`), and an awaited hook costs every request a
  // microtask turn; reading `server` would define a getter on every request's context.
  const addressOf = (request: Request) => ipOf(request, base.server);
  // The PostgreSQL wallet's key look-up is awaited: an async hook, which Elysia awaits.
  const app = w.resolver.async
    ? base.derive(async function identity({ request }) {
        const id = {} as Identified;
        await identifyAsync(deps, request, addressOf, id);
        return id;
      })
    : base.derive(function identity({ request }) {
        const id = {} as Identified;
        identify(deps, request, addressOf, id);
        return id;
      });

  for (const ep of ENDPOINTS) {
    app.get(ep.path, ({ query, principal, t0 }) => serve(deps, ep, principal, query as Record<string, unknown>, t0), {
      query: ep.query,
      transform(c) {
        c.query = readQuery(ep, c.query as Record<string, string>, c.request.url) as any;
      },
      detail: routeDetail(ep),
    });
  }

  function close(): C {
    engine.stop();
    deps.reqlog.flush();
    log.info("meter_stats", { ...deps.meter.stats });
    return w.close();
  }

  return { app, engine, deps, close, store: w.store };
}

/**
 * Swagger UI's files, embedded from the swagger-ui-dist npm package (text imports are bundled into
 * the compiled container binary too) and loaded on first use, so start-up does not pay for 1.9 MB.
 */
let swaggerAssets: Promise<{ css: string; js: string }> | null = null;
function loadSwaggerAssets() {
  swaggerAssets ??= Promise.all([
    import("swagger-ui-dist/swagger-ui.css", { with: { type: "text" } }),
    import("swagger-ui-dist/swagger-ui-bundle.js", { with: { type: "text" } }),
  ]).then(([css, js]) => ({ css: css.default, js: js.default }));
  return swaggerAssets;
}
