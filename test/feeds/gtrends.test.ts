import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseTraffic, parseTrendsRss } from "../../src/feeds/gtrends.ts";

const fx = (n: string) => readFileSync(join(import.meta.dir, "../fixtures/feeds", n), "utf8");

describe("parseTraffic", () => {
  test.each([
    ["1000+", 1000],
    ["200,000+", 200000],
    ["200K+", 200000],
    ["2M+", 2000000],
    ["1B+", 1000000000],
    ["1.5M+", 1500000],
    ["50,000+", 50000],
    ["20k+", 20000],
    [" 500+ ", 500],
    ["5000", 5000],
  ])("%p → %p", (s, n) => expect(parseTraffic(s)).toBe(n));

  test.each(["", "+", "lots", "1,00+", "2M++", "K+", "1,5M+", "-3K+", "1e3+"])("%p → null", (s) => expect(parseTraffic(s)).toBeNull());

  test("property: monotone within and across K/M/B suffixes", () => {
    const suf = fc.constantFrom("K", "M", "B");
    const rank = { K: 0, M: 1, B: 2 } as const;
    fc.assert(
      fc.property(fc.nat(100000), fc.nat(100000), suf, suf, (a, b, s, t) => {
        const x = parseTraffic(`${a}${s}+`)!;
        const y = parseTraffic(`${b}${t}+`)!;
        if (a <= b && rank[s] <= rank[t]) expect(x).toBeLessThanOrEqual(y);
        expect(parseTraffic(`${a * 1000}K+`)).toBe(parseTraffic(`${a}M+`));
      }),
    );
  });

  test("property: grouped digits equal the plain number", () => {
    fc.assert(fc.property(fc.nat(2 ** 40), (n) => parseTraffic(`${n.toLocaleString("en-US")}+`) === n && parseTraffic(`${n}+`) === n));
  });
});

describe("parseTrendsRss", () => {
  test("current feed: items, traffic forms, news counts, entities, malformed item", () => {
    const r = parseTrendsRss(fx("gtrends-current.xml"));
    expect(r.skipped).toEqual({ missing_title: 1 });
    expect(r.items.map((i) => [i.query, i.trafficText, i.traffic, i.news.length])).toEqual([
      ["iPhone X", "2M+", 2000000, 3],
      ["Bitcoin Gold", "200K+", 200000, 1],
      ["Equifax breach", "50,000+", 50000, 0],
      ["Pixel 2 XL screen", "1000+", 1000, 1],
      ["AT&T Time Warner", "20K+", 20000, 0],
    ]);
    const first = r.items[0];
    expect(first.geo).toBe("US");
    expect(first.publishedAt).toBe("2017-10-27T07:10:00.000Z");
    expect(first.news[1]).toEqual({
      kind: "news",
      title: "Apple's iPhone X: Face ID, OLED & the $999 question",
      url: "https://www.cnbc.com/2017/10/27/iphone-x-face-id-oled-fixture.html",
      source: "CNBC",
      publishedAt: null,
    });
    expect(r.items[3].news[0].title).toBe('Google investigates Pixel 2 XL "burn-in" reports');
  });

  test("legacy daily feed: escaped <b> and double-escaped apostrophes are cleaned, geo from link", () => {
    const r = parseTrendsRss(fx("gtrends-legacy-daily.xml"));
    expect(r.skipped).toEqual({});
    expect(r.items.map((i) => [i.query, i.traffic, i.geo, i.news.length])).toEqual([
      ["Bitcoin", 200000, "GB", 2],
      ["Equifax", 20000, "GB", 1],
      ["Apple iPhone X", 100000, "GB", 3],
    ]);
    expect(r.items[0].news[0].title).toBe("Bitcoin hits record high above $6,400 as CME plans futures");
    expect(r.items[2].news[0].title).toBe("iPhone X review: Apple's £999 phone is the future");
    expect(r.items[2].news[2].source).toBe("Evening Standard");
  });

  test("geo precedence: hint, then URL, then empty", () => {
    expect(parseTrendsRss(fx("gtrends-current.xml"), "de").items[0].geo).toBe("DE");
    const noLink = fx("gtrends-current.xml").replace(/\?geo=US/g, "");
    expect(parseTrendsRss(noLink).items[0].geo).toBe("");
  });

  test("prefix is taken from the namespace declaration", () => {
    const x = `<rss xmlns:t="https://trends.google.com/trending/rss" version="2.0"><channel><item><title>q</title><t:approx_traffic>5K+</t:approx_traffic>
      <t:news_item><t:news_item_title>n</t:news_item_title><t:news_item_url>ftp://x</t:news_item_url></t:news_item>
      <t:news_item><t:news_item_url>https://x.test/</t:news_item_url></t:news_item></item></channel></rss>`;
    const r = parseTrendsRss(x, "US");
    expect(r.items).toHaveLength(1);
    expect(r.items[0].traffic).toBe(5000);
    expect(r.skipped).toEqual({ news_bad_url: 1, news_missing_title: 1 });
  });

  test("skip reasons for traffic; malformed and non-feed documents", () => {
    const x = `<rss xmlns:ht="https://trends.google.com/trending/rss"><channel>
      <item><title>a</title></item><item><title>b</title><ht:approx_traffic>many</ht:approx_traffic></item></channel></rss>`;
    expect(parseTrendsRss(x).skipped).toEqual({ missing_traffic: 1, bad_traffic: 1 });
    expect(parseTrendsRss(fx("broken.xml"))).toEqual({ items: [], skipped: { malformed_xml: 1 } });
    expect(parseTrendsRss("<html><body/></html>").skipped).toEqual({ not_a_feed: 1 });
  });

  test("property: never throws on arbitrary strings or mutated fixtures", () => {
    const base = fx("gtrends-current.xml");
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.tuple(fc.nat(base.length), fc.nat(200), fc.string()).map(([i, n, s]) => base.slice(0, i) + s + base.slice(i + n))), (s) => {
        const r = parseTrendsRss(s);
        return Array.isArray(r.items) && r.items.every((i) => Number.isFinite(i.traffic));
      }),
      { numRuns: 300 },
    );
  });
});
