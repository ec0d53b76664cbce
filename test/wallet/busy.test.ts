/**
 * The wallet never blocks the event loop (issue 12 §3). A REAL second connection on the same file
 * holds the write lock with BEGIN IMMEDIATE, as the CLI or the web application does while it writes.
 * Meanwhile routes that do not write the wallet answer, and a paid call waits on a timer (never on
 * the event loop) until the lock is released or its deadline passes: then 503 wallet_busy with
 * Retry-After, nothing charged. Deadlines run on an injected monotonic clock, so "the deadline
 * passed" is a step of the test, not a race with the machine's speed; the only real waits are
 * bounded polls for the meter's retry timer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { startServer, untilMeterWaiting, walletState, type TestServer } from "../helpers/server.ts";
import { BUSY_RETRY_AFTER_S, BUSY_WAIT_MS, isBusy } from "../../src/wallet/meter.ts";

class Mono {
  t = 1_000_000;
  now = (): number => this.t;
}

const big = { burst: 1_000_000, dailyCap: 1_000_000, intelCap: 1_000_000 };
const TRENDS = "/api/public/trends?source=youtube";
const FREE_PATHS = ["/healthz", "/openapi.json", "/llms.txt", "/docs", "/readyz"];

let s: TestServer;
let mono: Mono;
let holder: Database;
beforeAll(() => {
  mono = new Mono();
  s = startServer({ meter: { monotonic: mono.now } });
  holder = new Database(s.walletPath);
  holder.exec("PRAGMA busy_timeout = 0");
});
afterEach(() => {
  if (holder.inTransaction) holder.exec("ROLLBACK");
});
afterAll(() => {
  holder.close();
  s.stop();
});

/** Take the wallet's write lock on the second connection (what `trend-intel credits add` holds while it writes). */
function lock(): void {
  holder.exec("BEGIN IMMEDIATE");
}
function release(): void {
  holder.exec("COMMIT");
}

/** A promise with a flag that says whether it has settled yet. */
function tracked<T>(p: Promise<T>): { p: Promise<T>; settled: () => boolean } {
  let done = false;
  const q = p.finally(() => {
    done = true;
  });
  return { p: q, settled: () => done };
}


test("isBusy recognises SQLITE_BUSY from a real lock collision, and only that", () => {
  lock();
  const other = new Database(s.walletPath);
  other.exec("PRAGMA busy_timeout = 0");
  let err: unknown;
  try {
    other.exec("BEGIN IMMEDIATE");
  } catch (e) {
    err = e;
  }
  release();
  expect(isBusy(err)).toBe(true);
  let syntax: unknown;
  try {
    other.exec("SELEC 1");
  } catch (e) {
    syntax = e;
  }
  expect(isBusy(syntax)).toBe(false);
  expect(isBusy(new Error("database is locked"))).toBe(false);
  other.close();
});

describe("another connection holds the write lock", () => {
  test("routes that do not write the wallet answer while a paid call waits; the paid call is served once the lock is released", async () => {
    const a = s.account({ plan: "agency", credits: 50, ...big });
    const before = walletState(s.admin, a.accountId);
    lock();
    const paid = tracked(s.json(TRENDS, a.apiKey));
    await untilMeterWaiting(s.deps.meter, 1); // the paid call has met the lock and is waiting on a timer

    // Every free route, /usage and a key resolution answer with the lock still held and the paid call still pending.
    const free = await Promise.all(FREE_PATHS.map((p) => s.get(p)));
    for (const r of free) expect(r.status).toBe(200);
    const usage = await s.json("/api/public/usage", a.apiKey);
    expect(usage.status).toBe(200);
    expect(usage.body.credits_remaining).toBe(50);
    const ready = await s.json("/readyz");
    expect(ready.body).toMatchObject({ status: "ready", wallet: "busy" });
    expect(paid.settled()).toBe(false);
    expect(holder.inTransaction).toBe(true);
    expect(walletState(s.admin, a.accountId)).toEqual(before);

    release();
    const r = await paid.p;
    expect(r.status).toBe(200);
    expect(r.body.credits_remaining).toBe(49);
    const after = walletState(s.admin, a.accountId);
    expect(after.credits).toBe(49);
    expect(after.ledgerCalls).toBe(before.ledgerCalls + 1);
    expect((await s.json("/readyz")).body.wallet).toBe("ok");
  });

  test("a lock that outlives the deadline: 503 wallet_busy with Retry-After, answered while the lock is still held, nothing charged", async () => {
    const a = s.account({ plan: "agency", credits: 50, ...big });
    expect((await s.json(TRENDS, a.apiKey)).status).toBe(200); // a counter row exists, so a stray debit would show
    const before = walletState(s.admin, a.accountId);
    const answered = s.deps.meter.stats.busyAnswers;
    lock();
    const paid = tracked(s.json(TRENDS, a.apiKey));
    await untilMeterWaiting(s.deps.meter, 1);
    expect(paid.settled()).toBe(false);
    mono.t += BUSY_WAIT_MS; // the request's deadline is now
    const r = await paid.p;
    expect(holder.inTransaction).toBe(true); // answered before the lock was released
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ error: "wallet_busy", retry_after: BUSY_RETRY_AFTER_S });
    expect(r.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_S));
    expect(r.headers.get("x-ratelimit-tier")).toBe("agency");
    expect(s.deps.meter.stats.busyAnswers).toBe(answered + 1);
    release();
    expect(walletState(s.admin, a.accountId)).toEqual(before); // balance, ledger and counters untouched

    const again = await s.json(TRENDS, a.apiKey);
    expect(again.status).toBe(200);
    expect(again.body.credits_remaining).toBe(before.credits - 1);
  });

  test("each request has its own deadline: the older one gives up, the newer one is served when the lock ends", async () => {
    const a = s.account({ plan: "agency", credits: 50, ...big });
    lock();
    const older = tracked(s.json(TRENDS, a.apiKey));
    await untilMeterWaiting(s.deps.meter, 1);
    mono.t += BUSY_WAIT_MS / 2;
    const newer = tracked(s.json(TRENDS, a.apiKey));
    await untilMeterWaiting(s.deps.meter, 2); // the newer one has joined the waiting batch
    mono.t += BUSY_WAIT_MS / 2; // the older one's deadline, not the newer one's
    const r1 = await older.p;
    expect(r1.status).toBe(503);
    expect(r1.body.error).toBe("wallet_busy");
    expect(newer.settled()).toBe(false);
    release();
    const r2 = await newer.p;
    expect(r2.status).toBe(200);
    expect(r2.body.credits_remaining).toBe(49);
    expect(walletState(s.admin, a.accountId)).toMatchObject({ credits: 49, ledgerCalls: 1 });
  });

  test("calls that waited for the lock are decided together in one transaction, in order, never below zero", async () => {
    const N = 7;
    const CALLS = 20;
    const a = s.account({ plan: "agency", credits: N, ...big });
    lock();
    const batchesBefore = s.deps.meter.stats.batches;
    const pending = Array.from({ length: CALLS }, () => s.json(TRENDS, a.apiKey));
    await untilMeterWaiting(s.deps.meter, CALLS);
    release();
    const rs = await Promise.all(pending);
    expect(s.deps.meter.stats.batches - batchesBefore).toBe(1);
    const served = rs.filter((r) => r.status === 200);
    expect(served.length).toBe(N);
    expect(rs.filter((r) => r.status === 402).length).toBe(CALLS - N);
    // Arrival order is kept: the first N calls are the served ones, with balances N-1 ... 0.
    expect(rs.slice(0, N).map((r) => r.body.credits_remaining)).toEqual(Array.from({ length: N }, (_, i) => N - 1 - i));
    expect(walletState(s.admin, a.accountId)).toMatchObject({ credits: 0, ledgerCalls: N, ledgerSpent: N });
  });

  test("a key revoked by the lock holder's transaction is refused when that transaction commits", async () => {
    const a = s.account({ plan: "agency", credits: 50, ...big });
    expect((await s.json(TRENDS, a.apiKey)).status).toBe(200); // the key is now in the server's cache
    lock();
    holder.query("UPDATE api_keys SET revoked_at = 1 WHERE account_id = ?").run(a.accountId);
    const paid = tracked(s.json(TRENDS, a.apiKey));
    await untilMeterWaiting(s.deps.meter, 1);
    release();
    expect((await paid.p).status).toBe(401);
    expect(walletState(s.admin, a.accountId)).toMatchObject({ credits: 49, ledgerCalls: 1 });
  });
});

describe("/readyz and a wallet that cannot commit", () => {
  test("a connection that cannot write (SQLITE_READONLY) is not ready at once, and ready again when it can", async () => {
    expect((await s.json("/readyz")).body).toMatchObject({ status: "ready", wallet: "ok" });
    s.db.exec("PRAGMA query_only = ON"); // the server's own connection refuses writes, as on a read-only mount
    try {
      const r = await s.json("/readyz");
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ status: "not_ready", wallet: "cannot_commit", wallet_error: "SQLITE_READONLY" });
    } finally {
      s.db.exec("PRAGMA query_only = OFF");
    }
    const r = await s.json("/readyz");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ready", wallet: "ok" });
    expect(r.body.wallet_error).toBeUndefined();
  });

  test("a commit that fails (a trigger installed by another connection aborts every debit) makes /readyz 503 until a commit succeeds", async () => {
    const a = s.account({ plan: "agency", credits: 50, ...big });
    s.admin.exec("CREATE TRIGGER test_fail_debit BEFORE UPDATE OF credits ON accounts BEGIN SELECT RAISE(ABORT, 'simulated write failure'); END");
    try {
      const paid = await s.json(TRENDS, a.apiKey);
      expect(paid.status).toBe(500);
      expect(paid.body.error).toBe("internal_error");
      // BEGIN IMMEDIATE; ROLLBACK alone would pass here: the probe must commit a real write.
      for (let i = 0; i < 2; i++) {
        const r = await s.json("/readyz");
        expect(r.status).toBe(503);
        expect(r.body).toMatchObject({ status: "not_ready", wallet: "cannot_commit", wallet_error: "SQLITE_CONSTRAINT_TRIGGER" });
      }
      // While the failure stands, a held lock does not turn "cannot_commit" into "busy".
      lock();
      expect((await s.json("/readyz")).body.wallet).toBe("cannot_commit");
      holder.exec("ROLLBACK");
    } finally {
      s.admin.exec("DROP TRIGGER IF EXISTS test_fail_debit");
    }
    const r = await s.json("/readyz");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ready", wallet: "ok" });
    expect(walletState(s.admin, a.accountId)).toMatchObject({ credits: 50, ledgerCalls: 0 });
    expect((await s.json(TRENDS, a.apiKey)).status).toBe(200);
  });

  test("a held lock alone is reported as busy, not as a failure, and the server stays ready", async () => {
    lock();
    const r = await s.json("/readyz");
    release();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ready", wallet: "busy" });
  });
});
