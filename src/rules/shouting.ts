/**
 * How a title's capitals are read: shouting calmed, emphasis in capitals written plainly, runs of capitals
 * read as one name, alternating-caps styling and Shift-key typos undone; acronyms, brands and the film IT kept.
 * Pure string rules, applied by subjectOf (src/rules/subject.ts) before the story's own casing and Title Case.
 * Every rule: docs/rules.md "Hook rescue and grade".
 */
import { isShouting, unspeakable } from "./english.ts";
import casingWords from "./casing-words.json";

/**
 * A shouted text ("MEET MY NEW KITTEN") says nothing about which words are acronyms: lower-case every
 * all-caps word of 3+ letters with a vowel (A, E, I, O, U: "NYFW" stays) and the short function words
 * ("MY", "TO"), so recase and Title Case spell it (brands and the story's
 * own casing still win; "NYC", "DIY" keep their capitals through the brand list).
 */
const FILM_IT = /^\s+(?:PENNYWISE|MOVIE|FILM|TRAILER|CHAPTER|CLOWN|\(?20\d\d\)?)\b/;
const SHORT_WORDS = new Set("MY BY TO OF IN ON AT IS IT WE ME BE DO GO SO NO OR AN AS UP VS".split(" "));
export function calm(t: string): string {
  if (!isShouting(t)) return t;
  // A lone "A" inside a shouted title is the article ("DROPS A TANK"), not an initial.
  // (Not an acronym or handle no English word is spelled like: "KUWTK".)
  // (Nor the film "IT" before what names it as one: "IT PENNYWISE GLAM HALLOWEEN MAKEUP", "IT MOVIE REVIEW".)
  // (Letter edges, not \b: an accented capital is a letter, "LÉON" is one word, not "L", "ON".)
  return t.replace(/(?<![\p{L}\p{N}])[A-Z][\p{Lu}'’]+(?![\p{L}\p{N}])/gu, (w, at: number) => (w === "IT" && FILM_IT.test(t.slice(at + 2)) ? w : (w.length >= 3 && /[AEIOU]/.test(w) && !unspeakable(w)) || SHORT_WORDS.has(w) ? w.toLowerCase() : w)).replace(/(?<=\S\s)A(?=\s+[A-Za-z]{2})/g, "a");
}

/** Short common words in capitals inside mixed-case text are emphasis ("Level UP", "Best Wash-N-Go EVER"), not acronyms. */
export const plainShort = (t: string) =>
  // (Not a part of a name joined by "&": "AT&T".)
  t.replace(/(?<![&\p{L}\p{N}])(?:MY|BY|TO|OF|IN|ON|AT|IS|WE|ME|BE|DO|GO|SO|NO|OR|AN|AS|UP|EVER|BUY|FULL|NEW|BEST|WHOLE|ONE|REAL|HUGE|BIG|FREE|ONLY|EVERY|NEVER|ALWAYS|MUST|VERY|MOST|ALL|NOT|YOU|YOUR|THIS|THAT|WHAT|WHY|HOW|WHEN|GOT|GET|OUR|THE|AND|FOR|WITH)(?![&\p{L}\p{N}])/gu, (w) => w.toLowerCase());

/**
 * Words of 3–6 letters in capitals that writers capitalise only for emphasis ("Police DOG", "Gets HIT"),
 * by how they are written in the repository's mixed-case titles (scripts/build-casing-words.ts; judged
 * on GB titles it never saw); acronyms ("NASA", "NFL") are not in the list and keep their capitals.
 */
const EMPHASIS = new Set((casingWords as { words: string[] }).words);
/** A word the titles write in capitals only for emphasis (a word, or a name that writers shout). */
export const isCommonWord = (w: string) => EMPHASIS.has(w);
export const plainCaps = (t: string) =>
  t
    // A run of capitalised words with an emphasis word in it is emphasis whole ("JACK RYAN" → "Jack Ryan"):
    // its other words with a vowel are written Capitalised; brands keep theirs.
    .replace(/\b[A-Z]{2,}(?:\s+[A-Z]{2,})+\b/g, (run) =>
      run.split(/\s+/).some((w) => EMPHASIS.has(w.toLowerCase()) && !BRAND_CAPS.has(w))
        ? run.replace(/[A-Z]{3,}/g, (w) => (/[AEIOU]/.test(w) && !BRAND_CAPS.has(w) && !KEEP_CAPS.has(w) ? w[0] + w.slice(1).toLowerCase() : w))
        : run,
    )
    .replace(/\b[A-Z]{3,6}\b/g, (w, at: number) =>
      // The head of a compound keeps its capital: "GROSS-Tacular" → "Gross-Tacular".
      EMPHASIS.has(w.toLowerCase()) && !BRAND_CAPS.has(w) ? (t[at + w.length] === "-" ? w[0] + w.slice(1).toLowerCase() : w.toLowerCase()) : w,
    );
/**
 * A run of capitalised words with a long one in it is one shouted name ("Danielle Bregoli is BHAD BHABIE"):
 * recase would calm the long word ("Bhabie") and keep the short one ("BHAD"); its words with a vowel are
 * written Capitalised together ("Bhad Bhabie"), acronyms and brands kept.
 */
export const capRuns = (t: string) =>
  t.replace(/\b[A-Z]{2,}(?:\s+[A-Z]{2,})+\b/g, (run) =>
    /\b[A-Z]*[AEIOU][A-Z]*\b/.test(run) && run.split(/\s+/).some((w) => w.length >= 5 && /[AEIOU]/.test(w) && !unspeakable(w))
      ? run.replace(/[A-Z]{2,}/g, (w) => (/[AEIOU]/.test(w) && !BRAND_CAPS.has(w) && !KEEP_CAPS.has(w) && !unspeakable(w) ? w[0] + w.slice(1).toLowerCase() : w))
      : run,
  );
/** Acronyms with a vowel that a run of capitals must not calm. */
// (Roman numerals too: a team's "ULTIMATE XI", "ROCKY IV".)
const KEEP_CAPS = new Set("NASA USA NBA NFL UFC WWE ESPN CNN BBC HBO ASMR DIY NYC SNL BTS UK EU AI VR NASCAR FIFA NCAA MLB NHL IOS TV OMG LOL II III IV VI VII VIII IX XI XII XIII XIV XV".split(" "));
/**
 * Alternating capitals as a style ("GeT rEaDay WiTh mE"): three or more words with a capital after a
 * small letter, not a name's ("McDonald", "iPhone", "DeVos"), are written in small letters.
 */
export function unAlternate(t: string): string {
  if (!/\p{Ll}\p{Lu}/u.test(t)) return t;
  const ws = t.split(" ");
  // A name's capitals: one after a prefix ("McDonald", "DeVos") or after a single small letter ("iPhone").
  const named = (w: string) => /^(?:Mc|Mac|De|La|Le|Di|Da|O['’])\p{Lu}\p{Ll}*$|^\p{Ll}\p{Lu}[^\p{Ll}]*\p{Ll}*$/u.test(w);
  const odd = (w: string) => /\p{Ll}\p{Lu}/u.test(w) && !named(w);
  // Once the style is plain, every word written in it goes ("mE" too); brands get their casing back from the dictionary.
  return ws.filter(odd).length >= 3 ? ws.map((w) => (/\p{Ll}\p{Lu}/u.test(w) ? w.toLowerCase() : w)).join(" ") : t;
}

/**
 * A capital vowel typed second by a held Shift key ("Isla FIsher", "DOnald", "WIldlife"): a typo, not a
 * name. Pairs with a second consonant are names or handles ("CQuartz", "JLaw", "XFactor") and stay.
 */
export const shiftTypos = (t: string) => t.replace(/\b([A-Z])([AEIOU])([a-z]{2,})\b/g, (_, a: string, b: string, c: string) => a + b.toLowerCase() + c);
/** Capitalised words that are names as often as words: kept. */
const BRAND_CAPS = new Set(["TIME", "IT", "US", "MAC", "BET"]);
