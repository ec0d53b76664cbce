/**
 * Surface structure of a title ("10 … | Channel", "X vs Y", "(Official Video)"), the second half of a
 * title's pattern ids next to its hook type. Exact rules: docs/rules.md.
 * Unlike the hook, some structures are about case (all_caps_word) and layout, so the raw text is read,
 * capped at MAX_CHARS like the hook classifier.
 */
import { MAX_CHARS, classifyHook } from "./hook.ts";

export const STRUCTURES = [
  "number_led",
  "how_to",
  "versus",
  "question_mark",
  "exclamation",
  "colon_split",
  "pipe_split",
  "dash_split",
  "bracket_tag",
  "year_tag",
  "all_caps_word",
  "first_person",
  "second_person",
  "hashtag",
  "emoji",
] as const;
export type Structure = (typeof STRUCTURES)[number];

const NUMBER_WORDS = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred";

/** One precompiled test per structure; a Record so the compiler insists every structure has a rule. */
const RULES: Record<Structure, RegExp> = {
  number_led: new RegExp(String.raw`^[\s"'“‘(\[#*]*(?:top\s+)?(?:[$€£¥₹]\s?)?(?:\d|(?:${NUMBER_WORDS})(?![\p{L}\p{N}]))`, "iu"),
  how_to: /\bhow[\s-]+to\b|\btutorials?\b|\bstep[\s-]+by[\s-]+step\b/i,
  versus: /\bvs\b|\bversus\b|\sv\.?\s/i,
  question_mark: /[?？¿]/,
  exclamation: /[!！¡]/,
  // Not between two digits (3:30, 4:44) and not a URL scheme; text on both sides.
  colon_split: /(?<=\S\s*):(?!\/\/)(?=\s*\S)(?:(?<!\d:)|(?!\d))/,
  pipe_split: /[|¦ǀ｜•]|\/\//,
  dash_split: /\s[-–—]{1,3}\s|[^\s\d][-–—]{1,3}\s|\s[-–—]{1,3}(?=\p{L})/u,
  bracket_tag: /\(\s*[^\s()][^()]*\)|\[\s*[^\s[\]][^[\]]*\]|\{\s*[^\s{}][^{}]*\}|【\s*[^\s】][^】]*】/,
  year_tag: /(?<![\p{L}\p{N}$€£¥₹.,])(?:19|20)\d\d(?![\p{L}\p{N}%]|,\d)/u,
  all_caps_word: /(?<![\p{L}\p{N}])(?:\p{N}*\p{Lu}){3}[\p{Lu}\p{N}]*(?![\p{L}\p{N}])/u,
  first_person:
    /(?<![\p{L}\p{N}])(?:i['’](?:m|ve|ll|d)|i|im|me|my|myself|we['’](?:re|ve|ll|d)|we|our|ours|ourselves)(?![\p{L}\p{N}]|['’]\p{L})/iu,
  second_person:
    /(?<![\p{L}\p{N}])(?:you['’](?:re|ve|ll|d)|you|youre|your|yours|yourself|yourselves)(?![\p{L}\p{N}]|['’]\p{L})/iu,
  hashtag: /(?<![\p{L}\p{N}&])#[\p{L}\p{N}_]*\p{L}/u,
  emoji: /(?![\u00a9\u00ae\u2122\u2139\u2194-\u2199\u21a9\u21aa])\p{Extended_Pictographic}|\p{Regional_Indicator}/u,
};

/** Raw text cut for bounded work; leading padding is dropped first so it cannot hide the title. */
function head(title: unknown): string {
  if (typeof title !== "string") return "";
  const t = title.length > MAX_CHARS ? title.trimStart() : title;
  return t.length > MAX_CHARS ? t.slice(0, MAX_CHARS) : t;
}

/** Structures present in the title, without duplicates, in STRUCTURES order. Total and pure. */
export function structurePatterns(title: string): Structure[] {
  const t = head(title);
  const out: Structure[] = [];
  if (t.trim().length === 0) return out;
  for (const name of STRUCTURES) if (RULES[name].test(t)) out.push(name);
  return out;
}

/**
 * Pattern ids used to group titles: exactly one `hook:<type>` first, then one `struct:<name>` per
 * structure in STRUCTURES order.
 */
export function titlePatterns(title: string): string[] {
  const ids = [`hook:${classifyHook(title)}`];
  for (const s of structurePatterns(title)) ids.push(`struct:${s}`);
  return ids;
}
