/**
 * The usage report of one account (GET /api/public/usage): plan, spendable balance and today's
 * counters, read from the wallet without charging anything. The PostgreSQL store reads the same
 * report with src/wallet/pg/auth.ts.
 */
import type { Database } from "bun:sqlite";
import type { Principal } from "./auth.ts";
import { spendable, type AccountRow } from "./keys.ts";
import type { Meter } from "./meter.ts";
import { current, dayStart, type Counters } from "../rules/ratelimit.ts";

export interface UsageReport {
  tier: string;
  credits_remaining: number;
  rate_limit: { calls_today: number; daily_cap: number; calls_remaining: number; intel_calls_today: number; intel_daily_cap: number; burst_per_min: number };
}

/** The report from an account's row and counters (both stores). */
export function usageReport(p: Principal, a: { credits: number; credits_expire_at: number | null }, c: Counters, now: number): UsageReport {
  const d = dayStart(now);
  const callsToday = current(c.daily, d);
  return {
    tier: p.plan,
    credits_remaining: spendable(a, now),
    rate_limit: {
      calls_today: callsToday,
      daily_cap: p.limits.dailyCap,
      calls_remaining: Math.max(0, p.limits.dailyCap - callsToday),
      intel_calls_today: current(c.intel, d),
      intel_daily_cap: p.limits.intelDailyCap,
      burst_per_min: p.limits.burstPerMin,
    },
  };
}

/** A reader over `db`; null when the account is gone (deleted after its key was resolved). */
export function usageReader(db: Database, meter: Meter): (p: Principal, now: number) => UsageReport | null {
  const accountStmt = db.query("SELECT * FROM accounts WHERE id = ?");
  return (p, now) => {
    const a = accountStmt.get(p.accountId) as AccountRow | null;
    if (!a) return null;
    return usageReport(p, a, meter.readCounters(p.accountId), now);
  };
}
