/**
 * Throttle for failed authentication: more than `limit` 401s from one client address within a
 * minute blocks that address (429, scope burst) until the minute is over, to stop key guessing.
 * While blocked every request from the address gets 429, so a correct guess cannot be told apart.
 */
import { minuteStart, MINUTE_MS, secondsUntil } from "../rules/ratelimit.ts";

export class FailedAuthThrottle {
  private byIp = new Map<string, { start: number; count: number }>();
  constructor(readonly limit = 60) {}

  fail(ip: string, now: number): void {
    const m = minuteStart(now);
    const w = this.byIp.get(ip);
    if (!w || w.start !== m) {
      if (this.byIp.size > 100_000) this.byIp.clear();
      this.byIp.set(ip, { start: m, count: 1 });
    } else w.count++;
  }

  /** True when no address has failed this minute: callers can skip looking up the client address. */
  quiet(now: number): boolean {
    if (this.byIp.size === 0) return true;
    const m = minuteStart(now);
    for (const w of this.byIp.values()) if (w.start === m) return false;
    this.byIp.clear(); // every entry is from an older minute
    return true;
  }

  /** Seconds the address stays blocked (0 = not blocked). */
  blockedFor(ip: string, now: number): number {
    const w = this.byIp.get(ip);
    if (!w || w.start !== minuteStart(now) || w.count <= this.limit) return 0;
    return secondsUntil(w.start + MINUTE_MS, now);
  }
}
