/**
 * Google Trends "trending searches" RSS. Two generations share one shape:
 * - current: xmlns:ht="https://trends.google.com/trending/rss"
 * - legacy daily: xmlns:ht="https://trends.google.com/trends/trendingsearches/daily"
 * The `ht` prefix is looked up from the namespace declaration rather than assumed, so a feed
 * that rebinds the prefix still parses.
 */
import { addSkip, type NewsObs, type ParseResult, type SearchObs, type SkipTally } from "./types.ts";
import { arr, attr, cleanText, isHttpUrl, isObj, parseXmlDoc, rawText, toIsoDate } from "./news.ts";

export const TRENDS_NAMESPACES = [
  "https://trends.google.com/trending/rss",
  "https://trends.google.com/trends/trendingsearches/daily",
] as const;

const MULT: Record<string, number> = { "": 1, K: 1e3, M: 1e6, B: 1e9 };

/**
 * Traffic bucket text → its lower bound. Accepts `1000+`, `200,000+`, `200K+`, `1.5M+`, `1B+`
 * (the `+` optional, case-insensitive suffix). Anything else is null rather than a guess, since a
 * misread bucket would silently skew search volume.
 */
export function parseTraffic(text: string): number | null {
  if (typeof text !== "string") return null;
  const s = text.replace(/[\s\u00a0]/g, "").replace(/\+$/, "");
  const grouped = /^\d{1,3}(?:,\d{3})+$/.test(s);
  const m = grouped ? null : /^(\d+(?:\.\d+)?)([kKmMbB]?)$/.exec(s);
  if (!grouped && !m) return null;
  const n = grouped ? Number(s.replace(/,/g, "")) : Number(m![1]) * MULT[m![2].toUpperCase()];
  return Number.isFinite(n) ? Math.round(n) : null;
}

/** Geo code from a `geo=XX` (or `geo=US-CA`) URL parameter, upper-cased. */
function geoFromUrl(url: string | null): string | null {
  const m = url ? /[?&#]geo=([A-Za-z]{2}(?:-[A-Za-z0-9]{1,3})?)(?:[&#]|$)/.exec(url) : null;
  return m ? m[1].toUpperCase() : null;
}

/** Prefix bound to a Trends namespace on <rss> (or <channel>), defaulting to the conventional `ht`. */
function trendsPrefix(...nodes: unknown[]): string {
  for (const n of nodes) {
    if (!isObj(n)) continue;
    for (const [k, v] of Object.entries(n)) {
      if (k.startsWith("@_xmlns:") && typeof v === "string" && (TRENDS_NAMESPACES as readonly string[]).includes(v.replace(/\/+$/, ""))) {
        return k.slice("@_xmlns:".length);
      }
    }
  }
  return "ht";
}

function newsItems(nodes: unknown[], p: string, skipped: SkipTally): NewsObs[] {
  const out: NewsObs[] = [];
  for (const n of nodes) {
    const title = isObj(n) ? cleanText(n[`${p}:news_item_title`]) : "";
    const url = isObj(n) ? cleanText(n[`${p}:news_item_url`]) : "";
    if (!title) addSkip(skipped, "news_missing_title");
    else if (!isHttpUrl(url)) addSkip(skipped, url ? "news_bad_url" : "news_missing_url");
    else {
      const source = isObj(n) ? cleanText(n[`${p}:news_item_source`]) : "";
      // Trends news items carry no date of their own; the trend's pubDate is not the article's.
      out.push({ kind: "news", title, url, source, publishedAt: null });
    }
  }
  return out;
}

/**
 * Geo precedence: `geoHint` (the caller knows which geo it requested) → `geo=` in the channel's
 * link/atom:link/item link → "". An empty geo is kept rather than guessing "US".
 */
export function parseTrendsRss(xml: string, geoHint?: string): ParseResult<SearchObs> {
  const items: SearchObs[] = [];
  const skipped: SkipTally = {};
  const doc = parseXmlDoc(xml);
  const rss = doc?.rss;
  const channel = isObj(rss) ? arr(rss.channel)[0] : undefined;
  if (!doc) addSkip(skipped, "malformed_xml");
  else if (!isObj(channel)) addSkip(skipped, "not_a_feed");
  if (!isObj(rss) || !isObj(channel)) return { items, skipped };

  const p = trendsPrefix(rss, channel);
  const urls = [
    ...arr(channel.link).map(rawText),
    ...arr(channel["atom:link"]).map((l) => attr(l, "href") ?? ""),
    ...arr(channel.item).map((i) => (isObj(i) ? rawText(arr(i.link)[0]) : "")),
  ];
  const hint = geoHint?.trim().toUpperCase();
  const geo = hint || urls.map(geoFromUrl).find((g) => g) || "";

  for (const it of arr(channel.item)) {
    if (!isObj(it)) {
      addSkip(skipped, "missing_title");
      continue;
    }
    const query = cleanText(it.title);
    const trafficText = cleanText(it[`${p}:approx_traffic`]);
    const traffic = parseTraffic(trafficText);
    if (!query) addSkip(skipped, "missing_title");
    else if (!trafficText) addSkip(skipped, "missing_traffic");
    else if (traffic === null) addSkip(skipped, "bad_traffic");
    else {
      const news = newsItems(arr(it[`${p}:news_item`]), p, skipped);
      items.push({ kind: "search", query, trafficText, traffic, geo, publishedAt: toIsoDate(arr(it.pubDate)[0]), news });
    }
  }
  return { items, skipped };
}
