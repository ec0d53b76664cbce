/**
 * The readability gate of /grade (src/rules/readability.ts; docs/rules.md "Hook rescue and grade"):
 * a factor in [0, 1] for any text; 1 for nearly every real title; keyboard mash, repetition and
 * capitals lower it; the word list is rebuilt byte for byte from the repository's data.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MAX_CHARS, READABILITY, isKeyboardWalk, readability, readabilityNote, tokensOf, wordKind, wordsOf } from "../../src/rules/readability.ts";
import { WORDS_FILE, buildWordsJson } from "../../scripts/build-readability-words.ts";
import { parseCsvRecords } from "../../src/feeds/csv.ts";

const ROOT = `${import.meta.dir}/../..`;
const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme", maxLength: 400 }), fc.string({ unit: "binary", maxLength: 600 }));
const UPWORTHY = [...new Set(parseCsvRecords(await Bun.file(`${ROOT}/data/upworthy-2013.csv`).text()).records.map((r) => r.headline))];
const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

describe("readability", () => {
  test("total: a factor in [0, 1] and consistent counts for any string; only the first MAX_CHARS characters are read", () => {
    fc.assert(
      fc.property(anyText, fc.string(), (s, tail) => {
        const r = readability(s);
        expect(r.factor >= 0 && r.factor <= 1).toBe(true);
        expect(r.unknown + r.implausible).toBeLessThanOrEqual(r.words);
        expect(r.repeats).toBeLessThanOrEqual(Math.max(0, r.tokens - 1));
        expect(r.capsShare >= 0 && r.capsShare <= 1).toBe(true);
        expect(readabilityNote(r) === "").toBe(r.factor >= 1);
        const head = s.padEnd(MAX_CHARS, " ").slice(0, MAX_CHARS);
        expect(readability(head + tail)).toEqual(readability(head));
      }),
    );
    expect(readability(undefined as unknown as string).factor).toBe(1);
  });

  test("ordinary titles keep factor 1: at least 97% of the repository's Upworthy headlines", () => {
    const ok = UPWORTHY.filter((h) => readability(h).factor === 1).length;
    expect(ok / UPWORTHY.length).toBeGreaterThanOrEqual(0.97);
    expect(readability("How I Paid Off $50,000 of Debt in 18 Months").factor).toBe(1);
  });

  test("a walk along a keyboard row of 4+ letters is mash; 'known' words are never mash", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.array(fc.constantFrom(-1, 0, 1), { minLength: 3, maxLength: 9 }), (row, start, steps) => {
        const r = ROWS[row];
        let i = start % r.length;
        let w = r[i];
        for (const d of steps) {
          i = Math.min(r.length - 1, Math.max(0, i + d));
          w += r[i];
        }
        expect(isKeyboardWalk(w)).toBe(true);
        expect(["known", "implausible"]).toContain(wordKind(w));
      }),
    );
    for (const w of ["asdf", "qwer", "zzz", "xkcd", "wertyu", "hjkl", "sdfgh"]) expect(wordKind(w)).toBe("implausible");
    for (const w of ["debt", "months", "Obama", "iPhone", "beautiful"]) expect(wordKind(w)).toBe("known");
  });

  test("each mash token halves the factor; a lone unknown name costs nothing", () => {
    const base = readability("I tried keto for a week and I was wrong");
    expect(base.factor).toBe(1);
    expect(readability("I tried asdf for a week and I was wrong").factor).toBeCloseTo(READABILITY.implausibleFactor, 10);
    expect(readability("I tried asdf qwer for a week and I was wrong zzz").factor).toBeCloseTo(READABILITY.implausibleFactor ** 3, 10);
    expect(readability("I tried Brontavia for a week and I was wrong").factor).toBe(1);
  });

  test("one word said 4+ times is no title: below a shouted real title; three times ('Bye Bye Bye') is not hit", () => {
    expect(readability("A A A A").factor).toBeLessThan(readability("DATING A BISEXUAL").factor / 2);
    const three = readability("Bye Bye Bye");
    expect(three.factor).toBeCloseTo(READABILITY.adjacentFactor ** 2 * READABILITY.repeatFactor ** Math.max(0, 2 - READABILITY.freeRepeats), 10);
  });

  test("repeating a word right after itself always lowers the factor", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UPWORTHY), fc.nat(), fc.integer({ min: 1, max: 5 }), (t, at, k) => {
        const chunks = t.trim().split(/\s+/);
        const words = chunks.map((c, j) => [c, j] as const).filter(([c]) => /[\p{L}\p{N}]/u.test(c));
        fc.pre(words.length > 0);
        const j = words[at % words.length][1];
        const rep = [...chunks.slice(0, j + 1), ...Array(k).fill(chunks[j]), ...chunks.slice(j + 1)].join(" ");
        const before = readability(t).factor;
        const after = readability(rep).factor;
        expect(after).toBeLessThanOrEqual(before * READABILITY.adjacentFactor ** k + 1e-12);
      }),
    );
    expect(readability("the the the the the the the the").factor).toBeLessThan(0.1);
  });

  test("writing a title in capitals never raises the factor, and shouting a long title lowers it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UPWORTHY), (t) => {
        const up = readability(t.toUpperCase());
        expect(up.factor).toBeLessThanOrEqual(readability(t).factor);
        if (wordsOf(t).join("").length >= READABILITY.capsMinLetters) expect(up.factor).toBeLessThanOrEqual(READABILITY.allCapsFactor + 1e-12);
      }),
      { numRuns: 300 },
    );
  });

  test("tokens: words and numbers of any script, lower-cased; a draft without Latin words is not judged on words", () => {
    expect(tokensOf("Magnitude 7.1 quake, $50,000 lost — Мир мир")).toEqual(["magnitude", "7.1", "quake", "50,000", "lost", "мир", "мир"]);
    expect(readability("東京 大阪 名古屋").factor).toBe(1);
  });
});

test("the word list is rebuilt byte for byte from the repository's titles and headlines", async () => {
  expect(await buildWordsJson(ROOT)).toBe(await Bun.file(`${ROOT}/${WORDS_FILE}`).text());
});
