/**
 * Strict percent-decoding for the request path. Elysia's query parser keeps "%e2%82" or "%ff" as literal
 * text, which then flowed into drafts and echoes (issue 13); badEncoding finds such a component so the
 * pipeline answers 400 invalid_param (after the identity checks, in the documented order) and
 * charges nothing.
 */

function decode(s: string): string | null {
  if (s.indexOf("%") < 0 && s.indexOf("+") < 0) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * The name of the first parameter of `url` whose name or value is not valid percent-encoded UTF-8,
 * or null. The request path reads values from Elysia's own query parser, which keeps such text as
 * it came (issue 13), so this check refuses it first; components without "%" are skipped.
 */
export function badEncoding(url: string): string | null {
  const qi = url.indexOf("?");
  if (qi < 0 || url.indexOf("%", qi) < 0) return null;
  let qs = url.slice(qi + 1);
  const hi = qs.indexOf("#");
  if (hi >= 0) qs = qs.slice(0, hi);
  for (const part of qs.split("&")) {
    if (part.indexOf("%") < 0) continue;
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const name = decode(rawName);
    if (name === null) return rawName;
    if (decode(eq < 0 ? "" : part.slice(eq + 1)) === null) return name;
  }
  return null;
}
