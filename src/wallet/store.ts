/**
 * The wallet behind one interface, two stores (issue 15): the embedded bun:sqlite file (default,
 * src/wallet/db.ts + keys.ts) and PostgreSQL for several replicas on one wallet (src/wallet/pg/).
 * `WALLET_URL=postgres://…` (or `--wallet-url`) selects PostgreSQL for the server and every CLI
 * command; otherwise `WALLET_DB` (or `--db`) names the SQLite file as before.
 *
 * `WalletStore` is what the CLI and the tests use (accounts, keys, credits): asynchronous, because
 * a server database answers over the network. The request path (key resolution, the metering
 * batch, /usage) has its own per-store classes, wired by src/server.ts.
 */
import type { Database } from "bun:sqlite";
import { openWallet, type SyncMode } from "./db.ts";
import {
  addCredits,
  countAccounts,
  createAccount,
  getAccount,
  regenerateKey,
  revokeKeys,
  setReview,
  type AccountRow,
  type CreateAccountOpts,
} from "./keys.ts";

export interface KeyRow {
  id: string;
  created_at: number;
  revoked_at: number | null;
}

export interface WalletStore {
  readonly kind: "sqlite" | "postgres";
  createAccount(o: CreateAccountOpts): Promise<{ accountId: string; apiKey: string }>;
  /** Top-up; resolves to the new balance. RangeError on a bad amount, NotFound on an unknown account. */
  addCredits(accountId: string, amount: number, now?: number): Promise<number>;
  /** Revoke every active key and issue a new one (shown once). */
  regenerateKey(accountId: string, now?: number): Promise<string>;
  revokeKeys(accountId: string, now?: number): Promise<number>;
  setReview(accountId: string, on: boolean): Promise<void>;
  getAccount(accountId: string): Promise<AccountRow | null>;
  listKeys(accountId: string): Promise<KeyRow[]>;
  countAccounts(): Promise<number>;
  /** Served calls, credits spent (ledger) and the stored balance of one account: tests and operators check them against each other. */
  audit(accountId: string): Promise<{ credits: number; ledgerCalls: number; ledgerSpent: number }>;
  close(): Promise<void>;
}

/** Where the wallet lives: a PostgreSQL URL, or a SQLite file path. */
export type WalletTarget = { kind: "postgres"; url: string } | { kind: "sqlite"; path: string };

export function isPostgresUrl(s: string | undefined | null): s is string {
  return !!s && /^postgres(ql)?:\/\//i.test(s);
}

/**
 * The wallet a command uses: `--wallet-url` / WALLET_URL (postgres://) wins over `--db` / WALLET_DB,
 * because an operator who set a server database means every command to use it.
 */
export function walletTarget(flags: { walletUrl?: string; db?: string }, env: Record<string, string | undefined>): WalletTarget {
  const url = flags.walletUrl ?? (flags.db ? undefined : env.WALLET_URL || undefined);
  if (url !== undefined) {
    if (!isPostgresUrl(url)) throw new RangeError("WALLET_URL must start with postgres:// or postgresql://");
    return { kind: "postgres", url };
  }
  return { kind: "sqlite", path: flags.db ?? env.WALLET_DB ?? "data/wallet.sqlite" };
}

/** A connection URL with its password replaced, for logs and messages (never log the real one). */
export function redactUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/i, "$1***@");
}

/** The SQLite store: the synchronous functions of keys.ts over one connection. */
export class SqliteStore implements WalletStore {
  readonly kind = "sqlite";
  constructor(readonly db: Database) {}
  static open(path: string, opts: { sync?: SyncMode } = {}): SqliteStore {
    return new SqliteStore(openWallet(path, opts));
  }
  async createAccount(o: CreateAccountOpts) {
    return createAccount(this.db, o);
  }
  async addCredits(accountId: string, amount: number, now?: number) {
    return addCredits(this.db, accountId, amount, now);
  }
  async regenerateKey(accountId: string, now?: number) {
    return regenerateKey(this.db, accountId, now);
  }
  async revokeKeys(accountId: string, now?: number) {
    return revokeKeys(this.db, accountId, now);
  }
  async setReview(accountId: string, on: boolean) {
    setReview(this.db, accountId, on);
  }
  async getAccount(accountId: string) {
    return getAccount(this.db, accountId);
  }
  async listKeys(accountId: string) {
    return this.db.query("SELECT id, created_at, revoked_at FROM api_keys WHERE account_id = ? ORDER BY created_at, id").all(accountId) as KeyRow[];
  }
  async countAccounts() {
    return countAccounts(this.db);
  }
  async audit(accountId: string) {
    const a = this.db.query("SELECT credits FROM accounts WHERE id = ?").get(accountId) as { credits: number } | null;
    const l = this.db.query("SELECT COALESCE(SUM(calls), 0) AS n, COALESCE(SUM(cost), 0) AS spent FROM ledger WHERE account_id = ?").get(accountId) as { n: number; spent: number };
    return { credits: a?.credits ?? 0, ledgerCalls: l.n, ledgerSpent: l.spent };
  }
  async close() {
    this.db.close();
  }
}

/** Open the store a command names (PostgreSQL migrates its schema first). */
export async function openStore(t: WalletTarget, opts: { sync?: SyncMode } = {}): Promise<WalletStore> {
  if (t.kind === "sqlite") return SqliteStore.open(t.path, opts);
  const { PgStore } = await import("./pg/store.ts");
  return PgStore.open(t.url);
}
