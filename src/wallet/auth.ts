/**
 * Key → account resolution with an in-memory cache. The cache is dropped whenever another
 * connection (the CLI, the web application) has committed to the wallet, detected with
 * `PRAGMA data_version`, so a revoke, regenerate, review flag or top-up made elsewhere is seen
 * by the very next request. The check runs once per event-loop turn (requests read in the same
 * turn arrived together with any concurrent commit, so they may see either side of it); the
 * committing transaction of each request batch re-checks key and account anyway.
 *
 * Reads never wait for a lock: in WAL mode a writer in another process does not block them, and
 * in the rare cases SQLite still answers SQLITE_BUSY to a reader (another connection recovering
 * the WAL), the server's busy_timeout of 0 makes the read throw at once; the server answers that
 * request 503 `wallet_busy` (src/server.ts) rather than stall the event loop.
 */
import type { Database, Statement } from "bun:sqlite";
import { hashKey, isWellFormedKey } from "./keys.ts";
import { effectiveLimits, type Limits, type PlanName } from "./plans.ts";

export interface Principal {
  keyId: string;
  accountId: string;
  plan: PlanName;
  limits: Limits;
  review: boolean;
}

const MAX_CACHE = 50_000;

export class KeyResolver {
  /** Resolves synchronously (the PostgreSQL resolver is awaited instead). */
  readonly async = false;
  private cache = new Map<string, Principal | null>();
  private version = -1;
  private versionStmt: Statement;
  private checkedThisTurn = false;
  private lookup: Statement;

  constructor(private db: Database) {
    this.versionStmt = db.query("PRAGMA data_version");
    this.lookup = db.query(
      "SELECT k.id AS key_id, a.id AS account_id, a.plan, a.review, a.burst_per_min, a.daily_cap, a.intel_daily_cap FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ? AND k.revoked_at IS NULL",
    );
  }

  /** Drop cached principals if any other connection committed since the last check (once per turn). */
  refresh(): void {
    if (this.checkedThisTurn) return;
    // Read first: if the read throws (SQLITE_BUSY), this turn still counts as unchecked.
    const v = (this.versionStmt.get() as { data_version: number }).data_version;
    this.checkedThisTurn = true;
    setImmediate(() => {
      this.checkedThisTurn = false;
    });
    if (v !== this.version) {
      this.version = v;
      this.cache.clear();
    }
  }

  /** Forget everything (after this process itself changed keys or accounts). */
  invalidate(): void {
    this.cache.clear();
  }

  resolve(key: string | null | undefined): Principal | null {
    if (!key || !isWellFormedKey(key)) return null;
    this.refresh();
    const h = hashKey(key);
    const hit = this.cache.get(h);
    if (hit !== undefined) return hit;
    const r = this.lookup.get(h) as
      | { key_id: string; account_id: string; plan: PlanName; review: number; burst_per_min: number | null; daily_cap: number | null; intel_daily_cap: number | null }
      | null;
    const p: Principal | null = r
      ? { keyId: r.key_id, accountId: r.account_id, plan: r.plan, review: !!r.review, limits: effectiveLimits(r.plan, r) }
      : null;
    if (this.cache.size >= MAX_CACHE) this.cache.clear();
    this.cache.set(h, p);
    return p;
  }
}
