/**
 * Rule classifier of a title's hook type. Definitions, priority order and known blind spots:
 * docs/rules.md; measured accuracy: bench/RESULTS.hook.md.
 *
 * Built for bulk use (millions of titles): every regex is compiled once at module load, none has
 * overlapping nested quantifiers, most are skipped by word gates, and at most MAX_CHARS normalised
 * characters are ever matched.
 */
import type { HookType } from "../domain/enums.ts";

/** Real titles are far shorter (YouTube caps them at 100); this bounds the regex work per call. */
export const MAX_CHARS = 300;

/**
 * Evaluation order: the first type whose rule fires wins. Specific devices come before generic form,
 * so "I spent €391… is this worth it??" is a confession, not a question, and a lone number only makes
 * a statistic when nothing more specific was found.
 */
export const HOOK_PRIORITY: readonly HookType[] = [
  "list_preview",
  "before_after",
  "confession",
  "story",
  "contrarian",
  "empathy",
  "question",
  "statistic",
  "bold_claim",
  "plain",
];

// ---------------------------------------------------------------------------------------------
// Normalisation. Case is folded as toUpperCase().toLowerCase() with ς→σ: upper-casing is context-free
// and idempotent, and the one context-sensitive lower-case rule (final sigma) is undone, so
// f(s) === f(s.toUpperCase()) === f(s.toLowerCase()) holds even for ß/ẞ, İ, ı and Greek, which plain
// toLowerCase breaks (checked for every code point when this was written).
// ---------------------------------------------------------------------------------------------

/**
 * Typographic variants that must not split a rule ("I’m" vs "I'm", fullwidth "？"). They have no case,
 * so mapping them before folding is safe, and titles whose only non-ASCII is a curly quote (common)
 * stay on the cheap ASCII path.
 */
const PUNCT_MAP: Record<string, string> = { "‘": "'", "’": "'", "ʼ": "'", "“": '"', "”": '"', "？": "?", "！": "!" };
const PUNCT_MAP_RE = /[‘’ʼ“”？！]/g;
const NON_ASCII_RE = /[^\x00-\x7f]/;
/** Anything but single ASCII spaces between words: only then is the (costlier) collapse needed. */
const WS_IRREGULAR_RE = /\s\s|[^\S ]/;
const WS_RUN_RE = /\s+/g;

/** Titles longer than this are first cut to a prefix that still holds MAX_CHARS non-space code points. */
const RAW_FAST_LIMIT = 4 * MAX_CHARS;

function isSpace(c: number): boolean {
  // Exactly the set JS `\s` matches (and String.prototype.trim removes).
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Shortest prefix with MAX_CHARS non-space code points. Folding never shrinks a code point, so the
 * first MAX_CHARS normalised characters of the prefix and of the whole title are the same.
 */
function workPrefix(title: string): string {
  let seen = 0;
  for (let i = 0; i < title.length; i++) {
    const c = title.charCodeAt(i);
    if (isSpace(c)) continue;
    if (c >= 0xd800 && c <= 0xdbff) i++; // keep surrogate pairs whole
    if (++seen >= MAX_CHARS) return title.slice(0, i + 1);
  }
  return title;
}

/**
 * Case-folded, whitespace runs collapsed to one space, trimmed, cut at MAX_CHARS. The cut is taken
 * after folding and collapsing, so padding or case changes can never shift which text is examined.
 */
export function normalizeTitle(title: unknown): string {
  if (typeof title !== "string") return "";
  let s = title.length > RAW_FAST_LIMIT ? workPrefix(title) : title;
  s = s.trim();
  if (WS_IRREGULAR_RE.test(s)) s = s.replace(WS_RUN_RE, " ");
  if (NON_ASCII_RE.test(s)) s = s.replace(PUNCT_MAP_RE, (m) => PUNCT_MAP[m]);
  if (NON_ASCII_RE.test(s)) {
    s = s.toUpperCase().toLowerCase();
    if (s.includes("ς")) s = s.replaceAll("ς", "σ");
    // After folding, ß can only come from capital ẞ (ß itself folds to "ss"); without this,
    // "ẞ".toLowerCase() = "ß" would fold differently from "ẞ".
    if (s.includes("ß")) s = s.replaceAll("ß", "ss");
    s = s.replace(PUNCT_MAP_RE, (m) => PUNCT_MAP[m]); // again: "ŉ" upper-cases to "ʼN"
  } else s = s.toLowerCase();
  return s.length > MAX_CHARS ? s.slice(0, MAX_CHARS).trimEnd() : s;
}

// ---------------------------------------------------------------------------------------------
// Segments. Titles stack several hooks ("Bad Breath Tester?! | 10 Wacky Ebay Products!"), so rules
// that need a phrase to *lead* test each segment start, via `^` in multiline mode after separators
// are replaced by "\n".
// ---------------------------------------------------------------------------------------------

const SEP_RE = new RegExp(
  [
    String.raw`[|¦ǀ•·;()\[\]{}<>«»"~]+`,
    String.raw`(?<!\d):|:(?!\d)`,
    String.raw`\/\/+|\s\/\s`,
    String.raw`[-–—]{1,3}(?=\s)|\s[-–—]{1,3}`,
    String.raw`[.!?…¿¡]+(?=\s|$)`,
  ].join("|"),
  "g",
);

/** Segment start, allowing leading quotes/markers: "'I went a little too far'", "*NEW*". */
const SS = String.raw`^['"*#¡¿\s]*`;

const alt = (parts: string[], flags: string): RegExp => new RegExp(parts.join("|"), flags);

// ---------------------------------------------------------------------------------------------
// Rules, one combined regex per type (see docs/rules.md for the prose definitions).
// ---------------------------------------------------------------------------------------------

const NUM_WORDS = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred";
const COUNT = String.raw`(?:[2-9]|[1-9]\d{1,2}|${NUM_WORDS})`;
/** A count followed by one of these measures something ("10 hour test") rather than listing items. */
const LIST_UNITS =
  "hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|nights?|weeks?|months?|years?|yrs?|decades?|centur(?:y|ies)|" +
  "times|x|percent|pounds?|lbs?|kgs?|kilos?|grams?|g|feet|foot|ft|inch(?:es)?|miles?|km|kph|mph|meters?|metres?|m|cm|mm|" +
  "degrees?|volts?|calories|dollars?|bucks|cents?|euros?|million|billion|thousand|trillion|k|am|pm|a\\.m|p\\.m|year-olds?|years-old";
/** Plural noun: ends in s but not -ss/-us/-is, or a common irregular plural. */
const PLURAL = String.raw`\S*?(?:[a-hj-rtv-z]s|people|men|women|children)(?![\p{L}'])`;

const LIST_RE = alt(
  [
    String.raw`\btop ${COUNT}(?![\d,.:/%]|\w)`,
    String.raw`${SS}(?:(?:the|my|our|your|these|those|his|her|their) )?(?:only )?${COUNT} (?!(?:${LIST_UNITS})(?![\p{L}]))(?:\S+ ){0,4}?${PLURAL}`,
  ],
  "mu",
);

const BEFORE_AFTER_RE = alt(
  [
    String.raw`\bbefore (?:and|&|\+|n|vs\.?|\/|to) after\b|\bbefore ?\/ ?after\b|\bbefore-after\b`,
    String.raw`\btransform(?:ation|ations|ed|s|ing)?\b|\bmake[- ]?overs?\b|\bglow(?:ed)?[- ]?ups?\b|\bthen (?:and|&|vs\.?|\+) now\b`,
    String.raw`\b(?:went|go|going|goes|gone) from\b`,
    String.raw`${SS}from (?:\S+ ){1,4}?to \S`,
    String.raw`\b(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve) (?:days?|weeks?|months?|years?) (?:later|after|post|progress|transformation)\b`,
    String.raw`\b(?:weight|progress|fitness|body) (?:update|loss|journey)\b|\blost \d+ ?(?:pounds|lbs|kg|kilos)\b`,
    String.raw`\b(?:turned|turning|turns|turn) (?:me|myself|my \S+|him|her|it|them|himself|herself|themselves) into\b`,
  ],
  "mu",
);

/** Verbs that, right after a leading "I"/"We", report something the creator did or tried. */
const DID_VERBS =
  "ate|bought|spent|made|wore|went|did|got|gave|put|sent|slept|found|lost|left|took|sold|broke|paid|let|ran|saw|met|won|" +
  "told|quit|became|built|drove|drank|fell|felt|flew|forgot|grew|had|heard|hid|hit|kept|knew|led|lied|rode|sang|shot|sat|" +
  "spoke|stole|swam|taught|thought|threw|woke|wrote|bit|caught|chose|fought|held|hung|meant|said|shook|stood|swore|tore|" +
  "cut|been|done|eaten|gone|taken|seen|try|buy|eat|wear|test|spend|rate|rank|review|recreate|dress|cook";

const CONFESSION_RE = alt(
  [
    String.raw`${SS}(?:(?:so|and|but|then|ok|okay|well|yes|yep|finally|today|yesterday|tonight|update|guys|omg|wow|honestly|yikes|(?:this|last) (?:week|weekend|month|year|summer|night)) )?(?:i|we)(?:'ve)? ` +
      String.raw`(?:(?:just|finally|actually|accidentally|officially|secretly|really|literally|basically|almost|kinda|totally|never|also) )?` +
      String.raw`(?:[a-z]+(?:[^e\s]ed|ied)|${DID_VERBS})(?![\w'])`,
    String.raw`\bconfess(?:ion|ions|ing|ed|es)?\b`,
    String.raw`\bmy honest\b|\bhonest(?:ly)? (?:opinion|truth)\b|\bthe truth about my\b`,
    String.raw`\bi'?m (?:so |really )?sorry\b|\bi apologi[sz]e\b|\bi was wrong\b|\bi lied\b|\bi regret\b|\bi have a (?:problem|confession|secret)\b`,
    String.raw`\bi'?m not (?:ok|okay|fine|alright|happy|well)\b|\bi (?:need|have) to (?:tell|confess|admit)\b|\bwe need to talk\b(?! about)`,
    String.raw`\bi should(?: have)? told you\b|\bi should tell you\b|\bfeel guilty\b|\bi can never\b`,
    String.raw`\b(?:i'?m|im) (?:pregnant|engaged|moving|leaving|quitting|buying|getting married|gonna be a|going to be a|done with|single|divorced)\b`,
    String.raw`\b(?:leaving|quitting) youtube\b`,
    String.raw`\bmy (?:anxiety|depression|mental illness|eating disorder|diagnosis|addiction|ocd|adhd|panic attacks?|breakdown)\b`,
  ],
  "mu",
);

const STORY_RE = alt(
  [
    String.raw`\bhow (?:i|we)\b(?!'ll)`,
    String.raw`\bwhy i\b`,
    String.raw`\bthe (?:day|time|night|moment|week|year|summer) (?:i|we|my)\b`,
    String.raw`\bwhen (?:i|we) (?:was|were|got|tried|went|met|found|lost|became|first)\b`,
    String.raw`\bstory ?times?\b|\btrue stor(?:y|ies)\b|\bstor(?:y|ies) (?:of|behind)\b`,
    String.raw`\bmy (?:\S+ ){0,3}?(?:stor(?:y|ies)|experiences?|journey)\b`,
    String.raw`\b(?:this is|here's|here is|heres|that's|explain) what (?:really )?happened\b|\bwhat really happened\b`,
    String.raw`\bwhat happened (?:when|after|next|to (?:me|us|my|our)|the (?:day|night|time|first time))\b`,
    String.raw`\bmy (?:first|1st|last) day\b|\bmy day (?:at|with|in|as)\b|\ba day in (?:the|my) life\b`,
  ],
  "mu",
);

const CONTRARIAN_RE = alt(
  [
    String.raw`${SS}(?:stop|quit) [a-z]+ing\b`,
    String.raw`${SS}(?:don't|dont|do not|never) (?:buy|do|use|eat|drink|say|watch|wear|believe|make|try|get|go|overlook|ignore|upgrade|trust|listen|fall|waste|skip|miss|order|pay|sign|download|install)\b`,
    String.raw`\bwhy you (?:shouldn't|should not|should never|don't need|need to stop|must stop)\b`,
    String.raw`\b(?:you're|you are|you've been|we're|we've been) (?:\S+ )?(?:doing|using|eating|cooking|washing|brushing|drinking|wearing|saying) (?:\S+ ){0,2}wrong\b|\b(?:doing|using) it wrong\b`,
    String.raw`\b(?:is|are|was|were|'s|'re)(?: so| totally| completely| actually| kinda| seriously| officially)? (?:overrated|overhyped|a scam|a lie|a myth|broken|a waste|useless|pointless|a hoax|not worth it|a rip-?off)\b`,
    String.raw`\boverrated\b|\boverhyped\b|\bmyths?\b|\bdebunk(?:ed|ing|s)?\b|\bmisconceptions?\b`,
    String.raw`\blies exposed\b|\bfull of lies\b|\blies (?:you've|you have|we've|we have) been told\b|\bthe truth about\b`,
    String.raw`\beverything wrong with\b|\bwrong about\b|\bmakes? no sense\b|\bthe problem with\b|\bnot worth (?:it|the|buying)\b|\bsucks\b|\bwaste of (?:money|time)\b`,
  ],
  "mu",
);

const EMPATHY_RE = alt(
  [
    String.raw`\bif you(?:'re| are) (?:\S+ )?(?:struggling|feeling|going through|hurting|sad|lonely|anxious|depressed|grieving|lost|tired|overwhelmed|scared|insecure)\b`,
    String.raw`\b(?:for|to) (?:anyone|everyone|anybody|everybody|those) (?:who|that|struggling|feeling|going through|hurting)\b`,
    String.raw`\byou(?:'re| are) not (?:alone|broken|crazy|weird)\b|\byou(?:'re| are) (?:enough|loved|worthy|valid)\b|\byou matter\b|\bit'?s (?:ok|okay|alright) (?:to|if|not)\b`,
    String.raw`\bfeel(?:s|ing)? (?:lonely|alone|sad|anxious|lost|empty|ugly|worthless|broken|depressed|insecure|hopeless|overwhelmed)\b|\bloneliness\b`,
    String.raw`\bvulnerab(?:le|ility)\b|\bmental health\b|\bself[- ]?(?:love|care|help|worth|esteem|compassion|acceptance)\b`,
    String.raw`\bhelp (?:others|each other|the victims|victims|those in need)\b|\blet'?s help\b`,
    String.raw`\b(?:be|stay) ?strong\b|#pray ?for|\bpray(?:ing)? for\b|\bvigil\b|\bthoughts and prayers\b|\bsending (?:love|prayers)\b|\bstand(?:ing)? (?:with|together)\b|\bin solidarity\b`,
  ],
  "mu",
);

const AUX =
  "is|are|was|were|do|does|did|can|could|will|would|should|shall|has|have|am|isn't|aren't|wasn't|weren't|don't|doesn't|didn't|won't|wouldn't|can't|couldn't|shouldn't|hasn't|haven't";
const WH = "what|why|how|who|whom|whose|where|when|which|wtf";
const SUBJECT =
  "i|you|he|she|it|we|they|this|that|these|those|there|a|an|the|my|your|his|her|its|our|their|anyone|anybody|everyone|everybody|someone|somebody";

const QUESTION_OPEN_RE = alt(
  [
    String.raw`${SS}why\b`,
    String.raw`${SS}(?:${WH})(?:'s|'re|s\b)`,
    String.raw`${SS}(?:${WH}) (?:${AUX}|had|if|might|must)\b`,
    String.raw`${SS}how (?:much|many|long|far|often|old|big|bad|good|hard|fast|different|come)\b`,
    String.raw`${SS}(?:what|who) (?:really |actually )?(?:makes|made|happens|happened|causes|caused|killed|kind|type|sort)\b`,
    String.raw`${SS}(?:${AUX}) (?:${SUBJECT})\b`,
    // These never open a title except as a question, so any subject will do ("Did Einstein Fail Math").
    // "Will", "Can", "Do", "Have" are left out: "Will & Grace", "Can Openers", "Do Not Disturb".
    String.raw`${SS}(?:does|did|is|are|was|were|should|would|could|has|doesn't|didn't|isn't|aren't|wasn't|weren't|shouldn't|wouldn't|couldn't|hasn't) [a-z0-9]`,
  ],
  "mu",
);

const STAT_UNITS =
  "hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|nights?|weeks?|months?|years?|yrs?|decades?|times|pounds|lbs?|kgs?|kilos?|" +
  "grams|feet|foot|ft|inch(?:es)?|miles?|km|kph|mph|meters?|metres?|m|cm|mm|g|degrees|volts?|calories|fps|subscribers|views|" +
  "followers|likes|people|children|kids|killed|dead|injured|deaths|victims|points|pts?|assists|rebounds|goals|yards?|touchdowns|" +
  "steps?|layers|year-olds?|years-old|x";

/** Read on the unsegmented text, where "7.1", "3:30" and "9/27/17" are still intact. */
const STATISTIC_RE = alt(
  [
    String.raw`[$€£¥₹]\s?\d|\d\s?[$€£¥₹]`,
    String.raw`(?<![\w.])\d[\d,.]*\s?(?:dollars?|bucks|cents|euros?|usd|percent)\b|\d\s?%`,
    String.raw`(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\d,])`,
    String.raw`(?<![\w.,])\d+(?:\.\d+)?\s?(?:million|billion|thousand|trillion)\b`,
    String.raw`(?<![\w.,#\/:])\d+(?:\.\d+)?(?: |-)?(?:${STAT_UNITS})(?![\p{L}\d])`,
    String.raw`(?<![\w.])\d+x\d+`,
    String.raw`\b(?:dead|dies|died|aged?)\s(?:at\s)?(?:age\s)?\d{1,3}\b`,
    String.raw`\bm\d\.\d\b|\b\d\.\d\s?(?:magnitude|earthquake|quake)\b|\bmagnitude\s\d`,
    String.raw`(?<![\w.,\/:-])\d{1,3}-\d{1,3}\s(?:victory|win|loss|defeat|lead|rout|blowout|shutout|draw|tie|comeback)\b`,
    String.raw`\b(?:almost|nearly|over|under|about|around|approximately|roughly|only|just|than|his|her|their|its|to|at|with)\s\d{1,3}(?![\w,.:\/]|\s?(?:am|pm|a\.m|p\.m)\b)`,
    String.raw`\bin \d{1,3} (?:\S+ )?${PLURAL}`,
  ],
  "u",
);

const SUPERLATIVES =
  "worst|greatest|biggest|largest|smallest|tallest|longest|shortest|fastest|slowest|strongest|weakest|hottest|coldest|" +
  "weirdest|strangest|smartest|dumbest|richest|cheapest|oldest|youngest|highest|lowest|loudest|wildest|coolest|cutest|most|least|ultimate";
const HYPE =
  "insane|insanely|crazy|epic|incredible|incredibly|unbelievable|amazing|impossible|mind[- ]?blowing|mind[- ]?bending|" +
  "jaw[- ]?dropping|shocking|terrifying|extreme|extremely|legendary|unreal|outrageous|of a lifetime|life[- ]?changing|" +
  "game[- ]?changer|must[- ](?:see|watch|have|try)";

const BOLD_RE = alt(
  [
    String.raw`\bbest\b(?! friends?\b)`,
    String.raw`\b(?:${SUPERLATIVES})\b|\b[a-z]+iest\b|\bworld'?s (?:first|only|\S+est)\b`,
    String.raw`\b(?:ever|never|always|forever|everything|everyone|everybody|nothing|nobody|anything|every)\b`,
    String.raw`\bof all time\b|\bin (?:\S+ )?history\b|\bin the (?:world|universe)\b`,
    String.raw`\b(?:${HYPE})\b`,
    String.raw`\b(?:will|gonna) change\b|\bchange[sd]? (?:everything|forever|the world|your life)\b`,
    String.raw`\bthe (?:only|perfect)\b`,
    String.raw`!\s?!`,
  ],
  "u",
);

/**
 * Music/trailer release labels. Their remaining words are a work's name ("Nobody Compares To You"),
 * not the uploader's hook, so only form-based types (list, question, statistic) may fire.
 */
const RELEASE_RE =
  /\b(?:official|lyrics?|music) (?:music )?(?:video|audio|trailer|teaser|visualizer)\b|[([](?:official|audio|lyrics?|lyric video|visualizer)\b|\bofficial (?:mv|m\/v)\b/;

// ---------------------------------------------------------------------------------------------
// Gates. Most titles match no rule, so each rule's regex runs only when the title holds a word (or a
// word at a segment start, or a pair of consecutive words) that the rule cannot match without. One
// allocation-free pass hashes every [a-z0-9] run (the runs `\b` delimits; an apostrophe splits
// "don't" into "don" + "t", as `\b` does) and ORs in the gate bits. Gates only ever skip work: the
// regex still decides, so a hash collision costs a regex run and never changes a result.
// ---------------------------------------------------------------------------------------------

const G_LIST = 1, G_BEFORE_AFTER = 2, G_CONFESSION = 4, G_STORY = 8, G_CONTRARIAN = 16;
const G_EMPATHY = 32, G_QUESTION = 64, G_BOLD = 128, G_RELEASE = 256;
/** Character-level facts gathered in the same pass. */
const F_DIGIT = 1 << 16, F_QMARK = 1 << 17, F_BANGS = 1 << 18, F_HASH = 1 << 19;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function wordHash(w: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), FNV_PRIME);
  return h;
}
const pairKey = (a: number, b: number): number => Math.imul(a, 0x9e3779b1) ^ b;

/** Word anywhere / word opening a segment / two consecutive words → gate bits. */
const ANY = new Map<number, number>();
const LEAD = new Map<number, number>();
const PAIR = new Map<number, number>();
const words = (list: string): string[] => list.split(/[\s|]+/).filter(Boolean);
const add = (m: Map<number, number>, key: number, bit: number): void => void m.set(key, (m.get(key) ?? 0) | bit);
const gateAny = (bit: number, list: string): void => words(list).forEach((w) => add(ANY, wordHash(w), bit));
const gateLead = (bit: number, list: string): void => words(list).forEach((w) => add(LEAD, wordHash(w), bit));
const gatePairs = (bit: number, firsts: string, seconds: string): void =>
  words(firsts).forEach((a) => words(seconds).forEach((b) => add(PAIR, pairKey(wordHash(a), wordHash(b)), bit)));

gateAny(G_LIST, `top ${NUM_WORDS}`);

gateAny(G_BEFORE_AFTER,
  "before transform transforms transformed transforming transformation transformations makeover makeovers glow glowed " +
  "glowup glowups glowedup glowedups lost");
gateLead(G_BEFORE_AFTER, "from");
gatePairs(G_BEFORE_AFTER, "went go going goes gone", "from");
gatePairs(G_BEFORE_AFTER, "day days week weeks month months year years", "later after post progress transformation");
gatePairs(G_BEFORE_AFTER, "weight progress fitness body", "update loss journey");
gatePairs(G_BEFORE_AFTER, "then", "and vs now");
gatePairs(G_BEFORE_AFTER, "make", "over overs");
gatePairs(G_BEFORE_AFTER, "turned turning turns turn", "me myself my him her it them himself herself themselves");

gateAny(G_CONFESSION,
  "i we im ive weve confess confession confessions confessing confessed confesses honest honestly truth guilty leaving quitting " +
  "anxiety depression illness disorder diagnosis addiction ocd adhd panic breakdown");

gateAny(G_STORY, "story stories storytime storytimes experience experiences journey happened");
gatePairs(G_STORY, "how why when", "i we");
gatePairs(G_STORY, "day time night moment week year summer", "i we my");
gatePairs(G_STORY, "my first 1st last a", "day");

gateLead(G_CONTRARIAN, "don dont do never stop quit");
gateAny(G_CONTRARIAN,
  "shouldn should need must wrong overrated overhyped scam lie myth myths broken waste useless pointless hoax rip ripoff " +
  "debunk debunked debunking debunks misconception misconceptions lies truth sense problem sucks worth");

gateAny(G_EMPATHY,
  "struggling feeling going through hurting sad lonely anxious depressed grieving lost tired overwhelmed scared insecure " +
  "anyone everyone anybody everybody those alone broken crazy weird enough loved worthy valid matter ok okay alright " +
  "empty ugly worthless hopeless loneliness vulnerable vulnerability mental self selflove selfcare selfhelp selfworth " +
  "selfesteem selfcompassion selfacceptance help strong bestrong staystrong pray praying prayers vigil sending stand " +
  "standing solidarity");

gateLead(G_QUESTION,
  `${WH} ${AUX} whats whos hows whys wheres whens whichs wtfs whatre whore howre whyre wherere ` +
  "isn aren wasn weren don doesn didn won wouldn can couldn shouldn hasn haven");

gateAny(G_BOLD,
  `best ${SUPERLATIVES} world worlds ever never always forever everything everyone everybody nothing nobody anything every ` +
  "time history universe insane insanely crazy epic incredible incredibly unbelievable amazing impossible mind mindblowing " +
  "mindbending jaw jawdropping shocking terrifying extreme extremely legendary unreal outrageous lifetime life lifechanging " +
  "game gamechanger must change changes changed only perfect");

gateAny(G_RELEASE, "official lyric lyrics music audio visualizer");

/** After one of these a segment may start (a superset of what SEP_RE splits at). */
const SEGMENT_BREAK = new Set(Array.from("|¦ǀ•·;()[]{}<>«»\"~:/-–—.!?…¿¡", (c) => c.charCodeAt(0)));

/** Gate bits and character facts of a normalised title, without allocating. */
function scan(norm: string): number {
  let bits = 0;
  let start = -1;
  let h = FNV_OFFSET;
  let prev = 0;
  let segStart = true;
  let lead = false;
  let lastBang = -3;
  const n = norm.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? norm.charCodeAt(i) : 0x20;
    const digit = c >= 0x30 && c <= 0x39;
    if (digit || (c >= 0x61 && c <= 0x7a)) {
      if (start < 0) {
        start = i;
        h = FNV_OFFSET;
        lead = segStart;
      }
      h = Math.imul(h ^ c, FNV_PRIME);
      if (digit) bits |= F_DIGIT;
      continue;
    }
    if (start >= 0) {
      bits |= ANY.get(h) ?? 0;
      if (lead) bits |= LEAD.get(h) ?? 0;
      if (prev !== 0) bits |= PAIR.get(pairKey(prev, h)) ?? 0;
      // "-iest" superlatives (smelliest, deadliest) are open-ended, so they are gated by suffix.
      if (i - start >= 5 && norm.startsWith("iest", i - 4)) bits |= G_BOLD;
      prev = h;
      start = -1;
      segStart = false;
    }
    if (SEGMENT_BREAK.has(c)) segStart = true;
    else if (c !== 0x20 && c !== 0x27 && c !== 0x2a && c !== 0x23) segStart = false; // space ' * # keep it
    if (c === 0x3f || c === 0xbf) bits |= F_QMARK;
    else if (c === 0x23) bits |= F_HASH;
    else if (c === 0x21) {
      if (i - lastBang === 1 || (i - lastBang === 2 && norm.charCodeAt(i - 1) === 0x20)) bits |= F_BANGS;
      lastBang = i;
    }
  }
  return bits;
}

/**
 * Hook type of a title. Total (any input, including non-strings, gives one of the ten types),
 * deterministic, and insensitive to letter case and whitespace layout.
 */
export function classifyHook(title: string): HookType {
  const norm = normalizeTitle(title);
  return norm.length === 0 ? "plain" : decide(norm, scan(norm));
}

/**
 * The same decision with every word gate open (character facts still apply). Slow; it exists so a
 * test can show that gates only skip work and never change a result.
 */
export function classifyHookUngated(title: string): HookType {
  const norm = normalizeTitle(title);
  return norm.length === 0 ? "plain" : decide(norm, scan(norm) | (F_DIGIT - 1) | F_DIGIT | F_HASH);
}

function decide(norm: string, b: number): HookType {
  let seg: string | undefined;
  const segmented = (): string => (seg ??= norm.replace(SEP_RE, "\n"));

  if (b & (G_LIST | F_DIGIT) && LIST_RE.test(segmented())) return "list_preview";
  const release = (b & G_RELEASE) !== 0 && RELEASE_RE.test(norm);
  if (!release) {
    if (b & G_BEFORE_AFTER && BEFORE_AFTER_RE.test(segmented())) return "before_after";
    if (b & G_CONFESSION && CONFESSION_RE.test(segmented())) return "confession";
    if (b & G_STORY && STORY_RE.test(segmented())) return "story";
    if (b & G_CONTRARIAN && CONTRARIAN_RE.test(segmented())) return "contrarian";
    if (b & (G_EMPATHY | F_HASH) && EMPATHY_RE.test(segmented())) return "empathy";
  }
  if (b & F_QMARK || (b & G_QUESTION && QUESTION_OPEN_RE.test(segmented()))) return "question";
  if (b & F_DIGIT && STATISTIC_RE.test(norm)) return "statistic";
  if (!release && (b & F_BANGS || (b & G_BOLD && BOLD_RE.test(norm)))) return "bold_claim";
  return "plain";
}
