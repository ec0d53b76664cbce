/**
 * Metering with group commit. Requests that arrive together wait for one shared IMMEDIATE
 * transaction that decides every request in arrival order (rate windows, then balance), writes the
 * debits, counters and ledger rows, and commits. Each caller's promise resolves only after that
 * commit, so a response is never sent before its debit is durable.
 *
 * Balances are never checked against a stale copy: inside the write-locked transaction the meter
 * reads `PRAGMA data_version`; if no other connection (CLI, web application) has committed since
 * this connection's last commit, the account/key/counter state it holds is exactly what is on
 * disk and is used as is; otherwise it is dropped and re-read inside the transaction.
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
  | { ok: false; code: "insufficient_credits"; creditsRemaining: number };

interface Pending extends ChargeRequest {
  resolve: (r: ChargeResult) => void;
  reject: (e: unknown) => void;
}

interface AcctState {
  row: AccountRow;
  counters: Counters;
  /** Credits column as stored (expiry is applied when deciding). */
  stored: number;
}

/** Ledger rows per INSERT statement (6 parameters each, well under sqlite's 32766 limit). */
const LEDGER_CHUNK = 64;

export class Meter {
  private queue: Pending[] = [];
  private scheduled = false;
  private stmts: {
    version: Statement;
    account: Statement;
    counters: Statement;
    key: Statement;
    setCredits: Statement;
    upsertCounter: Statement;
  };
  private ledgerStmts = new Map<number, Statement>();
  /** State known to match the database as of data_version `known` (null = unknown). */
  private known: number | null = null;
  private accounts = new Map<string, AcctState | null>();
  private keys = new Map<string, boolean>();
  /** Batches committed so far and requests they carried (for the benchmark and tests). */
  stats = { batches: 0, requests: 0, maxBatch: 0, rereads: 0, flushMs: 0 };

  constructor(
    private db: Database,
    private clock: () => number = Date.now,
  ) {
    this.stmts = {
      version: db.query("PRAGMA data_version"),
      account: db.query("SELECT * FROM accounts WHERE id = ?"),
      counters: db.query("SELECT scope, window_start, count FROM rate_counters WHERE account_id = ?"),
      key: db.query("SELECT revoked_at FROM api_keys WHERE id = ?"),
      setCredits: db.query("UPDATE accounts SET credits = ? WHERE id = ?"),
      upsertCounter: db.query(
        "INSERT INTO rate_counters (account_id, scope, window_start, count) VALUES (?, ?, ?, ?) ON CONFLICT(account_id, scope) DO UPDATE SET window_start = excluded.window_start, count = excluded.count",
      ),
    };
  }

  charge(req: ChargeRequest): Promise<ChargeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...req, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
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
      s = this.db.query(`INSERT INTO ledger (account_id, key_id, endpoint, cost, status, at) VALUES ${Array(n).fill("(?, ?, ?, ?, 200, ?)").join(", ")}`);
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

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let results: ChargeResult[];
    try {
      results = this.commit(batch, this.clock());
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
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
          const dirty = new Map<string, { st: AcctState; before: Counters }>();
          const ledger: (string | number)[] = [];
          for (let i = 0; i < batch.length; i++) {
            const r = batch[i];
            const st = this.state(r.accountId);
            if (!st || !this.keyLive(r.keyId)) {
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
            ledger.push(r.accountId, r.keyId, r.endpoint, r.cost, now);
            results[i] = { ok: true, creditsRemaining: st.stored, counters: st.counters };
          }
          for (let off = 0; off < ledger.length; off += LEDGER_CHUNK * 5) {
            const part = ledger.slice(off, off + LEDGER_CHUNK * 5);
            this.ledgerInsert(part.length / 5).run(...part);
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
      throw e;
    }
    this.stats.flushMs += performance.now() - t0;
    this.stats.batches++;
    this.stats.requests += batch.length;
    if (batch.length > this.stats.maxBatch) this.stats.maxBatch = batch.length;
    return results;
  }
}
