import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { STOPWORDS, adjacentJoins, joinKey, normalize, normalizeSlow, salientTerms, stem, tokens } from "../../src/rules/text.ts";

describe("normalize", () => {
  test.each([
    ["iPhone X — Introducing iPhone X — Apple", "iphone x introducing iphone x apple"],
    ["IPHONE-X", "iphone x"],
    ["  Spätzle   Recipe!! ", "spatzle recipe"],
    ["Beyoncé Knowles", "beyonce knowles"],
    ["Straße Ørsted Æon", "strasse orsted aeon"],
    ["ＩＰＨＯＮＥ ﬁle", "iphone file"],
    ["Don't Buy The iPhone 8, Buy The iPhone 8.", "dont buy the iphone 8 buy the iphone 8"],
    ["Jimmy Kimmel’s Health Care Battle", "jimmy kimmel health care battle"],
    ["iPhone X's camera, O'Neil's", "iphone x camera oneil"],
    ["Mexico 7.1 Earthquake, 1,000 dead", "mexico 71 earthquake 1000 dead"],
    ["Frankie and\u200b \u200bWitney’s - Cha\u200b \u200bCha", "frankie and witney cha cha"],
    ["🔥🔥 LIT 🔥", "lit"],
    ["한국 치맥을 처음 먹어본 킹스맨", "한국 치맥을 처음 먹어본 킹스맨"],
    ["हिन्दी नमस्ते", "हिन्दी नमस्ते"], // Devanagari vowel signs are marks and must survive
    ["がぎぐ", "がぎぐ"], // the voicing mark is not a Latin diacritic
    ["", ""],
    ["!!! ---", ""],
    ["ᄀ'ᅡ", "가"], // jamo brought together by apostrophe removal are recomposed (found by fast-check)
    ["0`S.9", "09"], // the possessive goes first, then the number separator (found by fast-check)
  ])("%p -> %p", (input, want) => {
    expect(normalize(input)).toBe(want);
  });

  test("is idempotent (any Unicode)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (s) => normalize(normalize(s)) === normalize(s)),
      { numRuns: 2000 },
    );
  });

  test("is idempotent (title-like text)", () => {
    const unit = fc.constantFrom(..."aZé ß-'’.,:|!7ﬁＩ한が्ि\u200b🔥İ".split(""));
    fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), (s) => normalize(normalize(s)) === normalize(s)), { numRuns: 2000 });
  });

  test("the ASCII fast path gives exactly the Unicode path's result", () => {
    const unit = fc.constantFrom(..."aZm09 -'`.,:_|!\t\n".split(""));
    fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), (s) => normalize(s) === normalizeSlow(s)), { numRuns: 3000 });
    fc.assert(fc.property(fc.string({ unit: "binary-ascii", maxLength: 40 }), (s) => normalize(s) === normalizeSlow(s)), { numRuns: 3000 });
  });

  test("output is lower case, single-spaced, trimmed", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
        const n = normalize(s);
        return n === n.trim() && !n.includes("  ") && !/[\t\n]/.test(n) && n === n.toLowerCase();
      }),
    );
  });
});

describe("tokens", () => {
  test("are the words of normalize()", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
        const t = tokens(s);
        return t.join(" ") === normalize(s) && t.every((w) => w.length > 0 && !w.includes(" "));
      }),
    );
  });
});

describe("stem", () => {
  test.each([
    ["iphones", "iphone"],
    ["stories", "stori"],
    ["story", "stori"],
    ["movies", "movi"],
    ["movie", "movi"],
    ["boxes", "box"],
    ["watches", "watch"],
    ["glasses", "glass"],
    ["games", "game"],
    ["vlogging", "vlog"],
    ["making", "make"],
    ["shopping", "shop"],
    ["opening", "open"],
    ["tried", "tri"],
    ["stopped", "stop"],
    ["loved", "love"],
    ["kimmels", "kimmel"],
    ["news", "news"], // not "new"
    ["series", "series"],
    ["bus", "bus"],
    ["king", "king"],
    ["red", "red"],
    ["2017", "2017"],
    ["x8s", "x8s"],
    ["ios", "ios"],
    ["킹스맨", "킹스맨"],
  ])("%p -> %p", (w, want) => {
    expect(stem(w)).toBe(want);
  });

  test("plural and singular meet", () => {
    for (const [a, b] of [
      ["iphone", "iphones"],
      ["video", "videos"],
      ["trailer", "trailers"],
      ["baby", "babies"],
      ["cookie", "cookies"],
      ["match", "matches"],
      ["case", "cases"],
      ["house", "houses"],
    ])
      expect(stem(a)).toBe(stem(b));
  });

  test("leaves short words, numbers and non-Latin words alone", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 3 }), fc.nat().map(String), fc.constantFrom("한국어", "нос", "東京")), (w) => stem(w) === w),
    );
  });

  test("is deterministic and never grows a word by more than one letter", () => {
    const word = fc.string({ unit: fc.constantFrom(..."abcdeginorsty".split("")), minLength: 1, maxLength: 12 });
    fc.assert(fc.property(word, (w) => stem(w) === stem(w) && stem(w).length <= w.length + 1 && stem(w).length > 0));
  });
});

describe("salientTerms", () => {
  test("stemmed, stopwords and filler dropped, deduplicated, in order", () => {
    expect(salientTerms("iPhone X — Introducing iPhone X — Apple")).toEqual(["iphone", "x", "introduc", "apple"]);
    expect(salientTerms("Alias Grace | Official Trailer [HD] | Netflix")).toEqual(["alia", "grace", "trailer", "netflix"]);
    expect(salientTerms("Cardi B - Bodak Yellow (feat. Kodak Black) [Remix]")).toEqual(["cardi", "b", "bodak", "yellow", "kodak", "black", "remix"]);
  });

  test("a title made only of stopwords keeps them, so it still has terms", () => {
    expect(salientTerms("IT")).toEqual(["it"]);
    expect(salientTerms("The Office")).toEqual(["office"]);
    expect(salientTerms("🔥")).toEqual([]);
  });

  test("are distinct stems of non-stopword tokens (of all tokens if every one is a stopword)", () => {
    const unit = fc.constantFrom("the ", "a ", "iPhones ", "X ", "of ", "video ", "Irma ", "2017 ", "it ", "- ", "running ");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 8 }), (s) => {
        const toks = tokens(s);
        const content = toks.filter((t) => !STOPWORDS.has(t));
        const pool = new Set((content.length ? content : toks).map(stem));
        const terms = salientTerms(s);
        return new Set(terms).size === terms.length && terms.every((t) => pool.has(t)) && terms.length === pool.size;
      }),
    );
  });
});

describe("join rule", () => {
  test("glued, split and punctuated spellings share a join key", () => {
    const keys = ["iphonex", "i phone x", "iPhone X", "IPHONE-X", "i-Phone X!"].map(joinKey);
    expect(new Set(keys)).toEqual(new Set(["iphonex"]));
  });

  test("adjacentJoins concatenates neighbours", () => {
    expect(adjacentJoins(["i", "phone", "x"])).toEqual(["iphone", "phonex"]);
    expect(adjacentJoins(["x"])).toEqual([]);
  });
});
