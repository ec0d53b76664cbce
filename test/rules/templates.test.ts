/**
 * Hook templates and topic sanitising (src/rules/templates.ts; docs/rules.md "Hook rescue and
 * grade"): the topic goes in as plain text (NFKC, control/format/invisible characters and markup
 * brackets removed, ≤ 80 chars); templates are deterministic and each carries its own pattern; the
 * hook-rescue selection (≤ 5 hooks, strongest first, each carrying its pattern) on random inputs.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { TEMPLATES, TOPIC_MAX, applyTemplate, safeTopic } from "../../src/rules/templates.ts";
import { titlePatterns } from "../../src/rules/structure.ts";
import { HOOKS_MAX } from "../../src/api/hook-rescue.ts";

/** Characters that must never reach a hook from the topic. */
const CONTROL = [0x00, 0x07, 0x08, 0x0b, 0x1b, 0x7f, 0x85, 0x9f];
const ZERO_WIDTH = [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x034f, 0x00ad, 0x180e, 0x2061, 0x2064];
const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];
const FILLERS = [0x3164, 0x115f, 0x1160, 0xffa0, 0xfe0f, 0xfe00, 0xe0041, 0xe007f, 0x1d173];
const SEPARATORS = [0x2028, 0x2029];
const BAD_CPS = [...CONTROL, ...ZERO_WIDTH, ...BIDI, ...FILLERS, ...SEPARATORS];
const BAD_RE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
const MARKUP = ["<script>", "</script>", "<img src=x onerror=alert(1)>", "{{7*7}}", "[link](javascript:alert(1))", "`rm -rf`", "\\u003cscript\\u003e", "＜script＞", "﹤b﹥"];

const word = fc.constantFrom("iPhone", "X", "keto", "diet", "bitcoin", "price", "the", "stock", "market", "AI", "2017", "東京", "café", "naïve", "Ｆｕｌｌｗｉｄｔｈ", "😀", "👨‍👩‍👧");
const dirtyTopic = fc
  .array(fc.oneof({ weight: 4, arbitrary: word }, fc.constantFrom(...BAD_CPS).map((c) => String.fromCodePoint(c)), fc.constantFrom(...MARKUP), fc.constantFrom(" ", "  ", "\t", "\n", "\u00a0", "\u3000", "-", "!", "?", ":", "|")), { minLength: 1, maxLength: 30 })
  .map((ps) => ps.join(""));
const anyTopic = fc.oneof(dirtyTopic, fc.string({ maxLength: 150 }), fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 130 }).map((cs) => String.fromCodePoint(...cs)));

const PATTERNS = Object.keys(TEMPLATES);
const year = fc.integer({ min: 2000, max: 2040 });

describe("safeTopic", () => {
  test("no control, format, zero-width or other invisible characters; no markup brackets; ≤ 80 chars; trimmed; NFKC; well-formed", () => {
    fc.assert(
      fc.property(anyTopic, (s) => {
        const t = safeTopic(s);
        expect(BAD_RE.test(t)).toBe(false);
        expect(/[<>{}[\]`\\]/.test(t)).toBe(false);
        expect(t.length).toBeLessThanOrEqual(TOPIC_MAX);
        expect(t).toBe(t.trim());
        expect(/\s\s/.test(t)).toBe(false);
        expect(t.normalize("NFKC")).toBe(t);
        // (an HTTP query cannot carry a lone surrogate; from well-formed text we must not make one)
        if (s.isWellFormed()) expect(t.isWellFormed()).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  test("idempotent, and keeps ordinary topics as they are", () => {
    fc.assert(
      fc.property(anyTopic, (s) => {
        expect(safeTopic(safeTopic(s))).toBe(safeTopic(s));
      }),
      { numRuns: 1000 },
    );
    for (const t of ["iPhone X", "keto diet", "Bitcoin Gold fork", "東京 2017", "café au lait"]) expect(safeTopic(t)).toBe(t);
  });

  test("a long topic is cut to at most 80 chars at a word boundary, never inside a surrogate pair", () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    const t = safeTopic(long);
    expect(t.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(t)).toBe(true);
    expect(long[t.length]).toBe(" ");
    const emoji = "a".repeat(79) + "😀" + "tail";
    expect(safeTopic(emoji).isWellFormed()).toBe(true);
  });

  test("examples: markup and hidden characters become plain separators", () => {
    expect(safeTopic("<script>alert(1)</script> iphone")).toBe("script alert(1) /script iphone");
    expect(safeTopic("iph\u200Bone\u202E x")).toBe("iph one x");
    expect(safeTopic("ｉｐｈｏｎｅ＜ｘ＞")).toBe("iphone x");
    expect(safeTopic("keto\u034F diet\u3164!")).toBe("keto diet");
    expect(safeTopic("\u200B\u200C\u2060")).toBe("");
  });
});

describe("applyTemplate", () => {
  test("the topic never leaks control/invisible characters or markup into the hook; deterministic", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PATTERNS), anyTopic, year, (p, s, y) => {
        const h = applyTemplate(p, s, y);
        expect(applyTemplate(p, s, y)).toBe(h);
        if (h === null) return expect(safeTopic(s)).toBe("");
        expect(BAD_RE.test(h)).toBe(false);
        expect(h.toLowerCase()).not.toContain("<script");
        expect(/[<>{}`\\]/.test(h)).toBe(false);
        // square brackets only as far as the template itself writes them
        const own = TEMPLATES[p]!("t", y);
        expect(h.split("[").length).toBe(own.split("[").length);
        expect(h.split("]").length).toBe(own.split("]").length);
        expect(h).toContain(safeTopic(s));
        if (s.isWellFormed()) expect(h.isWellFormed()).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  test("unknown pattern or empty topic → null", () => {
    expect(applyTemplate("hook:nope", "iPhone X", 2017)).toBeNull();
    expect(applyTemplate("hook:question", " \u200B <> ", 2017)).toBeNull();
  });

  test("every template carries its own pattern for ordinary topics (no dead template)", () => {
    const topics = ["iPhone X", "keto diet", "bitcoin price", "the stock market", "machine learning", "startup founders", "Super Mario Odyssey", "AI"];
    const dead: string[] = [];
    for (const p of PATTERNS) {
      const ok = topics.filter((t) => titlePatterns(applyTemplate(p, t, 2017)!).includes(p)).length;
      if (ok < topics.length) dead.push(`${p} (${ok}/${topics.length}): ${applyTemplate(p, topics[0], 2017)} → ${titlePatterns(applyTemplate(p, topics[0], 2017)!).join(",")}`);
    }
    expect(dead).toEqual([]);
  });
});

/** The hook-rescue selection of src/api/hook-rescue.ts, over a given ranked pattern list. */
function rescue(patterns: string[], topic: string, y: number) {
  const hooks: { text: string; pattern: string }[] = [];
  for (const p of patterns) {
    if (hooks.length >= HOOKS_MAX) break;
    const text = applyTemplate(p, topic, y);
    if (!text || !titlePatterns(text).includes(p)) continue;
    hooks.push({ text, pattern: p });
  }
  return hooks;
}

describe("hook-rescue selection on random pattern lists", () => {
  test("≤ 5 hooks, each carrying its pattern, in the given (strength) order, each pattern once", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...PATTERNS), { maxLength: PATTERNS.length }), anyTopic, year, (ps, topic, y) => {
        const hooks = rescue(ps, topic, y);
        expect(hooks.length).toBeLessThanOrEqual(5);
        expect(new Set(hooks.map((h) => h.pattern)).size).toBe(hooks.length);
        let last = -1;
        for (const h of hooks) {
          expect(titlePatterns(h.text)).toContain(h.pattern);
          const i = ps.indexOf(h.pattern);
          expect(i).toBeGreaterThan(last);
          last = i;
        }
        // nothing carrying its pattern was skipped before the list filled up
        if (hooks.length < 5) for (const p of ps) if (!hooks.some((h) => h.pattern === p)) { const t = applyTemplate(p, topic, y); expect(t === null || !titlePatterns(t).includes(p)).toBe(true); }
      }),
      { numRuns: 1500 },
    );
  });
});
