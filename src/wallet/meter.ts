/**
 * Metering with group commit. Requests that arrive together wait for one shared IMMEDIATE
 * transaction that decides every request in arrival order (rate windows, then balance), writes the
 * debits, counters and ledger rows (one per account, key and endpoint of the batch, with its count
 * of calls), and commits. Each caller's promise resolves only after that commit, so a response is
 * never sent before its debit is durable.
 *
 * Balances are never checked against a stale copy: inside the write-locked transaction the meter
 * reads `PRAGMA data_version`; if no other connection (CLI, web application) has committed since
 * this connection's last commit, the account/key/counter state it holds is exactly what is on
 * disk and is used as is; otherwise it is dropped and re-read inside the transaction.
 *
 * The meter never waits for a lock on the event loop (issue 12): the server's connection has
 * busy_timeout 0, so while another process (CLI, web application) holds the write lock BEGIN
 * IMMEDIATE fails at once with SQLITE_BUSY. The batch then waits on a timer and is retried, with
 * any requests that arrived meanwhile, until each request's deadline (BUSY_WAIT_MS after it
 * arrived); a request still waiting at its deadline resolves `wallet_busy` having been charged
 * nothing, since nothing of a failed attempt was committed.
 */
import type { Database, Statement } from "bun:sqlite";
import { decide, type Counters, type Scope, EMPTY_COUNTERS } from "../rules/ratelimit.ts";
import { effectiveLimits, type PlanName } from "./plans.ts";
import { spendable, type AccountRow } from "./keys.ts";

export interface ChargeRequest {
  accountId: string;
  keyId: string;
  endpoint: string;
  cost: number;
  intel: boolean;
}

export type ChargeResult =
  | { ok: true; creditsRemaining: number; counters: Counters }
  | { ok: false; code: "unauthorized" }
  | { ok: false; code: "usage_review" }
  | { ok: false; code: "rate_limited"; scope: Scope; retryAfter: number }
  | { ok: false; code: "insufficient_credits"; creditsRemaining: number }
  | { ok: false; code: "wallet_busy"; retryAfter: number };

/**
 * How long a paid call may wait for another process's write lock, from its arrival. The CLI's and
 * the web application's transactions last milliseconds, so a lock held this long is a stuck or
 * long writer: answering 503 then is better than holding the client. 900 ms, not 1 s, so the whole
 * answer (handler, timer granularity, network) still arrives within a second.
 */
export const BUSY_WAIT_MS = 900;
/** Seconds a `wallet_busy` answer asks the client to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 1;
/** Delays between attempts while the lock is held: short first (most writers finish in ms), then capped. */
const BUSY_BACKOFF_MS = [1, 2, 5, 10, 20, 50];

/** SQLITE_BUSY and its extended codes (BUSY_RECOVERY, BUSY_SNAPSHOT...): the lock is someone else's for now. */
export function isBusy(e: unknown): boolean {
  const errno = (e as { errno?: unknown })?.errno;
  return (e as Error)?.name === "SQLiteError" && typeof errno === "number" && (errno & 0xff) === 5;
}

/** The outcome of the meter's last attempt to commit (or of the readiness probe). */
export type CommitHealth = { outcome: "ok" } | { outcome: "busy" } | { outcome: "error"; code: string };

/** What /readyz reports about the wallet. */
export type WalletReadiness = { wallet: "ok" } | { wallet: "busy" } | { wallet: "cannot_commit"; error: string };

export interface MeterOptions {
  /** ms a charge may wait for the write lock (default BUSY_WAIT_MS). */
  busyWaitMs?: number;
  /** Monotonic ms for deadlines and backoff (tests inject one so "the deadline passed" is not a race). */
  monotonic?: () => number;
}

export interface Pending extends ChargeRequest {
  /** monotonic ms after which a busy wallet answers `wallet_busy`. */
  deadline: number;
  resolve: (r: ChargeResult) => void;
  reject: (e: unknown) => void;
}

/**
 * The request queue both wallet meters share (SQLite here, PostgreSQL in pg/meter.ts): requests wait
 * for the next batch commit, each with its deadline; when a batch could not be committed, those past
 * their deadline are answered `wallet_busy` and the rest retried on a backoff timer. How a batch is
 * committed (synchronously, or one async transaction at a time) is each meter's own `kick`/`flush`.
 */
export abstract class QueuedMeter {
  protected queue: Pending[] = [];
  /** A flush is scheduled: on the next turn, or on the backoff timer while the wallet cannot commit. */
  protected scheduled = false;
  /** Consecutive failed attempts (index into the backoff table). */
  protected retryStreak = 0;
  protected readonly busyWaitMs: number;
  protected readonly monotonic: () => number;
  /** Outcome of the last commit attempt, for /readyz. */
  health: CommitHealth = { outcome: "ok" };
  abstract stats: { busyAnswers: number };

  constructor(opts: MeterOptions) {
    this.busyWaitMs = opts.busyWaitMs ?? BUSY_WAIT_MS;
    this.monotonic = opts.monotonic ?? (() => performance.now());
  }

  /** Requests waiting for the next commit attempt (for tests and the benchmark). */
  get pending(): number {
    return this.queue.length;
  }

  /** The deadline of a request arriving now (pass it to `charge` so time spent in the handler counts). */
  deadline(): number {
    return this.monotonic() + this.busyWaitMs;
  }

  /**
   * Decide and commit this request with the others of its batch. Resolves after the commit, or
   * with `wallet_busy` (nothing charged) if the wallet still cannot commit at `deadline`.
   */
  charge(req: ChargeRequest, deadline: number = this.deadline()): Promise<ChargeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ accountId: req.accountId, keyId: req.keyId, endpoint: req.endpoint, cost: req.cost, intel: req.intel, deadline, resolve, reject });
      this.kick();
    });
  }

  /** Schedule a flush of the queue unless one is due. */
  protected abstract kick(): void;
  protected abstract flush(): void | Promise<void>;

  protected answerBusy(ps: Pending[]): void {
    for (const p of ps) {
      this.stats.busyAnswers++;
      p.resolve({ ok: false, code: "wallet_busy", retryAfter: BUSY_RETRY_AFTER_S });
    }
  }

  /**
   * Nothing of the batch was committed, so each request is still uncharged: answer those past their
   * deadline, keep the rest (in arrival order, ahead of later arrivals) and try again on a timer that
   * never outlasts the earliest deadline.
   */
  protected retryLater(batch: Pending[], backoffMs: readonly number[]): void {
    const now = this.monotonic();
    const waiting: Pending[] = [];
    for (const p of batch) {
      if (p.deadline <= now) this.answerBusy([p]);
      else waiting.push(p);
    }
    this.queue = waiting.concat(this.queue);
    if (this.queue.length === 0) return;
    let earliest = Infinity;
    for (const p of this.queue) if (p.deadline < earliest) earliest = p.deadline;
    const backoff = backoffMs[Math.min(this.retryStreak++, backoffMs.length - 1)];
    this.scheduled = true;
    setTimeout(() => void this.flush(), Math.max(1, Math.min(backoff, Math.ceil(earliest - now))));
  }
}

export interface AcctState {
  row: AccountRow;
  counters: Counters;
  /** Credits column as stored (expiry is applied when deciding). */
  stored: number;
}

/** Ledger rows per INSERT statement (6 parameters each, well under sqlite's 32766 limit). */
const LEDGER_CHUNK = 64;

/** One ledger row of a batch: the served calls of one key to one endpoint (docs/wallet.md, migration 3). */
export interface LedgerGroup {
  keyId: string;
  endpoint: string;
  cost: number;
  calls: number;
}

/**
 * Decide one batch in arrival order against the account states `state` returns (mutated: counters
 * and balance advance with each accepted call): key and account, review, rate windows, then
 * balance. Returns each request's result, the accounts whose state changed (with their counters
 * before the batch) and the ledger rows to write. Shared by both stores' meters, so the SQLite and
 * the PostgreSQL wallet decide exactly alike.
 */
export function decideBatch(
  batch: ChargeRequest[],
  state: (accountId: string) => AcctState | null,
  keyLive: (keyId: string) => boolean,
  now: number,
): { results: ChargeResult[]; dirty: Map<string, { st: AcctState; before: Counters }>; groups: Map<string, LedgerGroup[]> } {
  const results: ChargeResult[] = new Array(batch.length);
  const dirty = new Map<string, { st: AcctState; before: Counters }>();
  // One ledger row per (account, key, endpoint) of the batch; batches mostly hold few accounts.
  const groups = new Map<string, LedgerGroup[]>();
  for (let i = 0; i < batch.length; i++) {
    const r = batch[i];
    const st = state(r.accountId);
    if (!st || !keyLive(r.keyId)) {
      results[i] = { ok: false, code: "unauthorized" };
      continue;
    }
    if (st.row.review) {
      results[i] = { ok: false, code: "usage_review" };
      continue;
    }
    const d = decide(st.counters, effectiveLimits(st.row.plan as PlanName, st.row), now, r.intel);
    if (!d.ok) {
      results[i] = { ok: false, code: "rate_limited", scope: d.scope, retryAfter: d.retryAfter };
      continue;
    }
    const credits = spendable({ credits: st.stored, credits_expire_at: st.row.credits_expire_at }, now);
    if (credits < r.cost) {
      results[i] = { ok: false, code: "insufficient_credits", creditsRemaining: credits };
      continue;
    }
    if (!dirty.has(r.accountId)) dirty.set(r.accountId, { st, before: st.counters });
    st.counters = d.next;
    st.stored = credits - r.cost;
    let gs = groups.get(r.accountId);
    if (!gs) groups.set(r.accountId, (gs = []));
    let g: LedgerGroup | undefined;
    for (const x of gs) if (x.keyId === r.keyId && x.endpoint === r.endpoint) g = x;
    if (g) {
      g.cost += r.cost;
      g.calls++;
    } else gs.push({ keyId: r.keyId, endpoint: r.endpoint, cost: r.cost, calls: 1 });
    results[i] = { ok: true, creditsRemaining: st.stored, counters: st.counters };
  }
  return { results, dirty, groups };
}

export class Meter extends QueuedMeter {
  private stmts: {
    version: Statement;
    account: Statement;
    counters: Statement;
    key: Statement;
    setCredits: Statement;
    upsertCounter: Statement;
    touch: Statement;
  };
  private ledgerStmts = new Map<number, Statement>();
  /** State known to match the database as of data_version `known` (null = unknown). */
  private known: number | null = null;
  private accounts = new Map<string, AcctState | null>();
  private keys = new Map<string, boolean>();
  /** Batches committed so far and requests they carried (for the benchmark and tests); busy = attempts refused by a held lock, busyAnswers = requests answered wallet_busy. */
  stats = { batches: 0, requests: 0, maxBatch: 0, rereads: 0, flushMs: 0, busy: 0, busyAnswers: 0 };

  constructor(
    private db: Database,
    private clock: () => number = Date.now,
    opts: MeterOptions = {},
  ) {
    super(opts);
    this.stmts = {
      version: db.query("PRAGMA data_version"),
      account: db.query("SELECT * FROM accounts WHERE id = ?"),
      counters: db.query("SELECT scope, window_start, count FROM rate_counters WHERE account_id = ?"),
      key: db.query("SELECT revoked_at FROM api_keys WHERE id = ?"),
      setCredits: db.query("UPDATE accounts SET credits = ? WHERE id = ?"),
      upsertCounter: db.query(
        "INSERT INTO rate_counters (account_id, scope, window_start, count) VALUES (?, ?, ?, ?) ON CONFLICT(account_id, scope) DO UPDATE SET window_start = excluded.window_start, count = excluded.count",
      ),
      // Rewrites one row unchanged: a commit that really writes a page, without changing any value.
      touch: db.query("UPDATE accounts SET credits = credits WHERE rowid = (SELECT min(rowid) FROM accounts)"),
    };
  }

  protected kick(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Read counters of one account into the pure-maths shape. */
  readCounters(accountId: string): Counters {
    const c: Counters = { burst: { ...EMPTY_COUNTERS.burst }, daily: { ...EMPTY_COUNTERS.daily }, intel: { ...EMPTY_COUNTERS.intel } };
    for (const r of this.stmts.counters.all(accountId) as { scope: Scope; window_start: number; count: number }[]) {
      c[r.scope] = { start: r.window_start, count: r.count };
    }
    return c;
  }

  private ledgerInsert(n: number): Statement {
    let s = this.ledgerStmts.get(n);
    if (!s) {
      s = this.db.query(`INSERT INTO ledger (account_id, key_id, endpoint, cost, calls, status, at) VALUES ${Array(n).fill("(?, ?, ?, ?, ?, 200, ?)").join(", ")}`);
      this.ledgerStmts.set(n, s);
    }
    return s;
  }

  private state(accountId: string): AcctState | null {
    let st = this.accounts.get(accountId);
    if (st === undefined) {
      this.stats.rereads++;
      const row = this.stmts.account.get(accountId) as AccountRow | null;
      st = row ? { row, counters: this.readCounters(accountId), stored: row.credits } : null;
      this.accounts.set(accountId, st);
    }
    return st;
  }

  private keyLive(keyId: string): boolean {
    let live = this.keys.get(keyId);
    if (live === undefined) {
      const k = this.stmts.key.get(keyId) as { revoked_at: number | null } | null;
      live = !!k && k.revoked_at == null;
      this.keys.set(keyId, live);
    }
    return live;
  }

  private forget(): void {
    this.known = null;
    this.accounts.clear();
    this.keys.clear();
  }

  protected flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let results: ChargeResult[];
    try {
      results = this.commit(batch, this.clock());
    } catch (e) {
      // Another connection holds the write lock; commit() rolled back.
      if (isBusy(e)) return this.retryLater(batch, BUSY_BACKOFF_MS);
      this.retryStreak = 0;
      for (const p of batch) p.reject(e);
      return;
    }
    this.retryStreak = 0;
    for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
  }

  /**
   * Readiness of the wallet for /readyz, without waiting. Takes and releases the write lock
   * (BEGIN IMMEDIATE; ROLLBACK), which shows a read-only or unreachable file but not a full disk:
   * a rolled-back transaction writes nothing. So after a commit failed, it commits a real
   * (value-preserving) write instead, and reports ready again only once that succeeds.
   */
  readiness(): WalletReadiness {
    const failed = this.health.outcome === "error";
    try {
      this.db.exec("BEGIN IMMEDIATE");
      try {
        if (failed) {
          this.stmts.touch.run();
          this.db.exec("COMMIT");
          this.health = { outcome: "ok" };
        } else this.db.exec("ROLLBACK");
      } catch (e) {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw e;
      }
      return { wallet: "ok" };
    } catch (e) {
      if (isBusy(e)) {
        // The lock is someone else's right now: that says nothing about whether we could commit.
        return this.health.outcome === "error" ? { wallet: "cannot_commit", error: this.health.code } : { wallet: "busy" };
      }
      this.health = { outcome: "error", code: errorCode(e) };
      return { wallet: "cannot_commit", error: this.health.code };
    }
  }

  /**
   * Decide and commit one batch in a single IMMEDIATE transaction; returns one result per request,
   * in order. Throws (after rolling back) if the transaction fails. Also used by the wallet worker.
   */
  commit(batch: ChargeRequest[], now: number): ChargeResult[] {
    const t0 = performance.now();
    const results: ChargeResult[] = new Array(batch.length);
    try {
      this.db
        .transaction(() => {
          const v = (this.stmts.version.get() as { data_version: number }).data_version;
          if (v !== this.known) {
            this.forget();
            this.known = v;
          }
          const { results: decided, dirty, groups } = decideBatch(batch, (id) => this.state(id), (id) => this.keyLive(id), now);
          for (let i = 0; i < decided.length; i++) results[i] = decided[i];
          const ledger: (string | number)[] = [];
          for (const [accountId, gs] of groups) for (const g of gs) ledger.push(accountId, g.keyId, g.endpoint, g.cost, g.calls, now);
          for (let off = 0; off < ledger.length; off += LEDGER_CHUNK * 6) {
            const part = ledger.slice(off, off + LEDGER_CHUNK * 6);
            this.ledgerInsert(part.length / 6).run(...part);
          }
          for (const [id, { st, before }] of dirty) {
            if (st.stored !== st.row.credits) {
              this.stmts.setCredits.run(st.stored, id);
              st.row = { ...st.row, credits: st.stored };
            }
            for (const scope of ["burst", "daily", "intel"] as const) {
              const w = st.counters[scope];
              if (w.start !== before[scope].start || w.count !== before[scope].count) this.stmts.upsertCounter.run(id, scope, w.start, w.count);
            }
          }
        })
        .immediate();
    } catch (e) {
      this.forget(); // the transaction rolled back: what we hold in memory is no longer known to match
      if (isBusy(e)) {
        this.stats.busy++;
        // A busy attempt says nothing new about whether the wallet can commit: keep a known failure.
        if (this.health.outcome !== "error") this.health = { outcome: "busy" };
      } else this.health = { outcome: "error", code: errorCode(e) };
      throw e;
    }
    this.health = { outcome: "ok" };
    this.stats.flushMs += performance.now() - t0;
    this.stats.batches++;
    this.stats.requests += batch.length;
    if (batch.length > this.stats.maxBatch) this.stats.maxBatch = batch.length;
    return results;
  }
}

/** The SQLite result code name of an error (SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR_WRITE...), for /readyz and logs. */
function errorCode(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  return typeof code === "string" && code.startsWith("SQLITE_") ? code : "unknown";
}

/** What the request path needs of a meter, whichever store is behind it (Meter, or PgMeter in src/wallet/pg/meter.ts). */
export interface ChargingMeter {
  charge(req: ChargeRequest, deadline?: number): Promise<ChargeResult>;
  deadline(): number;
  readiness(): WalletReadiness | Promise<WalletReadiness>;
  readonly pending: number;
  stats: { batches: number; requests: number; maxBatch: number; busy: number; busyAnswers: number };
}
