/**
 * The subject of a topic or draft, built once and framed by the templates (src/rules/templates.ts): the
 * text in its real casing (the matched story's spelling, shouting calmed, Title Case), its kind, tone,
 * genre and article, and whether it can be read at all (another language, two sentences, non-words).
 * Deterministic. Every rule: docs/rules.md "Hook rescue and grade".
 */
import { misspelling } from "./spelling.ts";
import { credited, creditedAfter, creditedPair, creditedPerformer, namesPair, pairRelease, stagedRelease, taggedCredit, wholeSong } from "./credits.ts";
import { plainText } from "./markup.ts";
import { casingFrom, isPluralHead, isShouting, recase, titleCase, type Casing } from "./english.ts";
import { toneOf, type Tone } from "./tone.ts";
import { ANIMAL_HARM, CLIP_ADJECTIVE, COMEDY, episodeOfShow, hasFiniteVerb, trailersOnly, genreOf, isGivenName, isComparison, namesPerson, singularAnimal, topicKind, type Genre, type GenreContext, type TopicKind } from "./topickind.ts";
import { classifyHook } from "./hook.ts";
import { readability } from "./readability.ts";
import { calm, capRuns, isCommonWord, plainCaps, plainShort, shiftTypos, unAlternate } from "./shouting.ts";
import { STOPWORDS, escapeRegExp } from "./text.ts";
import { MUSIC_LABEL, alnum, channelSpelling, gluedToChannel, labelOnly, namesChannel, seasonOf, wholeGameName } from "./names.ts";

export interface Subject {
  /** The topic as it should read, in its real casing ("iPhone X", "Las Vegas Shooting"). */
  text: string;
  kind: TopicKind;
  tone: Tone;
  /** Reads with "the" in running text ("the iPhone X", "the Las Vegas Shooting", not "the Bitcoin"). */
  the: boolean;
  plural: boolean;
  /** A how-to given as a verb phrase ("Make Cold Brew"), not a noun phrase ("Makeup Routine"). */
  vp: boolean;
  /** A time frame kept from a draft ("after a week", "after 7 days"); empty when none. */
  span: string;
  /** What a `general` subject is (a dish, a song, a one-off clip…), from the matched story; null when unknown. */
  genre?: Genre | null;
  /** The matched story's main YouTube category, when most of its videos share one. */
  cat?: number | null;
  /** The subject comes from a music story (an artist): no rewrite reframes a performance. */
  music?: boolean;
  /** The draft already is a review, test or reaction ("… review", "I tried …"): its rewrite may say so. */
  reviewed?: boolean;
  /** The draft is a first look (an unboxing, hands-on, first impressions): its rewrite claims no week or hours of use. */
  firstLook?: boolean;
  /** The draft is a highlights video: its rewrite says moments or highlights, not "What You Need to Know". */
  highlights?: boolean;
  /** The text was cut at TOPIC_MAX characters: a headline or general subject is incomplete. */
  cut?: boolean;
  /** Every word of the text is a non-word by the readability rule ("Rrrrrrrrrrrrr"): nothing to frame. Set once by subjectOf. */
  nonWords?: boolean;
  /** The text cannot be read as one English title: another language, two sentences, dots glued between words. Set once by subjectOf. */
  unreadable?: { foreign: boolean; twoSentences: boolean };
  /** The text speaks in the first person somewhere ("… (This is my SECRET)"): a sensitive topic is the creator's own story. */
  personal?: boolean;
  /** The topic was typed as a question ("Tara where are we?"): no question tail after it. */
  asked?: boolean;
  /** A story matched (its titles are known), whatever its categories. */
  storied?: boolean;
  /** The story's titles announce a film or show (trailer, teaser, first look): it is not out yet. */
  upcoming?: boolean;
  /** Every title of the story is a trailer, teaser or first look: no frame may say the film was seen ("What I Loved About …"). */
  unseen?: boolean;
  /** A regular creator's own vlog: the story is one People & Blogs or Howto & Style channel with 3+ videos in the
   * snapshot, named like a person or a vlog or titling at least half its videos in capitals ("Trying to Make It All Work";
   * SACCONEJOLYs' "BABY GETS HER OWN BED!"): their day, nothing to react to. Media channels in those categories (BuzzFeedVideo,
   * Refinery29, ViralHog, INSIDER, Great Big Story) title none in capitals in either vault. */
  vlog?: boolean;
  /** The latest year a trailer title of the story names outside the subject ("I'm Gonna Git You Sucka Trailer 1988",
   * "Pacific Rim 2 Trailer 2018"), or absent: with the snapshot's year, it tells an old film's trailer and a film not out. */
  trailerYear?: number;
  /** A song story named by its performers ("Tori Kelly & Luis Fonsi - Hallelujah"): no frame about the song's words. */
  performers?: boolean;
  /** A small creator's own upload: the story is one People & Blogs or Travel channel with at most four videos in the
   * snapshot, not topical. A reaction to it fits a public clip but not their day ("Zimbabwe 4x4 Photoshoot [Reaction]",
   * "All Night Long at the Airport: My Honest Reaction"), and no data tells the two apart: no reaction frame. */
  ownUpload?: boolean;
  /** The whole text as typed (plain): what a rewrite may claim of the video is what the draft says (templates.ts CLAIMS). */
  said?: string;
  /** A likely misspelling the text keeps from its source ("Re-Engergize"; spelling.ts): no frame repeats it. Set once by subjectOf. */
  misspelt?: string | null;
}

/** Every word of the subject is a non-word by the readability rule ("Rrrrrrrrrrrrr", "Yyy"). */
const nonWords = (t: string) => {
  const r = readability(t);
  return r.words > 0 && r.implausible === r.words;
};
/**
 * Text in another language: mostly letters outside the Latin script ("한국 맥도날드 신 초콜릿 메뉴"), or two or
 * more function words of Spanish, Portuguese, French, German, Indonesian or Tagalog and no English one
 * ("Asi Se Vivió El Sismo De 7.1 En México", "Das aCar Auf Der IAA"). A short list, not a language model:
 * a foreign title without such words ("Detik Detik Terjadinya Benturan Keras …") still gets framed.
 */
function foreign(t: string): boolean {
  // A word in another script inside Latin text ("Xov xwm-ເຂື່ອນນໍ້າອ້າວ tawg …") too; mostly another script ("한국 …") always.
  if (/[\p{L}--\p{Script=Latin}]{3,}/v.test(t)) return true;
  // (Two Hangul, Han or kana letters are a word already: "LAY 레이 'SHEEP' MV Teaser".)
  if (/[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{2,}/u.test(t)) return true;
  const script = t.match(/[\p{L}--\p{Script=Latin}]/gv)?.length ?? 0;
  if (script && script * 2 > (t.match(/\p{L}/gu)?.length ?? 0)) return true;
  const ws = (t.toLowerCase().match(/\p{L}+/gu) ?? []);
  const other = ws.filter((w) => FOREIGN_FUNCTION.has(w)).length;
  // ("vs" is everyone's: "Los Jugadores … vs Sarmiento" is still Spanish.)
  const englishWords = ws.filter((w) => STOPWORDS.has(w) && !FOREIGN_FUNCTION.has(w));
  const english = englishWords.filter((w) => w !== "vs").length;
  // One such word is enough beside a word spelled with Spanish, Portuguese or French accents ("Terremoto 7.1 en México");
  // two in a sentence of five words or more; a short name keeps its own ("La La Land", "Le Tour de France").
  // (Central European letters too: "Odnalezione Demo Technologiczne Wiedźmina" is Polish.)
  const accented = ws.some((w) => /[áíóúñãõçàèùâêîôûœąćęłńśźżőűěřšžčťďů]/u.test(w) || /\p{L}é\p{L}/u.test(w));
  // (A lone letter is no English word there: ":D" in "Keď máš veľkú chuť na kebab :D".)
  if (ws.some((w) => /[ąćęłńśźżőűěřťďůľĺŕ]/u.test(w)) && !englishWords.some((w) => w.length > 1)) return true;
  // So is one beside a word of another language's video titles ("Resumen de Real Sociedad vs Real Madrid", "Abertura de Star Trek").
  if (english === 0 && ((other >= 1 && (accented || ws.some((w) => FOREIGN_CONTENT.has(w)))) || (other >= 2 && ws.length >= 5))) return true;
  // Seven words or more and not one common English word ("Detik Detik Terjadinya Benturan Keras Choirul Huda …").
  return ws.length >= 7 && !ws.some((w) => STOPWORDS.has(w) || isCommonWord(w));
}
/** Words of Spanish, Portuguese, French and German video titles that English titles do not use. */
const FOREIGN_CONTENT = new Set(
  ("resumen abertura goles partido jugadas mejores melhores capitulo episodio completo oficial cancion musica " +
    "bande annonce extrait folge spiel tore zusammenfassung").split(" "),
);
const FOREIGN_FUNCTION = new Set(
  ("el la los las de del en y que con por para una es se su al lo le les des du et est il une pas sur dans como pero muy " +
    "der die das und ist nicht ein eine mit auf von zu den dem im " +
    "yang dan di ke dari ini itu untuk dengan ng sa mga ang nao em um uma os").split(" "),
);

export const BROKEN = /\p{L}\.{2,}\p{L}|\p{L}\.{2}\s+\S|\s(?:\.{3}|…)\s+\p{Lu}|\d\.\s+\d|\d{2}\.\p{Lu}\p{Ll}/u;

/** A sentence break inside the text: a word of two or more lower-case letters, a full stop, a capital; not an abbreviation ("Mrs. Maisel"). */
function twoSentences(t: string): boolean {
  // Dots glued between words ("Ok, Cam....Im Only Going to Say This Once") break the text as well, so
  // do an ellipsis before a new statement ("Jemele Hill I Deserved My Suspension ... Not Mad at ESPN")
  // a number's full stop before another number ("Samoa Hotshot Crew 61. 2017") and a year's glued to a word
  // ("Maradona Goal V England 1986.Goal Impossible").
  if (BROKEN.test(t)) return true;
  // So does a pronoun glued to a word by a dash ("Steel Balls Grinding Balls-We set up technology center").
  if (/\p{L}-(?:We|I|You|They|He|She)\s/u.test(t)) return true;
  for (const m of t.matchAll(/(\p{L}+)\.\s+\p{Lu}/gu)) if (/\p{Ll}{2}$/u.test(m[1]) && !ABBREV.has(m[1].toLowerCase())) return true;
  return false;
}
export const ABBREV = new Set("mrs mr ms dr jr sr st vs ft mt vol no inc ltd co feat jan feb mar apr jun jul aug sep sept oct nov dec".split(" "));

/** Control, format and other default-ignorable (invisible: U+034F, Hangul fillers, variation selectors) characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;
export const TOPIC_MAX = 80;

/**
 * Plain topic text: markup and entities removed (`<b>iphone</b> x` → `iphone x`), NFKC, invisible
 * characters and leftover markup brackets turned into spaces, whitespace collapsed, cut at TOPIC_MAX
 * at a word boundary, trailing punctuation dropped.
 */
export function safeTopic(s: string): string {
  let t = s.normalize("NFKC").replace(INVISIBLE, " ");
  // To a fixed point (each change shortens the text, so this ends), so safeTopic is idempotent even
  // for entities escaped more deeply than plainText's rounds.
  for (let prev = ""; prev !== t; ) [prev, t] = [t, plainText(t)];
  // Entities plainText could not decode (unknown names, invalid code points) are markup debris too.
  t = t.normalize("NFKC").replace(INVISIBLE, " ").replace(/&#?[A-Za-z0-9]{1,32};/g, " ").replace(/[<>{}\[\]`\\]/g, " ").replace(/\s+/g, " ").trim();
  // Cut at TOPIC_MAX UTF-16 units, never inside a surrogate pair (a lone surrogate is malformed text).
  if (t.length > TOPIC_MAX) t = t.slice(0, TOPIC_MAX).replace(/[\uD800-\uDBFF]$/, "").replace(/\s+\S*$/, "");
  // Trailing punctuation last, spaces included ("! -" → ""), so the result is stable: safeTopic(safeTopic(x)) = safeTopic(x).
  // A video file's extension is upload debris ("Opener Dedication.wmv"); dropped with the trailing punctuation, to a fixed point.
  // An emoji at the end is decoration: a frame after it would read "Challenge😱: What Do You Think?".
  // (Not the last dot of initials: "… About Guns in the U.S." keeps it, or a frame after it reads "the U.S: …".)
  const initials = t.includes(".") ? /(?:^|\s)((?:\p{Lu}\.){2,})[\s.!?:;,]*$/u.exec(t)?.[1] : undefined;
  for (let prev = ""; prev !== t; ) [prev, t] = [t, t.replace(/[\s.!?:;,|\-–—\p{Extended_Pictographic}\uFE0F\u200D]+$/u, "").replace(/\.(?:wmv|mp4|avi|mov|mkv|flv|webm|m4v|3gp)$/i, "")];
  if (initials && t.endsWith(initials.slice(0, -1))) t += ".";
  return t;
}

/** What is known about the story a topic matched (all optional: a topic may match nothing). */
export interface TopicContext extends GenreContext {
  /** The matched story's name. */
  storyName?: string | null;
  /** Titles of the story's items (videos, news headlines), for casing and tone. */
  titles?: readonly string[];
  /** For a one-word typed topic: how many stories of the snapshot hold that word. */
  topicStories?: number;
  /** For a story of one channel: how many videos that channel has in the snapshot. */
  channelVideos?: number;
  /** For a story of one channel: the share (0–1) of that channel's videos whose titles are written in capitals. */
  channelShouting?: number;
  /** Lower-case words the story's videos tag or its channels are named with: names its creators vouch for (spelling.ts). */
  vouched?: { has(word: string): boolean };
  /** The story's videos' tags, as written (a bounded sample): what its creators call the performer and the song. */
  tags?: readonly string[];
}

/** Head words that read with "the" ("the Las Vegas Shooting", "the Bitcoin Price", "the Keto Diet"). */
/**
 * A story named in sentence case with a small-letter head ("Fidget spinner") names a thing, not a title:
 * its singular reads with "the" ("What You Need to Know About the Fidget Spinner"). Two or three words.
 */
function commonNoun(storyName: string | null | undefined, text: string): boolean {
  const ws = (storyName ?? "").trim().split(/\s+/);
  return ws.length >= 2 && ws.length <= 3 && /^\p{Lu}\p{Ll}+$/u.test(ws[0]) && ws.slice(1).every((w) => /^\p{Ll}+$/u.test(w)) && !isPluralHead(text);
}

/** A thing described, not named, by its first word ("Semi-Automatic Portable Railgun", "Light-Up LED Dress"): it takes "the". */
const DESCRIBED = /^(?:semi-automatic|automatic|portable|electric|light-up|giant|tiny|mini|huge|homemade|handmade|wooden|smart|wireless|foldable|self-driving|flying|robotic|solar|cheap|expensive|inflatable|edible|waterproof|bulletproof)$/i;

/** "Live" before a staged event is the stream's label, not the event's name ("Live Apple Event" is the Apple Event). */
const LIVE_BEFORE_EVENT = /^live\s+(?=(?:[\p{L}\p{N}'’.&-]+\s+){0,3}(?:event|keynote|conference|ceremony|launch|awards|parade|debate|briefing|address)$)/iu;
const THE_HEADS = new Set(
  ("shooting attack bombing earthquake election referendum debate awards emmys oscars grammys vmas festival concert premiere " +
    "finale trial verdict summit keynote conference expo convention ceremony parade protest protests march rally eclipse outage shutdown crash draft " +
    "playoffs tour storm floods fire game match series price prices market economy bubble fork budget deal ipo rate rates dollar " +
    "diet challenge trend update battery camera screen display design launch lineup trailer controversy scandal feud movement " +
    "commercial ad speech interview performance documentary announcement theme release reveal championship championships open cup bowl derby olympics event carpet contest competition pageant briefing test twins brothers sisters cam webcam livestream range collection board look weigh-in anniversary " +
    // One person named by a role ("Hurricane Irma Emergency Fake Interpreter", session-12 rewrite audit and US reading).
    "interpreter translator officer sheriff firefighter paramedic pilot referee umpire anchor reporter").split(" "),
);
/** Bodies and places named by letters that read with "the" ("the NFL", "the FBI", "the UK"); "NASA" and "UNICEF" do not. */
const THE_ACRONYMS = new Set("NFL NBA MLB NHL NCAA FBI CIA NSA IRS FDA EPA FCC SEC NRA UN EU NHS BBC UK US USA GOP DNC RNC".split(" "));
/** Heads that name a part or aspect of a product, not the product. */
export const FEATURE_HEADS = new Set("battery camera screen display design update notch price case charger keyboard speakers software features specs leaks rumors unlock fail test speed charging performance comparison life realism graphics gameplay physics animations sound audio emoji emojis".split(" "));
/** One-word products that still read with "the" ("the iPhone", not "the Bitcoin"). */
const THE_DEVICES = new Set(
  ("iphone ipad macbook imac airpods pixel pixelbook chromebook homepod galaxy switch xbox playstation ps4 ps5 oculus kindle gopro phone smartphone camera laptop " +
    "console headphones earbuds watch smartwatch speaker drone tablet tv monitor keyboard mouse router controller headset car").split(" "),
);
/** A device word in a product name ("Nintendo Switch", "Xbox One X"): it reads with "the" in any category. */
export const namesDevice = (name: string) => name.toLowerCase().split(" ").some((w) => THE_DEVICES.has(w));
/** A model designation closing a product name: "Pixel 2", "iPhone X", "Galaxy S8", "iPhone 8 Plus", "Oculus Go". */
const MODEL_END = /(?:^|\s)(?:[A-Za-z]*\d+[A-Za-z]*|[A-Z]{1,2}|Plus|Pro|Max|Mini|Ultra|Lite|Air|Edition|Go|Note)$/;

/**
 * Whether a product name reads with "the": a model designation at its end or a device word in it
 * ("the Google Pixel 2", "the Nintendo Switch", "the Apple Watch"), not a game, app or brand alone
 * ("Super Mario Odyssey", "Snapchat").
 */
export function productReadsWithThe(name: string): boolean {
  const ws = name.toLowerCase().split(" ");
  return MODEL_END.test(name) || ws.some((w) => THE_DEVICES.has(w));
}

/** Leading words a topic may carry that are not part of its name. */
const LEADING_THE = /^the\s+/i;
const HOWTO_VP = /^how\s+to\s+/i;
/** Imperative openers of a how-to given without "how to" ("make cold brew"). */
const VP_TAILS = /\s+(?:at home|from scratch|the easy way|the right way|like a pro|for beginners|step by step|fast|quickly|easily|perfectly|every (?:single )?time|tutorial|guide)$/i;
/** Tasks of the mind or the body, not made by hand: no "at Home", "in 10 Minutes" ("Teach the First Behavior"). */
export const NOT_CRAFT = /^(?:learn|teach|start|lose|save|play|sing|dance|train|write|edit)\s/i;
export const VP_OPENERS = /^(?:make|build|fix|cook|bake|draw|learn|teach|grow|clean|start|lose|save|paint|write|install|play|sing|dance|train|edit|brew|sew|knit|style|cut|dye|braid|apply|get rid of|reduce|improve|prevent|remove|repair|sharpen|replace|organize|organise)\s/i;

/** A young one's first time, its possessive missing ("Puppies First Bathtime", "Baby First Steps"). */
const FIRSTS = /\b(pupp(?:y|ies)|kittens?|bab(?:y|ies)|toddlers?|twins)\s+(first\s+(?:bath\w*|christmas|birthday|steps?|day|time|snow|halloween|walk|swim|vet\w*|haircut|trip|words?|tooth|food|flight))\b/gi;

/**
 * Subject of a user's topic: plain text, the matched story's casing ("iphone x" → "iPhone X"),
 * otherwise the user's own casing with shouting calmed, then Title Case; its kind, tone, article and
 * number.
 */
export function subjectOf(topic: string, ctx: TopicContext = {}, span = "", asked = false): Subject {
  // "Pizza w/ My Dad": the shorthand is spelled out; a quote a cut name left open goes ("Filming 'Mother").
  // A colon glued to the next word ("Adrian Peterson:'The Sky Is the Limit'") takes its space.
  topic = topic.replace(/(\p{L}):(?=['"‘“]?\p{Lu})/gu, "$1: ");
  // A young animal's or a baby's first something is theirs: "Puppies First Bathtime" → "Puppies' First Bathtime" (a missing
  // apostrophe the session-11 audit and -12 reading flagged, kept from the draft).
  topic = topic.replace(FIRSTS, (_, who: string, first: string) => `${who}${/s$/i.test(who) ? "'" : "'s"} ${first}`);
  // A superlative names one thing and takes its article ("Best Floyd Mayweather Interview" → "The Best Floyd Mayweather
  // Interview", "Most Dangerous Jobs" → "The Most Dangerous Jobs"); so does a look ("Close Look at …" → "A Close Look at …")
  // and the world's own ("Worlds Largest Blanket Fort" → "World's Largest …"): the session-12 US reading.
  topic = topic
    .replace(/^((?:best|worst|biggest|greatest|funniest|craziest|scariest|cutest|weirdest|strangest|smallest|largest|longest|oldest|(?:most|least)\s+\p{L}+)\s+)(?!friends?\b|of\b|ever\b|in\b)/iu, "The $1")
    .replace(/^((?:close|closer|quick|brief|deep|sneak)\s+(?:look|peek|dive)\s+(?:at|into|inside)\s)/i, "A $1")
    .replace(/\b(worlds)(?=\s+(?:largest|biggest|smallest|best|most|first|tallest|longest|fastest|strongest|hottest|oldest|worst|greatest|richest|deadliest|loudest|heaviest|highest)\b)/gi, (w: string) => w.slice(0, 5) + "'s");
  // A price says its currency once: "the $1300 Dollar Apple Watch" → "the $1300 Apple Watch" (session-12 US reading).
  topic = topic.replace(/([$£€]\s?\d[\d,.]*(?:\s?[kKmM])?)\s+(?:dollars?|pounds?|euros?|bucks)\b/gi, "$1");
  // A collaboration written as one shouted handle ("CARLIBYBELxMISSGUIDED") is two names.
  const collab = /\b[A-Z]{3,}x[A-Z]{3,}\b/.test(topic);
  // (A handle that is a channel's name without its spaces is written as the channel writes it: "CARLIBYBEL" by Carli Bybel.)
  const spelled = (h: string) => (ctx.channels ?? []).find((c) => /\s/.test(c) && alnum(c) === h.toLowerCase()) ?? h;
  topic = topic.replace(/\b([A-Z]{3,})x([A-Z]{3,})\b/g, (_, a: string, b: string) => `${spelled(a)} x ${spelled(b)}`);
  // A closing double quote whose opening a cut took ("GOT7 You Are” M/V") goes (a space takes its place:
  // taking it out could join "&A" and "A;" into something that reads as an entity).
  // A *tag* a cut left open at the end ("My 2017 YouTube Rewind **365 Days of Vlogs") is a label.
  // So is a tag whose opening star a cut took ("NEW* PLAYTESTING MICKEY"), and a label
  // whose closing star a cut took ("… Jaylen Brown 1 on 1 *MUST WATCH"), or of up to three capitalised words
  // ("Filming Something Special *UK YouTubers"; not a small-letter aside, "clothes *for cheap").
  let t = safeTopic(topic).replace(/\s+\*{2,}[^*]+$|\s+\*+(?:must\s+(?:watch|see)|gone\s+wrong|not\s+clickbait|live|new|emotional|hilarious|omg|insane|epic)!*$/iu, "").replace(/\s+\*+(?=\p{Lu})(?:[^*\s]+\s?){1,3}$/u, "").replace(/^(?:new|update|live|updated)\*+\s+/i, "").replace(LIVE_BEFORE_EVENT, "").replace(/(^|\s)w\/\s*/gi, "$1with ").replace(/(\s)w(?=\s+\p{Lu}{2,})/gu, "$1with").replace(/^([^“"]*)[”"](?=[^“”"]*$)/u, "$1 ").replace(/(^|\s)['‘"“](?=[^'’"”]*$)/u, "$1").replace(/(?<![\p{L}*])\*+|\*+(?![\p{L}*])/gu, " ").replace(/\s+/g, " ").trim();
  // Shorthand spelled out and labels dropped: "@" between words is "at" ("Under Pressure @ Colonial Life Arena"); a price is
  // written "$50", not "50$"; a throwback tag opening it is a label ("#tbt Windows 95 Video Guide …"). (A resolution closing
  // it, "Drone Tour 4K", is a label since session 10: TRAIL_RE in rewrite.ts, with "Automatica" read as the work its title
  // credits before the channel's person.)
  t = t.replace(/(\S)\s+@\s+(?=[\p{L}#])/gu, "$1 at ").replace(/(\S)\s+official\s+(?=weigh-?ins?\b|press conferences?\b|launch\b|reveal\b)/giu, "$1 ").replace(/(?<![\p{L}\p{N}$])(\d[\d,.]*)\$(?=\s|$)/gu, "$$$1").replace(/^#(?:tbt|throwback|fbf)\s+/i, "") || t;
  // A pair's possessive that ends the subject lost its noun to a cut ("Vanessa and Maks’ - Tango"): the
  // names stay. (Not a brand alone: "McDonald's".)
  if (/\s(?:and|&)\s/i.test(t)) t = t.replace(/(\p{L}{2,})(?:['’]s|s['’])$/u, (m, w: string) => (m.endsWith("s’") || m.endsWith("s'") ? w + "s" : w));
  // A small word glued to the word before it is a typo ("Tyrese SlamsThe Rock's …" → "Slams The").
  t = t.replace(/(\p{Ll}{3,})(The|And|Of|With|For)(?=\s)/gu, "$1 $2");
  // A hyphen with a space on one side only joins a compound ("Dad -Daughter Dance Party" → "Dad-Daughter").
  t = t.replace(/(\p{L}) -(\p{L})/gu, "$1-$2").replace(/(\p{L})- (\p{Ll})/gu, "$1-$2");
  // A small word typed twice is a typo ("Match of the the Day's Premier League All-Time XI").
  t = t.replace(/\b(the|a|an|of|to|in|on|and|for|is)\s+\1\b/gi, "$1");
  // Emoji inside a subject are decoration ("Intense 🎙️ ASMR 🎙️ Sounds").
  t = t.replace(/\s*[\p{Extended_Pictographic}\uFE0F\u200D]+\s*/gu, " ").trim() || t;
  // Two people listed with a comma ("Tim McGraw, Faith Hill") are a pair: "Tim McGraw and Faith Hill".
  // So are two performers a release credits before its dash ("J Balvin, Willy William - Mi Gente").
  const pair = /^([^,]+),\s+([^,]+)$/.exec(t);
  const credited = (x: string) => (ctx.titles ?? []).some((y) => y.toLowerCase().startsWith(`${x.toLowerCase()} - `));
  if (pair && ((namesPerson(pair[1]) && namesPerson(pair[2])) || (!/^\d|,\s*\d/.test(t) && credited(t) && (ctx.categoryIds ?? []).includes(MUSIC)))) t = `${pair[1]} and ${pair[2]}`;
  // A person's role after the name says who, not what ("Sean Hughes comedian" → "Sean Hughes").
  const role = /^(.+?),?\s+(?:the\s+)?(?:comedian|comic|actor|actress|singer|rapper|musician|magician|author|songwriter|dancer|chef|director|youtuber)$/i.exec(t);
  if (role && namesPerson(role[1])) t = role[1];
  const dict: Casing = storyCasing(ctx);
  let vp = false;
  let leadingThe = false;
  const asTyped = t;
  // A channel named like a task ("How To Cake It KITCHEN TOUR", by the channel How To Cake It) names no task.
  const channelTask = (ctx.channels ?? []).some((c) => /^how to\s/i.test(c) && t.toLowerCase().startsWith(c.toLowerCase()));
  if (HOWTO_VP.test(t) && !channelTask) {
    t = t.replace(HOWTO_VP, "");
    vp = true;
  } else if (VP_OPENERS.test(t) && !/\s(?:vs\.?|versus)\s/i.test(t) && !/^\S+\s+me\b/i.test(t)) vp = true; // (a request, "Make Me White Again", is no task) // "Make Mega Blender VS Coca Cola" is an experiment, no task
  // Being something ("How to Be Gangster 2.0", "How to Be Honest") is no task done "the easy way" or "in 10 minutes":
  // the title is quoted whole, a headline. So is a title opening with a channel named like a task.
  let being = channelTask;
  // (So is an ironic how-to, a thing nobody sets out to do: "How to Waste $200 on Amazon", "How to Ruin a Wedding".)
  if (vp && /^(?:be|waste|ruin|annoy|embarrass|fail|get\s+(?:fired|dumped|banned|arrested|kicked out))\s/i.test(t)) {
    vp = false;
    t = asTyped;
    being = true;
  }
  // A reveal after "..." ("Make Every Popular Mexican Dish... VEGAN") is no task to frame.
  // No frame fits it whole either ("What You Need to Know About How to Make … Vegan"): a headline, which
  // hookText leaves unframed.
  let revealed = false;
  if (vp && /\.\.\.|…/.test(t)) {
    vp = false;
    t = asTyped;
    revealed = true;
  }
  // Templates add their own setting ("… at Home", "… Like a Pro"); a how-to keeps only its task.
  if (vp) t = t.replace(VP_TAILS, "") || t;
  // A host named by a given name alone is the show's, not the task's ("How To Make Sausage with Brad", Bon Appétit).
  if (vp) t = t.replace(/\s+with\s+(\p{Lu}\p{Ll}+)$/u, (m, name: string) => (isGivenName(name) ? "" : m));
  if (LEADING_THE.test(t) && t.split(" ").length > 1) {
    t = t.replace(LEADING_THE, "");
    leadingThe = true;
  }
  // (The "x" of a collaboration split out of a shouted handle stays small: "Carlibybel x Missguided".)
  let text = titleCase(plainCaps(plainShort(shiftTypos(recase(capRuns(calm(unAlternate(t))), dict)))));
  if (collab) text = text.replace(/(\p{L}) X (?=\p{L})/u, "$1 x ");
  // "Go To" before what one reaches for is the compound ("My Go-To Look"), not "go to".
  text = text.replace(/\bGo [Tt]o (?=(?:Look|Looks|Makeup|Products?|Recipes?|Routine|Outfits?|Meals?|Songs?|Snacks?|Drinks?|Hairstyles?|Foundation|Lipsticks?|Palette)\b)/g, "Go-To ");
  // The film IT, named as one in mixed case ("How The Cast Of It Should Really Look", "It EXCEPT Pennywise dances …").
  text = text.replace(/\b(cast of|remake of|sequel to|scenes? from|review of) It\b/gi, "$1 IT").replace(/^It(?=\s+(?:except|movie|film|trailer|chapter|\(?20\d\d\)?)\b)/i, "IT");
  const tone = toneOf(t, ctx.storyName ?? "", ctx.titles ?? []);
  const words = text.split(" ");
  // A trailing year is no head: "the IRONMAN World Championship 2017".
  const head = (words.filter((w) => !/^(?:19|20)\d\d$/.test(w)).pop() ?? "").toLowerCase();
  // Read the hook on the topic before its end punctuation went: "not enough milk?" is a question.
  // Typed as a question: its question mark says so (cheap; the hook classifier below reads the rest).
  const question = asked || /\?/.test(topic);
  const hooked = asked || classifyHook(text) !== "plain" || classifyHook(plainText(topic)) === "question";
  let kind = vp ? "howto" : revealed || being ? "headline" : topicKind(text, ctx, hooked);
  // A how-to in comedy, film or news is a sketch, satire or a report ("How to Vlog", "How To Actually Cover Stories
  // About Antifa", "Make it Real: Kingsman Umbrella Gun!"): no task to teach; quoted whole, a headline, as a rewrite
  // of such a draft already was (framesOwnVideo in templates.ts).
  const sketch = kind === "howto" && NOT_TUTORIAL.has(mainCategory(categoryCounts(ctx)) ?? -1) && !tone.sensitive && genreOf(text, ctx) !== "screen";
  if (sketch) kind = "headline";
  // So is an event named by one comedy channel's upload ("Honest College Tour" by CollegeHumor): a sketch, not a tour.
  if (kind === "event" && !tone.sensitive && mainCategory(categoryCounts(ctx)) === COMEDY && (ctx.channels ?? []).length > 0 && (ctx.channels ?? []).every((c) => c === ctx.channels![0])) kind = "headline";
  // A spectacle counted in its name ("250,000 Dominoes", "10 Years") is no topic to explain or list.
  // (A year is no count: "the 1976 Buick Skyhawk Commercial".)
  if ((kind === "general" || (kind === "howto" && !vp)) && /^\d[\d,.]*\s/.test(text) && !/^(?:1[89]|20)\d\d\b/.test(text) && !["screen", "song", "food"].includes(genreOf(text, ctx) ?? "")) kind = "headline";
  // A headline is quoted whole, with the article it came with.
  const cut = plainText(topic).normalize("NFKC").replace(/\s+/g, " ").trim().length > TOPIC_MAX;
  if (kind === "headline" && (leadingThe || sketch)) {
    // (Written as the rest is: emphasis in capitals calmed, "The ONE Thing Every Artist NEEDS to Know" → "The One Thing …".)
    return withGenre({ asked: question, text: titleCase(plainCaps(plainShort(shiftTypos(recase(capRuns(calm(safeTopic(topic))), dict))))), kind, tone, the: false, plural: false, vp: false, span, cut }, ctx);
  }
  // A part of a product ("iPhone X Battery") is not something to buy or switch to.
  if (kind === "product" && words.length >= 2 && FEATURE_HEADS.has(head)) kind = "general";
  const gaming = (ctx.categoryIds ?? []).some((c) => c === 20);
  let the = leadingThe;
  if (!the && !vp) {
    // (A game takes none, "Super Mario Odyssey", "FIFA 18"; a console does, even in a Gaming story: "the Nintendo Switch".)
    if (kind === "product") the = gaming ? namesDevice(text) : productReadsWithThe(text);
    else if (kind === "event" || kind === "money" || kind === "general") the = THE_HEADS.has(head) || (words.length === 1 && THE_ACRONYMS.has(text)) || (kind === "general" && words.length >= 2 && DESCRIBED.test(words[0]) && !isPluralHead(text)) || (kind === "general" && commonNoun(ctx.storyName, text));
  }
  // A topic opening with a possessive or determiner already has its article ("Apple's new phone").
  if (/^(?:a|an|my|your|our|his|her|their|this|that|these|those)\s/i.test(text) || /['’]s\s/.test(words[0] + " ")) the = false;
  // A band or a name with its own article ("The Maine", "The Weeknd"): person templates use the bare
  // name (S), so the article goes back into it.
  if (kind === "person" && leadingThe) return withGenre({ asked: question,  text: `The ${text}`, kind, tone, the: false, plural: false, vp, span }, ctx);
  return withGenre({ asked: question,  text, kind, tone, the, plural: !vp && isPluralHead(text), vp, span, cut }, ctx);
}

/** Words a story vouches for as names: what its videos tag (the engine's `vouched`) and what its channels are called. */
function vouchedBy(ctx: TopicContext): { has(word: string): boolean } {
  const channels = new Set((ctx.channels ?? []).join(" ").toLowerCase().match(/\p{L}+/gu));
  return { has: (w) => !!ctx.vouched?.has(w) || channels.has(w) };
}

export const MUSIC = 10;
/** The story's genre, main category and whether it is a music story (see Subject), and whether the final text is all non-words. */
function withGenre(s: Subject, ctx: TopicContext): Subject {
  const g = credited(genreParts(s, ctx), ctx);
  // A performer's own channel spells the name as the performer does ("FLETCHER" by FLETCHERVEVO, "2CELLOS", "NEEDTOBREATHE",
  // "TWICE" by TWICE JAPAN OFFICIAL YouTube Channel), where a shouted title could not say ("FLETCHER - You Should Talk").
  const styled = g.kind === "person" && g.music ? channelSpelling(g.text, ctx.channels ?? []) : null;
  const r = styled ? { ...g, text: styled } : g;
  return { ...r, nonWords: nonWords(r.text), unreadable: { foreign: foreign(r.text), twoSentences: twoSentences(r.text) }, misspelt: misspelling(r.text, vouchedBy(ctx), ctx.titles) };
}

/** Film & animation, comedy, news: a how-to there is a sketch, satire or a report, not a tutorial. */
export const NOT_TUTORIAL = new Set([1, 23, 25]);

/** How many of the story's videos are in each category, and how many have one. */
function categoryCounts(ctx: TopicContext): { n: number; counts: Map<number, number> } {
  const counts = new Map<number, number>();
  let n = 0;
  for (const c of ctx.categoryIds ?? []) {
    if (c == null) continue;
    n++;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return { n, counts };
}

/** The category more than half the story's videos share, if any. */
function mainCategory({ n, counts }: { n: number; counts: Map<number, number> }): number | null {
  for (const [c, k] of counts) if (k * 2 > n) return c;
  return null;
}

function genreParts(s: Subject, ctx: TopicContext): Subject {
  const cc = categoryCounts(ctx);
  const cat = mainCategory(cc);
  // A short music name is a performer only if a channel carries it or a title opens "Name - Song";
  // otherwise it is the song ("R5 - Hurts Good", "One More Light (Official Video) - Linkin Park").
  // (More than half the videos, as topicKind counts a music story.)
  const music = cc.n > 0 && (cc.counts.get(MUSIC) ?? 0) * 2 > cc.n;
  const trailerYear = yearOfTrailers(s.text, ctx.titles ?? []);
  // (A channel that calls itself a vlog posts vlogs, in any category and however few are in the snapshot:
  // "PointlessBlogVlogs", "MandevilleVlogs"; so does one whose title calls the video one outside its name:
  // "GYMNASTICS AT 40,000Ft!! | World Championships Vlog (1)", but not the sketch "How to Vlog".)
  const ch0 = ctx.channels?.[0] ?? "";
  const vlog = ((cat === PEOPLE_BLOGS || cat === HOWTO_STYLE) && (ctx.channelVideos ?? 0) >= 3 && (personChannel(ch0) || (ctx.channelShouting ?? 0) >= SHOUTING_CHANNEL)) || ((ctx.channelVideos ?? 0) >= 1 && (/vlogs?$/i.test(ch0) || (!/\bvlog/i.test(s.text) && (ctx.titles ?? []).some((t) => /\bvlogs?\b/i.test(t)))));
  // Every title a trailer, teaser or first look: the film is not out yet as far as the story says (see Subject.unseen).
  const { upcoming, unseen } = trailerFacts(ctx.titles ?? []);
  // A small creator's own upload in People & Blogs or Travel (one channel, at most four videos in the snapshot, nobody
  // else on the story): as often their day as a public clip, see Subject.ownUpload.
  const chans = new Set(ctx.channels ?? []);
  // (Not a third-person headline, "Grey Wolf Chases Family in Car", "Mike Pence Delivers Moving Speech in Shanksville": a
  // public clip re-uploaded.)
  const ownUpload = (cat === PEOPLE_BLOGS || cat === TRAVEL) && chans.size === 1 && !ctx.topical && (ctx.channelVideos ?? 0) <= 4 && !hasFiniteVerb(s.text.split(" "));
  const story = { cat, storied: (ctx.titles?.length ?? 0) > 0, upcoming, ...(unseen ? { unseen } : {}), ...(trailerYear ? { trailerYear } : {}), ...(vlog ? { vlog } : {}), ...(ownUpload ? { ownUpload } : {}) };
  // A game every title names whole with its subtitle ("Stranger Things: The Game") is that game, not the show it is
  // named after ("I Used Stranger Things for a Week" read as the series).
  const game = s.kind === "product" && cat === 20 ? wholeGameName(s.text, ctx.titles ?? []) : null;
  if (game) return { ...s, ...story, text: game, the: false };
  // A channel is no product, whatever its category ("IGN Live" is no "I Switched to IGN"): a creator or a brand,
  // not a person ("GoPro [Career Highlights]" does not read).
  // (Nor its show: "IGN Live" by IGN.)
  if (s.kind === "product" && (ctx.channels ?? []).some((c) => alnum(c) === alnum(s.text) || (alnum(c).length >= 3 && alnum(s.text) === `${alnum(c)}live`))) return { ...s, ...story, kind: "general", the: false, genre: null, music: false };
  // A brand's or channel's own upload about something hard ("BURGER KING | Bullying Jr.", an ad) does not make the brand
  // the event: "Burger King: What Do We Know So Far?" does not read, and no light frame may stand in. No subject.
  if (s.tone.sensitive && ctx.channels?.length && ctx.channels.every((c) => alnum(c) === alnum(s.text)) && !toneOf(s.text).sensitive) return { ...s, ...story, text: "" };
  // A music video named like a craft ("DIY QUEEN - LAURDIY (OFFICIAL MUSIC VIDEO)") is a song, no task to teach.
  if (s.kind === "howto" && !s.vp && ctx.titles?.length && ctx.titles.every((t) => MUSIC_LABEL.test(t))) return { ...s, ...story, kind: "general", the: false, genre: "song", music: false };
  // An artist's name and a song glued without a dash, on the artist's own channel ("Stitches I Cry Official song", by
  // stitches): no frame can tell the two apart.
  if (cat === MUSIC && ctx.channels?.some((c) => gluedToChannel(s.text, c))) return { ...s, ...story, text: "" };
  // A name followed by nothing but a music-video label, posted by someone else ("Hot Damn! Official Lyric Video", by The
  // Shadowboxers), is the song, not a performer ("Hot Damn's Story in 60 Seconds" went).
  if ((s.kind === "person" || s.kind === "general") && ctx.titles?.length && ctx.titles.every((t) => labelOnly(s.text, t)) && !namesChannel(s.text, ctx.channels ?? [])) return wholeSong({ ...s, ...story, kind: "general", the: false, genre: "song", music: false }, ctx);
  // A headline-shaped name a Music release credits after its performer and a dash ("LP - Lost On You (A Night at The
  // McKittrick Hotel)", "Marshmello - Silence") is the song, named with its performer ("Lost on You: What Do You Think?" read
  // as a phrase in a session-12 reading).
  // A performer and a song run together with no dash ("Sharon Jones & the Dap-Kings Matter of Time OFFICIAL VIDEO", "GOT7
  // You Are” M/V", "Foo Fighters Under Pressure @ Colonial Life Arena"), split where the video's own tags name the performer:
  // "Matter of Time by Sharon Jones & the Dap-Kings" (read as run together in four session-12 readings and the GB audit).
  if (cat === MUSIC && !s.tone.sensitive) {
    const asSong = (text: string): Subject => ({ ...s, ...story, text, kind: "general", the: false, plural: false, vp: false, genre: "song", music: false });
    const performer = s.kind === "headline" ? creditedAfter(s.text, ctx) : null;
    if (performer) return asSong(`${s.text} by ${performer}`);
    const split = (s.kind === "headline" || s.kind === "general") && !/\sby\s/i.test(s.text) ? taggedCredit(s.text, ctx) : null;
    // (A tag's own Title Case writes small words big, "Don't Look Back In Anger": Title Case from its lower case.)
    if (split) return asSong(`${titleCase(/\p{Lu}{2}/u.test(split.song) ? split.song : split.song.toLowerCase())} by ${split.performer}`);
  }
  // A comparison asks which side wins, whatever its sides are (see isComparison).
  if (!s.tone.sensitive && s.kind !== "headline" && isComparison(s.text, ctx)) return { ...s, ...story, kind: "general", the: false, plural: false, vp: false, genre: "versus", music: false };
  // A film or show named after its hero ("Jack Ryan - Teaser: The Reveal | Amazon Video"): every title opens with the name and a trailer label.
  if (s.kind === "person" && ctx.titles?.length && ctx.titles.every((t) => heroTrailer(s.text, t)) && genreOf(s.text, ctx) === "screen") return { ...s, ...story, kind: "general", the: false, genre: "screen", music: false };
  // A film named like a task ("COOK OFF! (2017 Movie) – Official Trailer") is a film, not a how-to.
  if (s.kind === "howto" && genreOf(s.text, ctx) === "screen") return { ...s, ...story, kind: "general", the: false, vp: false, genre: "screen", music: false };
  // ("The Front Bottoms", "The Shins": "The" and a plural name a band.)
  if (s.kind === "person" && music && ctx.titles?.length && !namesPerson(s.text) && !namesPair(s.text) && !creditedPair(s.text, ctx) && !creditedPerformer(s.text, ctx) && !isArtist(s.text, ctx) && !/^the\s.+s$/i.test(s.text)) return wholeSong({ ...s, ...story, kind: "general", the: false, genre: personDoing(s.text) || episodeOfShow(ctx.titles ?? []) || trailersOnly(ctx.titles ?? []) ? "clip" : "song", music: false, ...(performersNamed(s.text, ctx) ? { performers: true } : {}) }, ctx);
  // A name a channel carries, on music releases ("Rita Ora - Anywhere (Official Video)") or credited before the dash of a
  // Music-category video ("Maroon 5 - What Lovers Do ft. SZA", by Maroon5VEVO; not a show's own channel, "Will & Grace"), is the performer.
  // (Also when topicKind already read the credit before a music video's dash as a performer.)
  if ((s.kind === "general" || (s.kind === "person" && !music)) && s.text.split(" ").length <= 3 && (ctx.titles ?? []).some((t, i) => MUSIC_LABEL.test(t) || (ctx.categoryIds?.[i] === MUSIC && t.toLowerCase().startsWith(`${s.text.toLowerCase()} - `))) && (ctx.channels ?? []).some((c) => alnum(c).includes(alnum(s.text))))
    return { ...s, ...story, kind: "person", the: false, genre: null, music: true };
  // A short name a release credits as a performer ("Usher and Blake Shelton - …", "… ft. Blake Shelton") is one.
  if (s.kind === "general" && music && !s.tone.sensitive && s.text.split(" ").length <= 3 && creditedPerformer(s.text, ctx)) return { ...s, ...story, kind: "person", the: false, genre: null, music: true };
  // Two performers a release credits as "A, B - Song", on that one song only ("J Balvin, Willy William - Mi Gente"), are
  // the song's: one collaboration has no shared story to look back on ("J Balvin and Willy William - A Look Back").
  // (Not a band with its own article: Title Case would write "Personal by the Vamps and …".)
  // (A name with an initial's dot reads as a headline, "Gary Clark Jr. & Junkie XL": the release still names it exactly.)
  const release = music && !s.tone.sensitive && (s.kind === "general" || s.kind === "person" || s.kind === "headline") && !/^the\s/i.test(s.text) ? pairRelease(s.text, ctx) : null;
  if (release) return { ...s, ...story, text: `${release} by ${s.text}`, kind: "general", the: false, plural: false, genre: "song", music: false, ...(stagedRelease(s.text, ctx) ? { performers: true } : {}) };
  // Two people named ("Tim McGraw and Faith Hill") are persons, on a music release the performers.
  if ((s.kind === "general" || s.kind === "person") && !s.tone.sensitive && (namesPair(s.text) || (music && creditedPair(s.text, ctx)))) return { ...s, ...story, kind: "person", the: false, genre: null, music };
  // A how-to named by its dish ("DIY Five Crazy Donut Burgers") reads as a recipe.
  if (s.kind === "howto" && !s.vp && genreOf(s.text, ctx) === "food") return { ...s, ...story, text: dish(s.text), kind: "general", the: false, genre: "food", music: false };
  // A headline naming a creator's haul or favourites ("Photos, Conkers & a Christmas Haul?") is that format too.
  if (s.kind === "headline" && !s.tone.sensitive && ctx.titles?.length && /\b(?:hauls?|favou?rites)$/i.test(s.text)) return { ...s, ...story, kind: "general", the: false, genre: "lifestyle", music: false };
  let genre = s.kind === "general" ? genreOf(s.text, ctx) : null;
  // An owner every title writes with its possessive ("Marvel's The Punisher") made the work, it is not the work: no film frames.
  // (A channel's name may be the work's: "Star Wars", "Shameless" post their own trailers.)
  if (genre === "screen" && ownerOnly(s.text, ctx.titles ?? [])) genre = null;
  // A companion segment every title names after an episode ("Game Revealed: Season 7 Episode 6: Zombie. Polar. Bear.") is no
  // show to watch or review (flagged in three session-11 readings and the GB audit): a clip.
  if (genre === "screen" && ctx.titles?.length && ctx.titles.every((t) => t.toLowerCase().startsWith(s.text.toLowerCase()) && /^\s*[:|–—-]\s*season\s+\d+,?\s+episode\s+\d+/i.test(t.slice(s.text.length)))) genre = "clip";
  // (Also when an attack word made it an event: "Killer Whales Attack Minke" is footage news, no event to explain.)
  if (ANIMAL_HARM.test(s.text) && (genre === "animal" || (s.kind === "event" && genreOf(s.text, ctx) === "animal"))) return { ...s, ...story, kind: "headline", the: false, genre: null, music: false };
  if (genre === "animal") {
    const w = s.text.split(" ");
    // (Not a creature named by two animals: "Spider Cat" is a character.)
    // (Not one animal a clip describes, "Dangerous Jungle Spider": "The Dangerous Jungle Spider" reads as a species or as one
    // met before, flagged six times in the fifth session-12 GB reading; a species keeps it, "the Velvet Worm".)
    const the = (w.length <= 3 && !/^(?:a|an|the|my|your|our|his|her|their|this|that)\s/i.test(s.text) && !/['’]s?\s/.test(s.text) && singularAnimal(w[w.length - 1]) && !(w.length >= 2 && singularAnimal(w[w.length - 2])) && !CLIP_ADJECTIVE.test(w[0])) || animalInPlace(w);
    return { ...s, ...story, the: s.the || the, genre, music: false };
  }
  if (genre === "song" && !s.text.includes(" ")) return wholeSong({ ...s, ...story, the: false, genre, music: false }, ctx);
  if (genre === "clip" && animalInPlace(s.text.split(" "))) return { ...s, ...story, the: true, genre, music: false };
  // A film or song keeps the article of its title ("The Shape of Water", "The Commuter").
  // (With the season its trailer announces: "The Walking Dead Season 8", see below.)
  if ((genre === "screen" || genre === "song") && s.the && !/^the\s/i.test(s.text)) {
    const season = genre === "screen" ? seasonOf(s.text, ctx.titles ?? []) : null;
    return { ...s, ...story, text: `The ${s.text}${season ? ` Season ${season}` : ""}`, the: false, genre, music: false };
  }
  const performers = genre === "song" && performersNamed(s.text, ctx);
  // A film its titles name with a subtitle before a label ("Maze Runner: The Death Cure | Official Trailer") is the whole title.
  const full = genre === "screen" ? subtitled(s.text, ctx.titles ?? []) : null;
  if (full) return { ...s, ...story, text: full, the: false, genre, music: false };
  // A show whose trailer names its season ("Shameless | Season 8 Official Trailer", "RHOA: Season 10 Official First Look")
  // is out already: the season is what is coming ("Shameless Season 8: Everything We Know So Far", not "Shameless: …").
  const season = genre === "screen" ? seasonOf(s.text, ctx.titles ?? []) : null;
  if (season) return { ...s, ...story, text: `${s.text} Season ${season}`, the: false, genre, music: false };
  // A film its titles always name with "The" or "My" ("Star Wars: The Last Jedi" for the story "Last Jedi", "My Little
  // Pony: The Movie" for "Little Pony") keeps it.
  const opener = genre === "screen" && !/^(?:the|my)\s/i.test(s.text) ? alwaysBefore(s.text, ctx.titles ?? []) : null;
  if (opener) return { ...s, ...story, text: `${opener === "the" ? "The" : "My"} ${s.text}`, the: false, genre, music: false };
  const out: Subject = { ...s, ...story, text: genre === "food" ? dish(s.text) : s.text, genre, music: s.kind === "person" && music, ...(performers ? { performers } : {}) };
  return genre === "song" && !performers ? wholeSong(out, ctx) : out;
}

/** One animal and where it is ("Bear in Russian Traffic", "Dog on a Skateboard"): it reads with "the". */
const animalInPlace = (w: string[]) => w.length >= 3 && singularAnimal(w[0]) && /^(?:in|on|at|with|from|vs\.?|versus|under|inside)$/i.test(w[1]);


/**
 * Two names a release puts before its dash ("Tori Kelly & Luis Fonsi - Hallelujah"), or two names one of which is
 * the channel that posted it ("Dua Lipa x Gallant // In The Room", by Gallant): the performers, not the song.
 */
function performersNamed(text: string, ctx: TopicContext): boolean {
  const sides = text.split(/\s(?:&|and|x)\s|,\s/i);
  return sides.length === 2 && (isArtist(text, ctx) || sides.some((x) => (ctx.channels ?? []).some((c) => alnum(c) === alnum(x))));
}

/**
 * The film's whole title when most titles open "Name: Subtitle" and every one of them ends the subtitle the same way,
 * at a separator or a trailer label ("Maze Runner: The Death Cure | Official Trailer", "Thor 3: Ragnarok - 1987 Trailer").
 */
function subtitled(name: string, titles: readonly string[]): string | null {
  const n = name.toLowerCase();
  const subs = titles.filter((t) => t.toLowerCase().startsWith(`${n}: `)).map((t) => {
    const rest = t.slice(n.length + 2);
    const m = /^(.+?)(?:\s+[-–—|]\s|\s*[([]|\s+(?:(?:official|international|final|new|teaser|red ?band|extended|full|hd|\d+(?:st|nd|rd|th)?)\s+)*(?:trailer|teaser)\b)/i.exec(rest);
    // (Not a label, "Mosaic: Official Trailer", "Black Panther: New Trailer …", nor an episode's name, "Pawn Stars: An Original … (Season 14)".)
    const label = /\b(?:trailers?|teasers?|clip|review|reaction|breakdown|official|new|first look|sneak peek|promo|season|episode|ep)\b/i;
    return m && !label.test(m[1]) && !/\b(?:season|episode)\s*\d/i.test(t) && m[1].split(" ").length <= 5 ? m[1].trim() : null;
  });
  if (!subs.length || subs.length * 2 <= titles.length || subs.some((x) => !x || x.toLowerCase() !== subs[0]!.toLowerCase())) return null;
  // A shouted subtitle ("JUMANJI: WELCOME TO THE JUNGLE") is read as words; the name keeps the story's casing.
  // "New" before a subtitled film is the trailer's ("New Thor: Ragnarok International Trailer").
  return `${name.replace(/^new\s+/i, "")}: ${isShouting(subs[0]!) ? titleCase(subs[0]!.toLowerCase()) : subs[0]}`;
}

/** Whether every title that names `name` writes it with a possessive ("Marvel's The Punisher"). */
function ownerOnly(name: string, titles: readonly string[]): boolean {
  const n = name.toLowerCase();
  const at = titles.map((t) => t.toLowerCase()).filter((t) => t.includes(n));
  return at.length > 0 && at.every((t) => t.split(n).slice(1).every((rest) => /^['’]s?\s/.test(rest)));
}

/** A person doing something ("Tom Cruise singing (Jerry Maguire, 1996)"): a clip of them, no song. */
const personDoing = (t: string) => /\s\p{L}{3,}ing$/u.test(t) && namesPerson(t.replace(/\s+\S+$/, ""));

/** The word every title (two at least) that names `name` writes before it: "the" ("… The Last Jedi Trailer") or "my" ("My Little Pony: The Movie"). */
function alwaysBefore(name: string, titles: readonly string[]): "the" | "my" | null {
  const n = name.toLowerCase();
  const at = titles.map((t) => t.toLowerCase()).filter((t) => t.includes(n));
  const every = (re: RegExp) => at.length >= 2 && at.every((t) => t.split(n).slice(0, -1).every((before) => re.test(before)));
  return every(/\bthe\s$/) ? "the" : every(/\bmy\s$/) ? "my" : null;
}

/** A title that opens with `name` and a trailer or teaser label ("Jack Ryan - Teaser: …", "Lady Bird Official Trailer"). */
const heroTrailer = (name: string, title: string) =>
  title.toLowerCase().startsWith(name.toLowerCase()) && /^\s*[-–—:|]?\s*(?:(?:official|final|new)\s+)*(?:teaser|trailer)\b/i.test(title.slice(name.length));

const UPCOMING = /\b(?:trailer|teaser|first look|sneak peek|coming soon|announcement|nintendo direct|reveal|release date|pre-?order)\b/i;

export const PEOPLE_BLOGS = 22, HOWTO_STYLE = 26, TRAVEL = 19;
/** A channel that titles at least this share of its videos in capitals is a person's (see Subject.vlog). */
export const SHOUTING_CHANNEL = 0.5;
/** A channel named like a person ("Patricia Bright", "Lucy Moon") or a vlog ("FleurDeVlog", "RomanAtwoodVlogs"); not "Meet Arnold", "The Atlantic". */
const personChannel = (ch: string) => /vlog/i.test(ch) || (/^\p{Lu}[\p{Ll}'’]+ (?:\p{Lu}\.? )?\p{Lu}[\p{Ll}'’]+$/u.test(ch) && !/^(?:the|meet|my|our|your|video|random)\s/i.test(ch));

/** How the story writes its words (its name and titles), read once per titles array and name (one per story). */
function storyCasing(ctx: TopicContext): Casing {
  const name = ctx.storyName ?? "";
  if (!ctx.titles) return casingFrom([name].map(unAlternate));
  let byName = CASINGS.get(ctx.titles);
  if (!byName) CASINGS.set(ctx.titles, (byName = new Map()));
  let dict = byName.get(name);
  if (!dict) {
    byName.set(name, (dict = casingFrom([name, ...ctx.titles].map(unAlternate))));
    // A channel named in one styled word spells it so wherever its titles name it ("… Shopping With HYPEBEAST", "… on
    // VICELAND"; the titles alone would calm a shouted word of 5+ letters), unless a title writes it as a common word
    // in small letters (TIME's "for a second time").
    for (const c of ctx.channels ?? []) if (/^(?:\p{Lu}{4,}|\p{Lu}\p{Ll}+\p{Lu}[\p{L}]*)$/u.test(c) && ctx.titles.some((t) => new RegExp(`\\b${c}\\b`, "i").test(t)) && !ctx.titles.some((t) => new RegExp(`\\b${c.toLowerCase()}\\b`).test(t))) dict.set(c.toLowerCase(), c);
  }
  return dict;
}
const CASINGS = new WeakMap<readonly string[], Map<string, Casing>>();

/** The latest year (1900–2099) that a trailer title names outside the subject's own name ("1922" is a film's name). */
function yearOfTrailers(subject: string, titles: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const y of trailerFacts(titles).years) if (!new RegExp(String.raw`\b${y}\b`).test(subject)) best = Math.max(best ?? 0, y);
  return best;
}

interface TrailerFacts {
  /** Some title is a trailer, teaser or first look (Subject.upcoming). */
  upcoming: boolean;
  /** Every title is (Subject.unseen). */
  unseen: boolean;
  /** The years the trailer titles name. */
  years: number[];
}
/**
 * What a story's titles say about a film, read once per titles array (one per story, asked on every hook and rewrite):
 * whether some or every title is a trailer, and the years its trailer titles name.
 */
function trailerFacts(titles: readonly string[]): TrailerFacts {
  if (titles.length === 0) return NO_TRAILERS;
  let f = TRAILER_FACTS.get(titles);
  if (!f) {
    const trailers = titles.filter((t) => UPCOMING.test(t));
    const years = new Set<number>();
    for (const t of trailers) for (const m of t.matchAll(/\b(19\d\d|20\d\d)\b/g)) years.add(Number(m[1]));
    TRAILER_FACTS.set(titles, (f = { upcoming: trailers.length > 0, unseen: trailers.length === titles.length, years: [...years] }));
  }
  return f;
}
const NO_TRAILERS: TrailerFacts = { upcoming: false, unseen: false, years: [] };
const TRAILER_FACTS = new WeakMap<readonly string[], TrailerFacts>();

/** A dish keeps its name; the frames say "Recipe" ("Chicken Fajita Soup Recipe" → "Chicken Fajita Soup"). */
const dish = (t: string) => t.replace(/\s+Recipes?(?:\s+Tests?)?$/i, "").replace(/^DIY\s+/i, "") || t;
/** "Song (Official Video) - Artist": the release label says the artist comes after the dash. */
const LABEL_FIRST = /^(.+?)\s*[([](?:official|lyrics?|audio)[^)\]]*[)\]]\s*[-–—|]\s*(.+)$/i;
/**
 * Whether a music story's name is its performer: a channel carries it, or more titles put it before
 * the dash ("Sam Smith - Too Good At Goodbyes") than after it (a cover "Too Good At Goodbyes - SAM SMITH").
 */
function isArtist(name: string, ctx: TopicContext): boolean {
  const key = alnum(name);
  if (!key) return false;
  if ((ctx.channels ?? []).some((c) => alnum(c).includes(key))) return true;
  let before = 0, after = 0;
  for (const t of ctx.titles ?? []) {
    // "Artist - Song", or "Song (Official Video) - Artist" when the release label comes first.
    const rel = LABEL_FIRST.exec(t);
    // (K-pop releases separate with a spaced underscore: "GFRIEND _ SUMMER RAIN".)
    // (Or a colon before a song that credits a guest: "Null + Void: Where I Wait feat. Dave Gahan".)
    const m = /^(.+?)\s+[-–—_]\s+(.+)$/.exec(t) ?? /^(.+?):\s+(.+?\s(?:feat\.?|ft\.?|featuring)\s.+)$/i.exec(t);
    let [artistPart, songPart] = rel ? [rel[2], rel[1]] : m ? [m[1], m[2]] : ["", ""];
    // A channel that is the part after the dash makes it "Song - Artist" ("Invitation - Why Don't We [Official Music Video]").
    const bare = (x: string) => alnum(x.replace(/\s*[([][^)\]]*[)\]]/g, ""));
    if (!rel && m && (ctx.channels ?? []).some((c) => alnum(c) && alnum(c) === bare(songPart) && alnum(c) !== bare(artistPart))) [artistPart, songPart] = [songPart, artistPart];
    // So does a last dash part naming the channel's person with a name left out ("AUTOMATICA - Robots Vs. Music - Nigel
    // Stanford" by Nigel John Stanford): the first part is the work.
    const parts = t.split(/\s[-–—]\s/);
    const last = parts.length >= 3 ? parts[parts.length - 1].toLowerCase().split(/\s+/) : [];
    if (!rel && last.length >= 2 && (ctx.channels ?? []).some((c) => last.every((w) => c.toLowerCase().split(/\s+/).includes(w)))) [artistPart, songPart] = [parts[parts.length - 1], parts[0]];
    // So does a later part that names who performs: a person ("Cool Hand Luke - Harry Dean Stanton - Just A Closer Walk With
    // Thee"), the channel ("Dragon Age Inquisition - The Dawn Will Come - Peter Hollens Virtual Choir …") or someone live
    // somewhere ("The Calling - The Killers live at the O2 Academy Brixton"): the first part is a work, not a performer
    // (person frames on all three in the GB hook audits of session 10).
    else if (!rel && parts.length >= 2 && !namesPerson(parts[0])) {
      const performer = parts.slice(1).find((x) => namesPerson(x.trim()) || (ctx.channels ?? []).some((c) => alnum(c).length >= 6 && alnum(x).startsWith(alnum(c))) || /^\S.*?\s+live\s+(?:at|in|from|on)\s/i.test(x) || /^\S.*?\s+at\s+(?:the\s+)?\p{Lu}[\p{L}'’]+\s+(?:bowl|arena|stadium|hall|theat(?:er|re)|festival|academy|centre|center|garden|park|palladium|forum|dome)\b/iu.test(x));
      if (performer) [artistPart, songPart] = [performer, parts[0]];
    }
    if (artistPart && alnum(artistPart).includes(key)) before++;
    else if (songPart && alnum(songPart).includes(key)) after++;
  }
  return before > after;
}
/** A music release label in a title: "(Official Video)", "(Audio)", "Lyric Video". */
