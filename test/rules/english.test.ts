/** English helpers of the text generators (src/rules/english.ts): a/an, Title Case, casing, plurals. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { casingFrom, indefinite, isPluralHead, possessive, recase, titleCase, unspeakable } from "../../src/rules/english.ts";

describe("indefinite article", () => {
  test.each([
    ["iPhone", "an"], ["Pixel", "a"], ["hour", "an"], ["honest review", "an"], ["university", "a"], ["European tour", "a"],
    ["one-off", "a"], ["FBI agent", "an"], ["SUV", "an"], ["NASA launch", "a"], ["UFO", "a"], ["X-Men movie", "an"], ["Xbox", "an"],
    ["8K TV", "an"], ["11-year-old", "an"], ["18th birthday", "an"], ["100 days", "a"], ["apple", "an"], ["user", "a"], ["update", "an"],
  ])("%p → %p", (w, a) => expect(indefinite(w)).toBe(a as "a" | "an"));
});

describe("titleCase", () => {
  test.each([
    ["7 things nobody tells you about the keto diet", "7 Things Nobody Tells You About the Keto Diet"],
    ["the iPhone X: what actually matters", "The iPhone X: What Actually Matters"],
    ["is it worth it? a review", "Is It Worth It? A Review"],
    ["a step-by-step guide to DIY slime", "A Step-by-Step Guide to DIY Slime"],
    ["i tested it so you don't have to", "I Tested It So You Don't Have To"],
    ["the shape of water - the full story", "The Shape of Water - The Full Story"],
    // A small word capitalised inside a phrase is lowered; not a particle, a letter name or a word of 4+ letters.
    ["Jim Parsons Opens Up About Marriage And Why He Didn't Hurry Into It", "Jim Parsons Opens Up About Marriage and Why He Didn't Hurry Into It"],
    ["How To Make A Cake For The Win", "How to Make a Cake for the Win"],
    ["Vitamin A Deficiency", "Vitamin A Deficiency"],
    ["Tom Petty [A Look Back]", "Tom Petty [A Look Back]"],
    ["Cook Off Challenge", "Cook Off Challenge"],
    ["iPhone X Hands On Review", "iPhone X Hands On Review"],
    ["Grand Theft Auto V Trailer", "Grand Theft Auto V Trailer"],
    ["Live Q & A with Birdie, Brie and Winston", "Live Q & A with Birdie, Brie and Winston"], // an initial paired by "&", not the article (seed 114)
    ["My Little Pony x ColourPop Review", "My Little Pony x ColourPop Review"], // a collaboration's x between names (seed 116)
    ["Gökhan Saki KOs Henrique da Silva", "Gökhan Saki KOs Henrique da Silva"], // a name's particle (seed 123)
    ["261 kph Water Rocket Trike", "261 kph Water Rocket Trike"], // a unit after its number (seed 177)
    ["Vincent van Gogh Museum", "Vincent van Gogh Museum"],
    ["the da vinci code", "The Da Vinci Code"], // (only between two capitalised names)
    ["iPhone x Review", "iPhone X Review"], // (the letter after a model name)
    ["What I Learned From Kane Brown: The Story So Far", "What I Learned From Kane Brown: The Story So Far"],
  ])("%p → %p", (a, b) => expect(titleCase(a)).toBe(b));

  test("keeps every word that has a capital or a digit exactly as written (but a capitalised small word inside a phrase); idempotent; no capital lost", () => {
    const w = fc.constantFrom("iPhone", "DIY", "McDonald's", "the", "of", "keto", "a", "X", "2017", "step-by-step", "don't", ":", "-", "vs", "NASA", "And", "The");
    fc.assert(
      fc.property(fc.array(w, { minLength: 1, maxLength: 10 }), (ws) => {
        const t = titleCase(ws.join(" "));
        const out = t.split(" ");
        ws.forEach((x, i) => {
          if (/^(?:And|The)$/.test(x)) expect(out[i].toLowerCase()).toBe(x.toLowerCase());
          else if (/[A-Z0-9]/.test(x)) expect(out[i]).toBe(x);
        });
        expect(titleCase(t)).toBe(t);
        if (!/[A-Z0-9]/.test(ws[0])) expect(/^[a-z]/.test(t)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe("casing from real titles", () => {
  test("inner capitals and acronyms win; shouting titles are ignored; common words never take a title's capital", () => {
    const d = casingFrom(["IPHONE X UNBOXING!!!", "iPhone X Review: The Good, The Bad", "Apple iPhone X hands-on", "The DIY Way to Fix It"]);
    expect(recase("iphone x battery", d)).toBe("iPhone X battery");
    expect(recase("the diy way", d)).toBe("the DIY Way");
    expect(recase("the review", d)).toBe("the Review");
  });
  test("shouted words are calmed, short acronyms kept; model codes upper-cased; known brands", () => {
    expect(recase("MAKEUP Routine")).toBe("Makeup Routine");
    expect(recase("BBC Anchor Gets LOST")).toBe("BBC Anchor Gets LOST");
    expect(recase("ps4 pro vs galaxy s8")).toBe("PS4 pro vs galaxy S8");
    expect(recase("airpods and youtube")).toBe("AirPods and YouTube");
  });
});

describe("plurals and possessives", () => {
  test.each([
    ["Keto Recipes", true], ["AirPods", true], ["Fidget Spinners", true], ["Kids", true], ["Nvidia Earnings", true],
    ["Las Vegas", false], ["iOS", false], ["Star Wars", false], ["The News", false], ["Tom Hanks", false], ["Business", false], ["Keto Diet", false], ["Virus", false],
  ] as const)("%p plural: %p", (s, p) => expect(isPluralHead(s)).toBe(p));
  test("possessive", () => {
    expect(possessive("Sam Smith")).toBe("Sam Smith's");
    expect(possessive("Tom Hanks")).toBe("Tom Hanks'");
  });
});

describe("isPluralHead before a prepositional tail", () => {
  test.each([
    ["Cassini's Last Looks at Saturn", true],
    ["The Reaction Ferries of Basel", true],
    ["Autumn Makeup Tutorial for Straight Men", false],
    ["The Strange Case of the Cyclops Sheep", false],
    ["Bell's Theorem", false],
    ["The Age of Giant Insects", false],
    ["Giant Insects", true],
  ] as const)("%p → %p", (t, want) => expect(isPluralHead(t)).toBe(want));
});

describe("unspeakable: a long all-caps word no English word is spelled like is an acronym or handle", () => {
  test.each(["KUWTK", "OITNB", "LVMPD", "LWYMMD", "ZFDHQ"])("%p is kept in capitals", (w) => {
    expect(unspeakable(w)).toBe(true);
    expect(recase(w, casingFrom([`Watch ${w} Tonight`]))).toBe(w);
    expect(recase(w.toLowerCase(), casingFrom([`Watch ${w} Tonight`]))).toBe(w);
  });
  // Words and names from the GB titles, which the rule was not chosen on.
  test.each(["UPDATE", "LUXURY", "GOODBYE", "STRENGTH", "LEIPZIG", "LUKAKU", "GLASGOW", "MYKONOS", "NASHVILLE"])("%p is a word, calmed when shouted", (w) => {
    expect(unspeakable(w)).toBe(false);
    expect(recase(w)).toBe(w[0] + w.slice(1).toLowerCase());
  });
});

test("a hashtag in capitals is an acronym, whatever its vowels (seed 127: '#UNGA')", () => {
  expect(recase("#UNGA General Debate")).toBe("#UNGA General Debate");
  expect(recase("#unga general debate", casingFrom(["#UNGA General Debate - 23 September 2017"]))).toBe("#UNGA General Debate");
  expect(recase("CAKE", casingFrom(["Not Enough CAKE"]))).toBe("Cake"); // (no hashtag: a shouted word)
  expect(recase("Drops a Tank on River Oaks BLVD")).toBe("Drops a Tank on River Oaks Blvd"); // (seed 128: an abbreviation, no acronym)
  expect(recase("Gymnastics at 40,000Ft")).toBe("Gymnastics at 40,000ft"); // (seed 134: a unit glued to its number)
  expect(recase("4K 60FPS")).toBe("4K 60FPS");
  expect(recase("Satisfying YO-YO With BLADES")).toBe("Satisfying Yo-Yo With Blades"); // (seed 191: a doubled word)
  expect(recase("husband vs best friend", casingFrom(["Husband VS Best Friend | Tom Daley"]))).toMatch(/^Husband vs /); // (seed 203: "versus" is small)
  expect(recase("ANVIL Vs. WATERMELON")).toBe("Anvil vs. Watermelon");
});

test("a work's 'The' after its owner's possessive keeps its capital; the article elsewhere does not (audit of film subjects)", () => {
  expect(titleCase("Marvel's The Punisher")).toBe("Marvel's The Punisher");
  expect(titleCase("Stephen King's The Dark Tower")).toBe("Stephen King's The Dark Tower");
  expect(titleCase("Walk The Dog")).toBe("Walk the Dog");
  expect(titleCase("marvel's the punisher")).toBe("Marvel's the Punisher"); // (typed small: no sign it is the work's)
});

test("a hashtag keeps the casing its creator wrote (GB reading 2: '#tbt', not '#Tbt')", () => {
  expect(titleCase("#tbt windows 95 video guide")).toBe("#tbt Windows 95 Video Guide");
  expect(titleCase("prayers for #vegas today")).toBe("Prayers for #vegas Today");
});

// From US reading 265 (session 8).
test("a 4-letter all-caps name no English word spells is an acronym ('RHOA'); a shouted word stays a word ('CAKE')", () => {
  const d = casingFrom(["RHOA: Season 10 Official First Look - Premiering November 5 at 8/7c | Bravo"]);
  expect(recase("rhoa", d)).toBe("RHOA");
  expect(recase("cake", casingFrom(["My Birthday CAKE Fail"]))).toBe("cake");
});

// From US reading 268 and session 7's notes ("Haim", seen in several readings).
test("a performer's all-caps styling credited before a release's dash is kept ('HAIM - Little of Your Love')", () => {
  expect(recase("haim", casingFrom(["HAIM - Little of Your Love"]))).toBe("HAIM");
  // Not when the whole title is shouted, nor for a word that merely opens a title.
  expect(recase("haim", casingFrom(["HAIM - LITTLE OF YOUR LOVE"]))).not.toBe("HAIM");
  expect(recase("cake", casingFrom(["CAKE Decorating for Beginners"]))).toBe("cake");
});

// From US reading 329 (session 9): "Why Does Genesis, Ibex, and Cassini Matter?".
test("a list of three or more is plural; a pair may name one work", () => {
  expect(isPluralHead("Genesis, IBEX, and Cassini")).toBe(true);
  expect(isPluralHead("Lions, Tigers & Bear")).toBe(true);
  expect(isPluralHead("Beauty and the Beast")).toBe(false);
  expect(isPluralHead("Tom and Jerry")).toBe(false);
});

// From the GB hook audit (session 10): "Gfriend's Story in 60 Seconds" for "[MV] GFRIEND(여자친구) _ Summer Rain(여름비)".
test("a run of capitals glued to its name in Korean or Japanese is how the name is written", () => {
  expect(recase("gfriend", casingFrom(["[MV] GFRIEND(여자친구) _ Summer Rain(여름비)"]))).toBe("GFRIEND");
  expect(recase("nu'est w", casingFrom(["[M/V] NU'EST W(뉴이스트 W) - Where You At"]))).toBe("NU'EST W");
  // Not capitals before a Latin aside: emphasis stays calmed. (An English word: since session 12 a lone capitalised
  // non-word is a styled name anyway, "GFRIEND (Live)" included.)
  expect(recase("summer", casingFrom(["[MV] SUMMER (Live) _ Rain"]))).not.toBe("SUMMER");
  expect(recase("gfriend", casingFrom(["[MV] GFRIEND (Live) _ Summer Rain"]))).toBe("GFRIEND");
});

// Session 12 (independent readings flagged "Krack", "Rozes" three and two times): a lone all-caps word no English word
// spells, in a title that does not shout words for emphasis, is a styled name.
describe("a lone styled name in capitals keeps them", () => {
  test.each([
    ["krack attacks", "KRACK Attacks: Bypassing WPA2 against Android and Linux", "KRACK Attacks"],
    ["galantis & rozes", "Galantis & ROZES - Girls on Boys (Official Music Video)", "Galantis & ROZES"],
    ["phogs", "PHOGS! EGX Demo Trailer", "PHOGS"],
  ])("%s", (typed, title, want) => {
    expect(recase(typed, casingFrom([title]))).toBe(want);
  });
  test("an English word in capitals is emphasis; so is a name in a title that shouts other words", () => {
    expect(recase("spiked", casingFrom(["We Got SPIKED At A Bar"]))).toBe("spiked");
    expect(recase("tested", casingFrom(["Huda Beauty Palette TESTED| Beauty With Mi"]))).toBe("tested");
    expect(recase("lloyd", casingFrom(["How To Make LLOYD From The NEW LEGO NINJAGO MOVIE Out Of CAKE"]))).toBe("lloyd");
  });
});

// Session 12 ("Nu'est W" read as wrong in every GB reading; "Vassy"): a name a title marks as styled wins over the story's
// Title-Cased name, in a shouting title too when glued to its native script; a credit's first name before "&" is marked.
test("a marked styled name beats the story's Title Case; no catastrophic backtracking on shouted titles", () => {
  const t = "[M/V] NU'EST W(뉴이스트 W) - WHERE YOU AT";
  expect(recase("Nu'est W", casingFrom(["Nu'est W", t]))).toBe("NU'EST W");
  expect(recase("vassy & afrojack", casingFrom(["VASSY & Afrojack feat. Oliver Rosa - LOST (Official Music Video)"]))).toMatch(/^VASSY/);
  expect(recase("halloween", casingFrom(["Halloween", "How To Make A GROSS-Tacular Surprise Inside HALLOWEEN ROULETTE CAKE"]))).not.toBe("HALLOWEEN");
  // (The native-script check backtracked exponentially on long shouted titles once they were read: this call hung the
  // suite for 25 s before its pattern was made linear; the test runner's timeout is the check, no timing assert.)
  expect(casingFrom(["QATAR AIRWAYS A350 BUSINESS CLASS REVIEW; INCREDIBLE ".repeat(4)]).size).toBe(0); // a shouting title says nothing else
});
