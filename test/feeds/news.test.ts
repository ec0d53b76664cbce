import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanText, parseNewsFeed, toIsoDate } from "../../src/feeds/news.ts";

const fx = (n: string) => readFileSync(join(import.meta.dir, "../fixtures/feeds", n), "utf8");

describe("parseNewsFeed: RSS 2.0", () => {
  const r = parseNewsFeed(fx("news-rss.xml"));
  test("valid items kept, linkless and non-http items skipped by reason", () => {
    expect(r.items).toHaveLength(4);
    expect(r.skipped).toEqual({ missing_link: 1, bad_link: 1 });
  });
  test("field mapping: <source> outlet, RFC 822 date → ISO", () => {
    expect(r.items[0]).toEqual({
      kind: "news",
      title: "Bitcoin tops $6,000 for the first time, doubling since August - CNBC",
      url: "https://www.cnbc.com/2017/10/20/bitcoin-tops-6000-fixture.html",
      source: "CNBC",
      publishedAt: "2017-10-20T16:47:00.000Z",
    });
    expect(r.items[1].publishedAt).toBe("2017-10-03T14:15:00.000Z");
    expect(r.items[1].title).toContain('145.5 million records & "unacceptable"');
  });
  test("no <source> → channel title; unparseable date → null (item kept)", () => {
    expect(r.items[2].source).toBe('"bitcoin OR equifax" - Google News');
    expect(r.items[2].publishedAt).toBeNull();
  });
  test("permalink guid stands in for a missing link; dc:date accepted", () => {
    expect(r.items[3].url).toBe("https://www.bloomberg.com/news/articles/2017-10-25/iphone-x-supply-fixture");
    expect(r.items[3].title).toBe("Apple’s iPhone X supply tightens ahead of Nov. 3 launch – Bloomberg");
    expect(r.items[3].publishedAt).toBe("2017-10-25T12:30:00.000Z");
  });
});

describe("parseNewsFeed: Atom", () => {
  const r = parseNewsFeed(fx("news-atom.xml"));
  test("entries, skips and link choice", () => {
    expect(r.skipped).toEqual({ missing_title: 1 });
    expect(r.items.map((i) => i.url)).toEqual([
      "https://www.theverge.com/2017/10/31/iphone-x-review-fixture",
      "https://www.theverge.com/2017/10/27/super-mario-odyssey-review-fixture",
      "https://www.theverge.com/2017/10/30/equifax-site-vulnerable-fixture",
      "https://www.engadget.com/2017/10/24/bitcoin-gold-ddos-fixture/",
    ]);
  });
  test("published wins over updated; RFC 3339 offsets and fractions normalised", () => {
    expect(r.items.map((i) => i.publishedAt)).toEqual([
      "2017-10-31T13:00:02.000Z",
      "2017-10-27T13:00:00.000Z",
      "2017-10-30T13:15:00.123Z",
      "2017-10-24T17:02:00.000Z",
    ]);
  });
  test("html titles stripped and decoded; source/title overrides feed title", () => {
    expect(r.items[1].title).toBe("Super Mario Odyssey review: Nintendo’s best 3D Mario in years");
    expect(r.items.map((i) => i.source)).toEqual(["The Verge - Tech Posts", "The Verge - Tech Posts", "The Verge - Tech Posts", "Engadget"]);
  });
});

describe("parseNewsFeed: bad input", () => {
  test("malformed XML → malformed_xml, not a throw", () => {
    expect(parseNewsFeed(fx("broken.xml"))).toEqual({ items: [], skipped: { malformed_xml: 1 } });
    expect(parseNewsFeed("").skipped).toEqual({ malformed_xml: 1 });
  });
  test("well-formed non-feed → not_a_feed", () => {
    expect(parseNewsFeed("<html><head/></html>").skipped).toEqual({ not_a_feed: 1 });
  });
  test("bare ampersands (common real-world bug) are repaired, not fatal", () => {
    const x = `<rss><channel><title>T</title><item><title>AT&T earnings</title><link>https://x.test/a?b=1&c=2</link></item></channel></rss>`;
    const r = parseNewsFeed(x);
    expect(r.items).toEqual([{ kind: "news", title: "AT&T earnings", url: "https://x.test/a?b=1&c=2", source: "T", publishedAt: null }]);
  });
  test("reserved element names do not break parsing; DOCTYPE entities are not expanded", () => {
    const x = `<!DOCTYPE rss [<!ENTITY boom "BOOM">]><rss><channel><constructor/><item><title>&boom; x</title><link>https://x.test/</link><__proto__>p</__proto__></item></channel></rss>`;
    const r = parseNewsFeed(x);
    expect(r.items[0].title).toBe("&boom; x");
  });
  test("RSS 1.0 (RDF) items beside the channel", () => {
    const x = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>Slashdot</title></channel><item><title>t</title><link>http://s.test/1</link><dc:date>2017-10-20T10:00:00+00:00</dc:date></item></rdf:RDF>`;
    expect(parseNewsFeed(x).items).toEqual([{ kind: "news", title: "t", url: "http://s.test/1", source: "Slashdot", publishedAt: "2017-10-20T10:00:00.000Z" }]);
  });
  test("property: never throws on arbitrary strings or mutated fixtures", () => {
    const bases = [fx("news-rss.xml"), fx("news-atom.xml")];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(fc.constantFrom(...bases), fc.nat(6000), fc.nat(100), fc.string()).map(([b, i, n, s]) => b.slice(0, i % b.length) + s + b.slice((i % b.length) + n)),
        ),
        (s) => {
          const r = parseNewsFeed(s);
          return r.items.every((i) => /^https?:\/\//i.test(i.url) && i.title.length > 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("toIsoDate", () => {
  test.each([
    ["Fri, 20 Oct 2017 16:47:00 GMT", "2017-10-20T16:47:00.000Z"],
    ["Fri, 27 Oct 2017 00:10:00 -0700", "2017-10-27T07:10:00.000Z"],
    ["Wed, 25 Oct 2017 20:00:00 PDT", "2017-10-26T03:00:00.000Z"],
    ["25 Oct 17 20:00 EST", "2017-10-26T01:00:00.000Z"],
    ["2017-10-30T09:15:00.123-04:00", "2017-10-30T13:15:00.123Z"],
    ["2017-10-31T13:00:01Z", "2017-10-31T13:00:01.000Z"],
    ["2017-10-31", "2017-10-31T00:00:00.000Z"],
  ])("%p → %p", (s, iso) => expect(toIsoDate(s)).toBe(iso));
  test.each(["", "yesterday", "31 Feb 2017 10:00:00 GMT", "2017-13-01T00:00:00Z", "Fri, 20 Oct 2017 16:47:00 XYZ", "2017-10-31T25:00:00Z"])("%p → null", (s) =>
    expect(toIsoDate(s)).toBeNull(),
  );
});

test("cleanText decodes numeric and named entities once per escaping level", () => {
  expect(cleanText("Apple&amp;#39;s &lt;b&gt;iPhone&lt;/b&gt; &#x2014; &hellip;")).toBe("Apple's iPhone — …");
  expect(cleanText("a &unknown; b")).toBe("a &unknown; b");
});
