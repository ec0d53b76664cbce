/**
 * Throttle for failed authentication. More than `limit` 401s within a minute from one client
 * address, or with one presented key prefix, blocks further FAILED attempts from that address or
 * with that prefix (429, scope burst) until the minute is over.
 *
 * A valid key is never blocked (issue 13): behind a proxy or NAT one bad client must not lock out
 * every customer sharing its address. This gives a guesser no oracle worth having: keys carry 238
 * random bits, so guessing is infeasible with or without the throttle; it exists to bound the cost
 * of floods and to keep one broken client from filling the logs. The key is still looked up (one
 * hash and one map probe) for every request, since that is what tells a valid key from a failure.
 */
import { minuteStart, MINUTE_MS, secondsUntil } from "../rules/ratelimit.ts";

/** Characters of a presented key (after `svc_live_`) that name its prefix bucket. */
export const KEY_PREFIX_CHARS = 12;

type Window = { start: number; count: number };

class Counter {
  private m = new Map<string, Window>();
  constructor(private readonly limit: number) {}
  fail(k: string, now: number): void {
    const s = minuteStart(now);
    const w = this.m.get(k);
    if (!w || w.start !== s) {
      if (this.m.size > 100_000) this.m.clear();
      this.m.set(k, { start: s, count: 1 });
    } else w.count++;
  }
  quiet(now: number): boolean {
    if (this.m.size === 0) return true;
    const s = minuteStart(now);
    for (const w of this.m.values()) if (w.start === s) return false;
    this.m.clear(); // every entry is from an older minute
    return true;
  }
  blockedFor(k: string, now: number): number {
    const w = this.m.get(k);
    if (!w || w.start !== minuteStart(now) || w.count <= this.limit) return 0;
    return secondsUntil(w.start + MINUTE_MS, now);
  }
}

/** The bucket of a presented key: its first KEY_PREFIX_CHARS characters after `svc_live_` (or of the raw value). */
export function keyPrefix(key: string | null): string {
  if (!key) return "";
  const k = key.startsWith("svc_live_") ? key.slice(9) : key;
  return k.slice(0, KEY_PREFIX_CHARS);
}

export class FailedAuthThrottle {
  private byIp: Counter;
  private byPrefix: Counter;
  constructor(readonly limit = 60) {
    this.byIp = new Counter(limit);
    this.byPrefix = new Counter(limit);
  }

  /** Record a failed authentication from `ip` with the presented key `key` (may be null). */
  fail(ip: string, key: string | null, now: number): void {
    this.byIp.fail(ip, now);
    const p = keyPrefix(key);
    if (p) this.byPrefix.fail(p, now);
  }

  /** True when nothing failed this minute: callers can skip looking up the client address. */
  quiet(now: number): boolean {
    const a = this.byIp.quiet(now);
    const b = this.byPrefix.quiet(now);
    return a && b;
  }

  /** Seconds a failed attempt from this address or with this key prefix stays blocked (0 = not blocked). */
  blockedFor(ip: string, key: string | null, now: number): number {
    const p = keyPrefix(key);
    return Math.max(this.byIp.blockedFor(ip, now), p ? this.byPrefix.blockedFor(p, now) : 0);
  }
}

/** "::ffff:10.0.0.1" and "10.0.0.1" are one address. */
function canonical(a: string): string {
  const t = a.trim().toLowerCase();
  return t.startsWith("::ffff:") && t.includes(".") ? t.slice(7) : t;
}

/**
 * The client address to throttle. X-Forwarded-For is believed only when the direct peer is a
 * trusted proxy (TRUST_PROXY); then the client is the right-most address in the header that is not
 * itself a trusted proxy (the left-most entries are whatever the client chose to send). Without a
 * trusted peer, the header is ignored: anyone can write it.
 */
export function clientAddress(peer: string, forwardedFor: string | null, trusted: ReadonlySet<string>): string {
  const p = canonical(peer);
  if (!trusted.size || !forwardedFor || !trusted.has(p)) return p;
  const hops = forwardedFor.split(",").map(canonical).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i])) return hops[i];
  return hops[0] ?? p;
}

/** TRUST_PROXY: a comma-separated list of proxy addresses. */
export function parseTrustProxy(v: string | undefined): Set<string> {
  return new Set((v ?? "").split(",").map(canonical).filter(Boolean));
}
