/**
 * Sniff a raw feed body's kind from its content, so files can be re-ingested without trusting
 * their names. This only classifies; well-formedness is the parsers' job (a truncated RSS file is
 * still "news" and its parser reports `malformed_xml`).
 */

export type FeedKind = "youtube" | "gtrends" | "news" | "unknown";

const TRENDS_NS = /xmlns:[\w.-]+\s*=\s*["']https:\/\/trends\.google\.com\/(?:trending\/rss|trends\/trendingsearches\/daily)\/?["']/;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function detectJson(text: string): FeedKind {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return "unknown";
  }
  if (!isObj(doc)) return "unknown";
  if (doc.kind === "youtube#videoListResponse") return "youtube";
  const items = doc.items;
  if (Array.isArray(items) && items.some((i) => isObj(i) && isObj(i.snippet) && isObj(i.statistics))) return "youtube";
  return "unknown";
}

/** Name of the root element, skipping the XML declaration, comments, PIs and DOCTYPE. */
function rootElement(text: string): string | null {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith("<?", i)) i = text.indexOf("?>", i);
    else if (text.startsWith("<!--", i)) i = text.indexOf("-->", i);
    else if (/^<!DOCTYPE/i.test(text.slice(i, i + 9))) {
      const close = text.indexOf(">", i);
      const open = text.indexOf("[", i);
      i = open >= 0 && (close < 0 || open < close) ? text.indexOf("]", open) : close;
    }
    else break;
    if (i < 0) return null;
    i = text.indexOf(">", i) + 1;
  }
  const m = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)/.exec(text.slice(i, i + 200));
  return m ? m[1] : null;
}

export function detectFeedKind(text: string): FeedKind {
  if (typeof text !== "string") return "unknown";
  const t = text.replace(/^\uFEFF/, "").trimStart();
  if (t.startsWith("{") || t.startsWith("[")) return detectJson(t);
  if (!t.startsWith("<")) return "unknown";
  const root = rootElement(t)?.toLowerCase();
  if (root === "rss") return TRENDS_NS.test(t) ? "gtrends" : "news";
  if (root === "feed" || root === "atom:feed" || root === "rdf:rdf") return "news";
  return "unknown";
}
