/**
 * Niche classifier (src/rules/niche.ts; docs/rules.md "Niche classifier"): strong phrases score 2 in
 * the title, 1 in the channel name, 0.5 per tag (≤ 3); weak phrases 1 in the title (≤ 2 distinct),
 * nothing elsewhere; false friends score nothing; category 28 adds 1 to Tech; a niche needs a title or
 * channel hit and a strong hit (or two weak title words); bar 2, or 3.5 in entertainment categories
 * where weak words count 0; ties by NICHE_PRIORITY; else null.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { NICHES, type Niche } from "../../src/domain/enums.ts";
import {
  ENTERTAINMENT_CATEGORIES,
  FALSE_FRIENDS,
  NICHE_PRIORITY,
  NICHE_VOCABULARY,
  classifyNiche,
  nicheScores,
  phraseHits,
} from "../../src/rules/niche.ts";
import { evaluate, loadLabels } from "../../bench/eval/niche.ts";

const STRONG = NICHE_PRIORITY.flatMap((n) => NICHE_VOCABULARY[n].strong);
const WEAK = NICHE_PRIORITY.flatMap((n) => NICHE_VOCABULARY[n].weak);
/** Every word that appears in any phrase: a word outside this set cannot complete or break a phrase. */
const PHRASE_WORDS = new Set([...STRONG, ...WEAK, ...FALSE_FRIENDS].flatMap((p) => p.split(/[^\p{L}\p{N}]+/u)).filter(Boolean));
const neutralWord = fc.stringMatching(/^[a-z]{2,9}$/).filter((w) => !PHRASE_WORDS.has(w));
const FILLER = ["my", "week", "honest", "story", "vlog", "official", "reaction", "2017", "part", "explained"].filter((w) => !PHRASE_WORDS.has(w));
const categories = fc.constantFrom(null, 1, 10, 17, 20, 22, 23, 24, 25, 26, 27, 28);
const titleText = fc
  .array(fc.oneof(fc.constantFrom(...STRONG), fc.constantFrom(...WEAK), fc.constantFrom(...FALSE_FRIENDS), fc.constantFrom(...FILLER)), { maxLength: 8 })
  .map((w) => w.join(" "));

describe("the cases of issue 11 and current vocabulary", () => {
  test.each([
    // gun accessory, politics, science trivia, celebrity chat: no niche
    ["The NRA Wants To Regulate 'Bump Stock' Gun Accessories, Paul Ryan Says We Need To Learn More | TIME", "TIME", 25, ["bumpstock", "nra bump stock gun accessories", "slide fire stock", "gun control", "nra"], null],
    ["What is a bump fire stock?", "LegallyArmedAmerica", 24, ["bump stock", "bump fire stock"], null],
    ["President Trump", "", null, [], null],
    ["Here's the age you peak at everything throughout life", "Tech Insider", 28, ["Tech Insider", "Tech", "Science", "Technology", "aging"], null],
    ["Cara Delevingne Hopes Talking About Her Mental Health Will Help Others | This Morning", "This Morning", 24, ["this morning", "interview", "mental health", "depression"], null],
    ["LaVar Ball Answers Basketball Questions From Twitter | Tech Support | WIRED", "WIRED", 17, ["basketball", "tech support", "wired"], null],
    ["Primitive Technology: Mud Bricks", "Primitive Technology", 22, ["primitive technology", "mud bricks"], null],
    ["Scout Schultz shooting by Georgia Tech police", "", 22, [], null],
    ["Apple Cider-Braised Pork Shoulder", "Food Wishes", 26, ["apple cider", "pork"], null],
    // search-trend queries with no tags
    ["chatgpt outage", "", null, [], "AI"],
    ["nvidia earnings", "", null, [], "Finance"],
    ["openai ceo", "", null, [], "AI"],
    ["ethereum etf", "", null, [], "Crypto"],
    ["llm benchmark", "", null, [], "AI"],
    ["stock car racing", "", null, [], null],
    ["big apple", "", null, [], null],
    // videos a creator in the niche would take
    ["iPhone X — Introducing iPhone X — Apple", "Apple", 28, ["Apple", "iPhone", "Face ID", "smartphone"], "Tech"],
    ["But what *is* a Neural Network? | Deep learning, Part 1", "3Blue1Brown", 27, ["neural networks", "deep learning"], "AI"],
    ["Here's why gun stocks rise after mass shootings and the stock market shrugs", "CNNMoney", 25, [], "Finance"],
    ["Dealing with Cancer (This is my SECRET)", "Wil Dasovich", 22, [], "Health"],
    ["Most Powerful Corporations in the World?", "The Infographics Show", 27, [], "Business"],
  ] as [string, string, number | null, string[], Niche | null][])("%p (channel %p, category %p)", (title, channel, categoryId, tags, niche) => {
    expect(classifyNiche({ title, channel, categoryId, tags })).toBe(niche);
  });
});

describe("scores", () => {
  test("strong title 2 (≤ 2 hits), weak title 1 (≤ 2 distinct), channel strong 1 (≤ 1), tag strong 0.5 (≤ 3), category 28 +1 Tech", () => {
    expect(nicheScores({ title: "bitcoin bitcoin bitcoin", tags: ["bitcoin", "btc", "crypto", "ethereum", "blockchain"] }).Crypto).toBe(4 + 1.5);
    expect(nicheScores({ title: "apple phone apple phone google", tags: [] }).Tech).toBe(2);
    expect(nicheScores({ title: "iphone review", channel: "Samsung Android Laptop Lab" }).Tech).toBe(2 + 1);
    expect(nicheScores({ title: "iphone review", categoryId: 28 }).Tech).toBe(3);
    // a weak word counted once however often it is repeated
    expect(phraseHits("cameras cameras cameras").Tech).toEqual({ strong: 0, weak: 1 });
  });

  test("longest phrase wins and each word is used once", () => {
    expect(phraseHits("stock market").Finance).toEqual({ strong: 1, weak: 0 });
    expect(phraseHits("bump stock").Finance).toEqual({ strong: 0, weak: 0 });
    expect(phraseHits("the verge reviews the iphone").Tech).toEqual({ strong: 2, weak: 0 });
    expect(phraseHits("on the verge of tears").Tech).toEqual({ strong: 0, weak: 0 });
  });

  test("word boundaries: no keyword inside a longer word", () => {
    expect(phraseHits("he said the detachment was technical, not biotechnology")).toEqual(phraseHits(""));
  });

  test("category 28 adds exactly 1 to Tech when Tech has evidence, and nothing elsewhere", () => {
    fc.assert(
      fc.property(titleText, fc.array(titleText, { maxLength: 4 }), (title, tags) => {
        const a = nicheScores({ title, tags, categoryId: 28 });
        const b = nicheScores({ title, tags, categoryId: 22 });
        for (const n of NICHES) expect(a[n] - b[n]).toBe(n === "Tech" && b.Tech > 0 ? 1 : 0);
      }),
      { numRuns: 300 },
    );
  });

  test("classifyNiche is the best-scoring niche at the bar, ties to the earlier niche in priority order, else null", () => {
    fc.assert(
      fc.property(titleText, fc.array(titleText, { maxLength: 4 }), categories, (title, tags, categoryId) => {
        const s = nicheScores({ title, tags, categoryId });
        const bar = categoryId !== null && ENTERTAINMENT_CATEGORIES.has(categoryId) ? 3.5 : 2;
        const best = Math.max(...NICHES.map((n) => s[n]));
        const expected = best >= bar ? NICHE_PRIORITY.find((n) => s[n] === best)! : null;
        expect(classifyNiche({ title, tags, categoryId })).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("evidence rules", () => {
  test("tags and category alone never classify: the title or channel must mention the niche", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FILLER), { maxLength: 5 }), fc.array(fc.constantFrom(...STRONG), { maxLength: 40 }), categories, (words, tags, categoryId) => {
        expect(classifyNiche({ title: words.join(" "), tags, categoryId })).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  test("one weak word never classifies, whatever the category", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEAK), fc.array(fc.constantFrom(...FILLER), { maxLength: 5 }), categories, (w, words, categoryId) => {
        expect(classifyNiche({ title: [...words, w, w].join(" "), categoryId })).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  test("an entertainment category never gives a niche that a neutral category would not", () => {
    fc.assert(
      fc.property(titleText, fc.array(titleText, { maxLength: 4 }), fc.constantFrom(...ENTERTAINMENT_CATEGORIES), (title, tags, categoryId) => {
        if (classifyNiche({ title, tags, categoryId }) !== null) expect(classifyNiche({ title, tags, categoryId: 22 })).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});

describe("properties", () => {
  test("total on arbitrary text, and deterministic", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 120 }).map((cs) => String.fromCodePoint(...cs)), categories, (title, categoryId) => {
        const n = classifyNiche({ title, categoryId, tags: [title], channel: title });
        expect(n === null || (NICHES as readonly string[]).includes(n)).toBe(true);
        expect(classifyNiche({ title, categoryId, tags: [title], channel: title })).toBe(n);
      }),
      { numRuns: 300 },
    );
  });

  test("case-insensitive in title, tags and channel", () => {
    fc.assert(
      fc.property(titleText, fc.array(titleText, { maxLength: 3 }), categories, fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), (title, tags, categoryId, flips) => {
        const recase = (s: string) => Array.from(s, (ch, i) => (flips[i % flips.length] ? ch.toUpperCase() : ch)).join("");
        expect(classifyNiche({ title: recase(title), tags: tags.map(recase), channel: recase(title), categoryId })).toBe(classifyNiche({ title, tags, channel: title, categoryId }));
      }),
      { numRuns: 500 },
    );
  });

  test("adding a niche-neutral word before or after the title never changes the niche", () => {
    fc.assert(
      fc.property(titleText, neutralWord, fc.boolean(), categories, fc.array(titleText, { maxLength: 3 }), (title, w, before, categoryId, tags) => {
        const padded = before ? `${w} ${title}` : `${title} ${w}`;
        expect(classifyNiche({ title: padded, tags, categoryId })).toBe(classifyNiche({ title, tags, categoryId }));
      }),
      { numRuns: 1000 },
    );
  });

  test("a false-friend phrase never yields the niche of the keyword inside it", () => {
    // The niches a false friend would fake: those whose phrases occur inside it as whole words.
    const falseNiches = (ff: string) =>
      NICHE_PRIORITY.filter((n) => [...NICHE_VOCABULARY[n].strong, ...NICHE_VOCABULARY[n].weak].some((p) => ` ${ff} `.includes(` ${p} `)));
    const withNiche = FALSE_FRIENDS.filter((ff) => falseNiches(ff).length);
    expect(withNiche.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.constantFrom(...withNiche), fc.array(fc.constantFrom(...FILLER), { maxLength: 4 }), fc.nat(4), fc.integer({ min: 1, max: 3 }), categories, (ff, filler, at, times, categoryId) => {
        const words = filler.slice();
        words.splice(Math.min(at, words.length), 0, ...Array(times).fill(ff));
        const title = words.join(" ");
        const got = classifyNiche({ title, tags: Array(times).fill(ff), channel: ff, categoryId });
        for (const n of falseNiches(ff)) expect(got).not.toBe(n);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("hand-labelled titles (test/fixtures/niche-labels.tsv; figures in bench/RESULTS.niche.md)", () => {
  const items = loadLabels();

  test("the labelled set has ≥ 300 real titles from both countries and a search-query set", () => {
    expect(items.filter((x) => x.set === "US").length + items.filter((x) => x.set === "GB").length).toBeGreaterThanOrEqual(300);
    expect(items.filter((x) => x.set === "GB").length).toBeGreaterThanOrEqual(100);
    expect(items.filter((x) => x.set === "query").length).toBeGreaterThanOrEqual(30);
  });

  test("per-niche precision ≥ 90% over the labelled set, for every niche predicted at least 5 times", () => {
    const r = evaluate(items);
    const checked = NICHES.filter((n) => r.per[n].predicted >= 5);
    expect(checked.length).toBeGreaterThanOrEqual(4);
    for (const n of checked) expect({ niche: n, precision: r.per[n].precision! >= 0.9 }).toEqual({ niche: n, precision: true });
  });

  test("no niche is predicted for items labelled with none more than 5% of the time", () => {
    const none = items.filter((x) => x.labels.length === 0);
    const r = evaluate(none);
    expect(r.accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
