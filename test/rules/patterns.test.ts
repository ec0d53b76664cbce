/**
 * Pattern validation (src/rules/patterns.ts; docs/rules.md "Patterns"): validated iff
 * convergence (≥ 3 distinct creators), persistence (≥ 3 distinct days) and amplification (median of
 * item velocity / its niche's median velocity ≥ 1.10); strength = 0.35·min(1, creators/10) +
 * 0.25·min(1, days/window) + 0.40·min(1, max(0, lift − 1)); `hook:plain` never proposed; ranked by
 * strength desc, then name.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { join } from "node:path";
import { median, patternKind, validatePatterns, type PatternItem } from "../../src/rules/patterns.ts";
import { PATTERN_WINDOW_DAYS, patternItems, patternStats } from "../../src/engine/intel.ts";
import { readSnapshotFile, listSnapshots } from "../../src/vault/snapshot.ts";
import { titlePatterns } from "../../src/rules/structure.ts";
import { demoVault, randVault } from "../helpers/randvault.ts";

const P = "struct:colon_split";

/** `n` baseline items in niche Tech at velocity `v` (no pattern), from distinct creators. */
const baseline = (n: number, v: number, niche: string | null = "Tech"): PatternItem[] =>
  Array.from({ length: n }, (_, i) => ({ patterns: ["hook:plain"], creator: `base${i}`, days: [1], niche, velocity: v }));

const item = (creator: string, days: number[], velocity: number, patterns = [P], niche: string | null = "Tech"): PatternItem => ({ patterns, creator, days, niche, velocity });

const stat = (items: PatternItem[], p = P, window = 14) => validatePatterns(items, window).find((s) => s.pattern === p)!;

describe("validatePatterns tables", () => {
  test("3 creators on 3 days beating the niche median by 50% → validated", () => {
    const s = stat([...baseline(4, 100), item("a", [1], 150), item("b", [2], 150), item("c", [3], 150)]);
    expect(s.evidence).toEqual({ convergence: true, persistence: true, amplification: true });
    expect(s.validated).toBe(true);
    expect(s.creatorsCount).toBe(3);
    expect(s.daysPresent).toBe(3);
    expect(s.itemsCount).toBe(3);
  });

  test("used by only 2 creators (even with many items on many days) → not converged, not validated", () => {
    const s = stat([...baseline(4, 100), item("a", [1, 2], 300), item("b", [3, 4], 300), item("a", [5], 300), item("b", [6], 300)]);
    expect(s.creatorsCount).toBe(2);
    expect(s.evidence.convergence).toBe(false);
    expect(s.evidence.persistence).toBe(true);
    expect(s.evidence.amplification).toBe(true);
    expect(s.validated).toBe(false);
  });

  test("present on only 2 days (many creators) → not persistent, not validated", () => {
    const s = stat([...baseline(4, 100), item("a", [1], 300), item("b", [2], 300), item("c", [1, 2], 300), item("d", [2], 300)]);
    expect(s.daysPresent).toBe(2);
    expect(s.evidence.persistence).toBe(false);
    expect(s.evidence.convergence).toBe(true);
    expect(s.validated).toBe(false);
  });

  test("empty creator names do not count toward convergence", () => {
    const s = stat([...baseline(4, 100), item("", [1], 300), item("", [2], 300), item("a", [3], 300), item("b", [3], 300)]);
    expect(s.creatorsCount).toBe(2);
    expect(s.validated).toBe(false);
  });

  // Niche velocities: 4 × 100 and 3 × v → median 100, so lift = v / 100.
  test.each([
    [110, true], // exactly the 10% margin
    [109, false],
    [100, false],
    [90, false],
    [250, true],
  ])("amplification margin: pattern items at %d vs niche median 100 → amplification %p", (v, amp) => {
    const s = stat([...baseline(4, 100), item("a", [1], v), item("b", [2], v), item("c", [3], v)]);
    expect(s.lift).toBeCloseTo(v / 100, 3);
    expect(s.evidence.amplification).toBe(amp);
    expect(s.validated).toBe(amp);
  });

  test("amplification is measured against each item's own niche", () => {
    // Pattern items at 150 in Tech (median 100) would lift; the same velocity in Finance (median 1000) does not.
    const tech = stat([...baseline(4, 100), item("a", [1], 150), item("b", [2], 150), item("c", [3], 150)]);
    const fin = stat([...baseline(4, 100), ...baseline(4, 1000, "Finance"), item("a", [1], 150, [P], "Finance"), item("b", [2], 150, [P], "Finance"), item("c", [3], 150, [P], "Finance")]);
    expect(tech.evidence.amplification).toBe(true);
    expect(fin.evidence.amplification).toBe(false);
  });

  test("hook:plain is never a pattern", () => {
    const stats = validatePatterns([...baseline(10, 100), ...baseline(5, 1000)], 14);
    expect(stats.find((s) => s.pattern === "hook:plain")).toBeUndefined();
  });

  test("strength is the documented blend (independent computation)", () => {
    const s = stat([...baseline(5, 100), item("a", [1], 150), item("b", [2], 150), item("c", [3], 150), item("d", [4, 5], 150)], P, 10); // niche median 100
    // creators 4 → 0.35 × 0.4; days 5 of 10 → 0.25 × 0.5; lift 1.5 → 0.40 × 0.5
    expect(s.strength).toBeCloseTo(0.35 * 0.4 + 0.25 * 0.5 + 0.4 * 0.5, 3);
    // an underperforming pattern has no lift part
    const weak = stat([...baseline(4, 100), item("a", [1], 10), item("b", [2], 10), item("c", [3], 10)], P, 14);
    expect(weak.strength).toBeCloseTo(0.35 * 0.3 + 0.25 * (3 / 14), 3);
  });

  test("patternKind: hook:<type> is a hook with that type, struct:<name> a structure", () => {
    expect(patternKind("hook:question")).toEqual({ kind: "hook", hookType: "question" });
    expect(patternKind("struct:versus")).toEqual({ kind: "structure", hookType: null });
  });
});

const VOCAB = ["hook:question", "hook:confession", "hook:list_preview", "hook:plain", "struct:colon_split", "struct:number_led", "struct:pipe_split", "struct:versus"];
const items = fc.array(
  fc.record({
    patterns: fc.subarray(VOCAB),
    creator: fc.constantFrom("", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"),
    days: fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 5 }),
    niche: fc.constantFrom(null, "Tech", "Crypto", "Health"),
    velocity: fc.oneof(fc.integer({ min: 0, max: 5_000_000 }), fc.double({ min: 0, max: 1e7, noNaN: true })),
  }),
  { maxLength: 40 },
);

describe("validatePatterns properties", () => {
  test("strength in [0, 1]; counts and evidence consistent; validated iff all three; ranked by strength desc then name", () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 1, max: 14 }), (its, window) => {
        const stats = validatePatterns(its, window);
        const names = new Set(its.flatMap((i) => i.patterns).filter((p) => p !== "hook:plain"));
        expect(new Set(stats.map((s) => s.pattern))).toEqual(names);
        for (const s of stats) {
          expect(s.strength).toBeGreaterThanOrEqual(0);
          expect(s.strength).toBeLessThanOrEqual(1);
          const users = its.filter((i) => i.patterns.includes(s.pattern));
          expect(s.itemsCount).toBe(users.length);
          expect(s.creatorsCount).toBe(new Set(users.map((u) => u.creator).filter(Boolean)).size);
          expect(s.daysPresent).toBe(new Set(users.flatMap((u) => u.days)).size);
          expect(s.evidence.convergence).toBe(s.creatorsCount >= 3);
          expect(s.evidence.persistence).toBe(s.daysPresent >= 3);
          expect(s.validated).toBe(s.evidence.convergence && s.evidence.persistence && s.evidence.amplification);
          expect(s.kind).toBe(s.pattern.startsWith("hook:") ? "hook" : "structure");
        }
        for (let i = 1; i < stats.length; i++) {
          const a = stats[i - 1];
          const b = stats[i];
          expect(a.strength > b.strength || (a.strength === b.strength && a.pattern < b.pattern)).toBe(true);
        }
      }),
      { numRuns: 800 },
    );
  });

  test("does not depend on the order of the items", () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 1, max: 14 }), fc.integer(), (its, window, seed) => {
        const shuffled = [...its].sort((a, b) => ((its.indexOf(a) * 7919 + seed) % 101) - ((its.indexOf(b) * 7919 + seed) % 101));
        expect(validatePatterns(shuffled, window)).toEqual(validatePatterns(its, window));
      }),
      { numRuns: 300 },
    );
  });

  test("median: middle value, mean of the two middles, 0 when empty", () => {
    expect(median([])).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("pattern items from a vault (engine/intel.ts)", () => {
  test("random vaults: one item per video observed in the window, with its title's patterns and median daily gain", () => {
    fc.assert(
      fc.property(randVault, ({ last }) => {
        const its = patternItems(last);
        const expected = last.videos.filter((v) => v.d.length >= 2);
        expect(its.length).toBe(expected.length);
        for (const it of its) expect(it.patterns[0]).toMatch(/^hook:/);
        const stats = patternStats(last);
        for (const s of stats) expect(s.strength >= 0 && s.strength <= 1).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  test("demo vault: validated patterns carry full evidence and the counts behind it", () => {
    const dir = demoVault();
    const { body } = readSnapshotFile(join(dir, `${listSnapshots(dir)[0]}.msgpack`));
    const stats = patternStats(body);
    const validated = stats.filter((s) => s.validated);
    expect(validated.length).toBeGreaterThan(0);
    for (const s of validated) {
      expect(s.evidence).toEqual({ convergence: true, persistence: true, amplification: true });
      expect(s.creatorsCount).toBeGreaterThanOrEqual(3);
      expect(s.daysPresent).toBeGreaterThanOrEqual(3);
      expect(s.daysPresent).toBeLessThanOrEqual(PATTERN_WINDOW_DAYS);
      expect(s.lift).toBeGreaterThanOrEqual(1.1);
    }
    // Independent recount of one validated pattern's creators over the 14-day window.
    const top = validated[0];
    const from = body.days[Math.max(0, body.days.length - PATTERN_WINDOW_DAYS)];
    const today = Math.floor(Date.parse(body.date + "T00:00:00Z") / 86_400_000);
    const fromOrd = Math.floor(Date.parse(from + "T00:00:00Z") / 86_400_000);
    const creators = new Set<string>();
    for (const v of body.videos) {
      const inWin = v.d.filter((d) => d >= fromOrd && d <= today);
      const hasGain = v.d.some((d, i) => i > 0 && d >= fromOrd && d <= today && d - v.d[i - 1] > 0);
      if (inWin.length && hasGain && titlePatterns(v.title).includes(top.pattern) && v.channelTitle) creators.add(v.channelTitle);
    }
    expect(top.creatorsCount).toBe(creators.size);
  });
});

describe("examples", () => {
  test("at most 3, one per creator, strongest (velocity / niche median) first, only items that used the pattern", () => {
    const ref = (title: string, creator: string, views: number) => ({ title, creator, views, date: "2017-10-01" });
    const items: PatternItem[] = [
      ...baseline(20, 100),
      { ...item("a", [1, 2, 3], 500), ref: ref("A1", "a", 10) },
      { ...item("a", [1, 2, 3], 900), ref: ref("A2", "a", 20) },
      { ...item("b", [1, 2, 3], 400), ref: ref("B1", "b", 30) },
      { ...item("c", [1, 2, 3], 300), ref: ref("C1", "c", 40) },
      { ...item("d", [1, 2, 3], 200), ref: ref("D1", "d", 50) },
      { ...item("e", [1, 2, 3], 5000, ["struct:other"]), ref: ref("E1", "e", 60) },
    ];
    expect(stat(items).examples.map((e) => e.title)).toEqual(["A2", "B1", "C1"]);
  });
});
