/**
 * decide(): pure rate-limit maths with an injected clock. Burst = the current UTC minute, daily and
 * intel = the current UTC day (reset 00:00 UTC); checks run burst → daily → intel; Retry-After is
 * whole seconds to the end of the denying window, at least 1.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { decide, dayStart, minuteStart, secondsUntil, tightestWindow, EMPTY_COUNTERS, DAY_MS, MINUTE_MS, type Counters } from "../../src/rules/ratelimit.ts";
import type { Limits } from "../../src/wallet/plans.ts";
import { PLANS } from "../../src/wallet/plans.ts";

const D = Date.UTC(2031, 4, 6); // a UTC midnight
const at = (h: number, m: number, s = 0, ms = 0) => D + ((h * 60 + m) * 60 + s) * 1000 + ms;
const L: Limits = { burstPerMin: 3, dailyCap: 5, intelDailyCap: 2 };

function counters(now: number, burst: number, daily: number, intel: number): Counters {
  return { burst: { start: minuteStart(now), count: burst }, daily: { start: dayStart(now), count: daily }, intel: { start: dayStart(now), count: intel } };
}

describe("window starts", () => {
  test.each([
    [at(0, 0), D, D],
    [at(12, 34, 56, 789), at(12, 34), D],
    [at(23, 59, 59, 999), at(23, 59), D],
    [D + DAY_MS, D + DAY_MS, D + DAY_MS],
  ])("%p → minute %p, day %p", (now, m, d) => {
    expect(minuteStart(now)).toBe(m);
    expect(dayStart(now)).toBe(d);
  });
});

describe("table", () => {
  type Row = [label: string, c: Counters, now: number, intel: boolean, want: { ok: true } | { scope: string; retryAfter: number }];
  const rows: Row[] = [
    ["empty counters, data call", EMPTY_COUNTERS, at(12, 0, 15), false, { ok: true }],
    ["empty counters, intel call", EMPTY_COUNTERS, at(12, 0, 15), true, { ok: true }],
    ["burst below cap", counters(at(12, 0, 15), 2, 2, 0), at(12, 0, 15), false, { ok: true }],
    ["burst at cap mid-minute → 45 s", counters(at(12, 0, 15), 3, 3, 0), at(12, 0, 15), false, { scope: "burst", retryAfter: 45 }],
    ["burst at cap at :00.000 → 60 s", counters(at(12, 0), 3, 3, 0), at(12, 0), false, { scope: "burst", retryAfter: 60 }],
    ["burst at cap at :59.001 → 1 s (rounded up)", counters(at(12, 0), 3, 3, 0), at(12, 0, 59, 1), false, { scope: "burst", retryAfter: 1 }],
    ["burst at cap at :59.999 → 1 s (never 0)", counters(at(12, 0), 3, 3, 0), at(12, 0, 59, 999), false, { scope: "burst", retryAfter: 1 }],
    ["burst at cap at :00.001 → 60 s (ceil)", counters(at(12, 0), 3, 3, 0), at(12, 0, 0, 1), false, { scope: "burst", retryAfter: 60 }],
    ["burst full in the previous minute → new window", counters(at(12, 0), 3, 3, 0), at(12, 1), false, { ok: true }],
    ["daily at cap → seconds to 00:00 UTC", counters(at(12, 0), 0, 5, 0), at(12, 0), false, { scope: "daily", retryAfter: 12 * 3600 }],
    ["daily at cap at 23:59:59.500 → 1 s", counters(at(23, 59), 0, 5, 0), at(23, 59, 59, 500), false, { scope: "daily", retryAfter: 1 }],
    ["daily full yesterday → reset at 00:00 UTC", counters(at(23, 59), 3, 5, 2), D + DAY_MS, true, { ok: true }],
    ["intel at cap, data call → served (intel only for intel calls)", counters(at(12, 0), 0, 2, 2), at(12, 0), false, { ok: true }],
    ["intel at cap, intel call → intel", counters(at(12, 0), 0, 2, 2), at(12, 0, 30), true, { scope: "intel", retryAfter: 12 * 3600 - 30 }],
    ["all exhausted → burst first", counters(at(12, 0), 3, 5, 2), at(12, 0, 10), true, { scope: "burst", retryAfter: 50 }],
    ["daily + intel exhausted → daily before intel", counters(at(12, 0), 0, 5, 2), at(12, 0, 10), true, { scope: "daily", retryAfter: 12 * 3600 - 10 }],
    ["burst + intel exhausted, data call → burst", counters(at(12, 0), 3, 1, 2), at(12, 0, 10), false, { scope: "burst", retryAfter: 50 }],
    ["over-full counters (cap lowered) still deny", counters(at(12, 0), 99, 99, 99), at(12, 0), false, { scope: "burst", retryAfter: 60 }],
  ];
  test.each(rows)("%s", (_l, c, now, intel, want) => {
    const d = decide(c, L, now, intel);
    if ("ok" in want) expect(d.ok).toBe(true);
    else {
      expect(d.ok).toBe(false);
      if (!d.ok) {
        expect({ scope: d.scope as string, retryAfter: d.retryAfter }).toEqual(want);
        expect(d.limit).toBe(d.scope === "burst" ? L.burstPerMin : d.scope === "daily" ? L.dailyCap : L.intelDailyCap);
      }
    }
  });

  test("served call: increments burst and daily, and intel only for an intel call", () => {
    const now = at(9, 30, 5);
    const c = counters(now, 1, 2, 1);
    const data = decide(c, L, now, false);
    expect(data).toEqual({ ok: true, next: { burst: { start: at(9, 30), count: 2 }, daily: { start: D, count: 3 }, intel: { start: D, count: 1 } } });
    const intel = decide(c, L, now, true);
    expect(intel).toEqual({ ok: true, next: { burst: { start: at(9, 30), count: 2 }, daily: { start: D, count: 3 }, intel: { start: D, count: 2 } } });
  });

  test("a stale window restarts at 1 in the current window", () => {
    const old = counters(at(8, 0), 3, 5, 2);
    const now = D + DAY_MS + 5_000;
    const d = decide(old, L, now, true);
    expect(d).toEqual({ ok: true, next: { burst: { start: minuteStart(now), count: 1 }, daily: { start: D + DAY_MS, count: 1 }, intel: { start: D + DAY_MS, count: 1 } } });
  });

  test("plan limits of spec section 8", () => {
    expect([PLANS.pro.dailyCap, PLANS.pro.burstPerMin, PLANS.pro.intelDailyCap]).toEqual([500, 30, 20]);
    expect([PLANS.builder.dailyCap, PLANS.builder.burstPerMin, PLANS.builder.intelDailyCap]).toEqual([5000, 120, 60]);
    expect([PLANS.agency.dailyCap, PLANS.agency.burstPerMin, PLANS.agency.intelDailyCap]).toEqual([50000, 600, 200]);
  });

  test("secondsUntil is ≥ 1 and rounds up", () => {
    expect(secondsUntil(1000, 1000)).toBe(1);
    expect(secondsUntil(1000, 5000)).toBe(1);
    expect(secondsUntil(2001, 0)).toBe(3);
  });

  test("tightestWindow names the window closest to exhaustion", () => {
    const now = at(12, 0, 15);
    expect(tightestWindow(counters(now, 2, 1, 0), L, now, false)).toMatchObject({ name: "burst", remaining: 1, limit: 3, reset: 45, windowSec: 60 });
    expect(tightestWindow(counters(now, 0, 4, 0), L, now, false)).toMatchObject({ name: "daily", remaining: 1, limit: 5, windowSec: 86400 });
    expect(tightestWindow(counters(now, 0, 0, 2), L, now, true)).toMatchObject({ name: "intel", remaining: 0 });
    expect(tightestWindow(counters(now, 0, 0, 2), L, now, false).name).not.toBe("intel");
  });
});

describe("properties", () => {
  const limitsArb = fc.record({ burstPerMin: fc.integer({ min: 1, max: 8 }), dailyCap: fc.integer({ min: 1, max: 30 }), intelDailyCap: fc.integer({ min: 1, max: 10 }) });
  const windowArb = (nowish: number) => fc.record({ start: fc.oneof(fc.constant(0), fc.integer({ min: nowish - 3 * DAY_MS, max: nowish })), count: fc.nat({ max: 100 }) });
  const nowArb = fc.integer({ min: D - 10 * DAY_MS, max: D + 10 * DAY_MS });

  test("never serves more than a cap within one window (simulated call streams)", () => {
    fc.assert(
      fc.property(
        limitsArb,
        fc.integer({ min: D - DAY_MS, max: D }),
        // time steps of 0 ms .. 2 h, and whether each call is an intel call
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 * 3600_000 }), fc.boolean()), { minLength: 1, maxLength: 150 }),
        (limits, start, steps) => {
          let c: Counters = EMPTY_COUNTERS;
          let now = start;
          const perMinute = new Map<number, number>();
          const perDay = new Map<number, number>();
          const intelPerDay = new Map<number, number>();
          for (const [dt, intel] of steps) {
            now += dt % 3 === 0 ? dt : dt % 20_000; // mostly dense, sometimes long gaps
            const d = decide(c, limits, now, intel);
            if (!d.ok) continue;
            c = d.next;
            const inc = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
            inc(perMinute, minuteStart(now));
            inc(perDay, dayStart(now));
            if (intel) inc(intelPerDay, dayStart(now));
          }
          for (const n of perMinute.values()) expect(n).toBeLessThanOrEqual(limits.burstPerMin);
          for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(limits.dailyCap);
          for (const n of intelPerDay.values()) expect(n).toBeLessThanOrEqual(limits.intelDailyCap);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("retryAfter is an integer in [1, 86400] and points at (or just past) the end of the denying window", () => {
    fc.assert(
      fc.property(limitsArb, nowArb, fc.boolean(), fc.nat({ max: 2 }), (limits, now, intel, which) => {
        // Exhaust exactly one window kind (or several), in the current windows.
        const c = counters(now, which === 0 ? limits.burstPerMin : 0, which <= 1 ? limits.dailyCap + which : 0, limits.intelDailyCap);
        const d = decide(c, limits, now, intel);
        if (d.ok) return;
        expect(Number.isInteger(d.retryAfter)).toBe(true);
        expect(d.retryAfter).toBeGreaterThanOrEqual(1);
        expect(d.retryAfter).toBeLessThanOrEqual(86400);
        const end = d.scope === "burst" ? minuteStart(now) + MINUTE_MS : dayStart(now) + DAY_MS;
        expect(now + d.retryAfter * 1000).toBeGreaterThanOrEqual(end);
        expect(now + (d.retryAfter - 1) * 1000).toBeLessThan(end);
        // Retrying after Retry-After with the same counters is not denied by the same window.
        const later = decide(c, limits, now + d.retryAfter * 1000, intel);
        if (!later.ok) expect(later.scope).not.toBe(d.scope);
      }),
      { numRuns: 500 },
    );
  });

  test("any denial has retryAfter in [1, 86400] for arbitrary counters", () => {
    fc.assert(
      fc.property(
        limitsArb,
        nowArb.chain((now) => fc.tuple(fc.constant(now), fc.record({ burst: windowArb(now), daily: windowArb(now), intel: windowArb(now) }))),
        fc.boolean(),
        (limits, [now, c], intel) => {
          const d = decide(c, limits, now, intel);
          if (!d.ok) {
            expect(d.retryAfter).toBeGreaterThanOrEqual(1);
            expect(d.retryAfter).toBeLessThanOrEqual(86400);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("a served call increments exactly the windows it belongs to, and a denial changes nothing", () => {
    fc.assert(
      fc.property(
        limitsArb,
        nowArb.chain((now) => fc.tuple(fc.constant(now), fc.record({ burst: windowArb(now), daily: windowArb(now), intel: windowArb(now) }))),
        fc.boolean(),
        (limits, [now, c], intel) => {
          const snapshot = JSON.stringify(c);
          const d = decide(c, limits, now, intel);
          expect(JSON.stringify(c)).toBe(snapshot); // pure: input untouched
          const m = minuteStart(now);
          const day = dayStart(now);
          const cur = (w: { start: number; count: number }, s: number) => (w.start === s ? w.count : 0);
          if (!d.ok) return;
          expect(d.next.burst).toEqual({ start: m, count: cur(c.burst, m) + 1 });
          expect(d.next.daily).toEqual({ start: day, count: cur(c.daily, day) + 1 });
          expect(cur(d.next.intel, day)).toBe(cur(c.intel, day) + (intel ? 1 : 0));
          // and it was allowed only because every applicable window had room
          expect(cur(c.burst, m)).toBeLessThan(limits.burstPerMin);
          expect(cur(c.daily, day)).toBeLessThan(limits.dailyCap);
          if (intel) expect(cur(c.intel, day)).toBeLessThan(limits.intelDailyCap);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("deterministic: same inputs, same decision", () => {
    fc.assert(
      fc.property(limitsArb, nowArb, fc.boolean(), (limits, now, intel) => {
        const c = counters(now, 1, 1, 1);
        expect(decide(c, limits, now, intel)).toEqual(decide(c, limits, now, intel));
      }),
      { numRuns: 200 },
    );
  });
});
