/** Markup to plain text (src/rules/markup.ts), used at ingest (feed titles) and on user topics. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { decodeEntities, plainText } from "../../src/rules/markup.ts";

describe("plainText", () => {
  test.each([
    ["<b>iphone</b> x", "iphone x"],
    ["&lt;b&gt;iphone&lt;/b&gt; x", "iphone x"], // Google Trends legacy titles, escaped once
    ["&amp;lt;b&amp;gt;iphone&amp;lt;/b&amp;gt; x", "iphone x"], // and escaped twice: never revealed as <b>
    ["Apple&amp;#39;s i<b>Phone</b> &#x2014; &hellip;", "Apple's iPhone — …"],
    ["line<br/>break", "line break"],
    ["<script>alert(1)</script>text", "text"],
    ["<!-- note -->Title", "Title"],
    ["a < b > c", "a < b > c"], // not a tag
    ["Tom &amp; Jerry", "Tom & Jerry"],
    ["a &unknown; b", "a &unknown; b"],
  ])("%p → %p", (a, b) => expect(plainText(a)).toBe(b));

  test("no HTML tag survives, however often it was escaped (up to the feeds' depth)", () => {
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    fc.assert(
      fc.property(fc.constantFrom("b", "i", "em", "strong", "span", "a href=\"x\"", "br/"), fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 3 }), (tag, text, depth) => {
        const clean = text.replace(/[<>&]/g, "");
        let s = `<${tag}>${clean}</${tag.split(" ")[0].replace("/", "")}>`;
        for (let i = 0; i < depth; i++) s = esc(s);
        const out = plainText(s);
        expect(/<\/?(?:b|i|em|strong|span|a|br)\b/i.test(out)).toBe(false);
        expect(out).toBe(plainText(clean));
      }),
      { numRuns: 500 },
    );
  });

  test("decodeEntities: numeric, named, invalid left verbatim", () => {
    expect(decodeEntities("&#65;&#x42;&eacute;&#0;&#xD800;")).toBe("ABé&#0;&#xD800;");
  });
});

describe("line breaks carried as the characters \\n", () => {
  test.each([
    ["This cat just realised that he's been neutered.. Wait for it \\n\\nNewsflare", "This cat just realised that he's been neutered.. Wait for it | Newsflare"],
    ["Line one\\nLine Two", "Line one | Line Two"],
    ["\\n\\nTitle", "Title"],
    ["C:\\new folder", "C:\\new folder"], // one \n before a lower-case letter is no line break
  ])("%p → %p", (a, b) => expect(plainText(a)).toBe(b));
});
