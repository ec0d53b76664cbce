/**
 * Credit amounts are bounded whole numbers (issue 13, item 6), in the CLI's functions and in the
 * database itself, so another writer of the shared wallet (the web application, a manual SQL fix)
 * cannot store a REAL 1e21 balance that never falls.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { MAX_BALANCE, MAX_CREDIT_AMOUNT, SCHEMA_VERSION, openWallet } from "../../src/wallet/db.ts";
import { addCredits, createAccount, getAccount } from "../../src/wallet/keys.ts";
import { tempDir } from "../helpers/tmp.ts";

const fresh = () => openWallet(join(tempDir("bounds"), "w.sqlite"));

describe("credit bounds", () => {
  test.each([1e21, 1.5, -5, 0, MAX_CREDIT_AMOUNT + 1, Number.NaN, Number.POSITIVE_INFINITY])("addCredits refuses %p and leaves the balance unchanged", (amount) => {
    const db = fresh();
    const { accountId } = createAccount(db, { plan: "pro", credits: 10 });
    expect(() => addCredits(db, accountId, amount)).toThrow(RangeError);
    expect(getAccount(db, accountId)!.credits).toBe(10);
    db.close();
  });

  test("the maximum amount is accepted; a balance above MAX_BALANCE is refused", () => {
    const db = fresh();
    const { accountId } = createAccount(db, { plan: "pro", credits: 0 });
    expect(addCredits(db, accountId, MAX_CREDIT_AMOUNT)).toBe(MAX_CREDIT_AMOUNT);
    db.query("UPDATE accounts SET credits = ? WHERE id = ?").run(MAX_BALANCE - 1, accountId);
    expect(() => addCredits(db, accountId, 2)).toThrow(RangeError);
    expect(getAccount(db, accountId)!.credits).toBe(MAX_BALANCE - 1);
    db.close();
  });

  test("the database refuses out-of-range or non-integer balances and grants from any writer", () => {
    const db = fresh();
    const { accountId } = createAccount(db, { plan: "pro", credits: 10 });
    for (const v of [1e21, 1.5, -1, MAX_BALANCE + 1, "lots"]) {
      expect(() => db.query("UPDATE accounts SET credits = ? WHERE id = ?").run(v as any, accountId)).toThrow();
    }
    expect(() => db.query("INSERT INTO credit_grants (account_id, amount, reason, at) VALUES (?, ?, 'topup', 0)").run(accountId, 1e21)).toThrow();
    expect(getAccount(db, accountId)!.credits).toBe(10);
    db.close();
  });

  test("a version-1 wallet gains the same bounds when opened (migration 2, triggers)", () => {
    const path = join(tempDir("bounds-v1"), "w.sqlite");
    const v1 = new Database(path, { create: true });
    v1.exec(`CREATE TABLE accounts (id TEXT PRIMARY KEY, plan TEXT NOT NULL, credits INTEGER NOT NULL CHECK (credits >= 0), credits_expire_at INTEGER, burst_per_min INTEGER, daily_cap INTEGER, intel_daily_cap INTEGER, review INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
             CREATE TABLE credit_grants (id INTEGER PRIMARY KEY, account_id TEXT NOT NULL, amount INTEGER NOT NULL, reason TEXT NOT NULL, at INTEGER NOT NULL);
             INSERT INTO accounts (id, plan, credits, created_at) VALUES ('acc_old', 'pro', 7, 0);
             PRAGMA user_version = 1;`);
    v1.close();
    const db = openWallet(path);
    expect((db.query("PRAGMA user_version").get() as any).user_version).toBe(SCHEMA_VERSION);
    expect(() => db.query("UPDATE accounts SET credits = 1e21 WHERE id = 'acc_old'").run()).toThrow();
    expect((db.query("SELECT credits FROM accounts WHERE id = 'acc_old'").get() as any).credits).toBe(7);
    db.close();
  });
});

describe("ledger rows with a count of calls (migration 3)", () => {
  test("a version-2 wallet's ledger gains `calls`: its rows count as one call each, sums unchanged", () => {
    const path = join(tempDir("ledger-v2"), "w.sqlite");
    const v2 = new Database(path, { create: true });
    v2.exec(`CREATE TABLE ledger (id INTEGER PRIMARY KEY, account_id TEXT NOT NULL, key_id TEXT NOT NULL, endpoint TEXT NOT NULL, cost INTEGER NOT NULL CHECK (cost >= 0), status INTEGER NOT NULL, at INTEGER NOT NULL);
             INSERT INTO ledger (account_id, key_id, endpoint, cost, status, at) VALUES ('acc_old', 'key_old', 'trends', 1, 200, 0), ('acc_old', 'key_old', 'brief', 5, 200, 1);
             PRAGMA user_version = 2;`);
    v2.close();
    const db = openWallet(path);
    expect((db.query("PRAGMA user_version").get() as any).user_version).toBe(3);
    expect(db.query("SELECT SUM(calls) AS calls, SUM(cost) AS cost, COUNT(*) AS n FROM ledger").get()).toEqual({ calls: 2, cost: 6, n: 2 });
    expect(() => db.query("INSERT INTO ledger (account_id, key_id, endpoint, cost, calls, status, at) VALUES ('a', 'k', 'trends', 0, 0, 200, 0)").run()).toThrow();
    db.close();
    // Opening again is a no-op (the column is there; no second ALTER).
    const again = openWallet(path);
    expect((again.query("SELECT COUNT(*) AS n FROM ledger").get() as any).n).toBe(2);
    again.close();
  });
});

describe("write-ahead log headroom (issue 13, item 9)", () => {
  test("20,000 committed transactions never grow the WAL past 2 MiB (checkpoint every 1 MiB)", () => {
    const path = join(tempDir("wal"), "w.sqlite");
    const db = openWallet(path);
    const { accountId } = createAccount(db, { plan: "pro", credits: 10 });
    const ins = db.query("INSERT INTO ledger (account_id, key_id, endpoint, cost, status, at) VALUES (?, 'key_x', 'trends', 1, 200, ?)");
    let max = 0;
    for (let i = 0; i < 20_000; i++) {
      ins.run(accountId, i);
      if (i % 500 === 0) max = Math.max(max, Bun.file(path + "-wal").size);
    }
    max = Math.max(max, Bun.file(path + "-wal").size);
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThanOrEqual(2 * 1024 * 1024);
    db.close();
  });
});
