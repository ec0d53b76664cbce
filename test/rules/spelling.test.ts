/**
 * Likely misspellings (src/rules/spelling.ts): a hook or rewrite never repeats a source's typo. The words are the ones the
 * rule finds over every title of both vaults, and the names it must leave alone (each a false alarm of a looser rule,
 * docs/rules.md "Hook rescue and grade", session 12).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { MISSPELT_MIN, englishWord, misspelling } from "../../src/rules/spelling.ts";
import { TEMPLATE_PATTERNS, hookText } from "../../src/rules/templates.ts";
import { subjectFromText, topicSubject } from "../../src/rules/rewrite.ts";
import { Engine } from "../../src/engine/engine.ts";
import { gradeContext } from "../../src/engine/service.ts";
import { grade } from "../../src/rules/grade.ts";
import { hookRescue } from "../../src/api/hook-rescue.ts";
import { log } from "../../src/log.ts";

describe("misspelling", () => {
  test.each([
    ["Hurricane Irma Now a Category 3, Could 'Re-Engergize' to Category 4 | MSNBC", "Engergize"],
    ["Unbelieveable AIRBUS A380 HARD CROSSWIND LANDING during a STORM at Düsseldorf", "Unbelieveable"],
    ["We Built This - Musical Performance from black-ish Season 4 Premeire", "Premeire"],
    ["You Know How This Will End, But It's Still Mesmorizing Watching It Happen", "Mesmorizing"],
  ])("%s → %s", (text, word) => {
    expect(misspelling(text)).toBe(word);
  });

  test.each([
    // Names one letter changed or added at the end from a word, or after a given name.
    "Rogers 6047 Additron",
    "How to Build a Teleporter with Aliens",
    "The Constitution of the Spartans",
    "Black Mirror: San Junipero",
    "Andrew Garfield Says the World Doesn't Need Movie Stars",
    // Proper nouns whose only neighbours are obscure words ("cotland", "columbous").
    "Oh, So In Scotland They Actually Don't",
    "1492: Columbus Sailed An Ocean Blue",
    // Short names one letter from words.
    "Girls on Boys by Galantis & Rozes",
    "Krack Attacks",
    // Plain English, inflected.
    "Unbelievable Crosswind Landings, Reenergized and Remembering",
  ])("%s → none", (text) => {
    expect(misspelling(text)).toBeNull();
  });

  test("a word the story tags, two channels write, or a title styles in capitals is vouched for", () => {
    expect(misspelling("Carli Bybel x Missguided Fall Collection Reveal")).toBe("Missguided");
    expect(misspelling("Carli Bybel x Missguided Fall Collection Reveal", new Set(["missguided"]))).toBeNull();
    expect(misspelling("Automatica", new Set(), ["AUTOMATICA 4k - Robots Vs. Music - Nigel Stanford"])).toBeNull();
  });

  test("a word of the lists is never a misspelling; a letter doubled inside a long common word is (unless that is a word)", () => {
    const common = fc.constantFrom("unbelievable", "energize", "premiere", "information", "beautiful", "yesterday", "together", "mountains", "hurricane", "landing");
    fc.assert(
      fc.property(common, fc.nat(), (w, k) => {
        expect(misspelling(w)).toBeNull();
        expect(misspelling(w[0].toUpperCase() + w.slice(1))).toBeNull();
        const at = 1 + (k % (w.length - 2)); // inside: never the first or the last letter
        const typo = w.slice(0, at) + w[at] + w.slice(at);
        if (typo.length >= MISSPELT_MIN && !englishWord(typo)) expect(misspelling(`The ${typo} Story`)).toBe(typo);
      }),
    );
  });
});

describe("no hook or rewrite repeats a typo", () => {
  const rw = (draft: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, subjectFromText(draft, {}), 2017, "rewrite")).filter(Boolean);
  const hooks = (topic: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(topic, {}), 2017)).filter(Boolean);
  test("a typo'd draft or topic gets none; the same text spelled right gets some", () => {
    expect(rw("Hurricane Irma Now a Category 3, Could 'Re-Engergize' to Category 4")).toEqual([]);
    expect(rw("Hurricane Irma Now a Category 3, Could 'Re-Energize' to Category 4").length).toBeGreaterThan(0);
    expect(hooks("unbelieveable airbus a380 hard crosswind landing")).toEqual([]);
    expect(hooks("unbelievable airbus a380 hard crosswind landing").length).toBeGreaterThan(0);
  });

  test("demo vault: the MSNBC draft gets no rewrite, its story no hook with the typo; a tagged brand keeps its rewrites", () => {
    log.setQuiet(true);
    const e = new Engine(`${import.meta.dir}/../../snapshots`);
    e.refresh();
    const snap = e.current!;
    const now = Date.parse(snap.body.date + "T12:00:00Z");
    const ctx = gradeContext(snap, now);
    const draft = snap.body.videos.find((v) => v.title.includes("Re-Engergize"))!.title;
    expect(grade(draft, ctx).rewrites).toEqual([]);
    const r = hookRescue.handle!({ topic: "hurricane irma now a category 3, could 're-engergize'" }, { snap, now }).data as { hooks: { text: string }[] };
    for (const h of r.hooks) expect(h.text).not.toMatch(/Engergize/i);
    const brand = snap.body.videos.find((v) => /MISSGUIDED/.test(v.title))!.title;
    expect(grade(brand, ctx).rewrites.length).toBeGreaterThan(0);
  });
});
