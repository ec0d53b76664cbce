/**
 * API keys and accounts. A key is `svc_live_` + 40 base62 characters from a CSPRNG; only its
 * SHA-256 (hex) is stored, so a stolen database file does not yield working keys.
 */
import type { Database } from "bun:sqlite";
import { PLANS, type PlanName } from "./plans.ts";
import { MAX_BALANCE, MAX_CREDIT_AMOUNT } from "./db.ts";

export const KEY_PREFIX = "svc_live_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LEN = 40;
/** A well-formed key: the prefix and 32..64 base62 characters. Anything else is rejected unhashed. */
const KEY_SHAPE = /^svc_live_[0-9A-Za-z]{32,64}$/;

export function generateKey(): string {
  // Rejection sampling keeps every character uniformly distributed (256 is not a multiple of 62).
  let out = KEY_PREFIX;
  while (out.length < KEY_PREFIX.length + SECRET_LEN) {
    const bytes = crypto.getRandomValues(new Uint8Array(64));
    for (const b of bytes) {
      if (b < 248 && out.length < KEY_PREFIX.length + SECRET_LEN) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export function isWellFormedKey(k: string): boolean {
  return KEY_SHAPE.test(k);
}

const hasher = new Bun.CryptoHasher("sha256");
export function hashKey(k: string): string {
  hasher.update(k);
  return hasher.digest("hex");
}

/** A random id with a readable prefix (acc_, key_); shared by both stores. */
export function newId(prefix: string): string {
  const b = crypto.getRandomValues(new Uint8Array(9));
  let s = prefix;
  for (const x of b) s += ALPHABET[x % 62];
  return s;
}

export interface CreateAccountOpts {
  plan: PlanName;
  credits?: number;
  burst?: number;
  dailyCap?: number;
  intelCap?: number;
  now?: number;
}

/**
 * The demo account `serve` creates on an empty wallet outside production: the free plan with room to
 * run every example of the README once (4 data calls, 6 intelligence calls, /usage and the printed
 * "Try" line: 35 credits, 12 calls, 6 intelligence calls), which the bare free tier (30 credits,
 * 10 per minute) cannot. test/api/readme.happy.test.ts runs the README's examples with it.
 */
export const DEMO_ACCOUNT = { plan: "free", credits: 60, burst: 20, intelCap: 10 } as const satisfies CreateAccountOpts;

/**
 * The rows of a new account, whatever the store: its plan's default credits and their expiry, new
 * ids, and a new key (only its hash is stored). Throws on an out-of-range credit amount.
 */
export function newAccount(o: CreateAccountOpts) {
  const now = o.now ?? Date.now();
  const p = PLANS[o.plan];
  const credits = o.credits ?? p.defaultCredits;
  checkAmount(credits, true);
  const expires = p.creditValidityDays == null ? null : now + p.creditValidityDays * 86_400_000;
  return { now, credits, expires, accountId: newId("acc_"), apiKey: generateKey(), keyId: newId("key_") };
}

export function createAccount(db: Database, o: CreateAccountOpts): { accountId: string; apiKey: string } {
  const { now, credits, expires, accountId, apiKey, keyId } = newAccount(o);
  db.transaction(() => {
    db.query(
      "INSERT INTO accounts (id, plan, credits, credits_expire_at, burst_per_min, daily_cap, intel_daily_cap, review, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
    ).run(accountId, o.plan, credits, expires, o.burst ?? null, o.dailyCap ?? null, o.intelCap ?? null, now);
    db.query("INSERT INTO credit_grants (account_id, amount, reason, at) VALUES (?, ?, 'initial', ?)").run(accountId, credits, now);
    db.query("INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (?, ?, ?, ?)").run(keyId, accountId, hashKey(apiKey), now);
  }).immediate();
  return { accountId, apiKey };
}

export class NotFound extends Error {}

function requireAccount(db: Database, id: string): void {
  if (!db.query("SELECT 1 FROM accounts WHERE id = ?").get(id)) throw new NotFound(`no account ${id}`);
}

/** Revoke every active key of the account and issue a new one. The old key stops at once. */
export function regenerateKey(db: Database, accountId: string, now = Date.now()): string {
  const apiKey = generateKey();
  db.transaction(() => {
    requireAccount(db, accountId);
    db.query("UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL").run(now, accountId);
    db.query("INSERT INTO api_keys (id, account_id, key_hash, created_at) VALUES (?, ?, ?, ?)").run(newId("key_"), accountId, hashKey(apiKey), now);
  }).immediate();
  return apiKey;
}

export function revokeKeys(db: Database, accountId: string, now = Date.now()): number {
  return db.transaction(() => {
    requireAccount(db, accountId);
    return db.query("UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL").run(now, accountId).changes;
  }).immediate();
}

/**
 * Top-up. Expired free credits are worth 0, so they are dropped first; a top-up makes the whole
 * balance non-expiring (docs/decisions.md).
 */
/** A whole number of credits in 1..MAX_CREDIT_AMOUNT (0 allowed for an initial grant), or a RangeError. */
export function checkAmount(amount: number, allowZero = false): void {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1) || amount > MAX_CREDIT_AMOUNT) {
    throw new RangeError(`amount must be a whole number from ${allowZero ? 0 : 1} to ${MAX_CREDIT_AMOUNT.toLocaleString("en-US")}, got ${amount}`);
  }
}

export function addCredits(db: Database, accountId: string, amount: number, now = Date.now()): number {
  checkAmount(amount);
  return db.transaction(() => {
    requireAccount(db, accountId);
    const a = db.query("SELECT credits, credits_expire_at FROM accounts WHERE id = ?").get(accountId) as { credits: number; credits_expire_at: number | null };
    const base = a.credits_expire_at != null && now >= a.credits_expire_at ? 0 : a.credits;
    const next = base + amount;
    if (next > MAX_BALANCE) throw new RangeError(`the balance would be ${next}, above the maximum of ${MAX_BALANCE.toLocaleString("en-US")} credits`);
    db.query("UPDATE accounts SET credits = ?, credits_expire_at = NULL WHERE id = ?").run(next, accountId);
    db.query("INSERT INTO credit_grants (account_id, amount, reason, at) VALUES (?, ?, 'topup', ?)").run(accountId, amount, now);
    return next;
  }).immediate();
}

export function setReview(db: Database, accountId: string, on: boolean): void {
  db.transaction(() => {
    requireAccount(db, accountId);
    db.query("UPDATE accounts SET review = ? WHERE id = ?").run(on ? 1 : 0, accountId);
  }).immediate();
}

export interface AccountRow {
  id: string;
  plan: PlanName;
  credits: number;
  credits_expire_at: number | null;
  burst_per_min: number | null;
  daily_cap: number | null;
  intel_daily_cap: number | null;
  review: number;
  created_at: number;
}

export function getAccount(db: Database, accountId: string): AccountRow | null {
  return (db.query("SELECT * FROM accounts WHERE id = ?").get(accountId) as AccountRow | null) ?? null;
}

/** Balance that can be spent now: expired credits count as 0. */
export function spendable(a: { credits: number; credits_expire_at: number | null }, now: number): number {
  return a.credits_expire_at != null && now >= a.credits_expire_at ? 0 : a.credits;
}

export function countAccounts(db: Database): number {
  return (db.query("SELECT COUNT(*) AS n FROM accounts").get() as { n: number }).n;
}
