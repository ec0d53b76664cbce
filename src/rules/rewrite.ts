/**
 * Rewrites for /grade: keep the draft's subject, change its framing. The draft is never wrapped in a
 * template whole ("5 Google Pixel 2 review after one week lessons"); its subject is extracted first:
 *   1. plain text (markup stripped), cut at the first separator (" | ", " - ", ": ", brackets) unless
 *      that part is only framing ("Review: iPhone X" keeps "iPhone X");
 *   2. framing peeled off both ends, repeatedly: leading hooks ("I tried", "Is", "Why",
 *      "7 things … about", "the truth about", …), trailing formats ("review", "unboxing", "explained",
 *      "worth it", …) and a time frame ("after one week", "for 7 days"), which is kept as the span
 *      ("After a Week") for templates that can use it;
 *   3. casing from the matched story's name ("iphone x" → "iPhone X"), then Title Case (src/rules/english.ts).
 * The subject then goes through the same per-kind, tone-aware templates as hook-rescue.
 */
import { plainText } from "./markup.ts";
import { hookText } from "./templates.ts";
import { ABBREV, FEATURE_HEADS, MUSIC, PEOPLE_BLOGS, TOPIC_MAX, productReadsWithThe, safeTopic, subjectOf, type Subject, type TopicContext } from "./subject.ts";
import { labelOnly, namesChannel } from "./names.ts";
import { isCommonWord } from "./shouting.ts";
import { isWorkTitle, toneOf } from "./tone.ts";
import { GAMING, namesPerson } from "./topickind.ts";
import { classifyHook } from "./hook.ts";
import { STOPWORDS, escapeRegExp, stem, tokens } from "./text.ts";

const NUM = String.raw`(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)`;
const UNIT = String.raw`(?:hours?|days?|weeks?|months?|years?)`;
/** A time frame: "after one week", "for 7 days", "3 months later", "after a month of use". */
const SPAN_RE = new RegExp(String.raw`\b(?:after|for|in|over)\s+${NUM}\s+${UNIT}(?:\s+(?:later|of use|of using it))?\b|\b${NUM}\s+${UNIT}\s+later\b`, "i");

/** A list's lead ("9 Things You Need To Know About", "10 Facts About"). */
const LIST_LEAD = new RegExp(String.raw`^${NUM}\s+(?:\S+\s+){0,3}?(?:things|reasons|tips|facts|ways|lessons|mistakes|secrets|tricks|myths)\b`, "i");

/** A launch's greeting before what it launches ("Introducing Oculus Go"). */
const LAUNCH = String.raw`(?:introducing|meet the new|say hello to)`;
const LAUNCH_OPENER = new RegExp(String.raw`^${LAUNCH}\s`, "i");
/** A pronoun that is the subject of a verb after it ("Nothing Has Changed"). */
const SUBJECT_PRONOUN = String.raw`\b(?:nothing|everything|something|it|that|this|he|she|they|we|i|you)`;
/** A parody, sketch or fake trailer: a clip, not the thing it makes fun of. */
const PARODY = /\b(?:parody|spoof|skit|sketch|fake trailer|fan[- ]made|bad lip reading)\b/i;

const LEAD_RE = new RegExp(
  "^(?:" +
    [
      String.raw`(?:why\s+)?(?:i|we)\s+(?:tried|tested|bought|used|reviewed|switched to|spent \S+ on|ate|made|got|built|did)`,
      String.raw`(?:i'?m|we'?re)\s+(?:trying|testing|reviewing|using)`,
      String.raw`(?:why\s+)?(?:i|we)\s+(?:was|were)\s+(?:so\s+)?wrong\s+about`,
      // A leading copula is framing ("Is the iPhone X worth it"), not before a pronoun ("Are You Basic?").
      String.raw`(?:is|are|was|were)(?=\s)(?!\s+(?:you|we|they|i|he|she|it|this|that|these|those)\b)`,
      String.raw`should\s+(?:you|i)\s+(?:buy|get|try|use)`,
      String.raw`why\s+(?:i|we)\s+(?:love|hate|bought|switched to|quit|stopped using|returned)`,
      String.raw`(?:why\s+)?(?:everyone|everybody|people|you|we)(?:'re|\s+(?:is|are|were|was))?\s+(?:so\s+)?(?:wrong|right|obsessed|talking|lying)\s+(?:about|with)`,
      // (Not before a clause: "3 Surprising Things Matter Does Under Extreme Pressure" is the headline itself.)
      String.raw`${NUM}\s+(?:\S+\s+){0,3}?(?:things|reasons|tips|facts|ways|lessons|mistakes|secrets|features|tricks)(?:\s+(?:\S+\s+){0,4}?(?:about|with|for|of|on|in|to know about))?(?!\s+\S+\s+(?:does|do|did|is|are|was|were|has|have|can|will|makes?)\b)`,
      // "The problem with the iPhone X" is about the phone; "Problem with Chemo Pills" (an update) is the news itself.
      String.raw`(?:the\s+)?truth\s+(?:about|with)|the\s+problem\s+(?:about|with)`,
      // A label before a name ("Official Call of Duty").
      String.raw`official(?=\s+\S+\s+\S)`,
      String.raw`everything\s+(?:wrong|you need to know)\s+(?:with|about)`,
      String.raw`what\s+(?:you\s+need\s+to\s+know|nobody\s+tells\s+you)\s+about`,
      String.raw`(?:stop|don'?t)\s+(?:buying|using|buy|use)`,
      String.raw`(?:my|our)\s+(?:honest\s+)?(?:review|thoughts|opinion|take|experience)\s+(?:of|on|with|about)`,
      String.raw`(?:review|unboxing|reaction|first impressions|first look|hands[- ]on)(?:\s+(?:of|to|with|at))?`,
      String.raw`(?:how\s+to\s+)?(?:get\s+started|start)\s+with`,
      // "New iPhone X" → "iPhone X", but "New Orleans", "New York" are names.
      String.raw`new(?=\s+(?:iphone|ipad|pixel|galaxy|macbook|airpods|apple|google|samsung|xbox|playstation|ps\d|nintendo|switch|tesla|surface|oneplus)\b)`,
      // A fan-cam date code ("170912 BTS singing 'Closer'") is no part of the subject.
      String.raw`\d{6}(?=\s)`,
      // A list index ("7. Teach the First Behavior") or an episode number ("#162 Build Your Own …") is no part of the subject.
      String.raw`\d{1,2}\.(?=\s)`,
      String.raw`#\d{1,4}(?=\s)`,
      // A launch names its product after the greeting ("Introducing Oculus Go").
      LAUNCH,
      // "Video of Storm Ophelia in Ireland" is about the storm.
      String.raw`(?:video|footage|photos?|pictures?)\s+of`,
      // An order to watch before what is shown ("See the Devastation of California's Still-Roaring Wildfires", "Watch the
      // Moment Jason Aldean Stopped Performing …"): a frame after it would read "Watch …: What We Know".
      String.raw`(?:watch|see)(?=\s+the\s+\S+\s+\S+)`,
    ].join("|") +
    String.raw`)\s+`,
  "i",
);
const TRAIL_RE = new RegExp(
  String.raw`\s+(?:` +
    [
      // (Not after a pronoun that is the subject: "Larry's Back & Nothing Has Changed".)
      String.raw`(?<!${SUBJECT_PRONOUN}\s+)(?:(?:just|has|have)\s+)?(?<!${SUBJECT_PRONOUN}\s+(?:(?:just|has|have)\s+)?)(?:changed|dropped|arrived|launched|leaked)(?:\s+everything)?`,
      // (Not "is back": "The Mom's View Is Back" announces the show, it is no product arriving.)
      String.raw`(?:is|are)\s+(?:here|coming|out now|finally here)`,
      // A date at the end ("Polestar Global Launch Event 17.10.17", "Interview, Sept. 2017").
      String.raw`\d{1,2}\.\d{1,2}\.\d{2,4}`,
      String.raw`,?\s*(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:\d{1,2},?\s+)?(?:19|20)\d\d`,
      String.raw`,?\s*(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?`,
      // A trailer label with credits after it ("JACK RYAN Official Trailer TEASER John Krasinski").
      String.raw`official\s+(?:(?:red\s*band|international|final|new|teaser|hd)\s+)*(?:trailer|teaser)\b.*`,
      // A numbered trailer with its blurb ("Mayhem Trailer #1 New Steven Yeun Movie HD").
      String.raw`(?:trailer|teaser)\s*#\s*\d+\b.*`,
      // A picture-quality label ("… Scared Lorraine HD").
      // (And "4K": both session-10 audits read "Automatica 4K" and "… Drone Tour 4K" as an upload's label, not a name.)
      String.raw`(?:hd|uhd|1080p|720p|4k)`,
      // A release label left unbracketed ("Sharon Jones & the Dap-Kings Matter of Time Official Video").
      String.raw`(?:official\s+(?:music\s+)?(?:video|audio|visualizer|song)|(?:official\s+)?lyrics?\s+video)`,
      // "Movie Trailer" labels the film ("Replicas Movie Trailer" is "Replicas").
      String.raw`(?:movie|film)\s+(?:trailer|teaser)\b.*`,
      // A first-look label with its cast ("‘WACO’ Official NEW Series First Look Starring Michael Shannon").
      String.raw`(?:official\s+)?(?:new\s+)?(?:series\s+)?first\s+look\s+starring\b.*|starring\s+\S.*`,
      String.raw`(?:(?:full|honest|in-depth|long-term|quick|detailed|official|my|extended|international|final)\s+)?(?:review|unboxing|first impressions|first look|hands[- ]on|impressions|reaction|explained|update|results|breakdown|recap|overview|thoughts|opinion|trailer|teaser|introduction|intro|mv|m\/v)s?(?:\s*#?\d+)?`,
      String.raw`(?:(?:actually|really|even|still)\s+)?worth\s+(?:it|the\s+hype|the\s+money|buying)`,
      String.raw`any\s+good`,
      String.raw`(?:is|are)\s+(?:overrated|overhyped|amazing|awesome|terrible|the best)`,
      // (Not a year the sentence needs: "If Bioshock Was Made in 1998".)
      String.raw`(?<!\b(?:made|released|born|set|filmed|built|founded|created|written|recorded)\s)in\s+(?:19|20)\d\d`,
      // (Not a model: "Apple Watch Series 3".)
      // (Nor after a verb that does something to it: "Gaten Matarazzo Recaps Season 1 in Under 7 Minutes" is the clause.)
      String.raw`(?<!\b(?:recaps|reviews|ranks|explains|rewatches|previews|spoils)\s)(?:recap\s+)?(?:season|(?<!\bwatch\s)series|episode|ep\.?|part|pt\.?|vol\.?|chapter|week)\s*\d+\b.*`,
      // A season and episode code ("Keeping Up With the Kardashians Katch-Up S14, EP.2"); not a model ("Galaxy S8").
      String.raw`s\d{1,2}\s*[.,]?\s*e(?:p\.?)?\s*\d{1,3}\b.*`,
      // A clip label, with its year ("Twin Peaks 2017 Clip": "2017 Clip" read as an upload's leftovers in two session-12 GB
      // readings and the audit).
      String.raw`(?:(?:19|20)\d\d\s+)?(?:official\s+)?clip`,
      // Or written season x episode ("Star Trek Discovery 1x05 Preview", read as junk three times in a session-12 GB reading).
      String.raw`\d{1,2}x\d{2}\b.*`,
      // "by Artist" is a credit; after a participle it is the sentence ("Transformed by Love").
      // "By Your Name" is part of a title, not a credit; nor is a means ("… Just by Hugging").
      String.raw`(?<!(?:ed|en|sent|made|built|told|found|shot|drawn|sung|done|won|bought|caught|taught|held|led|left|paid|said|seen|taken|written|given|hit|cut|kept|lost|run|set|sold|won|read|struck|stung|swept|bit|narrated|directed|produced|hosted|performed|presented)\s)by\s+(?!(?:your|my|our|his|her|their|the|a|an|me|you|us|them|him|it|this|that)\b|[a-z]+ing\b)\S.*|(?:ft\.?|feat\.?|featuring)\s+\S.*`,
      // A second attempt is the same subject ("Jiggly Cheese Cake REDO").
      // ("Again" only after two words or more: "Home Again" is a film.)
      String.raw`(?:redo|remake|(?<=\S\s+\S+\s+)again|round\s+\d+|take\s+\d+|(?:\d+(?:st|nd|rd|th)\s+)?attempt)`,
      String.raw`live`,
      // Test formats of a product video ("Pixel 2 Durability Test", "… Speed Test").
      // Not after a measure ("Giant Office Printer 45m Drop Test": the test is the video).
      String.raw`(?<!\d\s?(?:m|cm|mm|km|ft|feet|foot|meters?|metres?|stories|floors?)\s)(?:durability|speed|drop|bend|camera|battery|scratch|stress|water|torture)\s+tests?\b.*`,
      String.raw`(?:and|&)\s+(?:i|we)\s+(?:was|were)\s+wrong`,
      String.raw`so\s+you\s+don'?t\s+have\s+to`,
      // A comparison is framing only after "A vs B" ("iPhone 8 vs 8 Plus … Comparison"); "Hurricane Size Comparison" is the video.
      String.raw`(?<=\bvs\.?\s.*)comparisons?`,
      // A kicker at the end ("Cheap Amazon Makeup... OMG").
      String.raw`(?:omg|omfg|wow|lol|smh)`,
      // A series named after a comma ("DIY Dragon's Beard AKA Edible Hair, Corinne vs. Cooking").
      // (Four words or more before the comma: "Japan, USA vs. China" is a list.)
      String.raw`(?<=\S+\s+\S+\s+\S+\s+\S+,\s*)[a-z]+\s+vs\.?\s+[a-z]+`,
      // A guest after a format ("Makeup Tutorial w/ RawBeautyKristi").
      String.raw`(?<=\b(?:tutorial|challenge|vlog|routine|look|cover|collab|makeup)\s+)w\/\s*\S+(?:\s+\S+)?`,
    ].join("|") +
    String.raw`)$`,
  "i",
);
/** Framing words that alone do not make a subject. */
const FRAMING_ONLY =
  /^(?:diy|how to|review|unboxing|reaction|update|video|videos|photos|audio|footage|clip|follow me around|day in the life|explained|first impressions|honest review|full review|trailer|teaser|official video|official trailer|tutorial|recap|vlog|after ?show|(?:match |game |extended )?highlights|full episode|interview|podcast|behind the scenes|preview|live ?stream|sneak peek|bloopers|breaking(?: news)?|special report|news|live|watch live|live now|watch now|(?:ultra |super |so )?rare|amazing|incredible|wow|omg|insane|epic|unbelievable|shocking|finally|must watch|exposed|revealed|confirmed|warning|exclusive|must see|watch|watch this|look at this|check this out|caught on (?:camera|tape)|(?:week|part|pt|episode|ep|season|vol|chapter)\.?\s*\d+)$/i;

/** A fight's or a match's side event named alone in a segment ("WEIGH-IN LIVESTREAM", "Full Press Conference"). */
const EVENT_FORMAT = /^(?:(?:full|official|live)\s+)*((?:post[- ]?(?:fight|match)\s+)?(?:weigh[- ]?ins?|press conference|face[- ]?offs?|presser|media day|open workouts?))(?:\s+(?:live\s*stream|livestream|live))?$/i;

/** Verbs "Watch X …" shows someone doing (bare after "watch"). */
const WATCHED_DOING = /^(?:sing|dance|play|react|try|eat|make|get|take|do|go|destroy|break|win|lose|fall|hit|score|dunk|throw|catch|run|jump|ride|drive|perform|surprise|prank|roast|troll|slam|shut|crush|sink|drop|rap|freestyle|cook|fight|kiss|hug|cry|laugh|walk|fly|swim|build|fix|smash|attempt|answer|explain|read|meet|pull|push|punch|kick|save|stop)$/;
/** A bare verb in the third person singular ("sing" → "sings", "catch" → "catches", "try" → "tries", "do" → "does"). */
const thirdPerson = (v: string) => (/(?:s|sh|ch|x|z|o)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`);

/** Segments of a title at its separators, first (main) part first. */
function segments(t: string): string[] {
  return t
    .split(/\s+[|ǀ–—∙•·★☆_-]\s+|\s+--+\s+|\s+I\s+(?=[A-Z]{2,}(?:\s+\d{4})?$)|\s+(?=[Mm][Yy] [Ff]irst [Ii]mpressions\s)|\s+x\s+(?=\p{Lu}{2})|(?<=\p{L})[–—-]\s+|(?<=(?:^|\s)\p{Ll}{2,})(?<!(?:^|\s)(?:anti|pro|non|mid|post|pre|self|all|re|co|un|de|ex))-(?=\p{Lu}\p{Ll})|:\s+|;\s*|[?!]+\s+|\s*[([{][^)\]}]*[)\]}]\s*|\s*[「『【][^」』】]*[」』】]?\s*|\s*\*+[^*]+\*+\s*|\s+\/\/?\s+|\s*[|∙•]\s*/u)
    .map((x) => x.trim().replace(/[.!?,;:]+$/u, "").replace(/^[|–—∙•·-]+\s*/u, ""))
    .filter(Boolean);
}

/** "after one week" → "after a week"; "for 7 days" → "after 7 days"; "3 months later" → "after 3 months" (Title-Cased later). */
function normaliseSpan(raw: string): string {
  const m = new RegExp(String.raw`(${NUM})\s+(${UNIT})`, "i").exec(raw);
  if (!m) return "";
  let n = m[1].toLowerCase();
  let unit = m[2].toLowerCase();
  if (n === "one" || n === "1" || n === "a" || n === "an") {
    n = unit.startsWith("h") ? "an" : "a";
    unit = unit.replace(/s$/, "");
  }
  return `after ${n} ${unit}`;
}

export interface DraftSubject {
  subject: string;
  span: string;
  /** Present (true) when the subject was cut at TOPIC_MAX characters. */
  cut?: true;
}

const DANGLING = /(?:^|\s)(?:a|an|the|my|our|your|his|her|their|big|huge|new|first|quick|full|honest|official|final|&|and|of|with|to|for)$/i;

/** A draft without the dates that date its upload, not its subject. */
function undated(text: string): string {
  return (
    text
      // A month/day closing it after a word ("Tracking Hurricane Irma 9/11", "… Storm Nate 10/5"); not a part ("Part 3/3").
      .replace(/(?<=\p{L})(?<!\b(?:part|pt|on|at|from|since|by|until|of|before|after)\.?)\s+\d{1,2}\/\d{1,2}$/iu, "")
      // A year after the title's full stop ("… Attacked by Dog. 2017"); not after a month's dot ("Sept. 2017").
      .replace(/(\p{L}+)\.\s+(?:19|20)\d\d$/u, (m, w: string) => (ABBREV.has(w.toLowerCase()) ? m : w))
      // A dashed month-day-year date inside it, with its time; a label of a word or two after it goes too: "Tracking
      // Hurricane Irma 9-8-17 8pm Advisory" is "Tracking Hurricane Irma" (three readers flagged "… Irma Advisory").
      .replace(/\s+\d{1,2}-\d{1,2}-(?:19|20)?\d\d(?:\s+\d{1,2}(?::\d\d)?\s?(?:am|pm))?(?:\s+[\p{L}]+){0,2}$/giu, "")
      .replace(/\s+\d{1,2}-\d{1,2}-(?:19|20)?\d\d(?:\s+\d{1,2}(?::\d\d)?\s?(?:am|pm))?(?=\s|$)/gi, "")
      // A month-day-year date opening it ("9-30-2017 Marilyn Manson Hammerstein Ballroom …").
      .replace(/^\s*\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)\d\d\s+/, "")
      // A month/day opening it before a capital ("9/24 Fans are Burning their NFL Season Tickets"); not 9/11, a name.
      .replace(/^[^\p{L}\p{N}]*(?:1[0-2]|0?[1-9])\/(?:[12]\d|3[01]|0?[1-9])\s+(?=\p{Lu})/u, (m) => (/^\D*0?9\/11\s/.test(m) ? m : ""))
      // A match clip's goal minute and what follows it ("Alanyaspor 0-1 Fenerbahçe 17' Vincent Janssen": the scorer's tag).
      .replace(/(?<=\d\s*[-–]\s*\d[^']*?)\s+\d{1,3}['’](?:\+\d)?\s.*$/u, "")
      // A date code anywhere ("Full Highlights 2017.10.18 vs Timberwolves").
      .replace(/\s*\b(?:19|20)\d\d[./-]\d{1,2}[./-]\d{1,2}\b/g, "")
      // A day/month/year date closing it ("Harry Winks vs Lithuania /8/10/2017/", "… Hurricane Irma 9/10/17"), unless a
      // preposition makes it part of the sentence ("… all at once on 9/6/17").
      .replace(/(?<!\b(?:on|at|from|since|by|until|of|before|after))\s+\/?\d{1,2}\/\d{1,2}\/(?:19|20)?\d\d\/?(?=\s*(?:$|[|(\[]))/gi, "")
      // (Ending it, "on" and its date go together: "Hurricanes Irma, Jose, and Katia, All at Once on 9/6/17 - What We Know"
      // was flagged; "… All at Once" reads.)
      .replace(/,?\s+on\s+\d{1,2}\/\d{1,2}\/(?:19|20)?\d\d$/i, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The subject of a draft title, in the draft's own casing (see the module comment). */
export function draftSubject(draft: string): DraftSubject {
  // The whole draft here (the subject is cut to length later), so brackets are still closed.
  let t = undated(plainText(draft));
  // "Song (Official Lyric Video) - Artist": the artist comes after the label.
  const rel = /^(.+?)\s*[([](?:official|lyrics?|audio)[^)\]]*[)\]]\s*[-–|]\s*(.+)$/i.exec(t);
  if (rel) t = rel[2];
  // A file name's extension ("SVU 9.11 Opener Dedication.wmv") is no part of a title.
  t = t.replace(/\.(?:wmv|mp4|mov|avi|mkv|flv|m4v)$/i, "");
  // A tag a cut left unclosed at the end ("Extreme Sour Candy Challenge *LIVE") is a label too.
  t = t.replace(/\s+\*+[^*\s]+$/u, "");
  // A *tag* that opens the title is a label ("*NEW* PLAYTESTING MICKEY").
  t = t.replace(/^\*+[^*]+\*+\s*/u, "");
  // *Emphasis* inside a title is a word ("TESTING OUT *FAKE* MAKEUP"); only a trailing *tag* is a label.
  t = t.replace(/\*+([^*]+)\*+(?=\s+[\p{L}\p{N}])/gu, "$1");
  // An alias chain names one thing twice ("DIY Giant Spider AKA Aragog AKA HARRY POTTER HALLOWEEN …", "How to Make Flumps!
  // AKA Colourful Marshmallow Ropes"): the first name is the subject.
  // (Not before a series named after a comma, "DIY Dragon's Beard AKA Edible Hair, Corinne vs. Cooking": the contest stays.)
  t = t.replace(/^(\S+(?:\s+\S+)+?)[\s!.,]+(?:aka|a\.k\.a\.)(?:\s[^,]*)?$/i, "$1");
  const parts = segments(t);
  // (Nor a bare question word cut from the rest: "How Much?! Missguided Haul" is the haul.)
  let main = parts.find((p) => !FRAMING_ONLY.test(p) && !(parts.length > 1 && /^(?:how|what|why|who|when|where)(?:\s+\S+)?$/i.test(p))) ?? parts[0] ?? t;
  // A fight's weigh-in or press conference labelled after a separator is the video, not the fight ("Joseph Parker v
  // Hughie Fury | WEIGH-IN LIVESTREAM" is no fight "in 60 Seconds"): the label joins the sides.
  const side = /\s(?:v|vs)\.?\s/i.test(main) ? parts.slice(parts.indexOf(main) + 1).map((p) => EVENT_FORMAT.exec(p)).find(Boolean) : null;
  if (side) main = `${main} ${side[1]}`;
  // "WATCH: Lil Wayne sing the Friends theme song" asks to watch someone do something: without "Watch" the verb agrees
  // with its subject ("Lil Wayne Sings the Friends Theme Song"; "Lil Wayne Sing …" was flagged in a session-11 reading and
  // the session-12 GB audit).
  if (main === parts[1] && /^watch\s*:/i.test(t)) {
    const m = /^((?:\p{Lu}[\p{L}\p{N}.'’-]*\s+){1,3})(\p{Ll}+)\b/u.exec(main);
    // (One person or thing, not a plural: "Watch: Kids try Korean food" stays.)
    if (m && WATCHED_DOING.test(m[2]) && !/^\S+s\s+$/.test(m[1])) main = m[1] + thirdPerson(m[2]) + main.slice(m[0].length);
  }
  // A teaser question before the headline that names who it is about ("QB Turned Psychic? Tony Romo Predicts Future",
  // read as "QB Turned Psychic: My Honest Reaction", naming nobody, in four readings of sessions 11–12): the headline.
  const next = parts[parts.indexOf(main) + 1];
  if (next && new RegExp(`${escapeRegExp(main)}\\s*\\?+\\s`).test(t) && !namesPerson(main) && !main.split(/\s+/).some((w, i, ws) => i > 0 && namesPerson(`${w} ${ws[i + 1] ?? ""}`)))
    if (namesPerson(next.split(/\s+/).slice(0, 2).join(" ")) && next.split(/\s+/).length >= 3) main = next;
  // Two names set side by side with a semicolon ("Quick Learners; High Achievers") are one subject that no frame of one
  // fits: the first alone was read as cut in two readings of session 12. No subject.
  const after = parts[parts.indexOf(main) + 1];
  if (after && new RegExp(`${escapeRegExp(main)}\\s*;\\s*${escapeRegExp(after)}`).test(t) && after.split(/\s+/).length >= 2 && /^\p{Lu}/u.test(after)) return { subject: "", span: "" };
  let span = "";
  const sm = SPAN_RE.exec(main);
  let s = main;
  // Only a span that ends the title is its time frame ("Google Pixel 2 review after one week"); inside a clause it is
  // the sentence ("Couple Who Can Orgasm for 18 Hours Just by Thinking" had lost "for 18 Hours").
  if (sm && /^[\s.!?,;:)\]]*$/.test(main.slice(sm.index + sm[0].length))) {
    span = normaliseSpan(sm[0]);
    s = (main.slice(0, sm.index) + " " + main.slice(sm.index + sm[0].length)).replace(/\s+/g, " ").replace(/\s+([.,;:!?])/g, "$1").trim();
  }
  // A hashtag ending the title is a tag ("Nashville Vigil for Las Vegas Shooting Victims #PrayForVegas",
  // "… During a Hurricane #Irma"): a frame after it reads "#Irma: What You Need to Know". Three words stay at least.
  s = s.replace(/(?<=\S+\s+\S+\s+\S+)(?:\s+#[\p{L}\p{N}_]+)+$/u, "");
  // A series format whose frame is its name ("Everything Wrong With Scream 2 in 19 Minutes or Less") stays whole.
  const format = /\bin \d+ minutes or less$/i.test(s);
  for (let k = 0; k < 4 && !format; k++) {
    const before = s;
    const lead = s.replace(LEAD_RE, "");
    // A leading copula is framing only when a judgement follows the subject ("Is the iPhone X worth
    // it?"); "Is Superman Too Overpowered?" is a question about Superman and stays whole.
    const copula = lead !== s && /^(?:is|are|was|were)\s/i.test(s);
    // A connector left by a cut frame goes too ("iPhone X Impressions & Hands On").
    let trail = lead.replace(TRAIL_RE, "");
    // "Live" written as a word of a name ends it, not a stream's label: "Magic Mike Live", "IGN Live", "Norm Macdonald
    // Live" (a stream's is shouted, small or watched: "… | The Dodo LIVE", "- Watch Live").
    if (/\p{Lu}[\p{L}\p{N}'’]*\sLive$/u.test(lead) && !/\b(?:watch|stream(?:ing|ed)?|now|is|are|goes|going|went)\sLive$/i.test(lead) && trail === lead.replace(/\s+Live$/, "")) trail = lead;
    if (trail !== lead) trail = trail.replace(/\s+(?:&|and|\+)$/i, "");
    s = (copula && trail === lead ? s : trail).replace(/[\s.!?:;,|\-–—]+$/u, "").trim();
    // A frame word that was the head of a noun phrase ("… & A BIG UNBOXING") stays: cutting it leaves
    // a dangling article or adjective.
    if (DANGLING.test(s)) s = before;
    // What someone bought or made is their story, not a thing ("I Bought An Entire Outfit Blindfolded").
    if (s !== before && /^(?:i|we)\s/i.test(before) && /^(?:a|an)\s/i.test(s)) s = before;
    // A bare pronoun is no subject ("We Built This" is not about "This").
    if (/^(?:this|that|it|these|those|them)$/i.test(s)) s = before;
    // "The Problem With Our Phones" is about our phones, not about "Our Phones"; in "Your Body Is
    // Amazing" the judgement is the point.
    // "10 Easy Magic Tricks Anyone Can Do" is about the tricks, not "Anyone Can Do".
    if (s !== before && /^(?:our|my|your|his|her|their|we|i|you|anyone|everyone|someone|anybody|everybody|nobody|they)\b/i.test(s) && (!/^(?:our|my|your|his|her|their|we|i|you)\b/i.test(before) || s.split(" ").length <= 2)) s = before;
    if (s === before) break;
  }
  if (!s || FRAMING_ONLY.test(s)) s = main;
  // A question about nothing named ("Was It Worth It?" → "Was It") has no subject to reframe.
  if (/^(?:(?:is|was|are|were)\s+)?(?:it|this|that|they|these|those)$/i.test(s.replace(/[\s.!?]+$/, ""))) s = "";
  // Initials keep their last dot ("… Guns in the U.S." is no "the U.S: What You Need to Know").
  s = s.replace(/((?:^|\s)(?:\p{Lu}\.)+\p{Lu})$/u, "$1.");
  // An unclosed bracket left by a cut title ("… (ft. Inanna Sarkis, Hannah").
  s = s.replace(/\s*[([{][^)\]}]*$/, "").trim() || s;
  // A quote a cut left open is closed: the song stays a quoted title ("Danielle Bregoli Is BHAD BHABIE “Hi Bich”", cut at
  // the slash of "“Hi Bich / Whachu Know”"; its quote had gone and the song ran into the name, flagged in six readings).
  // (Only a quote the draft closed: a story name cut inside it, "Bill Skarsgård's Demonic “IT Smile", stays as it was.)
  const opens = (x: string) => (x.match(/“/g) ?? []).length, closes = (x: string) => (x.match(/”/g) ?? []).length;
  if (opens(s) > closes(s) && closes(t) >= opens(t)) s += "”";
  return { subject: safeTopic(s), span, ...(s.replace(/\s+/g, " ").trim().length > TOPIC_MAX ? { cut: true } : {}) };
}

/** Context a rewrite can use: the matched story's name (casing, tone) and the snapshot's year. */
export interface RewriteContext {
  year: number;
  storyName?: string | null;
  /** The matched story's context (titles, categories, whether it is topical), when a story matched. */
  story?: TopicContext;
}

/** A music release label: the title's first part names the artist. */
const RELEASE = /\b(?:official\s+(?:music\s+)?(?:video|audio|visualizer)|lyrics?\s+video|official\s+lyric)\b|\s[-–]\s.*\((?:audio|lyrics?)\)/i;

/** Labels of a film or show release. */
const SCREEN_LABEL = /\b(?:(?:official|full|final|new|teaser|english)\s+(?:trailer|teaser)|teaser\b|(?:teaser\s+)?trailer\s*#?\d|trailer\s+(?:19|20)\d\d|\((?:19|20)\d\d\s+(?:movie|film)\)|official\s+clip)\b|\btrailer\W*$/i;

const FIRST_PERSON_RE = /\b(?:i|i'm|i’m|i've|i’ve|my|me)\b/i;

/** Draft words that say the draft already is a review, a test or a reaction. */
const REVIEWED_RE =
  /\b(?:reviews?|reviewing|unboxing|any good|(?:recipe|taste|product)\s+tests?|tested|testing|tried|trying|hands[- ]on|first impressions|worth it|reactions?|reacting|reacts?|wrong about|switched to|bought|using|used|honest|opinion|thoughts on)\b/i;

const NEWSY = new Set([25, 27, 28]);
const ILLNESS_RE = /\b(?:chemo\w*|radiation|surgery|diagnos\w+|cancer|tumou?rs?|leukemia|treatment|recovery|hospital\w*|illness|depression|anxiety|eating disorders?|anorexia|bulimia|ptsd|addiction|overdose\w*|seizures?)\b/i;

/** Words that make "A vs B" a fight or a match, not a comparison. */
const SPORT_RE = /\b(?:highlights|ufc|mma|boxing|nba|nfl|mlb|nhl|mls|wwe|fifa|ncaa|premier league|champions league|fight|bout|match|knockout|weigh-?ins?|face ?off|full game|game \d+|week \d+)\b/i;

/** Draft words that say the draft is about a product even when the subject alone does not. */
const PRODUCT_FRAMING = /\b(?<!(?:movie|film|book|album|series|show|episode|season|trailer|game)\s)(?:review|unboxing|first impressions|hands[- ]on|worth (?:it|buying|the money)|should (?:you|i) buy|i (?:bought|tested|used))\b/i;

/** The text without what it quotes ('…', "…", ‘…’, “…”): quoted words are someone else's. */
const unquoted = (t: string) => t.replace(/(?<![\p{L}])'[^']*'(?![\p{L}])|"[^"]*"|‘[^’]*’|“[^”]*”/gu, " ");

/**
 * The subject of a draft or topic, as a Subject the templates read: framing removed, casing and kind
 * from the matched story (`ctx`), tone from the whole text as well as the subject ("prayers for Las
 * Vegas" is about the shooting), and product framing ("… review") making a short subject a product.
 */
export function subjectFromText(text: string, ctx: TopicContext = {}): Subject {
  const { subject, span, cut } = draftSubject(text);
  // A question typed whole ("not enough milk?") is a headline; its "?" is gone from the subject.
  const whole = plainText(text);
  const asked = safeTopic(whole).toLowerCase() === subject.toLowerCase() && classifyHook(whole) === "question";
  const s = subjectOf(subject, ctx, span, asked);
  if (cut) s.cut = true;
  s.said = whole;
  s.reviewed = REVIEWED_RE.test(whole);
  if (/\b(?:unboxing|hands[- ]on|first impressions?|first look)\b/i.test(whole)) s.firstLook = true;
  // A vlog's title is no task ("VLOG : DANCE MAT QUEENS" is no "How to Dance Mat Queens"): a headline, quoted whole.
  // (Also a story name whose titles are the vlog's: "Dance Mat Queens", from "VLOG : DANCE MAT QUEENS".)
  const vlog = (x: string) => /(?:^|[|:\-–—]\s*)vlog\s*[|:\-–—]|\bvlog\s*$/i.test(x);
  const vlogged = s.vp && !HOWTO_LEAD.test(whole) && (vlog(whole) || (!!ctx.titles?.length && ctx.titles.every(vlog)));
  // Nor is a throwback's ("#tbt Windows 95 Video Guide with Jennifer Aniston …" is an old clip shared again, no guide to follow).
  const throwback = /^\s*(?:#?tbt|#?throwback|#?fbf|flashback friday)\b/i.test(whole);
  // Nor is a regular vlogger's how-to in People & Blogs (vlogbrothers' "How to Win Australia", an essay; "How to Vlog (feat.
  // TomSka)", a sketch): no "Easiest Way"; a how-to channel's tutorials sit in Howto & Style.
  const essay = s.vlog && s.cat === PEOPLE_BLOGS;
  if (s.kind === "howto" && essay && s.vp && HOWTO_LEAD.test(whole)) Object.assign(s, { text: `How to ${s.text}` });
  if (s.kind === "howto" && (vlogged || throwback || essay)) Object.assign(s, { kind: "headline", vp: false, the: false, genre: null });
  // A task that ends in alternatives or tags joined by a slash ("How to DIY Cute Miniature Cactus Resin/Polymer Clay
  // Tutorial") is no task a frame can quote: no subject.
  if (s.kind === "howto" && s.vp && /\p{L}\/\p{L}/u.test(s.text)) return { ...s, text: "" };
  // "Dealing with Cancer (This is my SECRET)": the creator's own story, whatever part the subject is.
  // So is an illness or a treatment in a story outside News, Education and Science: a creator's vlog
  // ("Chemotherapy Effects Not Working!", "Update: Problem with Chemo Pills", "Daniel and Depression").
  // (Not someone else's, told in the third person: "Denise Welch opens up about losing her mum to cancer".)
  // (Not words quoted from someone else: "Teen Who Anthony Weiner Sexted Comes Forward: 'I Was Disgusted.'" is news.)
  s.personal = FIRST_PERSON_RE.test(unquoted(whole)) || (s.cat != null && !NEWSY.has(s.cat) && ILLNESS_RE.test(whole) && !/\b(?:his|her|their|he|she|they)\b/i.test(whole));
  s.highlights = /\bhighlights\b/i.test(whole);
  if (!s.tone.sensitive && !isWorkTitle(whole)) {
    const t = toneOf(whole.slice(0, 400), ctx.storyName ?? "", ctx.titles ?? []);
    if (t.sensitive) s.tone = t;
  }
  const n = s.text.split(" ").length;
  // A launch ("Introducing Context Cards", posted by Snapchat under Music) is no song.
  if (s.genre === "song" && LAUNCH_OPENER.test(whole)) return { ...s, kind: "general", genre: null, music: false };
  // A list or explainer about animals ("9 Things You Need To Know About Kittens") is no footage of them.
  if (s.genre === "animal" && LIST_LEAD.test(whole)) return { ...s, genre: null };
  // A launch broadcast names what is launched ("Echostar 105 / SES-11 Launch Webcast"): an event, nothing to buy.
  if ((s.kind === "product" || s.kind === "general") && !s.tone.sensitive && /\b(?:launch webcast|webcast|rocket launch|launch broadcast)\b/i.test(whole)) return { ...s, kind: "event", the: false, genre: null };
  // A comparison the title calls a fight or a match ("Demetrious Johnson vs Ray Borg | Highlights | UFC 216") is an event.
  if (s.genre === "versus" && SPORT_RE.test(whole)) return { ...s, kind: "event", genre: null };
  // Filming or the making of a film ("Filming 'Mother!'", "Behind the Scenes of …") is a clip about it, not the film.
  if (!s.tone.sensitive && /^(?:filming|making of|the making of|behind the scenes)\b/i.test(s.text)) return { ...s, kind: "general", the: false, vp: false, genre: "clip" };
  // A parody or sketch is a clip, not the thing it parodies ("iPhone X (parody)" is nothing to buy).
  // (Also when every title of its story says so: "BATTLEGROUNDS The Movie! (Official Fake Trailer)".)
  if (!s.tone.sensitive && (PARODY.test(whole) || (!!ctx.titles?.length && ctx.titles.every((t) => PARODY.test(t))))) return { ...s, kind: "general", the: false, vp: false, genre: "clip" };
  // A trailer or a film ("COOK OFF! (2017 Movie) – Official Trailer") is a screen title, not a how-to.
  // A film keeps the article of its title ("The Commuter Teaser Trailer #1" → "The Commuter").
  // (Not an event's promo: "NY Comic-Con Official Trailer" is a convention.)
  // (Nor a game's trailer in a Gaming story: "PHOGS! EGX Demo Trailer" is nothing to watch.)
  // (Not a music video's teaser, "BTS (방탄소년단) 'DNA' Official Teaser 2", "TWICE LIKEY TRAILER" in Music: no "Before You
  // Watch", flagged three times by the session-10 readers.)
  if (!s.tone.sensitive && s.kind !== "event" && s.cat !== GAMING && s.cat !== MUSIC && SCREEN_LABEL.test(whole) && n <= 6) return { ...s, text: s.the && !/^the\s/i.test(s.text) ? `The ${s.text}` : s.text, kind: "general", the: false, vp: false, genre: "screen" };
  // "Artist - Song (Official Video)": the part before the dash is a performer.
  // (Not a name with nothing but the label after it, posted by someone else: "Hot Damn! Official Lyric Video" is the song.)
  if (RELEASE.test(text) && n <= 4 && (s.kind === "general" || s.kind === "headline") && !(labelOnly(s.text, text) && !namesChannel(s.text, ctx.channels ?? []))) return { ...s, kind: "person", the: false, genre: null, music: true };
  // The framing must sit next to the subject: in "RIHANNA: FENTY BEAUTY - Review" the review is of the
  // product after the colon, and "Before You Buy Rihanna" would follow.
  const parts = segments(whole);
  const near = parts.find((p) => p.toLowerCase().includes(s.text.toLowerCase().split(" ")[0] ?? ""));
  // A product named after a point of view ("Small Hands Samsung Galaxy Note 8 Review") is the product from its maker on.
  // (Only in a review: "Homemade Nintendo Switch" is no Nintendo Switch.)
  if (s.kind === "product" && REVIEWED_RE.test(whole)) {
    const at = s.text.search(/\b(?:Samsung|Apple|Google|Sony|Microsoft|Nintendo|OnePlus|Huawei|Xiaomi|LG|HTC|Motorola|Nokia|Amazon)\b/);
    if (at > 0 && s.text.slice(0, at).trim().split(" ").length <= 3) return { ...s, text: s.text.slice(at), the: productReadsWithThe(s.text.slice(at)) };
  }
  // "I Bought An Entire Outfit Blindfolded": a subject opening with an article or possessive is no product name.
  // Nor is a review of looks, a show or a game played ("EMMY FASHION REVIEW": "Emmy Fashion After 100 Hours of Use" does not read).
  if (!s.tone.sensitive && s.genre !== "versus" && !PRODUCT_FRAMING.test(s.text) && !REVIEWED_NOT_BOUGHT.test(s.text) && !FEATURE_HEADS.has(s.text.toLowerCase().split(" ").pop() ?? "") && (s.kind === "general" || s.kind === "headline") && n <= 5 && !/^(?:a|an|my|your|our|his|her|their)\s/i.test(s.text) && PRODUCT_FRAMING.test(text) && (!near || PRODUCT_FRAMING.test(near) || near === parts.at(-1)))
    return { ...s, kind: "product", the: productReadsWithThe(s.text), genre: null };
  return s;
}

/** Stories holding a one-word story name's word from which it is a common word (chosen on the GB vault, judged on the US one). */
export const COMMON_NAME_STORIES = 10;
const HOWTO_LEAD = /^\s*how\s+to\b/i;
const REVIEWED_NOT_BOUGHT = /\b(?:fashion|style|styles|looks|outfits?|red carpet|favou?rites|moments|performances?|speech|episode|season|finale|premiere|match|fight)$/i;

/**
 * The subject of a hook-rescue topic. A one-word topic of no known kind that is only part of the
 * matched story's name ("nails" → "Nail Art Designs", "trip" → "Road Trip with the Dolan Twins") is
 * answered for the story's name: "Nails [Reaction]" says nothing, and the response names the story.
 */
const DISASTER = ["shooting", "earthquake", "hurricane", "explosion", "bombing", "attack", "wildfires", "fire", "floods", "storm", "massacre"].map((d) => ({ word: d[0].toUpperCase() + d.slice(1), in: new RegExp(`\\b${d}s?\\b`, "i") }));
/** "<Place> <disaster>" for a place's name (capitalised, no disaster word in it) when half the titles name one disaster. */
function placeEvent(name: string, titles: readonly string[]): string | null {
  const ws = name.split(" ");
  if (ws.length > 3 || !ws.every((w) => /^\p{Lu}\p{Ll}/u.test(w)) || titles.length < 2) return null;
  if (DISASTER.some((d) => d.in.test(name))) return null;
  for (const d of DISASTER) {
    const n = titles.filter((t) => d.in.test(t)).length;
    if (n * 2 >= titles.length) return `${name} ${d.word}`;
  }
  return null;
}

/** A count of time or a place in a series, alone: "Week 6", "Day 3", "Episode 4", "Part 2". */
const SEQUENCE_LABEL = /^(?:week|day|month|year|episode|ep|part|pt|chapter|round|season|vol|volume|stage|level)\.?\s*#?\d+$/i;

export function topicSubject(topic: string, ctx: TopicContext = {}): Subject {
  // A story's name typed in lower case is the name: its own letters say where it breaks
  // ("GERMANY TOUR RECAP x LES TWINS", "electric bike-Unusual Vehicles").
  let named = ctx.storyName && safeTopic(topic).toLowerCase() === safeTopic(ctx.storyName).toLowerCase() ? ctx.storyName : topic;
  // A story named after a "WATCH: …" title keeps the label, which says the verb is bare (see draftSubject).
  if (ctx.titles?.some((t) => /^watch\s*:\s*/i.test(t) && safeTopic(t.replace(/^watch\s*:\s*/i, "")).toLowerCase().startsWith(safeTopic(named).toLowerCase()))) named = `WATCH: ${named}`;
  const s = subjectFromText(named, ctx);
  // A pronoun alone ("Her", a story of "Her - Building a Beautiful Future") reads as the pronoun, whatever it names.
  if (/^(?:her|him|it|them|this|that|you|me|us|she|he|we|they)$/i.test(safeTopic(named))) return { ...s, text: "" };
  // One list item's word ("2. Keaton", a story cut from a ranking) names nothing alone.
  // (Nor a numbered lesson of a course, "7. Teach the First Behavior: Targeting": the course names what it teaches.)
  if (/^\d{1,2}\.\s+[\p{L}'’-]+$/u.test(safeTopic(named)) || /^\d{1,2}\.\s+\p{Lu}/u.test(safeTopic(named))) return { ...s, text: "" };
  // A promo's tagline ("Preview: The Most Surprising Adventure Yet | Season 1 Ep. 5 | THE ORVILLE") names no show: the
  // show is in a segment the story's name dropped. No frame.
  if (ctx.titles?.length && ctx.titles.every((t) => /^\s*(?:preview|promo|sneak peek)\s*[:|–—-]/i.test(t))) return { ...s, text: "" };
  // A count of time or a series' place ("Week 6", "Day 3", "Part 2"), the name of a story of unrelated videos that share
  // it, names no topic: no lead title may stand in ("Adrian Peterson: 'The Sky Is the Limit'" answered "week 6").
  if (SEQUENCE_LABEL.test(safeTopic(named))) return { ...s, text: "" };
  // "How to" alone names no task: no one lead title's tutorial may stand in (GB: "how to" had answered "5 Quick & Easy
  // Hairstyles for Short Hair [Reaction]").
  if (/^how\s+to$/i.test(safeTopic(named))) return { ...s, text: "" };
  // A topic that is framing alone ("watch live", the name of a story cut from "WATCH LIVE: …") is
  // answered for the subject of the story's lead title.
  const lead = ctx.titles?.[0];
  // A trailer named by the event it was shown at ("NY Comic-Con Official Trailer: THE X-FILES | Season 11") is the
  // work's, named after the colon: "NY Comic-Con" is not what it shows.
  if (s.kind === "event" && /\btrailer$/i.test(safeTopic(named)) && lead?.toLowerCase().startsWith(`${safeTopic(named).toLowerCase()}:`)) {
    const rest = lead.slice(safeTopic(named).length + 1);
    const work = rest.split(/\s[|–—-]\s|\s\|/)[0].trim();
    // (With the season it announces: "… | Season 11 | …".)
    const season = /[|–—-]\s*season\s+(\d{1,2})\b/i.exec(rest)?.[1];
    const w = work ? subjectFromText(work, ctx) : null;
    if (w?.text) return season && !/\bseason\s+\d/i.test(w.text) ? { ...w, text: `${w.text} Season ${season}` } : w;
  }
  if (FRAMING_ONLY.test(s.text) && lead) {
    const t = subjectFromText(lead, ctx);
    if (t.text && !FRAMING_ONLY.test(t.text)) return t;
  }
  // Framing alone with nothing behind it ("Watch This") has no subject to frame.
  if (FRAMING_ONLY.test(s.text) && !s.vp) return { ...s, text: "" };
  const name = ctx.storyName ?? "";
  // A story name cut at its length limit ("Forced Arbitration Is a Get Out of Jail Free Card for Big"),
  // typed as the topic, is answered for the title it was cut from.
  const typed = safeTopic(topic).toLowerCase();
  if (name && typed === name.toLowerCase() && name.length >= 40) {
    const full = ctx.titles?.find((t) => t.toLowerCase().startsWith(typed) && /^[\p{L}\p{N}]/u.test(t.slice(typed.length)) === false && t.length > typed.length + 2);
    if (full) {
      const f = subjectFromText(firstSentence(full, name), ctx);
      if (f.text.length > s.text.length) return f;
    }
  }
  // A story named by a fragment its titles share ("Boyfriend Buys", "10 Years"), typed as the topic, is
  // answered for its lead title when that holds the fragment and says more ("Boyfriend Buys My Outfits").
  // Not a person, product or event ("Nick Jonas" stays Nick Jonas, whatever his lead video is), and not a
  // name of a known genre (a film, a song, a dish…: "Justice League" stays).
  // A name a cut opened mid-sentence ("rocks Mexico City", from "Massive earthquake rocks Mexico City") is
  // such a fragment even when the story is a tragedy: the lead title says what happened.
  const midSentence = /^\p{Ll}/u.test(name) && name.includes(" ");
  // (A name all in small letters is such a fragment whatever kind it reads as: "grand finale" of "Cassini Burns into Saturn
  // After Grand Finale"; not a brand's small letter, "iPhone 8".)
  const lowerCut = /^[\p{Ll}\s'’-]+$/u.test(name) && name.includes(" ");
  // So is one event word ("earthquake": which one?).
  const oneEvent = s.kind === "event" && !name.includes(" ");
  // (On a sensitive story, also a name the lead title opens with and goes on from: "Woman brandishing a handgun" is
  // "Woman brandishing a handgun, machete threatens people at Kardashian boutique".)
  // What the lead title says after the name, when it opens with the name.
  const afterName = name && lead?.toLowerCase().startsWith(name.toLowerCase()) ? lead.slice(name.length) : null;
  const opensLead = s.tone.sensitive && s.text.split(" ").length >= 3 && afterName != null && /^[,;:]?\s+\S/.test(afterName);
  // So is a list the lead title goes on with ("Dave Franco, Kumail Nanjiani" of "… and Fred Armisen Answer the Web's
  // Most Searched Questions"), whatever kind its first items are.
  const listCut = name.includes(",") && afterName != null && /^,?\s+(?:and|&)\s/i.test(afterName);
  if (name && typed === name.toLowerCase() && lead && (s.kind === "general" || s.kind === "headline" || oneEvent || listCut || lowerCut) && (!s.genre || s.genre === "clip" || listCut) && (!s.tone.sensitive || midSentence || oneEvent || opensLead || listCut)) {
    const f = subjectFromText(firstSentence(lead, name), ctx);
    // The whole name, not only its subject: "Riverdale Season 2" is no "Part 2 of Riverdale".
    const padded = (x: string) => ` ${spaced(x)} `;
    // A name of its own ("Tracee Ellis Ross", "Puerto Rico": a word no title writes for emphasis) must open
    // it: "Bu Reveals What Ended Relationship With Tracee Ellis Ross" is about someone else.
    const at = padded(f.text).indexOf(padded(undated(name)));
    // One word more is enough ("Disney Villain" → "Disney Villain Lipsticks"), not a word a cut left dangling ("… 2.20 Is").
    // (Nor a partner a release credits: "Fifth Harmony & Becky G - All in My Head" is not what "fifth harmony" asked about.)
    const credit = at === 0 && f.text.toLowerCase().startsWith(undated(name).toLowerCase()) && /^\s*(?:&|x|ft\.?|feat\.?|featuring)\s/i.test(f.text.slice(undated(name).length));
    if ((at === 0 || (at > 0 && !ownName(name))) && !credit && f.text.split(" ").length >= s.text.split(" ").length + 1 && !f.cut && !/\s(?:is|are|was|were|be|to|of|and|or|the|a|an|with|for)$/i.test(f.text)) return f;
    // A list's first items alone name no one thing (the lead was too long to quote).
    if (listCut && s.text.includes(",")) return { ...s, text: "" };
  }
  // One word of a performer's name, typed alone ("savage" for the story "21 Savage"), is answered for the whole name.
  if (name && s.kind === "person" && !typed.includes(" ") && name.includes(" ") && name.toLowerCase().split(/\s+/).includes(typed) && s.text.toLowerCase() === typed) {
    const whole = subjectFromText(name, ctx);
    if (whole.kind === "person") return whole;
  }
  // A tragedy's story named by its place alone ("Las Vegas", "Mexico City") is answered for what happened there, the
  // disaster word half its titles hold: "What You Need to Know About Las Vegas" reads as a city guide.
  const place = name && typed === name.toLowerCase() && s.tone.sensitive ? placeEvent(name, ctx.titles ?? []) : null;
  if (place) return subjectFromText(place, ctx);
  // A one-word story name that many stories share ("Day", "Week", "Autumn", "Goals", "Magic": held by 10 or more) is a
  // common word that clustered unrelated videos, not a topic, unless it names a person or its lead title answered above.
  if (name && !name.includes(" ") && (ctx.nameStories ?? 0) >= COMMON_NAME_STORIES && s.kind !== "person" && typed === name.toLowerCase() && !s.text.includes(" ")) return { ...s, text: "" };
  const w = stem(tokens(s.text)[0] ?? "");
  const holds = (t: string) => tokens(t).some((x) => stem(x) === w);
  // One word the matched story's name and titles never use ("kuwtk", reached by a tag of "10 Years"):
  // nothing says how it is spelled or what it is; no subject.
  if (name && s.kind === "general" && !s.text.includes(" ") && !s.tone.sensitive && w && ![name, ...(ctx.titles ?? [])].some(holds)) return { ...s, text: "" };
  // (Not a film: "mother!" is the film, not "Filming 'Mother".)
  if (s.kind !== "general" || s.text.includes(" ") || !name.includes(" ") || s.tone.sensitive || s.genre === "screen") return commonWordAlone(s, ctx);
  // Only a name that holds the word ("nails" in "Nail Art Designs"), not one the match reached by a tag.
  if (!holds(name)) return commonWordAlone(s, ctx);
  const whole = subjectFromText(name, ctx);
  return whole.text ? whole : commonWordAlone(s, ctx);
}

/**
 * A title that goes on from a story's name, up to its first full stop after the name ("Mike Pence Delivers Moving
 * Speech in Shanksville, PA. Flight 93." → "… in Shanksville, PA"): past it, another sentence that no frame fits.
 * Not an ellipsis or an abbreviation's dot ("… Shots ft. Gabe", "… Suspension ... Not Mad").
 */
function firstSentence(title: string, name: string): string {
  if (!title.toLowerCase().startsWith(name.toLowerCase())) return title;
  const m = /(?<![.\p{L}])(\p{L}+)\.\s+\p{Lu}/u.exec(title.slice(name.length));
  return m && !ABBREV.has(m[1].toLowerCase()) ? title.slice(0, name.length + m.index + m[1].length) : title;
}

/**
 * A common word typed alone ("autumn", "magic": 10 or more stories hold it), which no story answered for, names no
 * topic, whatever story it reached; a person, product, event or money subject stays ("trump" → "Donald Trump").
 */
function commonWordAlone(s: Subject, ctx: TopicContext): Subject {
  // (An acronym or a brand's inner capital is no common word: "NFL", "GoPro".)
  const common = !s.text.includes(" ") && !/^.\S*\p{Lu}/u.test(s.text) && (s.kind === "general" || s.kind === "headline" || s.kind === "howto");
  return common && (ctx.topicStories ?? 0) >= COMMON_NAME_STORIES ? { ...s, text: "" } : s;
}

/**
 * A name of two or three capitalised words, one of them never seen written for emphasis in capitals (see
 * EMPHASIS in subject.ts: names are written Capitalised, not shouted): "Tracee Ellis Ross", "Merrell Twins".
 */
function ownName(name: string): boolean {
  // (Small words inside do not count: "Game of Thrones"; an article makes a phrase: "Hijacks a Stranger's Tinder".)
  if (/\s(?:a|an)\s/i.test(name)) return false;
  const ws = name.split(" ").filter((w) => !/^(?:of|the|and|in|on|at|to|for)$/.test(w));
  return ws.length >= 2 && ws.length <= 3 && ws.every((w) => /^\p{Lu}/u.test(w)) && ws.some((w) => !isCommonWord(w.toLowerCase().replace(/['’]s$/, "")));
}

/** The subject of a draft for a rewrite. */
export function rewriteSubject(draft: string, ctx: RewriteContext): Subject {
  const s = subjectFromText(draft, ctx.story ?? { storyName: ctx.storyName ?? null });
  // A title of one word in lower case ("autumn.") is a mood, not a subject: "Autumn in 60 Seconds" names nothing.
  // (A topic is typed so; a title is not.)
  return /^\s*\p{Ll}+[.!?…]*\s*$/u.test(draft) ? { ...s, text: "" } : s;
}

/** Words a rewrite may drop: framing and format labels, not content. */
const LABEL_WORDS = new Set(
  ("review reviews unboxing official video music lyric lyrics audio trailer teaser hands on first look impressions worth honest full " +
    "reaction explained update live new vs hd 4k clip episode season part ep vlog").split(" "),
);
const contentWords = (t: string) =>
  (t.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? []).filter((w) => w.length >= 2 && !STOPWORDS.has(w) && !LABEL_WORDS.has(w));

/**
 * Whether the subject keeps what the draft is about: a rewrite that drops three or more content words
 * of the draft's title part (brackets and a short part after a " | " aside), or two that are as
 * many as the words it keeps ("John Oliver - Harvey Weinstein"), loses
 * the video ("Sterling K Brown - 2017 Emmys - Full Backstage Speech" is no "What You Need to Know About
 * Sterling K Brown"). Channel and series names after a pipe may go.
 */
export function keepsDraft(draft: string, s: Subject): boolean {
  // After a pipe comes a channel or series name ("| Cupcake Jemma"), unless it is long enough to be content.
  // (Dates are no content: undated, as the subject was.)
  const parts = undated(plainText(draft)).split(/\s*[|｜]+\s*/);
  const main = parts.filter((p, i) => i === 0 || contentWords(p).length > 4).join(" ").replace(/[([{][^)\]}]*[)\]}]|\*+[^*]+\*+/g, " ");
  const kept = new Set(contentWords(`${s.text} ${s.span}`));
  const dropped = new Set(contentWords(main).filter((w) => !kept.has(w)));
  return dropped.size < 3 && (dropped.size < 2 || dropped.size < kept.size);
}

/** The rewrite of `draft` for one pattern, or null when no template reads right for its subject. */
export function rewriteText(pattern: string, draft: string, ctx: RewriteContext): string | null {
  const s = rewritable(draft, ctx);
  return s ? rewriteFor(pattern, draft, s, ctx.year) : null;
}

/**
 * The subject a draft's rewrites reframe, computed once per draft; null when the draft gets no rewrite:
 * a music release keeps its title ("DIY QUEEN - LAURDIY (OFFICIAL MUSIC VIDEO)" is no "The Only DIY
 * Queen You'll Ever Need"), and a subject that drops most of the draft loses it (`keepsDraft`).
 */
export function rewritable(draft: string, ctx: RewriteContext): Subject | null {
  if (RELEASE.test(draft)) return null;
  // A part of a series ("DIY Electric ultralight pt5 (Making the Wings)") keeps its title: its number is its place.
  // (In the title itself: "| Episode 1195" after a pipe is the channel's counter.)
  if (/\b(?:pt|part|ep|episode)\.?\s*\d+\b/i.test(plainText(draft).split(/\s*[|｜]\s*/)[0])) return null;
  // A work credited to the channel that posts it ("HURRY UP! by SUPERFRUIT") is a release too.
  const credit = /\s+by\s+(.+)$/i.exec(plainText(draft));
  if (credit && squash(credit[1]) && isChannel(credit[1], ctx)) return null;
  // A name with its post-nominal letters alone ("GIN WONG FAIA", seen in three US readings) names a person, not a video
  // to reframe: "Gin Wong Faia: What Do You Think?" miscases the credential and asks nothing.
  if (/^\p{L}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){1,3},?\s+(?:FAIA|AIA|RIBA|PhD|MD|DDS|OBE|CBE|MBE|KBE|DBE|QC|Esq\.?)$/iu.test(plainText(draft).trim())) return null;
  // Someone's footage named in an aside ("Mandalay Bay Shooting (Dan Bilzerian Instagram Story)") is that footage: no frame
  // turns it into a report ("The Mandalay Bay Shooting - What We Know", flagged three times in an independent reading).
  if (/\([^)]*\b(?:instagram|snapchat|facebook live|periscope|body ?cam|dash ?cam|pov)\b[^)]*\)/i.test(draft)) return null;
  const s = rewriteSubject(draft, ctx);
  // A trip or vlog to a match ("Chelsea v Arsenal | Road Trip To Stamford Bridge!") is the creator's day, not the match:
  // no event frame ("… in 60 Seconds", "[Highlights]") fits it.
  const parts = segments(plainText(draft));
  if (s.kind === "event" && parts.slice(1).some((p) => /\b(?:road trip|trip to|vlog|away day|matchday|match day|watchalong)\b/i.test(p))) return null;
  // One word out of a title of several parts ("GRWM | SLAY THE GROCERY STORE & Catch Up") is a format or a name, not the video.
  if (!s.text.includes(" ") && parts.length > 1) return null;
  // The channel's own name before a pipe ("BURGER KING | Bullying Jr."): the video is what follows, no subject here.
  if (/[|｜]/.test(draft) && isChannel(s.text, ctx)) return null;
  return s.text && keepsDraft(draft, s) ? s : null;
}

/** Lower-case words separated by single spaces, punctuation gone: how texts compare ("GROSS-Tacular" = "gross tacular"). */
const spaced = (x: string) => x.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
/** Letters and digits only, in lower case: how names compare ("SUPERFRUIT" = "Superfruit"). */
const squash = (x: string) => x.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
/** Whether `name` is a channel of the matched story. */
const isChannel = (name: string, ctx: RewriteContext) => !!ctx.story?.channels?.some((c) => squash(c) === squash(name));

/** The rewrite of `draft` for one pattern, from its subject (`rewritable`), or null. */
export function rewriteFor(pattern: string, draft: string, s: Subject, year: number): string | null {
  const text = hookText(pattern, s, year, "rewrite");
  // The draft again in other letter case is no rewrite.
  return text && spaced(text) !== spaced(draft) ? text : null;
}
