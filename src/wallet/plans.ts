/**
 * Plans and their limits (spec section 8). The free beta limits and default credit grants are our
 * choice (the spec does not show them); see docs/decisions.md.
 */
import type { Limits } from "../rules/ratelimit.ts";

export type { Limits };

export const PLAN_NAMES = ["free", "pro", "builder", "agency"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan extends Limits {
  /** Credits granted when an account is created without --credits. */
  defaultCredits: number;
  /** Days the initial grant stays valid; null = never expires. */
  creditValidityDays: number | null;
}

export const PLANS: Record<PlanName, Plan> = {
  free: { dailyCap: 100, burstPerMin: 10, intelDailyCap: 6, defaultCredits: 30, creditValidityDays: 14 },
  pro: { dailyCap: 500, burstPerMin: 30, intelDailyCap: 20, defaultCredits: 5_000, creditValidityDays: null },
  builder: { dailyCap: 5_000, burstPerMin: 120, intelDailyCap: 60, defaultCredits: 50_000, creditValidityDays: null },
  agency: { dailyCap: 50_000, burstPerMin: 600, intelDailyCap: 200, defaultCredits: 500_000, creditValidityDays: null },
};

export function isPlanName(s: string): s is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(s);
}

/** Plan limits with per-account overrides (custom plans) applied. */
export function effectiveLimits(
  plan: PlanName,
  o: { burst_per_min?: number | null; daily_cap?: number | null; intel_daily_cap?: number | null },
): Limits {
  const p = PLANS[plan];
  return {
    dailyCap: o.daily_cap ?? p.dailyCap,
    burstPerMin: o.burst_per_min ?? p.burstPerMin,
    intelDailyCap: o.intel_daily_cap ?? p.intelDailyCap,
  };
}
