/**
 * Markup to plain text, shared by ingest (feed titles: news RSS/Atom, Google Trends, whose legacy
 * titles carry escaped `<b>` and double-escaped apostrophes) and by the text generators (a user may
 * paste such a title as a topic). Pure; lives in rules so both the feed parsers and the templates can
 * use it without either importing the other.
 */

const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", hellip: "…", mdash: "—", ndash: "–",
  lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", laquo: "«", raquo: "»", bull: "•", middot: "·",
  copy: "©", reg: "®", trade: "™", euro: "€", pound: "£", yen: "¥", cent: "¢", deg: "°", times: "×",
  eacute: "é", egrave: "è", aacute: "á", agrave: "à", iacute: "í", oacute: "ó", uacute: "ú",
  ntilde: "ñ", ccedil: "ç", auml: "ä", ouml: "ö", uuml: "ü", szlig: "ß",
};

/** Decode XML and common HTML character references; unknown names are left verbatim. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (m, e: string) => {
    if (e[0] === "#") {
      const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : m;
    }
    return NAMED[e] ?? m;
  });
}

/** HTML element names: only these make a tag, so "<x>" or "a < b > c" in a topic stay text. */
const HTML = new Set(
  ("a abbr article aside audio b big blockquote body br button caption center cite code col dd del details div dl dt em embed " +
    "figcaption figure font footer form h1 h2 h3 h4 h5 h6 head header hr html i iframe img input ins kbd label li link main mark " +
    "meta nav noscript object ol option p picture pre q s samp script section select small source span strike strong style sub " +
    "summary sup svg table tbody td template textarea tfoot th thead time title tr tt u ul var video wbr").split(" "),
);
/** Elements whose content is never text ("<script>alert(1)</script>" leaves nothing). */
const DROP_RE = /<(script|style|noscript|template)\b[^<>]*>[\s\S]*?<\/\1\s*>/gi;
/** An HTML tag or comment (`<b>`, `</b>`, `<br/>`, `<a href=…>`, `<!-- … -->`). */
const TAG_RE = /<!--[\s\S]*?-->|<\/?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?\/?>/g;
/** Tags that format inside a word ("i<b>Phone</b>") vanish; any other tag separates words. */
const INLINE = new Set(["b", "i", "em", "strong", "u", "span", "mark", "small", "sup", "sub", "font", "a", "abbr", "s", "strike", "big", "tt"]);
const stripTags = (s: string): string =>
  s.replace(DROP_RE, " ").replace(TAG_RE, (m, name?: string) => {
    if (!name) return " "; // a comment
    const n = name.toLowerCase();
    return HTML.has(n) ? (INLINE.has(n) ? "" : " ") : m;
  });

/** Rounds of decode-then-strip: each round removes one level of escaping; feeds escape at most twice. */
const MAX_ROUNDS = 4;

/**
 * Human-readable text: tags removed, entities decoded, whitespace collapsed. Decoding and stripping
 * alternate until nothing changes, so a tag escaped once or twice (`&lt;b&gt;`, `&amp;lt;b&amp;gt;`)
 * is removed too, not revealed as `<b>`.
 */
export function plainText(s: string): string {
  let t = stripTags(s);
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const next = stripTags(decodeEntities(t));
    if (next === t) break;
    t = next;
  }
  // A line break some feeds carry as the two characters "\n" ("Wait for it \n\nNewsflare") ends a
  // line: it separates what follows (a credit) like a pipe. Two or more in a row, or one before a
  // capital, so a Windows path or a "\n" in code keeps its backslash.
  // At either end it separates nothing.
  t = t.replace(/\s*(?:\\[nr]){2,}\s*|\s*\\n\s*(?=\p{Lu})/gu, (m, at: number, all: string) => (all.slice(0, at).trim() && all.slice(at + m.length).trim() ? " | " : " "));
  return t.replace(/\s+/g, " ").trim();
}
