/**
 * Metering with group commit. Requests that arrive together wait for one shared IMMEDIATE
 * transaction that re-reads each account inside the transaction (never a stale copy), decides
 * every request in arrival order (rate windows, then balance), writes the debits, counters and
 * ledger rows, and commits. Each caller's promise resolves only after that commit, so a response
 * is never sent before its debit is durable.
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
  credits: number;
  dirty: boolean;
}

export class Meter {
  private queue: Pending[] = [];
  private scheduled = false;
  private stmts: {
    account: Statement;
    counters: Statement;
    key: Statement;
    setCredits: Statement;
    upsertCounter: Statement;
    ledger: Statement;
  };
  /** Batches committed so far and requests they carried (for the benchmark and tests). */
  stats = { batches: 0, requests: 0, maxBatch: 0 };

  constructor(
    private db: Database,
    private clock: () => number = Date.now,
  ) {
    this.stmts = {
      account: db.query("SELECT * FROM accounts WHERE id = ?"),
      counters: db.query("SELECT scope, window_start, count FROM rate_counters WHERE account_id = ?"),
      key: db.query("SELECT revoked_at FROM api_keys WHERE id = ?"),
      setCredits: db.query("UPDATE accounts SET credits = ? WHERE id = ?"),
      upsertCounter: db.query(
        "INSERT INTO rate_counters (account_id, scope, window_start, count) VALUES (?, ?, ?, ?) ON CONFLICT(account_id, scope) DO UPDATE SET window_start = excluded.window_start, count = excluded.count",
      ),
      ledger: db.query("INSERT INTO ledger (account_id, key_id, endpoint, cost, status, at) VALUES (?, ?, ?, ?, 200, ?)"),
    };
  }

  charge(req: ChargeRequest): Promise<ChargeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...req, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
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

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const now = this.clock();
    const results: ChargeResult[] = new Array(batch.length);
    try {
      this.db
        .transaction(() => {
          const accts = new Map<string, AcctState | null>();
          const keys = new Map<string, boolean>();
          for (let i = 0; i < batch.length; i++) {
            const r = batch[i];
            let st = accts.get(r.accountId);
            if (st === undefined) {
              const row = this.stmts.account.get(r.accountId) as AccountRow | null;
              st = row ? { row, counters: this.readCounters(r.accountId), credits: spendable(row, now), dirty: false } : null;
              accts.set(r.accountId, st);
            }
            let live = keys.get(r.keyId);
            if (live === undefined) {
              const k = this.stmts.key.get(r.keyId) as { revoked_at: number | null } | null;
              live = !!k && k.revoked_at == null;
              keys.set(r.keyId, live);
            }
            if (!st || !live) {
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
            if (st.credits < r.cost) {
              results[i] = { ok: false, code: "insufficient_credits", creditsRemaining: st.credits };
              continue;
            }
            st.counters = d.next;
            st.credits -= r.cost;
            st.dirty = true;
            this.stmts.ledger.run(r.accountId, r.keyId, r.endpoint, r.cost, now);
            results[i] = { ok: true, creditsRemaining: st.credits, counters: st.counters };
          }
          for (const [id, st] of accts) {
            if (!st || !st.dirty) continue;
            if (st.credits !== st.row.credits) this.stmts.setCredits.run(st.credits, id);
            this.stmts.upsertCounter.run(id, "burst", st.counters.burst.start, st.counters.burst.count);
            this.stmts.upsertCounter.run(id, "daily", st.counters.daily.start, st.counters.daily.count);
            this.stmts.upsertCounter.run(id, "intel", st.counters.intel.start, st.counters.intel.count);
          }
        })
        .immediate();
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    this.stats.batches++;
    this.stats.requests += batch.length;
    if (batch.length > this.stats.maxBatch) this.stats.maxBatch = batch.length;
    for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
  }
}
