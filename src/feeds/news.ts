/**
 * News feed parser (RSS 2.0, RSS 1.0/RDF, Atom 1.0) plus the XML/text/date helpers that the
 * Google Trends parser shares; they live here because both feeds are RSS-shaped and the
 * helpers have no other users.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { addSkip, type NewsObs, type ParseResult, type SkipTally } from "./types.ts";
import { decodeEntities, plainText } from "../rules/markup.ts";

export { decodeEntities };

/** Parsed XML element as fast-xml-parser shapes it: a string for text-only leaves, else an object. */
export type XNode = string | { [k: string]: unknown };

const RESERVED = new Set(["constructor", "__proto__", "prototype", "hasOwnProperty", "toString", "valueOf", "isPrototypeOf"]);
/** fast-xml-parser throws on element names like `constructor`; renaming keeps hostile feeds parseable. */
const safeName = (n: string) => (RESERVED.has(n) ? `_${n}` : n);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Entities are decoded by us (decodeEntities) so DOCTYPE-declared entities are never expanded
  // and HTML named entities that feeds leak into XML still come out right.
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  transformTagName: safeName,
  transformAttributeName: safeName,
});

/** A bare `&` (not starting an entity) is the most common well-formedness bug in real feeds. */
const BARE_AMP = /&(?!(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});)/g;

/**
 * Validate then parse. Invalid XML is retried once with bare ampersands escaped; anything still
 * invalid yields null so callers can tally `malformed_xml` instead of trusting a tolerant parse
 * that may have mis-nested elements.
 */
export function parseXmlDoc(text: string): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  let src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (XMLValidator.validate(src) !== true) {
    src = src.replace(BARE_AMP, "&amp;");
    if (XMLValidator.validate(src) !== true) return null;
  }
  try {
    const doc = parser.parse(src);
    return doc && typeof doc === "object" ? (doc as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Repeated elements come back as arrays, single ones as values; callers always want a list. */
export function arr(v: unknown): XNode[] {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v]) as XNode[];
}

export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Raw (undecoded) text content of an element, children included, attributes excluded. */
export function rawText(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map(rawText).join(" ");
  if (isObj(v)) {
    let out = "";
    for (const [k, c] of Object.entries(v)) if (!k.startsWith("@_")) out += (out ? " " : "") + rawText(c);
    return out;
  }
  return "";
}

export function attr(v: unknown, name: string): string | null {
  if (!isObj(v)) return null;
  const a = v[`@_${name}`];
  return typeof a === "string" ? decodeEntities(a) : null;
}

/** Human-readable text of an element: see plainText (tags stripped, entities decoded to a fixed point). */
export function cleanText(v: unknown): string {
  return plainText(rawText(v));
}

export function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

const MONTHS: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };
/** RFC 822 named zones; military single letters are ambiguous per RFC 1123, so only Z is accepted. */
const ZONES: Record<string, number> = { UT: 0, UTC: 0, GMT: 0, Z: 0, EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420 };
const RFC822 = /^(?:[A-Za-z]{3},?\s*)?(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[A-Za-z]{1,4})?$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*([Zz]|[+-]\d{2}:?\d{2})?)?$/;

function build(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number, offMin: number): string | null {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const t = Date.UTC(y, mo, d, h, mi, Math.min(s, 59), ms);
  if (new Date(Date.UTC(y, mo, d)).getUTCDate() !== d) return null; // 31 Feb etc.
  const iso = new Date(t - offMin * 60_000);
  return Number.isNaN(iso.getTime()) ? null : iso.toISOString();
}

/**
 * RFC 822/1123 (RSS pubDate) or RFC 3339 (Atom) → ISO 8601 UTC, else null. Hand-rolled instead
 * of Date.parse because engines accept (and guess at) far more than the specs allow.
 * A zone-less RFC 3339 timestamp is read as UTC.
 */
export function toIsoDate(v: unknown): string | null {
  const s = rawText(v).trim();
  if (!s) return null;
  let m = RFC822.exec(s);
  if (m) {
    const mo = MONTHS[m[2].toLowerCase()];
    if (mo === undefined) return null;
    let y = Number(m[3]);
    if (m[3].length === 2) y += y < 50 ? 2000 : 1900;
    let off = 0;
    const z = m[7];
    if (z && /^[+-]/.test(z)) off = (z[0] === "-" ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5)));
    else if (z) {
      const zo = ZONES[z.toUpperCase()];
      if (zo === undefined) return null;
      off = zo;
    }
    return build(y, mo, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), 0, off);
  }
  m = RFC3339.exec(s);
  if (m) {
    let off = 0;
    const z = m[8];
    if (z && z !== "Z" && z !== "z") {
      const digits = z.replace(":", "");
      off = (z[0] === "-" ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    }
    const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
    return build(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), ms, off);
  }
  return null;
}

/** First child element under any of the given names (prefixed names like `dc:date` included). */
function first(node: unknown, ...names: string[]): XNode | undefined {
  if (!isObj(node)) return undefined;
  for (const n of names) {
    const v = arr(node[n])[0];
    if (v !== undefined) return v;
  }
  return undefined;
}

function pushNews(out: NewsObs[], skipped: SkipTally, title: string, url: string | null, source: string, date: unknown): void {
  if (!title) return addSkip(skipped, "missing_title");
  if (!url) return addSkip(skipped, "missing_link");
  if (!isHttpUrl(url)) return addSkip(skipped, "bad_link");
  out.push({ kind: "news", title, url, source, publishedAt: toIsoDate(date) });
}

function rssLink(item: Record<string, unknown>): string | null {
  const link = cleanText(first(item, "link"));
  if (link) return link;
  // A permalink guid is the item's URL by definition (RSS 2.0 spec), so it is not a guess.
  const guid = first(item, "guid");
  if (guid !== undefined && attr(guid, "isPermaLink") !== "false") return cleanText(guid) || null;
  return null;
}

/** Atom link: rel="alternate" (or no rel, which means alternate), else the first href; resolved against xml:base. */
function atomLink(entry: Record<string, unknown>, base: string | null): string | null {
  const links = arr(entry.link ?? entry["atom:link"]).filter(isObj);
  const alt = links.find((l) => (attr(l, "rel") ?? "alternate") === "alternate" && attr(l, "href")) ?? links.find((l) => attr(l, "href"));
  const href = alt ? attr(alt, "href")?.trim() : null;
  if (!href) return null;
  try {
    return base ? new URL(href, base).href : href;
  } catch {
    return href;
  }
}

export function parseNewsFeed(xml: string): ParseResult<NewsObs> {
  const items: NewsObs[] = [];
  const skipped: SkipTally = {};
  const doc = parseXmlDoc(xml);
  if (!doc) {
    addSkip(skipped, "malformed_xml");
    return { items, skipped };
  }
  const rss = doc.rss ?? doc["rdf:RDF"];
  const feed = doc.feed ?? doc["atom:feed"];
  if (isObj(rss)) {
    const channel = first(rss, "channel");
    const feedTitle = cleanText(first(channel, "title"));
    // RSS 1.0 puts items beside the channel; RSS 2.0 inside it.
    const list = [...arr(isObj(channel) ? channel.item : undefined), ...arr(rss.item)];
    for (const it of list) {
      if (!isObj(it)) {
        addSkip(skipped, "missing_title");
        continue;
      }
      const source = cleanText(first(it, "source")) || feedTitle;
      pushNews(items, skipped, cleanText(first(it, "title")), rssLink(it), source, first(it, "pubDate", "dc:date"));
    }
  } else if (isObj(feed)) {
    const feedTitle = cleanText(first(feed, "title", "atom:title"));
    const feedBase = attr(feed, "xml:base") ?? atomLink(feed, null);
    for (const e of arr(feed.entry ?? feed["atom:entry"])) {
      if (!isObj(e)) {
        addSkip(skipped, "missing_title");
        continue;
      }
      const base = attr(e, "xml:base") ?? (feedBase && isHttpUrl(feedBase) ? feedBase : null);
      const source = cleanText(first(first(e, "source", "atom:source"), "title", "atom:title")) || feedTitle;
      // publishedAt means first publication, so `published` wins over `updated` when both exist.
      const date = first(e, "published", "atom:published") ?? first(e, "updated", "atom:updated");
      pushNews(items, skipped, cleanText(first(e, "title", "atom:title")), atomLink(e, base), source, date);
    }
  } else {
    addSkip(skipped, "not_a_feed");
  }
  return { items, skipped };
}
