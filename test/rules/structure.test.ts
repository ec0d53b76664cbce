import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { HOOK_TYPES } from "../../src/domain/enums.ts";
import { MAX_CHARS, classifyHook } from "../../src/rules/hook.ts";
import { STRUCTURES, type Structure, structurePatterns, titlePatterns } from "../../src/rules/structure.ts";
import { LABELS_FILE, parseLabels } from "../../scripts/hook-accuracy.ts";

const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 }).map((cs) => String.fromCharCode(...cs));
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  utf16,
);
const realTitles = parseLabels(await Bun.file(LABELS_FILE).text()).map((r) => r.title);
const text = fc.oneof(anyText, fc.constantFrom(...realTitles));
const ORDER = new Map<string, number>(STRUCTURES.map((s, i) => [s, i]));

describe("STRUCTURES", () => {
  test("at least 8 distinct names", () => {
    expect(STRUCTURES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(STRUCTURES).size).toBe(STRUCTURES.length);
  });
});

describe("structurePatterns", () => {
  test("subset of STRUCTURES, strictly in STRUCTURES order (so no duplicates), never throws", () => {
    fc.assert(
      fc.property(text, (s) => {
        const got = structurePatterns(s);
        for (let i = 0; i < got.length; i++) {
          expect(ORDER.has(got[i])).toBe(true);
          if (i > 0) expect(ORDER.get(got[i])!).toBeGreaterThan(ORDER.get(got[i - 1])!);
        }
      }),
      { numRuns: 3000 },
    );
  });

  test("pure and deterministic", () => {
    fc.assert(fc.property(text, (s) => JSON.stringify(structurePatterns(s)) === JSON.stringify(structurePatterns(s))));
  });

  test(`reads only the first ${MAX_CHARS} characters of a title that starts with text`, () => {
    const head = fc.string({ unit: "grapheme-ascii", minLength: MAX_CHARS, maxLength: MAX_CHARS + 40 }).map((s) => "x" + s);
    fc.assert(fc.property(head, anyText, (h, tail) => JSON.stringify(structurePatterns(h + tail)) === JSON.stringify(structurePatterns(h))));
  });

  test("degenerate inputs", () => {
    for (const s of ["", "   ", "\n\t", undefined, null, 7, {}]) expect(structurePatterns(s as string)).toEqual([]);
    expect(structurePatterns(" ".repeat(100_000) + "Top 10 Cats!")).toEqual(["number_led", "exclamation"]);
    expect(Array.isArray(structurePatterns("A".repeat(1_000_000)))).toBe(true);
  });

  const has: [Structure, string[], string[]][] = [
    ["number_led", ["10 Things", "Top 5 Cats", "$3 Seafood Vs. $213 Seafood", "#162 Build", "Five Habits", "(3) Tips"], ["Thor 3", "iPhone 8", "Fiveish", "No. 5"]],
    ["how_to", ["How To Cake It", "how-to guide", "Makeup Tutorial", "Step by Step"], ["How Computers Work", "Howto"]],
    ["versus", ["iPhone X vs iPhone 8", "Chargers vs. Broncos", "Man Vs Youtube", "Watford v. Man City", "Good versus Evil"], ["VSCO Girl", "Devs", "Canvas", "V8 engine"]],
    ["question_mark", ["Why?", "¿Qué?", "なぜ？"], ["Why"]],
    ["exclamation", ["Wow!", "¡Hola", "すごい！"], ["Wow"]],
    ["colon_split", ["Film Theory: Ariel", "UFC 216: Post-fight", "Update:x"], ["Live at 3:30pm", "4:44", "Title:", "https://x.y"]],
    ["pipe_split", ["A | B", "A || B", "A ǀ B", "A // B", "A • B"], ["A / B", "A-B"]],
    ["dash_split", ["Radiohead - Lift", "iPhone X — Apple", "Notebook- Does It Work", "1 YEAR -- HOW"], ["Lava-Like", "0-100 kph", "2017-18", "Re-Entry"]],
    ["bracket_tag", ["Trailer (HD)", "Song [Lyrics]", "Demo {Review}", "【MV】"], ["()", "[ ]", "a ( b"]],
    ["year_tag", ["Emmys 2017", "Queen Live Aid 1985 (Part 1)", "9/6/2017", "2017-18 Season"], ["$2017", "12017", "S2017E", "1,2017", "1850", "2017%"]],
    ["all_caps_word", ["ATTACKED BY A DOG", "NFL Week 1", "MTV", "HALF!!!"], ["iPhone X", "Ok", "I'M", "방탄소년단", "TV"]],
    ["first_person", ["I Tried", "I'm Sorry", "My Response", "we need to talk", "Our Team", "Let Me Explain", "'I went too far'"], ["iPhone", "Mine Craft", "US Open", "Media"]],
    ["second_person", ["What Do You Want", "Your Tweets", "You're Not Alone", "Do It Yourself"], ["Youtube", "Young", "U2"]],
    ["hashtag", ["#MOMTEMBER", "Fans #PrayForVegas", "#1Direction"], ["#1", "C# Tutorial", "# alone"]],
    ["emoji", ["Nails 💅", "Argentina 🇦🇷", "Fall! 🍂"], ["Levi’s®", "Call of Duty®", "Brand™", "©2017"]],
  ];
  for (const [name, yes, no] of has) {
    test(`${name}: exact rule examples`, () => {
      for (const s of yes) expect({ s, hit: structurePatterns(s).includes(name) }).toEqual({ s, hit: true });
      for (const s of no) expect({ s, hit: structurePatterns(s).includes(name) }).toEqual({ s, hit: false });
    });
  }

  test("a full real title", () => {
    expect(structurePatterns("Colin Cloud: Mind Reader Predicts Your Tweets - America's Got Talent 2017")).toEqual([
      "colon_split",
      "dash_split",
      "year_tag",
      "second_person",
    ]);
  });
});

describe("titlePatterns", () => {
  test("exactly one hook: id, first, equal to classifyHook; then struct: ids of structurePatterns", () => {
    fc.assert(
      fc.property(text, (s) => {
        const ids = titlePatterns(s);
        expect(ids.filter((id) => id.startsWith("hook:")).length).toBe(1);
        expect(ids[0]).toBe(`hook:${classifyHook(s)}`);
        expect((HOOK_TYPES as readonly string[]).includes(ids[0].slice(5))).toBe(true);
        expect(ids.slice(1)).toEqual(structurePatterns(s).map((x) => `struct:${x}`));
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 2000 },
    );
  });

  test("example", () => {
    expect(titlePatterns("10 Reasons NOT To Buy iPhone X!")).toEqual([
      "hook:list_preview",
      "struct:number_led",
      "struct:exclamation",
      "struct:all_caps_word",
    ]);
    expect(titlePatterns("")).toEqual(["hook:plain"]);
  });
});
