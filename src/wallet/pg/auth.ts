/**
 * Key → account resolution and the /usage read on the PostgreSQL wallet. Principals are cached per
 * replica and dropped whenever wallet_epoch has moved (a trigger bumps it on any key, review flag,
 * plan or limit change, by the CLI or any replica); every metering batch reads the epoch inside its
 * transaction, and a look-up that misses the cache reads it too. No request waits for an extra
 * round trip on a cache hit: what a stale hit could let through is refused where it matters, since
 * the metering batch re-checks the key (revoked → 401), the review flag (→ 403), the plan's limits
 * and the balance against the rows it has locked, and /usage reads only through a live key. A
 * cached principal under review is not trusted (looked up again), so lifting a review takes effect
 * on the next request even on an idle replica.
 */
import type { SQL } from "bun";
import { hashKey, isWellFormedKey } from "../keys.ts";
import { effectiveLimits, type PlanName } from "../plans.ts";
import type { Principal } from "../auth.ts";
import { usageReport, type UsageReport } from "../usage.ts";
import type { PgMeter } from "./meter.ts";

const MAX_CACHE = 50_000;

type LookupRow = { key_id: string; account_id: string; plan: PlanName; review: number; burst_per_min: number | null; daily_cap: number | null; intel_daily_cap: number | null };

export class PgKeyResolver {
  /** The request path awaits resolve() (src/api/pipeline.ts identifyAsync). */
  readonly async = true;
  private cache = new Map<string, Principal | null>();
  private epoch = -1;

  constructor(private sql: SQL) {}

  /** Drop cached principals if the wallet's key epoch moved (read by a look-up or a metering batch). */
  noteEpoch(e: number): void {
    if (e !== this.epoch) {
      this.epoch = e;
      this.cache.clear();
    }
  }

  invalidate(): void {
    this.cache.clear();
  }

  async resolve(key: string | null | undefined): Promise<Principal | null> {
    if (!key || !isWellFormedKey(key)) return null;
    const h = hashKey(key);
    const hit = this.cache.get(h);
    if (hit !== undefined && !hit?.review) return hit;
    const rows = (await this.sql`SELECT k.id AS key_id, a.id AS account_id, a.plan, a.review::int AS review, a.burst_per_min, a.daily_cap, a.intel_daily_cap,
        (SELECT keys::float8 FROM wallet_epoch WHERE id = 1) AS epoch
      FROM (SELECT 1) AS one LEFT JOIN api_keys k ON k.key_hash = ${h} AND k.revoked_at IS NULL LEFT JOIN accounts a ON a.id = k.account_id`) as (LookupRow & { epoch: number })[];
    const r = rows[0];
    this.noteEpoch(r.epoch);
    const p: Principal | null = r.key_id && r.account_id ? { keyId: r.key_id, accountId: r.account_id, plan: r.plan, review: !!r.review, limits: effectiveLimits(r.plan, r) } : null;
    if (this.cache.size >= MAX_CACHE) this.cache.clear();
    this.cache.set(h, p);
    return p;
  }
}

/** The /usage report, read through the caller's key: null when the key was revoked or the account is gone. */
export function pgUsageReader(sql: SQL, meter: PgMeter): (p: Principal, now: number) => Promise<UsageReport | null> {
  return async (p, now) => {
    const [rows, counters] = await Promise.all([
      sql`SELECT a.credits::float8 AS credits, a.credits_expire_at::float8 AS credits_expire_at FROM accounts a
        JOIN api_keys k ON k.account_id = a.id AND k.id = ${p.keyId} AND k.revoked_at IS NULL WHERE a.id = ${p.accountId}`,
      meter.readCounters(p.accountId, sql),
    ]);
    const a = rows[0] as { credits: number; credits_expire_at: number | null } | undefined;
    return a ? usageReport(p, a, counters, now) : null;
  };
}
