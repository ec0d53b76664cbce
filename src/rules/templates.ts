/**
 * Hook templates per pattern, used by hook-rescue and by grade's rewrites. Deterministic: the same
 * topic and pattern always give the same text. The topic is inserted as plain text after
 * `safeTopic` (normalised, control/format characters and markup removed, whitespace collapsed,
 * capped), so a caller cannot smuggle markup or invisible characters into a hook.
 */
export const TEMPLATES: Partial<Record<string, (t: string, year: number) => string>> = {
  "hook:list_preview": (t) => `7 things nobody tells you about ${t}`,
  "hook:question": (t) => `Is ${t} actually worth it?`,
  "hook:before_after": (t) => `${t}: before and after 30 days`,
  "hook:confession": (t) => `I tried ${t} for a week and I was wrong`,
  "hook:contrarian": (t) => `Stop doing ${t} like everyone else`,
  "hook:story": (t) => `The true story behind ${t}`,
  "hook:statistic": (t) => `90% of ${t} comes down to one thing`,
  "hook:empathy": (t) => `If ${t} feels overwhelming, you're not alone`,
  "hook:bold_claim": (t) => `The only ${t} guide you will ever need`,
  "struct:number_led": (t) => `5 ${t} lessons that still hold up`,
  "struct:how_to": (t) => `How to get started with ${t}`,
  "struct:versus": (t) => `${t} vs the alternatives: which one wins`,
  "struct:colon_split": (t) => `${t}: what actually matters`,
  "struct:bracket_tag": (t) => `${t} [Full Breakdown]`,
  "struct:year_tag": (t, y) => `${t} in ${y}: what changed`,
  "struct:all_caps_word": (t) => `${t}: the REAL story`,
  "struct:first_person": (t) => `I tested ${t} so you don't have to`,
  "struct:question_mark": (t) => `What is really going on with ${t}?`,
  "struct:pipe_split": (t) => `${t} | Full breakdown`,
  "struct:exclamation": (t) => `${t} just changed!`,
  "struct:dash_split": (t) => `${t} - the full story`,
  "struct:second_person": (t) => `What you need to know about ${t}`,
};

/** Control, format and other default-ignorable (invisible: U+034F, Hangul fillers, variation selectors) characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;
export const TOPIC_MAX = 80;

export function safeTopic(s: string): string {
  let t = s.normalize("NFKC").replace(INVISIBLE, " ").replace(/[<>{}\[\]`\\]/g, " ").replace(/\s+/g, " ").trim();
  // Cut at TOPIC_MAX UTF-16 units, never inside a surrogate pair (a lone surrogate is malformed text).
  if (t.length > TOPIC_MAX) t = t.slice(0, TOPIC_MAX).replace(/[\uD800-\uDBFF]$/, "").replace(/\s+\S*$/, "");
  // Trailing punctuation last, spaces included ("! -" → ""), so the result is stable: safeTopic(safeTopic(x)) = safeTopic(x).
  return t.replace(/[\s.!?:;,|\-–—]+$/u, "");
}

export function applyTemplate(pattern: string, topic: string, year: number): string | null {
  const f = TEMPLATES[pattern];
  const t = safeTopic(topic);
  return f && t ? f(t, year) : null;
}
