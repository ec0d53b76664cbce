#!/usr/bin/env bun
/**
 * trend-intel: one CLI for the server, the wallet and the vault. Every command has --help; bad use
 * exits non-zero with a one-line error.
 */
import { parseArgs } from "node:util";
import { cpSync, existsSync, readdirSync, mkdirSync } from "node:fs";
import { MAX_BALANCE, MAX_CREDIT_AMOUNT } from "./wallet/db.ts";
import { DEMO_ACCOUNT, NotFound, spendable } from "./wallet/keys.ts";
import { openStore, redactUrl, walletTarget, type WalletStore } from "./wallet/store.ts";
import { isPlanName, PLAN_NAMES, effectiveLimits } from "./wallet/plans.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { log } from "./log.ts";

class UsageError extends Error {}

const HELP: Record<string, string> = {
  main: `trend-intel — Trend and Content Intelligence API

Usage: trend-intel <command> [options]

Commands:
  serve                 start the HTTP API on the newest snapshot
  healthcheck           exit 0 if the local server answers /healthz
  accounts create|show|review
  keys regenerate|revoke
  credits add
  ingest                build daily snapshots from raw feeds (also: ingest fetch)
  backtest              replay feeds and score the forecasting rules (no look-ahead)

Run 'trend-intel <command> --help' for the options of a command.
Every wallet command takes --db PATH (SQLite file; $WALLET_DB) or --wallet-url postgres://... ($WALLET_URL).`,
  serve: `Usage: trend-intel serve [--port 8787] [--db data/wallet.sqlite | --wallet-url postgres://...] [--snapshots snapshots]

Environment: PORT, HOST, WALLET_DB, WALLET_URL (postgres://user:password@host:5432/db: a PostgreSQL
wallet shared by several replicas, docs/replicas.md), SNAPSHOT_DIR, SNAPSHOT_SEED_DIR (copied into SNAPSHOT_DIR when it
is empty), TOPUP_URL, PUBLIC_BASE_URL, AUTH_FAIL_LIMIT (failed auths per minute per address or key prefix, 60), TRUST_PROXY (comma-separated
proxy addresses whose X-Forwarded-For is believed),
WALLET_SYNC (normal|full), SNAPSHOT_POLL_MS (5000), USAGE_GUARD_PER_MIN (120), NODE_ENV, LOG_LEVEL=silent.
Flags override the environment. With an empty wallet and NODE_ENV != production, a free demo
account is created and its key printed once.`,
  healthcheck: `Usage: trend-intel healthcheck [--port N]   (default: $PORT or 8787)`,
  accounts: `Usage:
  trend-intel accounts create --plan free|pro|builder|agency [--credits N] [--burst N] [--daily-cap N] [--intel-cap N] [--json] [--db PATH]
  trend-intel accounts show --account ID [--db PATH]
  trend-intel accounts review --account ID --on|--off [--db PATH]`,
  keys: `Usage:
  trend-intel keys regenerate --account ID [--json] [--db PATH]   (the old key stops working at once)
  trend-intel keys revoke --account ID [--db PATH]`,
  credits: `Usage: trend-intel credits add --account ID --amount N [--db PATH]

N is a whole number from 1 to ${MAX_CREDIT_AMOUNT.toLocaleString("en-US")}; a balance holds at most ${MAX_BALANCE.toLocaleString("en-US")} credits.`,
  ingest: `Usage:
  trend-intel ingest --kaggle-csv FILE [--snapshots OUT]   split the Kaggle trending CSV by day
  trend-intel ingest --feeds DIR [--snapshots OUT]         replay DIR/YYYY-MM-DD/ folders in date order
  trend-intel ingest fetch [--date YYYY-MM-DD] [--feeds DIR] [--regions US,GB] [--categories 28,27]
                           [--geos US] [--news URL,...] [--timeout-ms 10000] [--retries 3]
OUT defaults to $SNAPSHOT_DIR or snapshots/. Day N is built from day N-1's snapshot plus day N's feeds.
fetch needs YOUTUBE_API_KEY for YouTube (skipped with a message when missing).`,
};

function help(cmd: string): never {
  console.log(HELP[cmd] ?? HELP.main);
  process.exit(0);
}

function intFlag(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number, got '${v}'`);
  return Number(v);
}

/** The wallet a command names: --wallet-url / WALLET_URL (PostgreSQL), else --db / WALLET_DB (SQLite). */
function openWalletStore(values: { db?: string; "wallet-url"?: string }): Promise<WalletStore> {
  return openStore(walletTarget({ db: values.db, walletUrl: values["wallet-url"] }, process.env));
}

/** Parsed flags: strings for string options, booleans for boolean ones (checked by parseArgs' strict mode). */
type Flags = { values: Record<string, string | boolean | undefined> & { help?: boolean; db?: string }; positionals: string[] };

function args(argv: string[], options: Record<string, { type: "string" | "boolean" }>): { values: Record<string, any>; positionals: string[] } {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: "boolean" }, db: { type: "string" }, "wallet-url": { type: "string" } }, allowPositionals: true, strict: true }) as Flags;
  } catch (e) {
    throw new UsageError((e as Error).message.split("\n")[0]);
  }
}

function out(json: boolean, obj: Record<string, unknown>, text: string): void {
  console.log(json ? JSON.stringify(obj) : text);
}

async function cmdAccounts(argv: string[]): Promise<void> {
  const a = args(argv, { plan: { type: "string" }, credits: { type: "string" }, burst: { type: "string" }, "daily-cap": { type: "string" }, "intel-cap": { type: "string" }, json: { type: "boolean" }, account: { type: "string" }, on: { type: "boolean" }, off: { type: "boolean" } });
  const sub = a.positionals[0];
  if (a.values.help || !sub) help("accounts");
  const db = await openWalletStore(a.values);
  try {
    if (sub === "create") {
      const plan = a.values.plan;
      if (!plan || !isPlanName(plan)) throw new UsageError(`--plan must be one of ${PLAN_NAMES.join(", ")}`);
      const r = await db.createAccount({ plan, credits: intFlag(a.values.credits, "credits"), burst: intFlag(a.values.burst, "burst"), dailyCap: intFlag(a.values["daily-cap"], "daily-cap"), intelCap: intFlag(a.values["intel-cap"], "intel-cap") });
      out(!!a.values.json, { account_id: r.accountId, api_key: r.apiKey }, `account_id: ${r.accountId}\napi_key:    ${r.apiKey}\n(the key is shown once; store it now)`);
    } else if (sub === "show") {
      const id = need(a.values.account, "account");
      const acc = await db.getAccount(id);
      if (!acc) throw new NotFound(`no account ${id}`);
      const keys = await db.listKeys(id);
      const lim = effectiveLimits(acc.plan, acc);
      console.log(JSON.stringify({ account_id: acc.id, plan: acc.plan, credits_remaining: spendable(acc, Date.now()), credits_expire_at: acc.credits_expire_at ? new Date(acc.credits_expire_at).toISOString() : null, limits: lim, review: !!acc.review, created_at: new Date(acc.created_at).toISOString(), keys }, null, 2));
    } else if (sub === "review") {
      const id = need(a.values.account, "account");
      if (a.values.on === a.values.off) throw new UsageError("give exactly one of --on or --off");
      await db.setReview(id, !!a.values.on);
      console.log(`account ${id}: review ${a.values.on ? "on" : "off"}`);
    } else throw new UsageError(`unknown accounts subcommand '${sub}'`);
  } finally {
    await db.close();
  }
}

function need(v: string | undefined, name: string): string {
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
}

async function cmdKeys(argv: string[]): Promise<void> {
  const a = args(argv, { account: { type: "string" }, json: { type: "boolean" } });
  const sub = a.positionals[0];
  if (a.values.help || !sub) help("keys");
  const db = await openWalletStore(a.values);
  try {
    const id = need(a.values.account, "account");
    if (sub === "regenerate") {
      const k = await db.regenerateKey(id);
      out(!!a.values.json, { account_id: id, api_key: k }, `api_key: ${k}\n(the old key no longer works; the new one is shown once)`);
    } else if (sub === "revoke") {
      const n = await db.revokeKeys(id);
      console.log(`revoked ${n} key(s) of ${id}`);
    } else throw new UsageError(`unknown keys subcommand '${sub}'`);
  } finally {
    await db.close();
  }
}

async function cmdCredits(argv: string[]): Promise<void> {
  const a = args(argv, { account: { type: "string" }, amount: { type: "string" } });
  const sub = a.positionals[0];
  if (a.values.help || !sub) help("credits");
  if (sub !== "add") throw new UsageError(`unknown credits subcommand '${sub}'`);
  const id = need(a.values.account, "account");
  const amount = intFlag(need(a.values.amount, "amount"), "amount")!;
  if (amount <= 0 || amount > MAX_CREDIT_AMOUNT) throw new UsageError(`--amount must be a whole number from 1 to ${MAX_CREDIT_AMOUNT.toLocaleString("en-US")}, got '${a.values.amount}'`);
  const db = await openWalletStore(a.values);
  try {
    console.log(`account ${id}: credits now ${await db.addCredits(id, amount)}`);
  } finally {
    await db.close();
  }
}

async function cmdHealthcheck(argv: string[]): Promise<void> {
  const a = args(argv, { port: { type: "string" } });
  if (a.values.help) help("healthcheck");
  const port = a.values.port ?? process.env.PORT ?? "8787";
  try {
    const r = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) });
    if (r.status !== 200) throw new Error(`status ${r.status}`);
    console.log("ok");
  } catch (e) {
    console.error(`unhealthy: ${(e as Error).message}`);
    process.exit(1);
  }
}

function seedSnapshots(dir: string, seed: string | undefined): void {
  mkdirSync(dir, { recursive: true });
  if (!seed || !existsSync(seed)) return;
  if (readdirSync(dir).some((f) => f.endsWith(".msgpack"))) return;
  for (const f of readdirSync(seed)) if (f.endsWith(".msgpack")) cpSync(`${seed}/${f}`, `${dir}/${f}`);
  log.info("snapshots_seeded", { from: seed, to: dir });
}

async function cmdServe(argv: string[]): Promise<void> {
  const a = args(argv, { port: { type: "string" }, snapshots: { type: "string" } });
  if (a.values.help) help("serve");
  let cfg;
  try {
    cfg = loadConfig(process.env, { PORT: a.values.port, WALLET_DB: a.values.db, SNAPSHOT_DIR: a.values.snapshots });
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(`config: ${e.message}`);
    throw e;
  }
  seedSnapshots(cfg.SNAPSHOT_DIR, cfg.SNAPSHOT_SEED_DIR);
  const target = walletTarget({ db: a.values.db, walletUrl: a.values["wallet-url"] }, process.env);
  const { createServerApp, createPgServerApp } = await import("./server.ts");
  const appOpts = { snapshotDir: cfg.SNAPSHOT_DIR, topupUrl: cfg.TOPUP_URL, publicBaseUrl: cfg.PUBLIC_BASE_URL, authFailLimit: cfg.AUTH_FAIL_LIMIT, watch: true, pollMs: cfg.SNAPSHOT_POLL_MS, usageGuardPerMin: cfg.USAGE_GUARD_PER_MIN, trustProxy: cfg.TRUST_PROXY ? cfg.TRUST_PROXY.split(",") : [] };
  const s =
    target.kind === "postgres"
      ? // WALLET_SYNC only when set: otherwise the database's own synchronous_commit (docs/replicas.md).
        await createPgServerApp({ ...appOpts, walletUrl: target.url, sync: process.env.WALLET_SYNC ? cfg.WALLET_SYNC : undefined })
      : createServerApp({ ...appOpts, walletPath: cfg.WALLET_DB, sync: cfg.WALLET_SYNC });
  if (!s.engine.current) log.warn("no_snapshot", { dir: cfg.SNAPSHOT_DIR, hint: "run `npm run vault:build` or `trend-intel ingest ...`; /readyz answers 503 until one appears" });
  // reusePort off (Elysia turns it on): a second server on a busy port must fail, not silently
  // share the port with, say, an old instance or one on another wallet.
  s.app.listen({ port: cfg.PORT, hostname: cfg.HOST, reusePort: false });
  const port = s.app.server?.port ?? cfg.PORT;
  log.info("listening", { port, snapshot: s.engine.current?.header.date ?? null, wallet: target.kind === "postgres" ? redactUrl(target.url) : cfg.WALLET_DB });
  if (cfg.NODE_ENV !== "production" && (await s.store.countAccounts()) === 0) {
    const demo = await s.store.createAccount(DEMO_ACCOUNT);
    console.log(`\nDemo account created (free plan, ${DEMO_ACCOUNT.credits} credits valid 14 days: enough for every README example once). Key, shown once:\n  ${demo.apiKey}\nTry:\n  curl -s -H 'x-service-api-key: ${demo.apiKey}' 'http://127.0.0.1:${port}/api/public/trends?source=youtube'\n`);
  }
  let stopping = false;
  const shutdown = async (sig: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutdown", { signal: sig });
    await s.app.server?.stop(false); // stop accepting, let in-flight requests finish
    await s.close();
    log.info("stopped", {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2);
  if (!cmd || cmd === "--help" || cmd === "-h" || cmd === "help") help("main");
  switch (cmd) {
    case "serve":
      return cmdServe(rest);
    case "healthcheck":
      return cmdHealthcheck(rest);
    case "accounts":
      return cmdAccounts(rest);
    case "keys":
      return cmdKeys(rest);
    case "credits":
      return cmdCredits(rest);
    case "ingest": {
      const { cmdIngest } = await import("./cli-ingest.ts");
      return cmdIngest(rest);
    }
    case "backtest": {
      const { cmdBacktest } = await import("./cli-backtest.ts");
      return cmdBacktest(rest);
    }
    default:
      throw new UsageError(`unknown command '${cmd}' (see trend-intel --help)`);
  }
}

main().catch((e) => {
  if (e instanceof UsageError || e instanceof NotFound || e instanceof RangeError) {
    console.error(`error: ${e.message}`);
    process.exit(2);
  }
  console.error(`error: ${(e as Error)?.message ?? e}`);
  process.exit(1);
});

