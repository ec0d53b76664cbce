/**
 * Rate-limit decision maths: a pure function of the counters, the limits and an injected clock.
 * Windows are fixed: the burst window is the current UTC minute (60 s), the daily and intel windows
 * are the current UTC day (reset at 00:00 UTC). A window whose start is older than the current
 * window's start counts as empty. Checks run burst → daily → intel; the first that denies wins.
 */
/** A plan's caps (wallet/plans.ts fills them in); declared here so this pure module imports nothing above it. */
export interface Limits {
  dailyCap: number;
  burstPerMin: number;
  intelDailyCap: number;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface Window {
  start: number; // ms since epoch of the window the count belongs to
  count: number;
}

export interface Counters {
  burst: Window;
  daily: Window;
  intel: Window;
}

export type Scope = "burst" | "daily" | "intel";

export type Decision =
  | { ok: true; next: Counters }
  | { ok: false; scope: Scope; retryAfter: number; limit: number };

export function minuteStart(now: number): number {
  return Math.floor(now / MINUTE_MS) * MINUTE_MS;
}

export function dayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** Count in the window that contains `now` (0 when the stored window is an older one). */
export function current(w: Window | undefined, start: number): number {
  return w && w.start === start ? w.count : 0;
}

/** Whole seconds until `end`, at least 1 (Retry-After must be positive). */
export function secondsUntil(end: number, now: number): number {
  return Math.max(1, Math.ceil((end - now) / 1000));
}

export const EMPTY_COUNTERS: Counters = {
  burst: { start: 0, count: 0 },
  daily: { start: 0, count: 0 },
  intel: { start: 0, count: 0 },
};

/**
 * Decide whether one more call may be served. `intel` marks the intelligence endpoints, which also
 * consume the stricter intel window. A served call takes one slot of each window it belongs to.
 */
export function decide(c: Counters, limits: Limits, now: number, intel: boolean): Decision {
  const m = minuteStart(now);
  const d = dayStart(now);
  const burst = current(c.burst, m);
  const daily = current(c.daily, d);
  const intelCount = current(c.intel, d);
  if (burst >= limits.burstPerMin) return { ok: false, scope: "burst", retryAfter: secondsUntil(m + MINUTE_MS, now), limit: limits.burstPerMin };
  if (daily >= limits.dailyCap) return { ok: false, scope: "daily", retryAfter: secondsUntil(d + DAY_MS, now), limit: limits.dailyCap };
  if (intel && intelCount >= limits.intelDailyCap) return { ok: false, scope: "intel", retryAfter: secondsUntil(d + DAY_MS, now), limit: limits.intelDailyCap };
  return {
    ok: true,
    next: {
      burst: { start: m, count: burst + 1 },
      daily: { start: d, count: daily + 1 },
      intel: intel ? { start: d, count: intelCount + 1 } : c.intel.start === d ? c.intel : { start: d, count: 0 },
    },
  };
}

/** The window closest to exhaustion, for the IETF RateLimit / RateLimit-Policy headers. */
export function tightestWindow(c: Counters, limits: Limits, now: number, intel: boolean): { name: Scope; limit: number; remaining: number; reset: number; windowSec: number } {
  const m = minuteStart(now);
  const d = dayStart(now);
  const cands: { name: Scope; limit: number; remaining: number; reset: number; windowSec: number }[] = [
    { name: "burst", limit: limits.burstPerMin, remaining: Math.max(0, limits.burstPerMin - current(c.burst, m)), reset: secondsUntil(m + MINUTE_MS, now), windowSec: 60 },
    { name: "daily", limit: limits.dailyCap, remaining: Math.max(0, limits.dailyCap - current(c.daily, d)), reset: secondsUntil(d + DAY_MS, now), windowSec: 86400 },
  ];
  if (intel) cands.push({ name: "intel", limit: limits.intelDailyCap, remaining: Math.max(0, limits.intelDailyCap - current(c.intel, d)), reset: secondsUntil(d + DAY_MS, now), windowSec: 86400 });
  let best = cands[0];
  for (const w of cands) if (w.remaining / w.limit < best.remaining / best.limit) best = w;
  return best;
}
