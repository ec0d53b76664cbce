/**
 * How a title's capitals are read (src/rules/shouting.ts), on the examples its rules came from; subjectOf applies
 * them in order (unAlternate → calm → capRuns → recase → shiftTypos → plainShort → plainCaps → Title Case).
 */
import { describe, expect, test } from "bun:test";
import { calm, capRuns, isCommonWord, plainCaps, plainShort, shiftTypos, unAlternate } from "../../src/rules/shouting.ts";

describe("shouting", () => {
  test("calm: a shouted title lowers words with a vowel and short function words; vowel-less acronyms and the film IT stay", () => {
    expect(calm("MEET MY NEW KITTEN")).toBe("meet my new kitten");
    expect(calm("DIY NYFW HAUL")).toContain("NYFW");
    expect(calm("IT PENNYWISE GLAM HALLOWEEN MAKEUP")).toMatch(/^IT /);
    expect(calm("Mixed Case Title")).toBe("Mixed Case Title");
  });
  test("plainShort: short common words in capitals inside mixed case are emphasis; AT&T stays", () => {
    expect(plainShort("Level UP Your Game")).toBe("Level up Your Game");
    expect(plainShort("AT&T Deal")).toBe("AT&T Deal");
  });
  test("plainCaps: emphasis words in capitals are written plainly; acronyms keep theirs", () => {
    expect(plainCaps("Police DOG Attack")).toBe("Police dog Attack");
    expect(plainCaps("NASA Launch")).toBe("NASA Launch");
    expect(isCommonWord("dog")).toBe(true);
    expect(isCommonWord("nasa")).toBe(false);
  });
  test("capRuns: a run of capitals with a long word is one shouted name", () => {
    expect(capRuns("Danielle Bregoli is BHAD BHABIE")).toBe("Danielle Bregoli is Bhad Bhabie");
  });
  test("unAlternate and shiftTypos undo styling and held-Shift typos, not names", () => {
    expect(unAlternate("GeT rEaDy WiTh mE")).toBe("get ready with me");
    expect(unAlternate("iPhone X vs McDonald")).toBe("iPhone X vs McDonald");
    expect(shiftTypos("Isla FIsher")).toBe("Isla Fisher");
    expect(shiftTypos("CQuartz")).toBe("CQuartz");
  });
});

// From US reading 269 (session 8).
test("an accented capital is a letter of its word: 'LÉON' is not 'L' + the short word 'ON'", () => {
  expect(calm("LÉON")).not.toMatch(/LÉon/);
  expect(plainShort("LÉON - I Believe in Us")).toBe("LÉON - I Believe in Us");
  expect(plainShort("Level UP")).toBe("Level up");
  expect(calm("MEET MY NEW KITTEN")).toBe("meet my new kitten");
});
