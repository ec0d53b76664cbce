/**
 * PostgreSQL connection and schema for the shared wallet (issue 15). One small pool per process
 * (Bun's built-in client: prepared statements, no extra dependency); the schema is created and
 * migrated by whichever process opens the wallet first, under an advisory lock so replicas starting
 * together do not race. Versions are rows of `wallet_schema`; a database newer than this build is
 * refused rather than written with an older idea of the tables.
 */
import { SQL } from "bun";
import { MAX_BALANCE, MAX_CREDIT_AMOUNT } from "../db.ts";

/**
 * Connections per process: the metering batch holds one (one transaction at a time, group commit),
 * key look-ups, /usage reads and readiness share the rest. Small on purpose: with several replicas
 * PostgreSQL's own connection limit (100 by default) is shared by all of them.
 */
export const PG_POOL_MAX = 4;
/** Seconds to wait for a connection: short, so a paid call meets its ~1 s deadline with a clear 503. */
const CONNECT_TIMEOUT_S = 2;

export function connectPg(url: string, max = PG_POOL_MAX): SQL {
  return new SQL({ url, max, connectionTimeout: CONNECT_TIMEOUT_S, idleTimeout: 60, prepare: true });
}

/** Arbitrary constant naming the migration lock (pg_advisory_xact_lock). */
const MIGRATION_LOCK = 7_715_150_015;

/**
 * Versioned migrations, applied in order inside one transaction. Never edit a released one: append.
 * Timestamps are epoch milliseconds (BIGINT), as in the SQLite store; `review` is 0/1 like there.
 */
export const MIGRATIONS: string[] = [
  // 1: the tables of the SQLite schema version 3 (docs/wallet.md), except that the rate counters are
  // columns of the account row (one locked row read and one update per account and batch, instead of
  // a second table to read and upsert: the batch is serial per replica, so its statements are the
  // replica's throughput), plus wallet_epoch: a counter bumped by triggers whenever keys, a review
  // flag, a plan or limits change, so every replica drops its cache of key → account
  // (src/wallet/pg/auth.ts). Debits do not bump it.
  `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  plan TEXT NOT NULL CHECK (plan IN ('free','pro','builder','agency')),
  credits BIGINT NOT NULL CHECK (credits >= 0 AND credits <= ${MAX_BALANCE}),
  credits_expire_at BIGINT,
  burst_per_min INTEGER,
  daily_cap INTEGER,
  intel_daily_cap INTEGER,
  review SMALLINT NOT NULL DEFAULT 0 CHECK (review IN (0, 1)),
  created_at BIGINT NOT NULL,
  burst_start BIGINT NOT NULL DEFAULT 0,
  burst_count INTEGER NOT NULL DEFAULT 0,
  daily_start BIGINT NOT NULL DEFAULT 0,
  daily_count INTEGER NOT NULL DEFAULT 0,
  intel_start BIGINT NOT NULL DEFAULT 0,
  intel_count INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  key_hash TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX api_keys_account ON api_keys(account_id);
CREATE TABLE ledger (
  id BIGSERIAL PRIMARY KEY,
  account_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  cost BIGINT NOT NULL CHECK (cost >= 0),
  status INTEGER NOT NULL,
  at BIGINT NOT NULL,
  calls INTEGER NOT NULL DEFAULT 1 CHECK (calls >= 1)
);
CREATE INDEX ledger_account_at ON ledger(account_id, at);
CREATE TABLE credit_grants (
  id BIGSERIAL PRIMARY KEY,
  account_id TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount >= 0 AND amount <= ${MAX_CREDIT_AMOUNT}),
  reason TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE TABLE wallet_epoch (id SMALLINT PRIMARY KEY CHECK (id = 1), keys BIGINT NOT NULL);
INSERT INTO wallet_epoch (id, keys) VALUES (1, 0);
CREATE FUNCTION wallet_bump_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_epoch SET keys = keys + 1 WHERE id = 1;
  RETURN NULL;
END $$;
CREATE TRIGGER api_keys_epoch AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_bump_epoch();
CREATE TRIGGER accounts_epoch AFTER UPDATE OF plan, review, burst_per_min, daily_cap, intel_daily_cap OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_bump_epoch();
`,
];

export const PG_SCHEMA_VERSION = MIGRATIONS.length;

/** Create or bring the schema up to PG_SCHEMA_VERSION; a no-op (one short transaction) when current. */
export async function migratePg(sql: SQL): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK}::int8)`;
    await tx.unsafe("CREATE TABLE IF NOT EXISTS wallet_schema (version INTEGER PRIMARY KEY, at BIGINT NOT NULL)");
    const [row] = await tx`SELECT COALESCE(MAX(version), 0)::int AS v FROM wallet_schema`;
    const v = Number(row.v);
    if (v > PG_SCHEMA_VERSION) throw new Error(`the wallet's schema is version ${v}, newer than this build knows (${PG_SCHEMA_VERSION}); upgrade trend-intel`);
    for (let i = v; i < PG_SCHEMA_VERSION; i++) {
      await tx.unsafe(MIGRATIONS[i]);
      await tx`INSERT INTO wallet_schema (version, at) VALUES (${i + 1}::int, ${Date.now()}::int8)`;
    }
  });
}
