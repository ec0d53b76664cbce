/**
 * The PostgreSQL store's account, key and credit operations (the CLI's commands and the tests'
 * setup), each one transaction. They take the account's row lock (`FOR UPDATE`) like the metering
 * batch does, so a top-up and a debit on another replica serialize instead of overwriting each
 * other; changes to keys bump wallet_epoch (a trigger), which every replica checks before
 * trusting its key cache.
 */
import type { SQL } from "bun";
import { MAX_BALANCE } from "../db.ts";
import { NotFound, checkAmount, generateKey, hashKey, newAccount, newId, type AccountRow, type CreateAccountOpts } from "../keys.ts";
import { redactUrl, type KeyRow, type WalletStore } from "../store.ts";
import { connectPg, migratePg } from "./conn.ts";
import { isPgUnavailable, pgErrorCode } from "./errors.ts";

/** The account columns, BIGINTs as JS numbers (all stay far below 2^53). */
export const ACCOUNT_COLS =
  "id, plan, credits::float8 AS credits, credits_expire_at::float8 AS credits_expire_at, burst_per_min, daily_cap, intel_daily_cap, review::int AS review, created_at::float8 AS created_at";

export class PgStore implements WalletStore {
  readonly kind = "postgres";
  constructor(readonly sql: SQL) {}

  /** Connect and migrate. */
  static async open(url: string, max?: number): Promise<PgStore> {
    const sql = connectPg(url, max);
    try {
      await migratePg(sql);
    } catch (e) {
      await sql.close();
      // Name the wallet (password masked) and the cause's code, so the operator sees which setting to fix.
      if (isPgUnavailable(e) || (e as { name?: string })?.name === "PostgresError") {
        throw new Error(`cannot open the PostgreSQL wallet at ${redactUrl(url)} (${pgErrorCode(e)}: ${(e as Error).message})`);
      }
      throw e;
    }
    return new PgStore(sql);
  }

  async createAccount(o: CreateAccountOpts) {
    const { now, credits, expires, accountId, apiKey, keyId } = newAccount(o);
    await this.sql.begin(async (tx) => {
      await tx`INSERT INTO accounts (id, plan, credits, credits_expire_at, burst_per_min, daily_cap, intel_daily_cap, review, created_at)
        VALUES (${accountId}, ${o.plan}, ${credits}::int8, ${expires}::int8, ${o.burst ?? null}::int, ${o.dailyCap ?? null}::int, ${o.intelCap ?? null}::int, 0, ${now}::int8)`;
      await tx`INSERT INTO credit_grants (account_id, amount, reason, at) VALUES (${accountId}, ${credits}::int8, 'initial', ${now}::int8)`;
      await tx`INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (${keyId}, ${accountId}, ${hashKey(apiKey)}, ${now}::int8)`;
    });
    return { accountId, apiKey };
  }

  private async lockAccount(tx: SQL, accountId: string): Promise<AccountRow> {
    const [a] = await tx.unsafe(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    if (!a) throw new NotFound(`no account ${accountId}`);
    return a as AccountRow;
  }

  async regenerateKey(accountId: string, now = Date.now()) {
    const apiKey = generateKey();
    await this.sql.begin(async (tx) => {
      await this.lockAccount(tx, accountId);
      await tx`UPDATE api_keys SET revoked_at = ${now}::int8 WHERE account_id = ${accountId} AND revoked_at IS NULL`;
      await tx`INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (${newId("key_")}, ${accountId}, ${hashKey(apiKey)}, ${now}::int8)`;
    });
    return apiKey;
  }

  async revokeKeys(accountId: string, now = Date.now()) {
    return this.sql.begin(async (tx) => {
      await this.lockAccount(tx, accountId);
      const r = await tx`UPDATE api_keys SET revoked_at = ${now}::int8 WHERE account_id = ${accountId} AND revoked_at IS NULL`;
      return r.count as number;
    });
  }

  async addCredits(accountId: string, amount: number, now = Date.now()) {
    checkAmount(amount);
    return this.sql.begin(async (tx) => {
      const a = await this.lockAccount(tx, accountId);
      const base = a.credits_expire_at != null && now >= a.credits_expire_at ? 0 : a.credits;
      const next = base + amount;
      if (next > MAX_BALANCE) throw new RangeError(`the balance would be ${next}, above the maximum of ${MAX_BALANCE.toLocaleString("en-US")} credits`);
      await tx`UPDATE accounts SET credits = ${next}::int8, credits_expire_at = NULL WHERE id = ${accountId}`;
      await tx`INSERT INTO credit_grants (account_id, amount, reason, at) VALUES (${accountId}, ${amount}::int8, 'topup', ${now}::int8)`;
      return next;
    });
  }

  async setReview(accountId: string, on: boolean) {
    await this.sql.begin(async (tx) => {
      await this.lockAccount(tx, accountId);
      await tx`UPDATE accounts SET review = ${on ? 1 : 0}::int2 WHERE id = ${accountId}`;
    });
  }

  async getAccount(accountId: string) {
    const [a] = await this.sql.unsafe(`SELECT ${ACCOUNT_COLS} FROM accounts WHERE id = $1`, [accountId]);
    return (a as AccountRow | undefined) ?? null;
  }

  async listKeys(accountId: string) {
    const rows = await this.sql`SELECT id, created_at::float8 AS created_at, revoked_at::float8 AS revoked_at FROM api_keys WHERE account_id = ${accountId} ORDER BY created_at, id`;
    return [...rows] as KeyRow[];
  }

  async countAccounts() {
    const [r] = await this.sql`SELECT COUNT(*)::int AS n FROM accounts`;
    return Number(r.n);
  }

  async audit(accountId: string) {
    const [r] = await this.sql`SELECT (SELECT credits::float8 FROM accounts WHERE id = ${accountId}) AS credits,
      (SELECT COALESCE(SUM(calls), 0)::float8 FROM ledger WHERE account_id = ${accountId}) AS calls,
      (SELECT COALESCE(SUM(cost), 0)::float8 FROM ledger WHERE account_id = ${accountId}) AS spent`;
    return { credits: r.credits ?? 0, ledgerCalls: r.calls, ledgerSpent: r.spent };
  }

  async close() {
    await this.sql.close();
  }
}
