/**
 * Metering with group commit on the PostgreSQL wallet: per replica, requests that arrive while a
 * batch is being committed wait for the next one, and each batch is one transaction that
 *   1. locks the batch's account rows (`SELECT … FOR UPDATE`, in id order so two replicas never
 *      deadlock), which carry their rate counters, and reads the batch's keys (live or revoked);
 *   2. decides every request in arrival order exactly as the SQLite meter does (decideBatch);
 *   3. writes balances and counters (one row per account) and one ledger row per (account, key,
 *      endpoint), and commits: BEGIN+reads and writes+COMMIT are two round trips.
 * Nothing is cached between batches: another replica or the CLI may have committed since, and the
 * row lock makes the read-decide-write of one account serial across all replicas. So no credit is
 * spent twice, no balance goes negative, and burst/daily/intelligence limits are counted once.
 *
 * A caller's promise resolves after COMMIT succeeded. If PostgreSQL cannot be reached (restart,
 * network), nothing was committed and the batch is retried on a timer until each request's
 * deadline (BUSY_WAIT_MS), then answered 503 wallet_busy, charged nothing. If the connection drops
 * during COMMIT itself the outcome is unknown: those requests answer 503 too, without a retry (a
 * retry could charge twice); the debit may then exist without a served call, never the reverse.
 */
import type { ReservedSQL, SQL } from "bun";
import { EMPTY_COUNTERS, type Counters } from "../../rules/ratelimit.ts";
import {
  QueuedMeter,
  decideBatch,
  type AcctState,
  type ChargeRequest,
  type ChargeResult,
  type ChargingMeter,
  type MeterOptions,
  type Pending,
  type WalletReadiness,
} from "../meter.ts";
import type { AccountRow } from "../keys.ts";
import { isPgUnavailable, pgErrorCode } from "./errors.ts";
import { log } from "../../log.ts";

const BACKOFF_MS = [5, 10, 20, 50, 100];

/** COMMIT was sent and the link failed before its answer: committed or not, nobody knows. */
class CommitOutcomeUnknown extends Error {}

export class PgMeter extends QueuedMeter implements ChargingMeter {
  private running = false;
  stats = { batches: 0, requests: 0, maxBatch: 0, rereads: 0, flushMs: 0, busy: 0, busyAnswers: 0, unknownOutcome: 0 };
  /**
   * The meter's own connection, reserved from the pool: BEGIN/COMMIT sent by hand cost a third of
   * `sql.begin` (which reserves and releases a connection per transaction). Dropped after a
   * connection error; the next batch reserves a fresh one.
   */
  private conn: ReservedSQL | null = null;
  /** Called with wallet_epoch as read by each batch (the key resolver drops its cache when it moved). */
  onEpoch: (epoch: number) => void = () => {};

  constructor(
    private sql: SQL,
    private clock: () => number = Date.now,
    opts: MeterOptions = {},
    private sync?: "normal" | "full",
  ) {
    super(opts);
  }

  /** One batch at a time: the next flush is scheduled when the running one ends. */
  protected kick(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  protected async flush(): Promise<void> {
    this.scheduled = false;
    if (this.running || this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.running = true;
    try {
      const results = await this.commit(batch, this.clock());
      this.retryStreak = 0;
      for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
    } catch (e) {
      if (e instanceof CommitOutcomeUnknown) {
        this.stats.unknownOutcome += batch.length;
        this.answerBusy(batch);
      } else if (isPgUnavailable(e)) this.retryLater(batch, BACKOFF_MS);
      else for (const p of batch) p.reject(e);
    } finally {
      this.running = false;
    }
    if (this.queue.length && !this.scheduled) this.kick();
  }

  /**
   * Reserve the meter's connection. WALLET_SYNC set explicitly applies to it: `normal` commits
   * without waiting for the WAL flush (synchronous_commit off: a crash of the replica loses nothing,
   * a crash of PostgreSQL itself may lose the last ~0.6 s of debits, like SQLite's NORMAL on power
   * loss); `full` waits for it. Unset: the database's own setting (PostgreSQL's default waits).
   */
  private async reserve(): Promise<ReservedSQL> {
    const c = await this.sql.reserve();
    if (this.sync) await c.unsafe(`SET synchronous_commit = ${this.sync === "normal" ? "off" : "on"}`);
    return c;
  }

  /** Give the meter's connection back to the pool (before the pool is closed). */
  release(): void {
    try {
      this.conn?.release();
    } catch {}
    this.conn = null;
  }

  /** Counters of one account (for /usage), outside any batch. */
  async readCounters(accountId: string, sql: SQL = this.sql): Promise<Counters> {
    const [r] = await sql`SELECT burst_start::float8 AS burst_start, burst_count, daily_start::float8 AS daily_start, daily_count, intel_start::float8 AS intel_start, intel_count FROM accounts WHERE id = ${accountId}`;
    return r ? toCounters(r as CounterCols) : emptyCounters();
  }

  /** /readyz: can this replica reach a primary it may write to? (A standby in recovery cannot commit.) */
  async readiness(): Promise<WalletReadiness> {
    try {
      const [r] = await this.sql`SELECT pg_is_in_recovery() AS ro`;
      if (r.ro) {
        this.health = { outcome: "error", code: "PG_READ_ONLY" };
        return { wallet: "cannot_commit", error: "PG_READ_ONLY" };
      }
      if (this.health.outcome === "error") this.health = { outcome: "ok" };
      return { wallet: "ok" };
    } catch (e) {
      this.health = { outcome: "error", code: pgErrorCode(e) };
      return { wallet: "cannot_commit", error: this.health.code };
    }
  }

  /** Decide and commit one batch in one transaction; one result per request, in order. */
  async commit(batch: ChargeRequest[], now: number): Promise<ChargeResult[]> {
    const t0 = performance.now();
    const accountIds = [...new Set(batch.map((r) => r.accountId))].sort();
    const keyIds = [...new Set(batch.map((r) => r.keyId))];
    let committing = false;
    let results: ChargeResult[] = [];
    let tx: ReservedSQL | null = null;
    try {
      tx = this.conn ??= await this.reserve();
      // BEGIN, the row locks (with each account's counters, which live on its row, and the key
      // epoch) and the batch's live keys, sent together: one round trip. PostgreSQL runs them in
      // order, so the keys are read after the locks are held. A row locked after waiting for another
      // replica's commit is read as that commit left it.
      const [, accts, keyRows] = await Promise.all([
        tx.unsafe("BEGIN"),
        // The column lists are written out (as ACCOUNT_COLS in store.ts): a fragment costs the client
        // ~15 µs of CPU per statement.
        tx`SELECT id, plan, credits::float8 AS credits, credits_expire_at::float8 AS credits_expire_at, burst_per_min, daily_cap, intel_daily_cap, review::int AS review, created_at::float8 AS created_at,
            burst_start::float8 AS burst_start, burst_count, daily_start::float8 AS daily_start, daily_count, intel_start::float8 AS intel_start, intel_count,
            (SELECT keys::float8 FROM wallet_epoch WHERE id = 1) AS epoch
          FROM accounts WHERE id = ANY(${tx.array(accountIds, "TEXT")}::text[]) ORDER BY id FOR UPDATE`,
        tx`SELECT id FROM api_keys WHERE id = ANY(${tx.array(keyIds, "TEXT")}::text[]) AND revoked_at IS NULL`,
      ]);
      const states = new Map<string, AcctState>();
      for (const row of accts as (AccountRow & CounterCols & { epoch: number })[]) {
        states.set(row.id, { row, counters: toCounters(row), stored: row.credits });
        this.onEpoch(row.epoch);
      }
      const live = new Set((keyRows as { id: string }[]).map((k) => k.id));
      const d = decideBatch(batch, (id) => states.get(id) ?? null, (id) => live.has(id), now);
      results = d.results;
      const la: string[] = [], lk: string[] = [], le: string[] = [], lc: number[] = [], ln: number[] = [];
      for (const [accountId, gs] of d.groups) for (const g of gs) la.push(accountId), lk.push(g.keyId), le.push(g.endpoint), lc.push(g.cost), ln.push(g.calls);
      // One row per account that served anything: its balance and its three windows.
      const u: { id: string[]; c: number[]; bs: number[]; bc: number[]; ds: number[]; dc: number[]; is: number[]; ic: number[] } = { id: [], c: [], bs: [], bc: [], ds: [], dc: [], is: [], ic: [] };
      for (const [id, { st }] of d.dirty) {
        const k = st.counters;
        u.id.push(id), u.c.push(st.stored), u.bs.push(k.burst.start), u.bc.push(k.burst.count), u.ds.push(k.daily.start), u.dc.push(k.daily.count), u.is.push(k.intel.start), u.ic.push(k.intel.count);
      }
      // The writes and COMMIT in one round trip too: one statement updates the accounts and appends
      // the ledger rows. If it fails, PostgreSQL answers the COMMIT with a rollback and the
      // statement's own error rejects this Promise.all: nothing committed.
      committing = true;
      if (u.id.length) {
        await Promise.all([
          tx`WITH upd AS (
              UPDATE accounts AS t SET credits = v.c, burst_start = v.bs, burst_count = v.bc, daily_start = v.ds, daily_count = v.dc, intel_start = v.xs, intel_count = v.xc
              FROM unnest(${tx.array(u.id, "TEXT")}::text[], ${tx.array(u.c, "INT8")}::int8[], ${tx.array(u.bs, "INT8")}::int8[], ${tx.array(u.bc, "INT4")}::int4[],
                          ${tx.array(u.ds, "INT8")}::int8[], ${tx.array(u.dc, "INT4")}::int4[], ${tx.array(u.is, "INT8")}::int8[], ${tx.array(u.ic, "INT4")}::int4[]) AS v(id, c, bs, bc, ds, dc, xs, xc)
              WHERE t.id = v.id RETURNING 1)
            INSERT INTO ledger (account_id, key_id, endpoint, cost, calls, status, at)
            SELECT a, k, e, c, n, 200, ${now}::int8 FROM unnest(${tx.array(la, "TEXT")}::text[], ${tx.array(lk, "TEXT")}::text[], ${tx.array(le, "TEXT")}::text[], ${tx.array(lc, "INT8")}::int8[], ${tx.array(ln, "INT4")}::int4[]) AS v(a, k, e, c, n)`,
          tx.unsafe("COMMIT"),
        ]);
      } else await tx.unsafe("COMMIT");
    } catch (e) {
      // End the transaction unless the link itself is in doubt (then the connection is dropped below).
      if (tx && !isPgUnavailable(e)) {
        try {
          await tx.unsafe("ROLLBACK");
        } catch {}
      }
      if (isPgUnavailable(e) && this.conn) {
        // The link is gone (or in doubt): never reuse it; the pool opens a new one for the next batch.
        const dead = this.conn;
        this.conn = null;
        try {
          dead.release();
        } catch {}
      }
      if (isPgUnavailable(e)) {
        this.stats.busy++;
        this.health = { outcome: "error", code: pgErrorCode(e) };
        if (committing) {
          log.warn("wallet_commit_outcome_unknown", { requests: batch.length, error: pgErrorCode(e) });
          throw new CommitOutcomeUnknown();
        }
      } else this.health = { outcome: "error", code: pgErrorCode(e) };
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

function emptyCounters(): Counters {
  return { burst: { ...EMPTY_COUNTERS.burst }, daily: { ...EMPTY_COUNTERS.daily }, intel: { ...EMPTY_COUNTERS.intel } };
}

/** The rate counters, columns of the account row on PostgreSQL (src/wallet/pg/conn.ts). */
interface CounterCols {
  burst_start: number;
  burst_count: number;
  daily_start: number;
  daily_count: number;
  intel_start: number;
  intel_count: number;
}

function toCounters(r: CounterCols): Counters {
  return {
    burst: { start: r.burst_start, count: r.burst_count },
    daily: { start: r.daily_start, count: r.daily_count },
    intel: { start: r.intel_start, count: r.intel_count },
  };
}
