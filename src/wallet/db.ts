/**
 * The wallet: one sqlite file in WAL mode shared with the CLI and the web application.
 * Schema is documented in docs/wallet.md. Every process opens it through `openWallet` so the
 * pragmas (WAL, busy_timeout, synchronous) are the same everywhere.
 */
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export const SCHEMA_VERSION = 3;

/**
 * Upper bounds on credits (issue 13): one top-up or initial grant adds at most MAX_CREDIT_AMOUNT, a
 * balance holds at most MAX_BALANCE. Both are far below 2^53, so every sum stays an exact integer;
 * without them an amount like 1e21 was stored as REAL and the balance never fell.
 */
export const MAX_CREDIT_AMOUNT = 1_000_000_000;
export const MAX_BALANCE = 1_000_000_000_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  plan TEXT NOT NULL CHECK (plan IN ('free','pro','builder','agency')),
  credits INTEGER NOT NULL CHECK (credits >= 0 AND credits <= ${MAX_BALANCE} AND typeof(credits) = 'integer'),
  credits_expire_at INTEGER,
  burst_per_min INTEGER,
  daily_cap INTEGER,
  intel_daily_cap INTEGER,
  review INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys(account_id);
CREATE TABLE IF NOT EXISTS ledger (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  cost INTEGER NOT NULL CHECK (cost >= 0),
  status INTEGER NOT NULL,
  at INTEGER NOT NULL,
  calls INTEGER NOT NULL DEFAULT 1 CHECK (calls >= 1)
);
CREATE INDEX IF NOT EXISTS ledger_account_at ON ledger(account_id, at);
CREATE TABLE IF NOT EXISTS credit_grants (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount <= ${MAX_CREDIT_AMOUNT}),
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rate_counters (
  account_id TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('burst','daily','intel')),
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (account_id, scope)
) WITHOUT ROWID;
`;

/**
 * Version 2: the same bounds for wallets created by version 1, whose tables cannot gain a CHECK
 * without a rebuild: triggers refuse an out-of-range or non-integer balance or grant.
 */
const MIGRATE_2 = `
CREATE TRIGGER IF NOT EXISTS accounts_credits_bounds_ins BEFORE INSERT ON accounts
  WHEN typeof(NEW.credits) != 'integer' OR NEW.credits < 0 OR NEW.credits > ${MAX_BALANCE}
  BEGIN SELECT RAISE(ABORT, 'credits out of range'); END;
CREATE TRIGGER IF NOT EXISTS accounts_credits_bounds_upd BEFORE UPDATE OF credits ON accounts
  WHEN typeof(NEW.credits) != 'integer' OR NEW.credits < 0 OR NEW.credits > ${MAX_BALANCE}
  BEGIN SELECT RAISE(ABORT, 'credits out of range'); END;
CREATE TRIGGER IF NOT EXISTS credit_grants_bounds BEFORE INSERT ON credit_grants
  WHEN typeof(NEW.amount) != 'integer' OR NEW.amount > ${MAX_CREDIT_AMOUNT}
  BEGIN SELECT RAISE(ABORT, 'credit amount out of range'); END;
`;

/**
 * The write-ahead log stays bounded (issue 13): SQLite copies it back into the database every
 * WAL_AUTOCHECKPOINT_PAGES pages (1 MiB at 4 KiB pages; the default 1000 let it reach ~4 MiB), and a
 * WAL that grew past JOURNAL_SIZE_LIMIT while a reader held it back is truncated to that size at the
 * next reset. Disk the wallet needs: the database file + at most ~4 MiB of WAL + 32 KiB of shm
 * (docs/wallet.md).
 */
export const WAL_AUTOCHECKPOINT_PAGES = 256;
export const JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024;

/**
 * Version 3: a ledger row stands for `calls` served calls of one key to one endpoint, committed in
 * one batch (`cost` is their total), so a batch writes one row per (account, key, endpoint) instead
 * of one per call. Rows written before it are single calls (the default 1).
 */
const MIGRATE_3 = "ALTER TABLE ledger ADD COLUMN calls INTEGER NOT NULL DEFAULT 1 CHECK (calls >= 1)";

export type SyncMode = "full" | "normal";

/**
 * How long a connection waits for another's lock by default. SQLite waits by sleeping the calling
 * thread, which is right for the CLI (one command, nothing else to do) and wrong for the server,
 * whose thread is its event loop: the server passes `busyTimeoutMs: 0` and retries on a timer
 * instead (src/wallet/meter.ts). Opening and migrating still use this wait, so a server starting
 * while the CLI writes does not fail.
 */
export const BUSY_TIMEOUT_MS = 5000;

export function openWallet(path: string, opts: { sync?: SyncMode; readonly?: boolean; busyTimeoutMs?: number } = {}): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`PRAGMA synchronous = ${opts.sync === "full" ? "FULL" : "NORMAL"}`);
  db.exec("PRAGMA foreign_keys = ON");
  db.exec(`PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.exec(`PRAGMA journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  const v = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (v < SCHEMA_VERSION) {
    db.transaction(() => {
      db.exec(SCHEMA);
      db.exec(MIGRATE_2);
      // A wallet from version 1 or 2 has a ledger without `calls` (SCHEMA's IF NOT EXISTS kept it).
      if (!db.query("SELECT 1 FROM pragma_table_info('ledger') WHERE name = 'calls'").get()) db.exec(MIGRATE_3);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  }
  if (opts.busyTimeoutMs !== undefined) db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(opts.busyTimeoutMs))}`);
  return db;
}
