/**
 * Niche classifier (src/rules/niche.ts; docs/rules.md "Niche classifier"): a title keyword scores
 * 2 (≤ 2 hits), a tag keyword 0.5 (≤ 3 hits), YouTube category 28 adds 1.5 to Tech; the best niche wins
 * at ≥ 2; ties go to Crypto, AI, Finance, Health, Business, Tech in that order; otherwise null.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { NICHES, type Niche } from "../../src/domain/enums.ts";
import { NICHE_KEYWORDS, NICHE_PRIORITY, classifyNiche, nicheScores } from "../../src/rules/niche.ts";

describe("classifyNiche tables", () => {
  test.each([
    ["Bitcoin hits $5,000", [], null, "Crypto"],
    ["Apple iPhone X hands on", [], null, "Tech"],
    ["How machine learning works", [], null, "AI"],
    ["The stock market explained", [], null, "Finance"],
    ["My keto diet results", [], null, "Health"],
    ["Shark Tank pitch goes wrong", [], null, "Business"],
    // tie (one title hit each) → the more specific niche
    ["bitcoin vs the stock market", [], null, "Crypto"],
    ["AI startup raises money", [], null, "AI"],
    ["Tax tips for your small business", [], null, "Finance"],
    // two title hits beat one
    ["bitcoin price and stock market and stock market crash", [], null, "Finance"],
    // word boundaries: "ai" inside "said", "paint" is not a niche word
    ["He said the paint was dry", [], null, null],
    ["Funny cat compilation", ["cats", "funny"], 15, null],
    // category 28 alone (1.5) is below the bar; with one tag hit (0.5) it reaches 2
    ["Weekend vlog", [], 28, null],
    ["Weekend vlog", ["gadget"], 28, "Tech"],
    // category 28 + a title keyword of another niche: Crypto 2 vs Tech 1.5
    ["Bitcoin explained", [], 28, "Crypto"],
  ] as [string, string[], number | null, Niche | null][])("%p tags=%p cat=%p → %p", (title, tags, categoryId, niche) => {
    expect(classifyNiche({ title, tags, categoryId })).toBe(niche);
  });
});

describe("scores", () => {
  test("title hits count at most twice (max 4 per niche from the title), tag hits at most three times", () => {
    const s = nicheScores({ title: "bitcoin bitcoin bitcoin bitcoin", tags: ["bitcoin", "btc", "crypto", "ethereum", "blockchain"] });
    expect(s.Crypto).toBe(2 * 2 + 0.5 * 3);
  });

  test("category 28 adds exactly 1.5 to Tech and nothing elsewhere", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), (title, tags) => {
        const a = nicheScores({ title, tags, categoryId: 28 });
        const b = nicheScores({ title, tags, categoryId: 10 });
        for (const n of NICHES) expect(a[n] - b[n]).toBe(n === "Tech" ? 1.5 : 0);
      }),
      { numRuns: 300 },
    );
  });

  test("classifyNiche is the best-scoring niche at ≥ 2, ties to the earlier niche in priority order, else null", () => {
    const words = Object.values(NICHE_KEYWORDS).flat();
    const text = fc.array(fc.oneof(fc.constantFrom(...words), fc.constantFrom("the", "my", "new", "video", "said", "paint", "2017")), { maxLength: 8 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 4 }), fc.constantFrom(null, 28, 10, 27), (title, tags, categoryId) => {
        const s = nicheScores({ title, tags, categoryId });
        const best = Math.max(...NICHES.map((n) => s[n]));
        const expected = best >= 2 ? NICHE_PRIORITY.find((n) => s[n] === best)! : null;
        expect(classifyNiche({ title, tags, categoryId })).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  test("total on arbitrary text, and case-insensitive", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 120 }).map((cs) => String.fromCodePoint(...cs)), (title) => {
        const n = classifyNiche({ title });
        expect(n === null || (NICHES as readonly string[]).includes(n)).toBe(true);
      }),
      { numRuns: 200 },
    );
    const words = Object.values(NICHE_KEYWORDS).flat();
    const text = fc.array(fc.oneof(fc.constantFrom(...words), fc.string({ unit: "binary-ascii", maxLength: 6 })), { maxLength: 8 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(text, fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), (title, flips) => {
        const recased = Array.from(title, (ch, i) => (flips[i % flips.length] ? ch.toUpperCase() : ch)).join("");
        expect(classifyNiche({ title: recased })).toBe(classifyNiche({ title }));
      }),
      { numRuns: 500 },
    );
  });
});

describe("false friends", () => {
  test("a cabin review is not Business; a real business title still is", () => {
    expect(classifyNiche({ title: "QATAR AIRWAYS A350 BUSINESS CLASS REVIEW; INCREDIBLE" })).toBeNull();
    expect(classifyNiche({ title: "How to start a small business with no money" })).toBe("Business");
  });
});
