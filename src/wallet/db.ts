/**
 * The wallet: one sqlite file in WAL mode shared with the CLI and the web application.
 * Schema is documented in docs/wallet.md. Every process opens it through `openWallet` so the
 * pragmas (WAL, busy_timeout, synchronous) are the same everywhere.
 */
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  plan TEXT NOT NULL CHECK (plan IN ('free','pro','builder','agency')),
  credits INTEGER NOT NULL CHECK (credits >= 0),
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
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_account_at ON ledger(account_id, at);
CREATE TABLE IF NOT EXISTS credit_grants (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
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

export type SyncMode = "full" | "normal";

export function openWallet(path: string, opts: { sync?: SyncMode; readonly?: boolean } = {}): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, strict: true });
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`PRAGMA synchronous = ${opts.sync === "full" ? "FULL" : "NORMAL"}`);
  db.exec("PRAGMA foreign_keys = ON");
  const v = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (v < SCHEMA_VERSION) {
    db.transaction(() => {
      db.exec(SCHEMA);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  }
  return db;
}
