/**
 * Rewrites (src/rules/rewrite.ts): the draft's subject is extracted and reframed, never the whole
 * draft wrapped in a template; casing from the matched story; tone from the whole draft.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { draftSubject, rewriteSubject, rewriteText } from "../../src/rules/rewrite.ts";
import { HOOK_MAX, TEMPLATE_PATTERNS } from "../../src/rules/templates.ts";
import { titlePatterns } from "../../src/rules/structure.ts";

describe("draftSubject", () => {
  test.each([
    ["Google Pixel 2 review after one week", "Google Pixel 2", "after a week"],
    ["I tried the iPhone X for 7 days", "the iPhone X", "after 7 days"],
    ["iphone x review", "iphone x", ""],
    ["Is the Nintendo Switch worth it?", "the Nintendo Switch", ""],
    ["Why everyone is wrong about keto", "keto", ""],
    ["7 things nobody tells you about the keto diet", "the keto diet", ""],
    ["Review: Super Mario Odyssey", "Super Mario Odyssey", ""],
    ["Tom Walker - Leave a Light On (Official Video)", "Tom Walker", ""],
    ["Life of Kylie Recap Season 1, Ep.7 | E!", "Life of Kylie", ""],
    ["iphone x battery just changed!", "iphone x battery", ""],
    ["Google Pixelbook first look", "Google Pixelbook", ""],
    ["Dog accidentally pushes owner off boat", "Dog accidentally pushes owner off boat", ""],
    ["I Dressed Like It Was 1987", "I Dressed Like It Was 1987", ""],
    ["My Friend Dahmer", "My Friend Dahmer", ""],
  ])("%p → %p (%p)", (d, subject, span) => expect(draftSubject(d)).toEqual({ subject, span }));
});

describe("rewriteText", () => {
  test("the issue's drafts: the subject is kept and reframed, never wrapped whole", () => {
    const ctx = { year: 2017, storyName: "Google Pixel 2" };
    const outs = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Google Pixel 2 review after one week", ctx)).filter((x): x is string => !!x);
    expect(outs.length).toBeGreaterThan(10);
    for (const o of outs) {
      expect(o).toContain("Google Pixel 2");
      expect(o.toLowerCase()).not.toContain("review after one week");
      expect(o).not.toMatch(/Google Pixel 2 review after one week/i);
    }
    expect(outs).toContain("Is the Google Pixel 2 Worth It After a Week?");
    expect(outs).toContain("My Experience With the Google Pixel 2 After a Week");
  });

  test("casing from the matched story's name", () => {
    expect(rewriteSubject("iphone x review", { year: 2017, storyName: "iPhone X" }).text).toBe("iPhone X");
    expect(rewriteText("struct:colon_split", "iphone x review", { year: 2017, storyName: "iPhone X" })).toContain("iPhone X");
  });

  test("a tragedy in a light-hearted draft gets only respectful rewrites", () => {
    for (const p of TEMPLATE_PATTERNS) {
      const r = rewriteText(p, "Is hurricane irma actually worth it?", { year: 2017 });
      if (r) expect(r).not.toMatch(/worth|I tried|I was wrong|!|hack/i);
    }
  });

  const FRAMES = ["{s} review", "I tried {s} for a week", "Is {s} worth it?", "{s} review after one week", "7 things nobody tells you about {s}", "{s} unboxing", "Why I was wrong about {s}", "{s} | full review", "{s} (official video)"];
  const SUBJECTS = ["iPhone X", "Google Pixel 2", "Nintendo Switch", "keto diet", "Bitcoin", "Taylor Swift", "Las Vegas shooting", "Hurricane Irma", "Super Mario Odyssey", "cold brew"];
  test("property: ≤ 100 chars, carries the pattern, keeps the subject (case-insensitively), drops the draft's framing, no markup, no doubled spaces", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FRAMES), fc.constantFrom(...SUBJECTS), fc.constantFrom(...TEMPLATE_PATTERNS), fc.constantFrom("", "<b>", "&amp;"), (f, s, p, junk) => {
        const draft = f.replace("{s}", junk + s);
        const r = rewriteText(p, draft, { year: 2017 });
        if (r === null) return;
        expect([...r].length).toBeLessThanOrEqual(HOOK_MAX);
        expect(titlePatterns(r)).toContain(p);
        expect(r.toLowerCase()).toContain(s.toLowerCase());
        expect(r.toLowerCase()).not.toContain(draft.toLowerCase()); // never the whole draft
        expect(/[<>]|&amp;|\s\s/.test(r)).toBe(false);
        expect(/^\p{Ll}/u.test(r) && !/^i[A-Z]/.test(r)).toBe(false); // lower case only in a brand's own spelling ("iPhone X: …")
        expect(rewriteText(p, draft, { year: 2017 })).toBe(r);
      }),
      { numRuns: 3000 },
    );
  });
});

// From US reading 327 (session 9): "9/24 Fans Are Burning Their NFL Season Tickets on Social Media: What Do You Think?".
test("a month/day opening a title dates the upload, not the subject; 9/11 is a name", () => {
  expect(rewriteSubject("✅ 9/24 Fans are Burning their NFL Season Tickets on Social Media #DNN", { year: 2017 }).text).toMatch(/^Fans Are Burning/);
  expect(draftSubject("9/11 Memorial Museum Opens Its Doors").subject).toMatch(/^9\/11 Memorial/);
  expect(draftSubject("24/7 Coverage of the Storm").subject).toMatch(/^24\/7/); // no month 24
});
