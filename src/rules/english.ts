/**
 * The small amount of English the text generators need, as plain rules (no NLP model: titles are
 * short, Title-Cased or shouted, which defeats part-of-speech taggers, and these rules are testable):
 * word casing borrowed from real titles, Title Case, a/an, plural heads, possessives.
 */
import { LEXICON, trigrams } from "./readability.ts";
import { englishWord } from "./spelling.ts";

/** A word's letters: Unicode letters and digits, with inner apostrophes and hyphens. */
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’.\-&]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

const hasUpper = (w: string) => /\p{Lu}/u.test(w);
const hasLower = (w: string) => /\p{Ll}/u.test(w);
const letters = (w: string) => w.replace(/[^\p{L}]/gu, "");

/** A title that shouts (most letters upper-case) says nothing about how its words are really written. */
export function isShouting(title: string): boolean {
  const l = letters(title);
  if (l.length < 6) return false;
  const up = l.replace(/\P{Lu}/gu, "").length;
  return up / l.length > 0.6;
}

/**
 * How telling a spelling is: inner capitals ("iPhone", "McDonald's", "YouTube") 4, a short all-caps
 * word or single capital ("NBA", "DIY", "X") 3, Capitalised 2, lower-case 1, a long all-caps word 0.
 */
function formRank(w: string): number {
  const l = letters(w);
  if (!l) return 1;
  if (hasUpper(l) && hasLower(l)) return /^\p{Lu}\p{Ll}+$/u.test(l) ? 2 : 4;
  if (hasUpper(l)) return l.length <= 4 || unspeakable(l) ? 3 : 0;
  return 1;
}

/**
 * A long all-caps word no English word is spelled like is an acronym or a handle ("KUWTK", "OITNB",
 * "LVMPD", "LWYMMD"): at least three, and 70 %, of its letter trigrams (ends marked) occur in fewer than
 * three words of the readability lexicon. Chosen on the US titles (9 of 770 distinct all-caps words of
 * 5+ letters, all acronyms or handles; at three rare trigrams alone "PEKKA", "NASAJPL" but also real words
 * at two); judged on the GB titles it never saw: 8 of 930, all acronyms or handles but "TZUYU" (a stage
 * name, written so by her fans), while "LEIPZIG", "LUKAKU", "GLASGOW" stay words.
 */
export function unspeakable(word: string): boolean {
  const w = word.toLowerCase();
  if (w.length < 5) return false;
  // Casing asks this of every shouted word of every title of a story: remembered (a pure function of the word).
  const known = SPEAKABLE.get(w);
  if (known !== undefined) return known;
  const gs = trigrams(w);
  const rare = gs.filter((g) => (LEXICON.trigramWords.get(g) ?? 0) < 3).length;
  const r = rare >= 3 && rare >= 0.7 * gs.length;
  if (SPEAKABLE.size >= 50_000) SPEAKABLE.clear();
  SPEAKABLE.set(w, r);
  return r;
}
const SPEAKABLE = new Map<string, boolean>();

/** Common words that a Title-Cased or shouted source must never impose on a user's text. */
const PLAIN_WORDS = new Set(
  ("a an the and or but nor for so yet as at by in of off on per to up via vs with from into over out is are was were be " +
    "it its this that these those my your our their his her i you we they me us new how why what who when where best top " +
    "all one two day days week year live full real free more most vs. not no do does did can will just get got").split(" "),
);

export type Casing = Map<string, string>;

/**
 * A shouted 4-letter word with two vowels is a word ("CAKE", "LOVE"), not an acronym; not when its vowels are only I's
 * ("WWII"), nor when the readability lexicon holds no such word ("RHOA", The Real Housewives of Atlanta).
 */
const wordLike4 = (w: string) => /^[A-Z]{4}$/.test(w) && /[AEOU]/.test(w) && (w.match(/[AEIOU]/g) ?? []).length >= 2 && LEXICON.known.has(w.toLowerCase());

/**
 * Casing dictionary from real text about a topic (the matched story's name and its items' titles):
 * lower-cased word → its most telling spelling (formRank, then frequency, then first seen). Shouting
 * titles are skipped, and a common word only keeps an inner-capital spelling, so "THE" or "The" never
 * override a user's "the".
 */
/** An all-capitals word of 2+ characters (a neighbour in a run of capitals). */
const caps = (x: string | undefined) => !!x && x.length >= 2 && formRank(x) <= 3 && /^[\p{Lu}\d'’.&-]+$/u.test(x) && /\p{Lu}/u.test(x);

/** Korean, Japanese or Chinese letters: where a shouting title may still mark a name (see casingFrom). */
const NATIVE_SCRIPT = /[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

export function casingFrom(sources: readonly string[]): Casing {
  const best = new Map<string, { form: string; rank: number; n: number }>();
  const counts = new Map<string, number>();
  const total = new Map<string, number>();
  const styled = new Set<string>();
  for (const src of sources) {
    if (!src) continue;
    // A shouting title says nothing of how its words are written, but a name glued to its Korean or Japanese form is
    // written so whatever the rest does ("[M/V] NU'EST W(뉴이스트 W) - WHERE YOU AT": "Nu'est W" was read as wrong in every
    // GB reading of session 12).
    const shouting = isShouting(src);
    if (shouting && !NATIVE_SCRIPT.test(src)) continue;
    const found = [...src.matchAll(WORD_RE)];
    const ws = found.map((m) => m[0]);
    ws.forEach((w, i) => {
      // A performer's styling: one all-caps token credited before the dash that opens a mixed-case release title
      // ("HAIM - Little of Your Love", "B1A4 - Rollin'", "LÉON - I Believe in Us") is how the name is written.
      // (Also first of several a release credits before its dash: "VASSY & Afrojack feat. Oliver Rosa - LOST".)
      const credit = i === 0 && found[i].index === 0 && /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(w) && /^(?:\s+(?:&|x|and|feat\.?|ft\.?)\s+[^-–—|]+?)?\s+[-–—]\s+\S/u.test(src.slice(w.length)) && /\p{Ll}/u.test(src.slice(w.length));
      // So is a run of capitals glued to its name in Korean or Japanese ("GFRIEND(여자친구)", "NU'EST W(뉴이스트 W)").
      const native = /^\p{Lu}[\p{Lu}\p{N}'’]*$/u.test(w) && /^(?:\s+[\p{Lu}\p{N}'’]+)*\s*\((?=[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}])/u.test(src.slice(found[i].index! + w.length));
      if (shouting && !native) return;
      const tagged = capitalTag(src, found[i].index!, w) || credit || native;
      const key = w.toLowerCase();
      // A model a mixed-case title writes in lower case ("Prusa i3") is its spelling, unless a capital form outranks it.
      let rank = /^\p{Ll}{1,2}\d{1,3}$/u.test(w) ? 2 : formRank(w);
      // A run of capitals is emphasis, not acronyms ("When You're TOO OLD to …"): a short all-caps word
      // with a vowel next to another all-caps word counts as a plain word, unless it is a known brand.
      if (tagged) (rank = 3), styled.add(key);
      // A lone word in capitals that no English word spells, in a title that does not shout, is a name styled so ("KRACK
      // Attacks: Bypassing WPA2 …", "Galantis & ROZES - Girls on Boys"); an English word in capitals is emphasis ("SPIKED",
      // "TESTED").
      // (Only in a title with no other word of four capitals: one that shouts words for emphasis shouts names too, "How To Make
      // LLOYD From The NEW LEGO NINJAGO MOVIE Out Of CAKE".)
      else if (rank === 0 && /^\p{Lu}{5,}$/u.test(w) && ws.every((x, j) => j === i || !/^\p{Lu}{4,}$/u.test(x)) && !englishWord(w)) rank = 3;
      else if (rank === 3 && /[AEIOU]/.test(w) && !BRANDS.has(key) && (caps(ws[i - 1]) || caps(ws[i + 1]))) rank = 1;
      const n = (counts.get(w) ?? 0) + 1;
      counts.set(w, n);
      // A shouted 4-letter word with two vowels is a word, not an acronym ("CAKE", "LOVE"), unless a known brand.
      if (rank === 3 && wordLike4(w) && !BRANDS.has(key) && !tagged) rank = 1;
      total.set(key, (total.get(key) ?? 0) + 1);
      // Two-letter acronyms are the exception ("in the US", the film "IT"), still subject to the majority rule below.
      if (PLAIN_WORDS.has(key) && rank < 4 && !(rank === 3 && key.length === 2)) return;
      const cur = best.get(key);
      if (!cur || rank > cur.rank || (rank === cur.rank && n > cur.n)) best.set(key, { form: rank === 1 ? key : w, rank, n });
    });
  }
  const out: Casing = new Map();
  for (const [k, v] of best) {
    // An all-caps spelling is an acronym only if most mentions use it; once is emphasis ("Not Enough MILK").
    // (A name a title marks as styled — a hashtag, a credit before the dash, glued to its native script — is not outvoted by
    // the story's Title-Cased name: "Nu'est W" for "[M/V] NU'EST W(뉴이스트 W) …". A lone word in capitals is: the lists know
    // no proper nouns, so "HALLOWEEN" and "CHINESE" would pass for styled names.)
    const form = v.rank === 3 && !styled.has(k) && v.n * 2 <= (total.get(k) ?? 0) ? null : v.form;
    if (form && v.rank >= 2) out.set(k, form);
    else if (v.rank === 3) {
      // Fall back to the best non-all-caps spelling.
      const alt = [...counts.keys()].filter((w) => w.toLowerCase() === k && formRank(w) === 2).sort((a, b) => counts.get(b)! - counts.get(a)!)[0];
      if (alt) out.set(k, alt);
    }
  }
  return out;
}

/**
 * The text with each word spelled as the dictionary says when the dictionary knows better (an inner
 * capital or an acronym always wins; otherwise only a lower-case word is replaced), and shouted words
 * of 5+ letters calmed to Capitalised ("MAKEUP" → "Makeup"); short all-caps words stay (likely acronyms).
 */
export function recase(text: string, dict: Casing = new Map()): string {
  return text.replace(WORD_RE, (w, at: number) => (capitalTag(text, at, w) ? w : recaseWord(w, dict)));
}

/** A hashtag in capitals is an acronym ("#UNGA"), whatever its vowels: `w` found at `at` in `text`. */
const capitalTag = (text: string, at: number, w: string) => text[at - 1] === "#" && /^\p{Lu}{2,6}$/u.test(w);

function recaseWord(w: string, dict: Casing): string {
  const lower = w.toLowerCase();
  // A street or place abbreviation has no vowel but is no acronym ("River Oaks BLVD" → "Blvd").
  if (ABBREVIATIONS.has(lower)) return ABBREVIATIONS.get(lower)!;
  // "Versus" is written small whatever a title shouted ("Husband VS Best Friend" → "Husband vs Best Friend").
  if (lower === "vs") return lower;
  // A doubled word in capitals is a word ("YO-YO" → "Yo-Yo"), not two acronyms.
  if (/^([A-Z]{2,4})-\1$/.test(w) && /[AEIOUY]/.test(w)) return w.split("-").map((p) => p[0] + p.slice(1).toLowerCase()).join("-");
  // A unit glued to its number is written small ("40,000Ft" → "40,000ft"; "4K" is no unit).
  const unit = /^(\d[\d,.]*)(ft|feet|km|mph|kph|kg|lbs?|cm|mm|mi|hrs?|mins?|secs?)$/i.exec(w);
  if (unit) return unit[1] + unit[2].toLowerCase();
  const poss = /^(.+?)(['’][sS])$/.exec(w);
  const base = poss?.[1].toLowerCase() ?? "";
  // A brand's possessive is the brand's, whatever a title wrote ("Rupaul’s" → "RuPaul’s").
  if (poss && BRANDS.has(base) && !BRANDS.has(lower)) return BRANDS.get(base)! + poss[2].toLowerCase();
  // A compound or a possessive the dictionary does not know is recased by its parts
  // ("ESPN-JEMELE" → "ESPN-Jemele", "RUPAUL’S" → "RuPaul’s").
  if (!dict.has(lower) && !BRANDS.has(lower)) {
    const parts = w.split("-");
    if (parts.length > 1 && parts.every(Boolean) && parts.some((p) => dict.has(p.toLowerCase()) || BRANDS.has(p.toLowerCase())))
      return parts.map((p) => recaseWord(p, dict)).join("-");
    if (poss && dict.has(base)) return recaseWord(poss[1], dict) + poss[2].toLowerCase();
  }
  // The story's own spelling wins, unless it is plainer than a known brand's ("Mcdonald's" in a title).
  const fromDict = dict.get(lower), brand = BRANDS.get(lower);
  const known = fromDict && brand && formRank(brand) > formRank(fromDict) ? brand : (fromDict ?? brand);
  const r = formRank(w);
  if (known && (formRank(known) >= 3 || r === 1 || r === 0)) return known;
  // A name the story's titles style in capitals (five letters or more, no English word: "NU'EST", "KRACK") wins over a
  // Capitalised spelling too, such as a story name Title Case wrote ("Nu'est W").
  if (known && r === 2 && /^[\p{Lu}\p{N}'’]{5,}$/u.test(known) && !englishWord(known.replace(/['’]/g, ""))) return known;
  // A Scottish or Irish "Mc" name takes its inner capital ("Mclaren" → "McLaren").
  if ((r === 1 || r === 2) && /^mc\p{Ll}{3,}$/iu.test(w)) return "Mc" + w[2].toUpperCase() + w.slice(3).toLowerCase();
  // A model code typed in lower case: "ps4" → "PS4", "s8" → "S8", "4k" → "4K".
  if (r === 1 && /^(?:[a-z]{1,3}\d{1,4}[a-z]?|\d{1,2}k)$/.test(w)) return w.toUpperCase();
  // A shouted word is calmed; a vowel-less one is an acronym or hashtag ("LWYMMD") and stays.
  // Each part of a compound keeps its capital ("CHIT-CHATTY" → "Chit-Chatty").
  // Y alone is no vowel here: "#LWYMMD" is a hashtag, not a word.
  if (r === 0 && /[AEIOU]/.test(w)) return w.split("-").map((p) => (p ? p[0] + p.slice(1).toLowerCase() : p)).join("-");
  // A shouted 4-letter word with two vowels is a word, not an acronym ("CAKE", "LOVE"); brands won above.
  if (r === 3 && wordLike4(w)) return w[0] + w.slice(1).toLowerCase();
  return w;
}

/**
 * Names whose casing no rule can guess ("iPhone", "AirPods", "YouTube"), for topics that match no
 * story (a matched story's own titles take precedence). Only names with inner capitals or all-caps.
 */
const BRANDS: Casing = new Map(
  ("iPhone iPad iPod iMac iOS macOS iCloud iTunes AirPods MacBook AirPlay FaceTime PlayStation YouTube YouTuber YouTubers TikTok " +
    "PewDiePie RuPaul eBay WiFi LeBron McDonald's DeVos BuzzFeed WhatsApp LinkedIn PayPal OnePlus GoPro DJI HBO NBA NFL MLB NHL UFC WWE " +
    "NASA FBI CIA NYC USA UK EU GTA DIY ASMR SNL BTS NASCAR ESPN CNN BBC MTV NBC ABC CBS AI VR AR LLM ChatGPT OpenAI SpaceX " +
    "DeepMind PS4 PS5 Xbox TV AKA FIFA UEFA GRWM OOTD").split(" ").map((w) => [w.toLowerCase(), w]),
);

const ABBREVIATIONS = new Map(["Blvd", "Hwy", "Pkwy", "Mtn", "Bldg", "Apt", "Dept", "Esq"].map((w) => [w.toLowerCase(), w]));

/** Words Title Case leaves in lower case inside a title (Chicago style, short forms only). */
const SMALL = new Set("a an and as at but by for from in into nor of off on onto or per than the to v v. via vs vs. with".split(" "));

/** A word that ends a sentence ("Switch."), not an abbreviation ("Mrs.", "vs.", "Oct.") or an initial ("J."). */
const sentenceEnd = (w: string) => /\p{Ll}{2}\.$/u.test(w) && !/^(?:mrs|mr|ms|dr|jr|sr|st|vs|ft|mt|no|vol|inc|ltd|co|feat|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|etc|approx)\.$/i.test(w);

/** After a word ending in one of these (or a lone dash/pipe) the next word starts a new phrase. */
const PHRASE_BREAK = /[:|?!]$|^[-–—|]$/;

/**
 * Title Case: lower-case words are capitalised except SMALL words inside a phrase (never the last
 * word: "So You Don't Have To"); a word that has
 * any capital (iPhone, DIY, McDonald's) or starts with a digit is left exactly as written; "i" is "I".
 */
export function titleCase(text: string): string {
  const parts = text.split(/(\s+)/);
  let start = true;
  let last = parts.length - 1;
  while (last > 0 && /^\s*$/.test(parts[last])) last--;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!p || /^\s+$/.test(p)) continue;
    const m = /^([^\p{L}\p{N}]*)(.*)$/u.exec(p)!;
    const [, lead, core] = m;
    // An opening bracket or quote starts a phrase too ("Tom Petty [A Look Back]").
    if (/[([{"“‘']/.test(lead)) start = true;
    // A hashtag or a name spelled with a "$" is written as its creator wrote it ("#tbt", "Ty Dolla $ign").
    if (lead.endsWith("#") || (lead.endsWith("$") && /^\p{L}/u.test(core))) {
      start = PHRASE_BREAK.test(p) || sentenceEnd(p);
      continue;
    }
    if (core && !hasUpper(core) && /^\p{Ll}/u.test(core)) {
      const bare = core.replace(/[^\p{L}.]+$/u, "").toLowerCase();
      if (core === "i" || /^i['’]/.test(core)) parts[i] = lead + "I" + core.slice(1);
      else if (/^[ap]\.m\.?$/.test(core)) parts[i] = lead + core; // 5 a.m., never 5 A.m.
      else if (/^(?:\p{L}\.){2,}$/u.test(core)) parts[i] = lead + core.toUpperCase(); // initials: "s.s." → "S.S."
      else if (/^[a-z]\d{1,2}$/.test(core) && !start) parts[i] = lead + core; // a model written so ("Prusa i3", "Canon g7")
      // A unit after its number stays small ("261 kph", "45 mph").
      else if (/^(?:kph|mph|km|kg|lbs?|ft|cm|mm|mi|ml|oz)$/.test(core) && /^[\d.,]+$/.test(parts[i - 2] ?? "")) parts[i] = lead + core;
      // A name's particle between two names ("Henrique da Silva", "Leonardo da Vinci", "Vincent van Gogh").
      else if (NAME_PARTICLES.has(core) && !start && i !== last && /^\p{Lu}/u.test(parts[i + 2] ?? "") && /^\p{Lu}\p{Ll}/u.test(parts[i - 2] ?? "")) parts[i] = lead + core;
      // A collaboration's "x" between two names ("My Little Pony x ColourPop"), not the letter X.
      else if (core === "x" && !start && i !== last && /^\p{Lu}/u.test(parts[i + 2] ?? "") && /^\p{Lu}/u.test(parts[i - 2] ?? "")) parts[i] = lead + core;
      // (A letter paired with another is an initial, whatever case it was typed in: "Q and a" → "Q and A".)
      else if (start || i === last || !SMALL.has(bare) || particleOf(bare, parts, i) || (bare === "a" && /^(?:&|and)$/i.test(parts[i - 2] ?? "") && /^\p{Lu}$/u.test(parts[i - 4] ?? ""))) parts[i] = lead + capitaliseWord(core);
    } else if (core.includes("-") && hasUpper(core) && core.split("-").some((x) => /^\p{Ll}/u.test(x) && !SMALL.has(x))) {
      // A compound with a name in it capitalises its other words too ("ESPN-jemele" → "ESPN-Jemele").
      parts[i] = lead + core.split("-").map((x, j) => (j > 0 && SMALL.has(x)) || hasUpper(x) ? x : capitaliseWord(x)).join("-");
    } else if (!start && i !== last && /^\p{Lu}\p{Ll}*\.?$/u.test(core) && SMALL.has(core.toLowerCase()) && smallInside(core, parts, i)) {
      // A small word a writer capitalised inside a phrase ("Marriage And Why", "Make A Cake") reads
      // as Title Case only in lower case.
      parts[i] = lead + core.toLowerCase();
    }
    start = PHRASE_BREAK.test(p) || sentenceEnd(p);
  }
  return parts.join("");
}

/** Lower-case particles of names ("da Silva", "van Gogh", "von Trapp", "dos Santos"). */
const NAME_PARTICLES = new Set("da de di du van von der den dos das del della".split(" "));

/** Particle verbs whose "On"/"In"/"Off" is part of the verb ("Hands On", "Cook Off", "Check In"). */
const PARTICLE_VERBS = new Set("hands turn switch try put carry hold come log sign move go catch hang keep get take check break cook face show pay kick cut shut back tip cool dance bake sing rap".split(" "));
/** Letters that name something ("Vitamin A", "Plan A", "Grand Theft Auto V"), not the article. */
const LETTER_NAMES = new Set("vitamin type plan class grade section part option size model group team series cup level".split(" "));

/** "off"/"on"/"in" after a particle verb is part of the verb ("Haters Back Off", "Cook Off Challenge"). */
function particleOf(w: string, parts: string[], i: number): boolean {
  const prev = (parts[i - 2] ?? "").toLowerCase().replace(/[^\p{L}]+/gu, "");
  return PARTICLES[w]?.has(prev) ?? false;
}
/** Verbs whose "Off", "On" or "In" is part of the verb; a noun before it ("My Honest Take on …") keeps it small. */
const PARTICLES: Record<string, Set<string>> = {
  off: new Set("back cook face show kick pay cut shut log sign tip cool dance bake sing rap turn switch".split(" ")),
  on: new Set("turn switch log sign try".split(" ")),
  in: new Set("check log sign plug weigh".split(" ")),
};

/** Whether a capitalised SMALL word inside a phrase is the small word (see titleCase). */
function smallInside(core: string, parts: string[], i: number): boolean {
  const w = core.toLowerCase();
  // Words of four letters or more ("From", "With", "Into") may keep their capital, as AP style does.
  if (w === "v" || w === "off" || w.length > 3) return false;
  const prev = (parts[i - 2] ?? "").toLowerCase().replace(/[^\p{L}]+/gu, "");
  if ((w === "on" || w === "in") && PARTICLE_VERBS.has(prev)) return false;
  if (w === "a" && LETTER_NAMES.has(prev)) return false;
  // A letter paired with another by "&" is an initial ("Q & A", "R & B").
  if (w === "a" && (parts[i - 2] === "&" || /^and$/i.test(parts[i - 2] ?? "")) && /^\p{Lu}$/u.test(parts[i - 4] ?? "")) return false;
  // A work's "The" after its owner's possessive, as written ("Marvel's The Punisher", "Stephen King's The Dark Tower").
  if (core === "The" && /^\p{Lu}\S*['’]s?$/u.test(parts[i - 2] ?? "")) return false;
  return true;
}

/** "step-by-step" → "Step-by-Step"; "don't" → "Don't". */
function capitaliseWord(w: string): string {
  return w
    .split("-")
    .map((x, j) => (j > 0 && SMALL.has(x) ? x : x.charAt(0).toUpperCase() + x.slice(1)))
    .join("-");
}

/** Whether the first letter of the text is upper-case (true when the text has no letter). */
export function startsCapitalised(text: string): boolean {
  const m = /\p{L}/u.exec(text);
  return !m || hasUpper(m[0]);
}

/** Letters whose name starts with a vowel sound when an acronym is spelled out ("an FBI agent"). */
const VOWEL_NAMED = new Set("AEFHILMNORSX");
/** Vowel letters read with a consonant sound: "a university", "a one-off", "a European", "a user". */
const CONSONANT_SOUND = /^(?:uni(?!nt|mp|nh|ns|nd|nl|nr|nf)|use|usu|uti|ura|ure|uro|eu|ew|one\b|once\b|ubiq|ufo)/i;
/** Consonant letters read silent: "an hour", "an honest", "an heir". */
const SILENT_H = /^(?:hour|honest|honou?r|heir)/i;

/** "a" or "an" for the word that follows. */
export function indefinite(next: string): "a" | "an" {
  const w = next.trim().replace(/^[^\p{L}\p{N}]+/u, "");
  if (!w) return "a";
  const first = w.split(/[\s-]/)[0];
  // "an 8", "an 80", "an 800", "an 11", "an 18"; "a 1", "a 100".
  if (/^\d/.test(first)) return /^8|^1[18](?![\d.])|^1[18],\d{3}(?![\d,])/.test(first) ? "an" : "a";
  if (/^x[^aeiouy]/i.test(first)) return "an"; // "an Xbox"
  // An acronym ("FBI", "SUV", "X") is read letter by letter.
  if (/^\p{Lu}{1,5}$/u.test(first.replace(/['’]s$/, "")) && !/^[AEIOU][a-z]/.test(first) && (first.length <= 3 || !/[AEIOU]/.test(first.slice(1))))
    return VOWEL_NAMED.has(first[0]) ? "an" : "a";
  if (SILENT_H.test(first)) return "an";
  if (CONSONANT_SOUND.test(first)) return "a";
  return /^[aeiou]/i.test(first) ? "an" : "a";
}

/** Words ending in -s that are singular (or names) and must not make a subject plural. */
const SINGULAR_S = new Set(
  ("news series species physics mathematics math politics economics ethics gymnastics athletics billiards lens bus gas " +
    "ios macos chaos canvas atlas bonus virus status campus census corpus yes this his hers its was has is does always " +
    "vegas texas paris kansas arkansas illinois angeles los las christmas wars thanks jesus dallas memphis marcus thomas " +
    "chris james lewis carlos denis dennis francis travis louis brooks jones hanks simmons williams adams collins harris " +
    "stevens roberts davis edwards evans phillips rogers reyes ross perkins mathis glass boss class grass plus ps kiss " +
    "express business fitness witness congress success process address princess actress dress less mess access boss").split(" "),
);

/** Whether a subject's head (its last word) is a plural noun: "keto recipes", "AirPods", not "Las Vegas". */
export function isPluralHead(subject: string): boolean {
  // A list of three or more ("Genesis, IBEX, and Cassini") is plural, whatever its last item; a pair may be one work
  // ("Beauty and the Beast", "Tom and Jerry").
  if (/^[^,]+(?:,\s*[^,]+)+,?\s+(?:and|&)\s+\S/i.test(subject)) return true;
  // The head comes before a prepositional tail: "Cassini's Last Looks at Saturn" is plural, "The Age of
  // Giant Insects" is not.
  const cut = /^(.+?)\s+(?:at|of|in|on|for|with|from|about|over|under|into|across)\s/i.exec(subject);
  // (One word before the tail is the head too, "Age of Giant Insects", unless it counts what follows: "Lots of Cats".)
  const head = cut && (cut[1].split(" ").length >= 2 || !/^(?:lots?|bunch|couple|pair|set|few|number|dozens|hundreds|thousands|millions|kinds?|types?|sorts?|all|some|most|one|none|any|each|many|both|best|worst|top|rest)$/i.test(cut[1]));
  return lastIsPlural(head ? cut![1] : subject);
}

function lastIsPlural(subject: string): boolean {
  const words = subject.match(WORD_RE) ?? [];
  const last = words[words.length - 1];
  if (!last) return false;
  const w = last.toLowerCase().replace(/['’]s$/, "");
  if (w !== last.toLowerCase()) return false; // a possessive is not a plural
  if (w.length < 3 || SINGULAR_S.has(w)) return false;
  if (/(?:ss|us|is|ous|ics|'s)$/.test(w)) return false;
  if (/^(?:people|men|women|children|kids|mice|geese|feet|teeth|data)$/.test(w)) return true;
  return /[^s]s$/.test(w);
}

/** "Sam Smith" → "Sam Smith's"; "Tom Hanks" → "Tom Hanks'". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
