/**
 * GET /api/public/usage — plan, balance and rate counters (free, no envelope). It spends no credit
 * and no rate slot; its own per-key guard (120 calls a minute by default) lets it still answer 429.
 */
import { route } from "./endpoint.ts";
import { USAGE } from "./contracts.ts";
import { ApiError } from "../errors.ts";
import { MINUTE_MS, minuteStart, secondsUntil } from "../rules/ratelimit.ts";

export const USAGE_GUARD_PER_MIN = 120;

/** Calls per account in the current UTC minute, in memory; over the limit → 429 scope burst. */
export class MinuteGuard {
  private counts = new Map<string, { start: number; count: number }>();
  constructor(private readonly perMin: number = USAGE_GUARD_PER_MIN) {}

  take(accountId: string, now: number): void {
    const m = minuteStart(now);
    const g = this.counts.get(accountId);
    if (g && g.start === m && g.count >= this.perMin) {
      const ra = secondsUntil(m + MINUTE_MS, now);
      throw new ApiError("rate_limited", "Too many usage calls.", { scope: "burst", retry_after: ra }, { "Retry-After": String(ra) });
    }
    if (!g || g.start !== m) this.counts.set(accountId, { start: m, count: 1 });
    else g.count++;
  }
}

export const usage = route(USAGE, (_q, { principal, now, wallet }) => {
  const data = wallet!.usage(principal!, now); // the request path always sets both
  if (data === null) throw new ApiError("unauthorized"); // the account was deleted after its key was resolved
  return { data };
});
