/**
 * Hook templates per pattern and per kind of topic, used by hook-rescue and by grade's rewrites
 * (src/rules/rewrite.ts). Deterministic: the same subject and pattern always give the same text.
 *
 * Text is built from a Subject (the topic in its real casing, its kind and tone, whether it reads
 * with "the", whether its head is plural), never by pasting raw input: the topic is first reduced
 * to plain text (`safeTopic`: markup and entities stripped, NFKC, control/format characters removed,
 * whitespace collapsed, ≤ 80 chars). Every hook is then Title-Cased (words with a capital, like
 * "iPhone" or "DIY", are kept as written), ≤ HOOK_MAX characters, and kept only if it really carries
 * its pattern. A sensitive topic (src/rules/tone.ts) only ever gets the `tragedy`/`mourning` family.
 * Families, variants and the rule for picking one: docs/rules.md "Hook rescue and grade".
 */
import { plainText } from "./markup.ts";
import { casingFrom, indefinite, isPluralHead, isShouting, possessive, recase, titleCase, unspeakable, type Casing } from "./english.ts";
import { BANNED_WHEN_SENSITIVE, toneOf, type Tone } from "./tone.ts";
import { ANIMAL_HARM, genreOf, isComparison, namesPerson, singularAnimal, topicKind, type Genre, type GenreContext, type TopicKind } from "./topickind.ts";
import { GENRE_TEMPLATES, type GenreHelpers } from "./genre-templates.ts";
import { titlePatterns } from "./structure.ts";
import { classifyHook } from "./hook.ts";
import { readability } from "./readability.ts";
import { STOPWORDS } from "./text.ts";
import casingWords from "./casing-words.json";

export const HOOK_MAX = 100;

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
}

/**
 * Frames that change what a video is. A /grade rewrite keeps the creator's video, so it uses them
 * only when the draft already is one ("iPhone X review" → "I Used the iPhone X for a Week…"), never to
 * turn a tutorial into "I Tried This DIY Bagel Bite for a Week" or a music video into a reaction.
 */
const FRAME_CHANGE = /\b(?:reaction|reacting|reviews?|i tried|i tested|i used|i switched|first time hearing)\b/i;
/** Every word of the subject is a non-word by the readability rule ("Rrrrrrrrrrrrr", "Yyy"). */
const nonWords = (t: string) => {
  const r = readability(t);
  return r.words > 0 && r.implausible === r.words;
};
const keepsFrame = (text: string, s: Subject, rw: boolean) =>
  !rw || ((s.reviewed || !FRAME_CHANGE.test(text)) && (!s.highlights || /\b(?:moments|highlights)\b/i.test(text)));

type Family = TopicKind | "howto_vp" | "tragedy" | "tragedy_headline" | "mourning" | "personal" | "safety" | "illness";
/** One template: the subject's helpers in, text out ("" when this variant does not fit the subject). */
type Tpl = (h: Helpers) => string;
interface Helpers {
  /** Subject as a bare name. */
  S: string;
  /** Subject as a noun phrase in running text ("the iPhone X"). */
  NP: string;
  /** Verb forms agreeing with the subject. */
  Is: string;
  Does: string;
  Has: string;
  s: string; // verb suffix: "Feels" / "Feel"
  span: string; // " After a Week" or ""
  dur: string; // the draft's time frame or "a Week": "7 Days"
  poss: string; // "Sam Smith's"
  /** The subject when it can stand before a noun ("The Ultimate {mod} Guide"): ≤ 3 words, a plain noun phrase; else "". */
  mod: string;
  /** The topic was a question: no "What Do You Think?" after it. */
  asked: boolean;
  /** A game (a Gaming story): played, not used. */
  game: boolean;
  /** The subject speaks in the first person ("I Dressed Like It Was 1987"): no "you" frame after it. */
  firstPerson: boolean;
  /** Rewrite mode: a /grade rewrite of the creator's own title, where frames that change what the video is are left out. */
  rw: boolean;
  /** A how-to whose task is made or done by hand ("Make …", "Cook …", "Fix …"): "at Home" fits; "Win Australia at Home" does not. */
  craft: boolean;
  /** A reaction frame fits: not a how-to, science or education video (a lens demo is not reacted to). */
  reacts: boolean;
  /** The subject addresses the reader ("Survive If You Get Stranded"): no "I tried to" before it. */
  secondPerson: boolean;
  y: number;
}

/**
 * Families per pattern. Variants are tried in a rotation that starts at a hash of the subject, so
 * topics of one kind do not all get the same line; the first variant that fits HOOK_MAX and carries
 * the pattern wins. A missing family means the pattern has no text that reads right for that kind
 * (hook-rescue then moves on to the next validated pattern).
 */
/** A headline asks the audience, unless it already is a question ("Why Apple Needs Samsung", "Tara where are we?"). */
const askAudience: Tpl = (h) => (WH_Q.test(h.S) || WH_Q_OPEN.test(h.S) || h.asked ? "" : `${h.S}: What Do You Think?`);
/** A reaction frame, where one fits (see Helpers.reacts), never in a rewrite, never after the first person. */
const reaction = (f: Tpl): Tpl => (h) => (h.rw || h.firstPerson || !h.reacts ? "" : f(h));

const T: Record<string, Partial<Record<Family, Tpl[]>>> = {
  "hook:list_preview": {
    general: [(h) => `5 Things to Know About ${h.NP}`],
    product: [(h) => `7 Things I Learned After ${h.dur} With ${h.NP}`, (h) => `5 Hidden Features of ${h.NP} Nobody Talks About`],
    person: [(h) => `5 Things You Didn't Know About ${h.S}`, (h) => `7 Moments That Made ${h.S} Famous`],
    event: [(h) => `5 Things to Know About ${h.NP}`, (h) => `7 Moments From ${h.NP} Everyone Missed`],
    howto: [(h) => (h.mod ? `7 ${h.mod} Mistakes Beginners Make` : ""), (h) => (h.mod ? `5 ${h.mod} Tips Nobody Tells You` : "")],
    howto_vp: [(h) => `7 Mistakes to Avoid When You ${h.S}`, (h) => `5 Tips to ${h.S} Like a Pro`],
    money: [(h) => `5 Numbers That Explain ${h.NP}`, (h) => `7 Things to Know About ${h.NP} Before You Invest`],
    tragedy: [(h) => `5 Things to Know About ${h.NP}`],
    mourning: [(h) => `Remembering ${h.S}: 5 Moments That Mattered`],
  },
  "hook:question": {
    tragedy_headline: [(h) => `${h.S}: What Do We Know So Far?`],
    general: [(h) => `Why Is Everyone Talking About ${h.NP}?`],
    product: [(h) => `${h.Is} ${h.NP} Worth It${h.span}?`, (h) => `Should You Buy ${h.NP}?`],
    person: [(h) => `Why Is Everyone Talking About ${h.S}?`, (h) => `What's Next for ${h.S}?`],
    event: [(h) => `Why ${h.Does} ${h.NP} Matter?`, (h) => `What Happens After ${h.NP}?`],
    howto: [(h) => (h.mod ? `What's the Secret to the Perfect ${h.mod}?` : ""), (h) => (h.mod ? `Why Is Everyone Trying This ${h.mod}?` : "")],
    howto_vp: [(h) => `What's the Easiest Way to ${h.S}?`, (h) => (h.craft ? `Can You Really ${h.S} at Home?` : "")],
    money: [(h) => `Where ${h.Is} ${h.NP} Headed Next?`, (h) => `${h.Is} ${h.NP} a Good Bet Right Now?`],
    headline: [askAudience],
    tragedy: [(h) => `${h.NP}: What Do We Know So Far?`],
    mourning: [(h) => `Who Was ${h.S}?`],
    safety: [(h) => `How Do You ${h.S}?`],
  },
  "hook:before_after": {
    product: [(h) => `${h.NP}, 30 Days Later: Was It Worth It?`, (h) => `${h.NP}: Before and After 30 Days of Use`],
    person: [(h) => `${h.S}: Then and Now`],
    event: [(h) => `${h.NP}: Then and Now`],
    howto: [(h) => (h.mod ? `${h.mod} Transformation: Before and After` : "")],
    // "for 30 Days" only for a habit: "I Tried to Build a Teleporter for 30 Days" reads wrong.
    howto_vp: [(h) => (HABIT_VP.test(h.S) && !h.secondPerson && !h.rw ? `I Tried to ${h.S} for 30 Days: Before and After` : "")],
    money: [(h) => `${h.NP}: Then and Now`, (h) => `${h.NP}, 30 Days Later: What Changed`],
  },
  "hook:confession": {
    general: [(h) => `My Honest Opinion on ${h.NP}`],
    product: [(h) => `I Used ${h.NP} for ${h.dur} and I Was Wrong`, (h) => `I Switched to ${h.NP}: My Honest Review`],
    person: [(h) => `I Was Wrong About ${h.S}`, (h) => `My Honest Opinion on ${h.S}`],
    event: [(h) => `My Honest Take on ${h.NP}`],
    howto: [(h) => (h.mod ? `I Tried This ${h.mod} for a Week` : ""), (h) => (h.mod ? `My Honest ${h.mod} Review` : "")],
    // "for a Week" only reads right for a habit; "I Tried to Make Lloyd … for a Week" does not.
    // A tutorial's own rewrite keeps teaching: "I tried to" is a hook for a new video only.
    howto_vp: [(h) => (h.secondPerson || h.rw ? "" : `I Tried to ${h.S}: Here's How It Went`)],
    money: [(h) => `I Was Wrong About ${h.NP}`, (h) => `My Honest Take on ${h.NP}`],
    headline: [reaction((h) => `${h.S}: My Honest Reaction`)],
  },
  "hook:contrarian": {
    general: [(h) => `The Truth About ${h.NP}`],
    product: [(h) => `Don't Buy ${h.NP} Until You Watch This`, (h) => `${h.NP} ${h.Is} Overrated: Here's Why`],
    person: [(h) => `The Truth About ${h.S}`],
    event: [(h) => `The Truth About ${h.NP}`],
    howto: [(h) => (h.mod ? `Stop Making These ${h.mod} Mistakes` : "")],
    howto_vp: [(h) => `Stop Trying to ${h.S} the Hard Way`],
    money: [(h) => `The Truth About ${h.NP} Nobody Tells You`, (h) => (h.mod ? `Stop Believing These ${h.mod} Myths` : "")],
  },
  "hook:story": {
    tragedy_headline: [(h) => `${h.S}: The Stories Behind the Headlines`],
    general: [(h) => `The Story Behind ${h.NP}`],
    product: [(h) => `My Experience With ${h.NP}${h.span}`, (h) => `The Story Behind ${h.NP}`],
    person: [(h) => `The Untold Story of ${h.S}`],
    event: [(h) => `The Story Behind ${h.NP}`, (h) => `What Happened After ${h.NP}`],
    howto: [(h) => (h.mod ? `How I Perfected My ${h.mod}` : "")],
    howto_vp: [(h) => `How I Learned to ${h.S}`],
    // "How I got into Bitcoin", but not "into the Bitcoin price".
    money: [(h) => (h.NP === h.S ? `How I Got Into ${h.S}` : ""), (h) => `The Story Behind ${h.NP}`],
    headline: [(h) => (h.rw || h.asked || WH_Q_OPEN.test(h.S) ? "" : `${h.S}: What Really Happened`)],
    tragedy: [(h) => `${h.NP}: The Stories Behind the Headlines`],
    mourning: [(h) => `The Story of ${h.S}`],
  },
  "hook:empathy": {
    product: [(h) => `If ${h.NP} Confuse${h.s} You, You're Not Alone`],
    howto: [(h) => `If ${h.S} Feel${h.s} Impossible, You're Not Alone`],
    howto_vp: [(h) => `If You're Struggling to ${h.S}, Watch This`],
    money: [(h) => `If ${h.NP} Keep${h.s} You Up at Night, You're Not Alone`],
    tragedy: [(h) => `If ${h.NP} ${h.Has} Left You Shaken, You're Not Alone`],
    mourning: [(h) => `If You're Mourning ${h.S}, You're Not Alone`],
    personal: [(h) => `${h.S}: If You're Going Through This, You're Not Alone`],
  },
  "hook:statistic": {
    general: [(h) => `${h.NP} in 60 Seconds`],
    product: [(h) => `${h.NP} After 100 Hours of ${h.game ? "Play" : "Use"}`, (h) => `${h.NP} in 60 Seconds`],
    person: [(h) => `${possessiveOf(h)} Story in 60 Seconds`],
    event: [(h) => `${h.NP} in 60 Seconds`],
    // Only a look or a routine is done in ten minutes ("DIY Electric Ultralight in 10 Minutes" is not).
    howto: [(h) => (h.firstPerson || TIPS.test(h.S) || !QUICK.test(h.S) ? "" : `${h.S} in 10 Minutes`)],
    howto_vp: [(h) => (h.craft ? `How to ${h.S} in 10 Minutes` : "")],
    money: [(h) => `${h.NP} in 60 Seconds`],
    // No headline family: "Trump Attacks the Mayor of San Juan in 60 Seconds" reads as filler.
  },
  "hook:bold_claim": {
    general: [(h) => `${h.NP}: Everything You Need to Know`],
    product: [(h) => (h.mod ? `The Ultimate ${h.mod} Guide` : ""), (h) => (h.mod ? `The Best ${h.mod} Tips Nobody Uses` : "")],
    person: [(h) => `${possessiveOf(h)} Best Moments Ever`],
    event: [(h) => `The Best Moments From ${h.NP}`],
    howto: [(h) => (h.mod ? `The Only ${h.mod} You'll Ever Need` : "")],
    // (Not "to DIY …": DIY is a label, no verb to follow "the easiest way to".)
    howto_vp: [(h) => (/^DIY\s/i.test(h.S) ? "" : `The Easiest Way to ${h.S}`)],
    money: [(h) => (h.mod ? `The Ultimate ${h.mod} Guide` : "")],
  },
  "struct:number_led": {
    general: [(h) => `5 Things to Know About ${h.NP}`],
    product: [(h) => `5 Hidden Features of ${h.NP}`, (h) => `7 Things I Learned After ${h.dur} With ${h.NP}`],
    person: [(h) => `5 Things You Didn't Know About ${h.S}`],
    event: [(h) => `5 Things to Know About ${h.NP}`],
    howto: [(h) => (h.mod ? `7 ${h.mod} Mistakes Beginners Make` : "")],
    howto_vp: [(h) => (h.craft ? `5 Ways to ${h.S} at Home` : "")],
    money: [(h) => `5 Numbers That Explain ${h.NP}`],
    tragedy: [(h) => `5 Things to Know About ${h.NP}`],
    mourning: [(h) => `5 Moments to Remember ${h.S} By`],
  },
  "struct:how_to": {
    product: [(h) => `How to Get the Most Out of ${h.NP}`, (h) => `How to Set Up ${h.NP} the Right Way`],
    howto: [(h) => (TIPS.test(h.S) ? "" : `${h.S}: A Step-by-Step Tutorial`), (h) => (h.mod ? `How to Nail Your ${h.mod}` : "")],
    howto_vp: [(h) => `How to ${h.S}: A Step-by-Step Guide`, (h) => `How to ${h.S} (Step by Step)`],
    money: [(h) => `How to Make Sense of ${h.NP}`],
    tragedy: [(h) => `How to Help After ${h.NP}`],
  },
  "struct:versus": {
    product: [(h) => `${h.NP} vs the Competition: Which Should You Buy?`],
    howto: [(h) => `${h.S}: Cheap vs Expensive`],
    howto_vp: [(h) => `How to ${h.S}: Cheap vs Expensive`],
    money: [(h) => `${h.NP} vs Index Funds: Which Wins?`],
  },
  "struct:colon_split": {
    tragedy_headline: [(h) => `${h.S}: What We Know So Far`],
    general: [(h) => `${h.NP}: What Actually Matters`],
    product: [(h) => `${h.NP}${h.span}: What Actually Matters`, (h) => `${h.NP}: The Honest Review`],
    person: [(h) => `${h.S}: The Story So Far`],
    event: [(h) => `${h.NP}: What We Know So Far`, (h) => `${h.NP}: The Moments Everyone Is Talking About`],
    howto: [(h) => `${h.S}: The Beginner's Guide`],
    howto_vp: [(h) => `How to ${h.S}: The Beginner's Guide`],
    money: [(h) => `${h.NP}: What It Means for Your Money`],
    tragedy: [(h) => `${h.NP}: What We Know So Far`],
    mourning: [(h) => `${h.S}: A Look Back`],
    personal: [(h) => `${h.S}: My Story`],
  },
  "struct:bracket_tag": {
    tragedy_headline: [(h) => `${h.S} [Timeline]`],
    general: [(h) => `${h.NP} [Explained]`],
    product: [(h) => `${h.NP} [Honest Review${h.span}]`],
    person: [(h) => `${h.S} [Career Highlights]`],
    event: [(h) => `${h.NP} [Highlights]`],
    howto: [(h) => (TIPS.test(h.S) ? "" : `${h.S} [Step by Step]`)],
    howto_vp: [(h) => `How to ${h.S} [Step by Step]`],
    money: [(h) => `${h.NP} [Explained]`],
    headline: [reaction((h) => `${h.S} [Reaction]`)],
    tragedy: [(h) => `${h.NP} [Timeline]`],
    safety: [(h) => `How to ${h.S} [Step by Step]`],
    mourning: [(h) => `${h.S} [A Look Back]`],
    personal: [(h) => `${h.S} [My Story]`],
  },
  "struct:year_tag": {
    tragedy_headline: [(h) => `${h.S} | ${h.y} Timeline`],
    general: [(h) => `${h.NP} in ${h.y}: What Changed`],
    product: [(h) => `${h.NP} in ${h.y}: Still Worth It?`],
    person: [(h) => `${h.S} in ${h.y}: The Story So Far`],
    event: [(h) => `${h.NP}, ${h.y}: What We Know`],
    howto: [(h) => `${h.S} in ${h.y}: The Updated Guide`],
    howto_vp: [(h) => `How to ${h.S} in ${h.y}`],
    money: [(h) => `${h.NP} in ${h.y}: What Changed`],
    tragedy: [(h) => `${h.NP}, ${h.y}: A Timeline`],
    mourning: [(h) => `${h.S}: Looking Back From ${h.y}`],
  },
  "struct:all_caps_word": {
    general: [(h) => `${h.NP}: The REAL Story`],
    product: [(h) => `${h.NP}: The HONEST Review`],
    person: [(h) => `${h.S}: The REAL Story`],
    event: [(h) => `${h.NP}: The REAL Story`],
    howto: [(h) => `${h.S}: The EASY Way`],
    howto_vp: [(h) => `The EASIEST Way to ${h.S}`],
    money: [(h) => `${h.NP}: The REAL Numbers`],
  },
  "struct:first_person": {
    tragedy_headline: [(h) => `${h.S}: What We Know So Far`],
    general: [(h) => `My Honest Take on ${h.NP}`],
    product: [(h) => `I Tested ${h.NP} So You Don't Have To`, (h) => `Why I Switched to ${h.NP}`],
    person: [(h) => `What I Learned From ${h.S}`],
    event: [(h) => `What I Learned From ${h.NP}`],
    howto: [(h) => (h.mod ? `My ${h.mod}, Step by Step` : "")],
    howto_vp: [(h) => (h.secondPerson || h.rw ? "" : `I Tried to ${h.S} So You Don't Have To`)],
    money: [(h) => `What I Learned From ${h.NP}`],
    headline: [reaction((h) => `${h.S}: My Honest Reaction`)],
    tragedy: [(h) => `What We Know About ${h.NP} So Far`],
    mourning: [(h) => `What ${h.S} Meant to Us`],
  },
  "struct:question_mark": {
    tragedy_headline: [(h) => `${h.S}: What Do We Know So Far?`],
    general: [(h) => `Why Is Everyone Talking About ${h.NP}?`],
    product: [(h) => `${h.Is} ${h.NP} Worth It${h.span}?`, (h) => `Should You Buy ${h.NP}?`],
    person: [(h) => `What's Next for ${h.S}?`],
    event: [(h) => `Why ${h.Does} ${h.NP} Matter?`],
    howto: [(h) => (h.mod ? `What's the Secret to the Perfect ${h.mod}?` : "")],
    howto_vp: [(h) => `What's the Easiest Way to ${h.S}?`],
    money: [(h) => `Where ${h.Is} ${h.NP} Headed Next?`],
    headline: [askAudience],
    tragedy: [(h) => `${h.NP}: What Do We Know So Far?`],
    mourning: [(h) => `Who Was ${h.S}?`],
  },
  "struct:pipe_split": {
    tragedy_headline: [(h) => `${h.S} | What We Know`],
    general: [(h) => `${h.NP} | Explained`],
    product: [(h) => `${h.NP} | Honest Review${h.span}`],
    person: [(h) => `${h.S} | The Story So Far`],
    event: [(h) => `${h.NP} | Highlights`],
    howto: [(h) => (TIPS.test(h.S) ? "" : `${h.S} | Step-by-Step Tutorial`)],
    howto_vp: [(h) => `How to ${h.S} | Step-by-Step Guide`],
    money: [(h) => `${h.NP} | Explained`],
    tragedy: [(h) => `${h.NP} | What We Know`],
    safety: [(h) => `How to ${h.S} | Safety Guide`],
    mourning: [(h) => `${h.S} | A Look Back`],
    personal: [(h) => `${h.S} | My Story`],
  },
  "struct:exclamation": {
    general: [(h) => `Everything You Need to Know About ${h.NP}!`],
    product: [(h) => `Watch This Before You Buy ${h.NP}!`],
    person: [(h) => `The Best of ${h.S}!`],
    event: [(h) => `The Best Moments From ${h.NP}!`],
    howto: [(h) => (h.mod ? `Try This ${h.mod}!` : "")],
    howto_vp: [(h) => `Learn to ${h.S} in Minutes!`],
    money: [(h) => `Everything You Need to Know About ${h.NP}!`],
  },
  "struct:dash_split": {
    tragedy_headline: [(h) => `${h.S} - What We Know`],
    general: [(h) => `${h.NP} - Everything We Know`],
    product: [(h) => `${h.NP} - Honest Review${h.span}`],
    person: [(h) => `${h.S} - The Story So Far`],
    event: [(h) => `${h.NP} - What We Know`],
    howto: [(h) => (/\b(?:tutorial|step|guide)\b/i.test(h.S) || TIPS.test(h.S) ? "" : `${h.S} - Easy Step-by-Step Tutorial`)],
    howto_vp: [(h) => `How to ${h.S} - The Easy Way`],
    money: [(h) => `${h.NP} - What It Means for You`],
    tragedy: [(h) => `${h.NP} - What We Know`],
    safety: [(h) => `How to ${h.S} - A Safety Guide`],
    mourning: [(h) => `${h.S} - A Look Back`],
    personal: [(h) => `${h.S} - My Story`],
  },
  "struct:second_person": {
    tragedy_headline: [(h) => `${h.S}: What You Need to Know`],
    general: [(h) => `What You Need to Know About ${h.NP}`],
    product: [(h) => `Everything You Need to Know Before You Buy ${h.NP}`],
    person: [(h) => `What You Don't Know About ${h.S}`],
    event: [(h) => `What You Need to Know About ${h.NP}`],
    howto: [(h) => (h.mod ? `Your Guide to the Perfect ${h.mod}` : h.S.split(" ").length <= 5 && !/[,&]|\bvs\b|\b(?:tutorial|guide|lesson|course)s?\b/i.test(h.S) ? `Your Guide to ${h.S}` : "")],
    howto_vp: [(h) => (h.craft ? `How You Can ${h.S} at Home` : "")],
    money: [(h) => `What ${h.NP} Mean${h.s} for Your Wallet`],
    tragedy: [(h) => `What You Need to Know About ${h.NP}`],
    safety: [(h) => `How to ${h.S}: What You Need to Know`],
    mourning: [(h) => `What You Need to Know About ${h.S}`],
    illness: [(h) => (h.S.split(" ").length > 5 || /\s\w+ed$/i.test(h.S) ? `${h.S}: What You Need to Know` : `What You Need to Know About ${h.NP}`)],
  },
};

function possessiveOf(h: Helpers): string {
  return h.poss;
}

/** The patterns that have templates (every key reads right for at least one kind). */
export const TEMPLATES: Readonly<Record<string, unknown>> = T;
export const TEMPLATE_PATTERNS: readonly string[] = Object.keys(T);

/** Looks and routines: what a how-to can promise "in 10 Minutes". */
const QUICK = /\b(?:tutorial|look|makeup|hairstyles?|hair|routine|nails?|nail art|braids?|updo|contour|eyeliner|skincare)$/i;
/** Tips, tricks or secrets are no tutorial, nor is a list or a contest ("Dragon's Beard AKA Edible Hair, Corinne vs. Cooking"): no "Step-by-Step" tag, no "in 10 Minutes". */
const TIPS = /\b(?:tips|tricks|hacks|secrets|ideas|facts|mistakes|aka|vs\.?)\b|,/i;
const WH_Q_OPEN = /^(?:(?:what|why|who|which|when|where|how)(?:['’]s)?|did|does|do|is|are|was|were|can|could|should|would|will|has|have|here['’]?s|this is)\s+(?!to\s)/i;
/** A subject that is itself a question ("Why Are You Anxious"): no question tail after it. */
const WH_Q =
  /^(?:(?:why|what|who|when|where|which|how)(?:\s+(?:well|much|many|long|often|far|old|big|good|bad))?\s+(?:is|are|was|were|do|does|did|can|could|would|should|has|have)\b|(?:did|do|does|is|are|was|were|can|could|should|would|will|has|have)\s+(?:i|you|we|they|he|she|it|this|that|there)\b)/i;
const HABIT_VP = /^(?:wear|eat|drink|sleep|wake|run|walk|meditate|exercise|stretch|read|journal|cook|lift|train|fast|quit|stop|use|learn|practice|practise|speak|study)\b/i;
const FIRST_PERSON = /\b(?:i|i'm|i’m|i've|i’ve|my|me|we|our)\b/i;

/** Families a subject may use, in order: a sensitive topic never falls back to a light-hearted one. */
function families(s: Subject, rw: boolean): Family[] {
  // A long subject reads as a headline: "What We Know About <ten words> So Far" does not.
  // Someone's own hard experience ("My 1st Day at Chemotherapy"): their story, not news ("What We Know").
  if (s.tone.sensitive && (s.personal || FIRST_PERSON.test(s.text))) return ["personal"];
  // A condition, not an event ("Cyclopia: A Rare Birth Defect …"): no timeline, no "what we know so far".
  if (s.tone.sensitive && s.tone.illness && !s.vp) return ["illness"];
  // A hypothetical about death ("What Animal Will Survive When Everyone Dies") is no news: no frame fits.
  if (s.tone.sensitive && WH_Q_OPEN.test(s.text)) return [];
  // Bloopers, fails or a prank about a disaster mix two tones no frame can hold.
  // So does a treat named after one ("#IRMAgerd Hurricane Candy"), a science clip ("Hurricane Size Comparison") or a benefit ("Hand in Hand: A Benefit for Hurricane Relief").
  if (s.tone.sensitive && /\b(?:bloopers?|fails?|funny|parody|prank\w*|memes?|candy|cakes?|cupcakes?|cookies?|recipes?|comparisons?|simulations?|animation|benefit|telethon|fundraiser|concert)\b/i.test(s.text)) return [];
  // A ceremony of mourning ("A Moment of Silence at the National 9/11 Memorial") is no news to frame.
  if (s.tone.sensitive && /\b(?:moment of silence|funeral|memorial service|wake for|dedication)\b/i.test(s.text)) return [];
  // So is a call to act ("Let's Help the Victims of the Las Vegas Attack"): it is the creator's own appeal.
  if (s.tone.sensitive && /^(?:let['’]?s|please|help|donate|pray)\b/i.test(s.text)) return [];
  // A how-to in a disaster ("How to Cook With No Power During a Hurricane") is safety advice, still a how-to.
  if (s.tone.sensitive && s.vp) return ["safety"];
  // A clause without its verb's subject reads as a headline too ("Young Fan Hospitalized"), not as a name.
  if (s.tone.sensitive) return s.tone.death && s.kind === "person" ? ["mourning"] : s.kind === "headline" || s.text.split(" ").length > 5 || /\s\w+ed$/i.test(s.text) ? ["tragedy_headline"] : ["tragedy"];
  // A plural how-to noun ("Keto Recipes") reads wrong in "7 … Mistakes", "Try This …": general only.
  // A rewrite of a tutorial stays a tutorial: no general fallback ("What You Need to Know About Soap Tips").
  // A how-to that names its format ("Autumn Makeup Tutorial for Straight Men") is no topic to know about.
  const format = /\b(?:tutorial|guide|routine|lesson)s?\b/i.test(s.text);
  if (s.kind === "howto") return s.vp ? ["howto_vp"] : rw ? (s.plural ? ["headline"] : ["howto"]) : s.plural ? (format ? ["headline"] : ["general"]) : format ? ["howto"] : ["howto", "general"];
  if (s.kind === "product" || s.kind === "money") return [s.kind, "general"];
  return [s.kind];
}

/** Stable 32-bit hash (FNV-1a) of the subject: picks the first variant tried. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A sensitive subject keeps none of the banned words it was typed with ("… HACK", "… worth it!"). */
function respectful(text: string): string {
  let t = text;
  for (const re of BANNED_WHEN_SENSITIVE) t = t.replace(new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g"), " ");
  t = t.replace(/\s+/g, " ").replace(/[\s.!?:;,|\-–—]+$/u, "").trim();
  return t || text.replace(/!/g, "");
}

/**
 * Whether a rewrite may reframe the draft by its kind (a music story's draft, a performance, never is:
 * see hookText): a product only when the draft is a review,
 * unboxing or test ("Homemade Nintendo Switch" is nothing to buy); a person or an event outside music,
 * entertainment, film and comedy (a music video, an ad or a talk-show clip is no profile: "5 Things You
 * Didn't Know About Katy Perry" for "Katy Perry: Will You Be My Witness?"); a general subject only in
 * news, education and science (or with no story known); a one-off clip or explainer never. How-tos,
 * money, food, songs and screen titles have rewrite rules of their own.
 */
function framesOwnVideo(s: Subject): boolean {
  // A story of mixed categories says nothing either way: only a draft that matched no story is given the benefit of the doubt.
  const unknown = s.cat == null && !s.storied;
  switch (s.kind) {
    case "product":
      return !!s.reviewed;
    case "person":
      return unknown || (s.cat != null && !SHOWBIZ.has(s.cat));
    // A match or a fight, a briefing: sports and news. "Japan vs USA" fast-food menus is no match.
    case "event":
      return unknown || s.cat === 17 || s.cat === 25;
    case "general":
      return s.genre ? s.genre !== "clip" && s.genre !== "explainer" : unknown || (s.cat != null && INFORMATIONAL.has(s.cat));
    default:
      return true;
  }
}
/** Music, entertainment, film & animation, comedy. */
const SHOWBIZ = new Set([10, 24, 1, 23]);
/** News, education, science & technology: a rewrite may say "What You Need to Know About …" of their topics. */
const INFORMATIONAL = new Set([25, 27, 28]);
/** How-to & style, education, science & technology: videos people learn from, not react to. */
const NO_REACTION = new Set([26, 27, 28]);

function helpers(s: Subject, year: number, rw: boolean): Helpers {
  return {
    rw,
    // Not on a reaction video itself ("Demi Lovato Reacts to …: My Honest Reaction").
    // Nor after a question ("What's This Video About [Reaction]"), nor on a Q&A ("Answering Your Questions").
    // A how/why explainer title ("How Jackie Chan Gets Over Fences") is reacted to like any clip; a question typed as one is not.
    reacts: !NO_REACTION.has(s.cat ?? -1) && !/\breact|\banswering\b|\bq ?& ?a\b/i.test(s.text) && (!WH_Q_OPEN.test(s.text) || (/^(?:how|why)\s/i.test(s.text) && !s.asked)),
    // Not an experiment ("Make Mega Blender VS Coca Cola in Slow Motion") or a trailing aside ("… Dish... Vegan").
    craft: VP_OPENERS.test(s.text + " ") && !NOT_CRAFT.test(s.text) && !/\s(?:vs\.?|versus)\s|\.\.\.|…/i.test(s.text),
    S: s.text,
    NP: s.the && !/^the\s/i.test(s.text) ? `the ${s.text}` : s.text,
    Is: s.plural ? "Are" : "Is",
    Does: s.plural ? "Do" : "Does",
    Has: s.plural ? "Have" : "Has",
    s: s.plural ? "" : "s",
    span: s.span ? ` ${s.span}` : "",
    dur: s.span ? s.span.replace(/^after\s+/i, "") : "a Week",
    poss: possessive(s.text),
    firstPerson: FIRST_PERSON.test(s.text),
    asked: !!s.asked,
    game: s.cat === 20,
    secondPerson: /\b(?:you|your|you're|you’re|yourself)\b/i.test(s.text),
    mod: s.kind !== "headline" && !s.vp && s.text.split(" ").length <= 3 && !/\b(?:of|the|and|with|for|vs|on|in|at|to)\b|[&,’'"]/i.test(s.text) ? s.text : "",
    y: year,
  };
}

/** Capitalise a leading "the" and apply Title Case; collapse any doubled space a template made. */
function finish(text: string): string {
  // "a LCD Mask" → "an LCD Mask": the article of an acronym goes by how its first letter is said.
  const t = text.replace(/\s+/g, " ").trim().replace(/\b([Aa])n? (?=([A-Z]{2,5})\b)/g, (m, a: string, next: string) => `${a}${indefinite(next) === "an" ? "n" : ""} `);
  return titleCase(t);
}

/**
 * The hook for one pattern, or null when no variant of the subject's families reads right, fits
 * HOOK_MAX characters and carries the pattern.
 */
export function hookText(pattern: string, subject: Subject, year: number, mode: "hook" | "rewrite" = "hook"): string | null {
  if (!subject.text) return null;
  const rw = mode === "rewrite";
  // A performer's music video ("Kelly Clarkson - Move You") keeps its title: no reframing reads right.
  if (rw && (subject.music || subject.cat === MUSIC)) return null;
  // A rewrite reframes the creator's own video only where the frame is sure to fit it; otherwise the
  // title is kept and asks the audience ("Fidget Spinner Spinning in Space: What Do You Think?").
  if (rw && !subject.tone.sensitive && !framesOwnVideo(subject))
    return hookText(pattern, { ...subject, kind: "headline", genre: null, the: false }, year, mode);
  // A headline cut at TOPIC_MAX is broken ("… Who Infiltrated: What Do You Think?"), and a subject of
  // non-words ("Rrrrrrrrrrrrr") has nothing to frame: no hook rather than a wrong one.
  if (subject.cut && (subject.kind === "headline" || subject.kind === "general")) return null;
  if (subject.nonWords) return null;
  // A title in another language ("Detik Detik Terjadinya Benturan Keras …") cannot be read, let alone framed.
  if (subject.unreadable?.foreign) return null;
  // A greeting, an announcement, a thank-you or a life story ("Welcome Baby Taika!", "Meet My New Kitten!", "1,000,000 THANK YOU!", "Living With Acne") is the creator's own moment: no frame fits.
  // So is a reply opening with "Not" ("Not a Baby Brother!": a gender reveal), who one is ("Being a Gay Asian
  // Woman"), getting ready (a routine, "Get Ready With Me") and a creator's milestone ("1 Year of Vlogging").
  if (!subject.tone.sensitive && (/^(?:welcome|introducing|congratulations|congrats|happy birthday|happy anniversary|rip|rest in peace|meet (?:my|our)|(?:living|dealing|coping) with|(?:growing up|being) (?:a|an)|giving birth|not|get(?:ting)? (?:un)?ready|\d+ (?:years?|months?|days?) of \p{L}+ing)\b|\bstruggles$/iu.test(subject.text) || /\b(?:thank(?:s| you)|(?:exciting|big|huge) news|announcement|baby is (?:born|here))\b|\b(?:drops|launches|arrives|releases|comes out|is out|coming)\s+(?:tomorrow|today|tonight|soon|now|this (?:week|weekend|friday|month))$/i.test(subject.text))) return null;
  // A how-to that ends in a reveal after "..." ("How to Make Every Popular Mexican Dish... Vegan") reads whole or not at all.
  if (subject.kind === "headline" && /^how to\s/i.test(subject.text) && /\.\.\.|…/.test(subject.text)) return null;
  // A feeling with no thing in it ("An Incredible Moment", "The Best Day Ever") names nothing to frame.
  if (/^(?:(?:an?|the|my|our)\s+)?(?:incredible|amazing|awesome|crazy|insane|epic|unbelievable|emotional|special|perfect|best|worst|great)\s+(?:moments?|days?|nights?|times?|weeks?|things?|experiences?|surprises?)(?:\s+ever)?$/i.test(subject.text)) return null;
  // A date alone ("October 4th") or a span alone ("10 Years") names no subject.
  if (/^(?:\d+\s+(?:years?|months?|weeks?|days?|hours?|minutes?)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i.test(subject.text)) return null;
  // Two sentences ("Never Been So Mad. Grilling with Liza"): no one frame fits both.
  if (subject.unreadable?.twoSentences && (subject.kind === "headline" || BROKEN.test(subject.text))) return null;
  // Someone's own routine or look ("My Early Morning Flight Routine") is a lifestyle video, not a tutorial.
  if (subject.kind === "howto" && !subject.vp && FIRST_PERSON.test(subject.text) && !subject.tone.sensitive)
    return genreHook(pattern, { ...subject, kind: "general", genre: "lifestyle" }, year, rw);
  if (subject.kind === "general" && subject.genre && !subject.tone.sensitive) return genreHook(pattern, subject, year, rw);
  const byFamily = T[pattern];
  if (!byFamily) return null;
  const s = subject.tone.sensitive ? { ...subject, text: respectful(subject.text) } : subject;
  const h = helpers(s, year, rw);
  // Without the span first if the span makes it too long: the subject matters more than the frame.
  const tries = s.span ? [h, { ...h, span: "" }] : [h];
  for (const fam of families(s, rw)) {
    const vs = byFamily[fam];
    if (!vs || vs.length === 0) continue;
    const start = hash(`${s.text.toLowerCase()}|${pattern}`) % vs.length;
    const order = vs.map((_, k) => vs[(start + k) % vs.length]);
    // A draft's time frame is its point ("… after one week"): variants that keep it go first.
    if (s.span) order.sort((a, b) => Number(b(h).includes(h.span)) - Number(a(h).includes(h.span)));
    for (const hh of tries)
      for (const tpl of order) {
        const raw = tpl(hh);
        if (!raw) continue;
        const text = accepted(raw, pattern, s, rw);
        if (text) return text;
      }
  }
  return null;
}

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
  const english = ws.filter((w) => STOPWORDS.has(w) && !FOREIGN_FUNCTION.has(w) && w !== "vs").length;
  // One such word is enough beside a word spelled with Spanish, Portuguese or French accents ("Terremoto 7.1 en México");
  // two in a sentence of five words or more; a short name keeps its own ("La La Land", "Le Tour de France").
  const accented = ws.some((w) => /[áíóúñãõçàèùâêîôûœ]/u.test(w) || /\p{L}é\p{L}/u.test(w));
  if (english === 0 && ((other >= 1 && accented) || (other >= 2 && ws.length >= 5))) return true;
  // Seven words or more and not one common English word ("Detik Detik Terjadinya Benturan Keras Choirul Huda …").
  return ws.length >= 7 && !ws.some((w) => STOPWORDS.has(w) || EMPHASIS.has(w));
}
const FOREIGN_FUNCTION = new Set(
  ("el la los las de del en y que con por para una es se su al lo le les des du et est il une pas sur dans como pero muy " +
    "der die das und ist nicht ein eine mit auf von zu den dem im " +
    "yang dan di ke dari ini itu untuk dengan ng sa mga ang nao em um uma os").split(" "),
);

const BROKEN = /\p{L}\.{2,}\p{L}|\p{L}\.{2}\s+\S|\s(?:\.{3}|…)\s+\p{Lu}|\d\.\s+\d/u;

/** A sentence break inside the text: a word of two or more lower-case letters, a full stop, a capital; not an abbreviation ("Mrs. Maisel"). */
function twoSentences(t: string): boolean {
  // Dots glued between words ("Ok, Cam....Im Only Going to Say This Once") break the text as well, so
  // do an ellipsis before a new statement ("Jemele Hill I Deserved My Suspension ... Not Mad at ESPN")
  // and a number's full stop before another number ("Samoa Hotshot Crew 61. 2017").
  if (BROKEN.test(t)) return true;
  for (const m of t.matchAll(/(\p{L}+)\.\s+\p{Lu}/gu)) if (/\p{Ll}{2}$/u.test(m[1]) && !ABBREV.has(m[1].toLowerCase())) return true;
  return false;
}
const ABBREV = new Set("mrs mr ms dr jr sr st vs ft mt vol no inc ltd co feat jan feb mar apr jun jul aug sep sept oct nov dec".split(" "));

/**
 * A template's raw text, finished (Title Case), if it fits HOOK_MAX, carries its pattern, keeps the
 * video's frame in a rewrite and does not repeat a word of the subject; else null.
 */
function accepted(raw: string, pattern: string, s: Subject, rw: boolean): string | null {
  let text = finish(raw);
  // A work's or a band's own "The" keeps its capital inside a title ("What I Loved About The Babysitter",
  // "5 Things You Didn't Know About The Score"); Title Case would write it as the article.
  if (/^The\s/.test(s.text) && (s.genre === "screen" || s.genre === "song" || s.kind === "person")) {
    const rest = s.text.slice(4);
    const at = text.indexOf(`the ${rest}`);
    if (at > 0) text = `${text.slice(0, at)}The${text.slice(at + 3)}`;
  }
  // A tutorial the creator tried ("I Tried a 10-Step Korean Skincare Routine for a Month") stays a trial, not "… in 10 Minutes".
  const trial = rw && s.reviewed && (s.kind === "howto" || s.genre === "food") && !FRAME_CHANGE.test(text);
  // A listicle inside a listicle ("5 Things to Know About 10 Easy Magic Tricks") does not read.
  const twoCounts = /^\d/.test(s.text) && /^\d/.test(text) && !text.startsWith(s.text);
  if (twoCounts) return null;
  return [...text].length <= HOOK_MAX && titlePatterns(text).includes(pattern) && keepsFrame(text, s, rw) && !echoes(text, s.text) && !trial ? text : null;
}

/**
 * Whether the frame repeats a word of the subject ("My Honest Review of Honest Trailers", "Makeup
 * Tutorial - Easy Step-by-Step Tutorial", "Soup Recipe - Easy Homemade Recipe"): words of 4+ letters
 * outside the subject's own place in the text.
 */
function echoes(text: string, subject: string): boolean {
  const at = text.toLowerCase().indexOf(subject.toLowerCase());
  if (at < 0) return false;
  const frame = text.slice(0, at) + " " + text.slice(at + subject.length);
  const words = (t: string) => new Set((t.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.replace(/s$/, "")));
  const own = words(subject);
  for (const w of words(frame)) if (own.has(w)) return true;
  return false;
}

const COUNTABLE_DISH = /\b(?:cake|cheesecake|cupcake|cookie|brownie|pie|tart|donut|doughnut|pizza|burger|taco|burrito|sandwich|smoothie|milkshake|croissant|muffin|scone|kebab|steak|omelette|omelet|pancake|waffle|popsicle|lollipop|sundae|roll)$/i;

/** The hook of a `general` subject of a known genre (src/rules/genre-templates.ts), or null. */
function genreHook(pattern: string, s: Subject, year: number, rw: boolean): string | null {
  const vs = GENRE_TEMPLATES[s.genre!][pattern];
  if (!vs) return null;
  const { S, NP, Is, Does, firstPerson, y } = helpers(s, year, rw);
  // The subject opens with its own determiner or possessive ("My Morning Routine", "Sam's Cake").
  const determined = /^(?:a|an|the|my|your|our|his|her|their|this|that|these|those)\s/i.test(s.text) || /^\S+['’]s\s/.test(s.text);
  const h: GenreHelpers = {
    S,
    NP,
    Is,
    Does,
    // A number inside counts too: "The Best DIY Five Crazy Donut Burgers Recipe Ever" does not read.
    det: determined || /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)\b/i.test(s.text),
    firstPerson,
    rw,
    cat: s.cat ?? null,
    y,
    // "I Made a Giant Oreo Cookie": one countable dish takes "a"; soup, pho and plurals do not.
    a: !determined && COUNTABLE_DISH.test(s.text) ? `${indefinite(s.text)} ` : "",
    upcoming: !s.storied || !!s.upcoming,
  };
  for (const tpl of vs) {
    const raw = tpl(h);
    const text = raw ? accepted(raw, pattern, s, rw) : null;
    if (text) return text;
  }
  return null;
}

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
  for (let prev = ""; prev !== t; ) [prev, t] = [t, t.replace(/[\s.!?:;,|\-–—\p{Extended_Pictographic}\uFE0F\u200D]+$/u, "").replace(/\.(?:wmv|mp4|avi|mov|mkv|flv|webm|m4v|3gp)$/i, "")];
  return t;
}

/** What is known about the story a topic matched (all optional: a topic may match nothing). */
export interface TopicContext extends GenreContext {
  /** The matched story's name. */
  storyName?: string | null;
  /** Titles of the story's items (videos, news headlines), for casing and tone. */
  titles?: readonly string[];
  /** Channel names of the story's videos: a music story named after its channel is an artist. */
  channels?: readonly string[];
}

/** Head words that read with "the" ("the Las Vegas Shooting", "the Bitcoin Price", "the Keto Diet"). */
/** A thing described, not named, by its first word ("Semi-Automatic Portable Railgun", "Light-Up LED Dress"): it takes "the". */
const DESCRIBED = /^(?:semi-automatic|automatic|portable|electric|light-up|giant|tiny|mini|huge|homemade|handmade|wooden|smart|wireless|foldable|self-driving|flying|robotic|solar|cheap|expensive|inflatable|edible|waterproof|bulletproof)$/i;

const THE_HEADS = new Set(
  ("shooting attack bombing earthquake election referendum debate awards emmys oscars grammys vmas festival concert premiere " +
    "finale trial verdict summit keynote conference ceremony parade protest protests march rally eclipse outage shutdown crash draft " +
    "playoffs tour storm floods fire game match series price prices market economy bubble fork budget deal ipo rate rates dollar " +
    "diet challenge trend update battery camera screen display design launch lineup trailer controversy scandal feud movement " +
    "commercial ad speech interview performance documentary announcement theme release reveal championship championships open cup bowl derby olympics event carpet contest competition pageant briefing test twins brothers sisters").split(" "),
);
/** Heads that name a part or aspect of a product, not the product. */
const FEATURE_HEADS = new Set("battery camera screen display design update notch price case charger keyboard speakers software features specs leaks rumors unlock fail test speed charging performance comparison life".split(" "));
/** One-word products that still read with "the" ("the iPhone", not "the Bitcoin"). */
const THE_DEVICES = new Set(
  ("iphone ipad macbook imac airpods pixel galaxy switch xbox playstation ps4 ps5 oculus kindle gopro phone smartphone camera laptop " +
    "console headphones earbuds watch smartwatch speaker drone tablet tv monitor keyboard mouse router controller headset car").split(" "),
);
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
const NOT_CRAFT = /^(?:learn|teach|start|lose|save|play|sing|dance|train|write|edit)\s/i;
const VP_OPENERS = /^(?:make|build|fix|cook|bake|draw|learn|teach|grow|clean|start|lose|save|paint|write|install|play|sing|dance|train|edit|brew|sew|knit|style|cut|dye|braid|apply|get rid of|reduce|improve|prevent|remove|repair|sharpen|replace|organize|organise)\s/i;

/**
 * A shouted text ("MEET MY NEW KITTEN") says nothing about which words are acronyms: lower-case every
 * all-caps word of 3+ letters with a vowel (A, E, I, O, U: "NYFW" stays) and the short function words
 * ("MY", "TO"), so recase and Title Case spell it (brands and the story's
 * own casing still win; "NYC", "DIY" keep their capitals through the brand list).
 */
const SHORT_WORDS = new Set("MY BY TO OF IN ON AT IS IT WE ME BE DO GO SO NO OR AN AS UP VS".split(" "));
function calm(t: string): string {
  if (!isShouting(t)) return t;
  // A lone "A" inside a shouted title is the article ("DROPS A TANK"), not an initial.
  // (Not an acronym or handle no English word is spelled like: "KUWTK".)
  return t.replace(/\b[A-Z][A-Z'’]+\b/g, (w) => ((w.length >= 3 && /[AEIOU]/.test(w) && !unspeakable(w)) || SHORT_WORDS.has(w) ? w.toLowerCase() : w)).replace(/(?<=\S\s)A(?=\s+[A-Za-z]{2})/g, "a");
}

/** Short common words in capitals inside mixed-case text are emphasis ("Level UP", "Best Wash-N-Go EVER"), not acronyms. */
const plainShort = (t: string) =>
  // (Not a part of a name joined by "&": "AT&T".)
  t.replace(/(?<![&])\b(?:MY|BY|TO|OF|IN|ON|AT|IS|WE|ME|BE|DO|GO|SO|NO|OR|AN|AS|UP|EVER|BUY|FULL|NEW|BEST|WHOLE|REAL|HUGE|BIG|FREE|ONLY|EVERY|NEVER|ALWAYS|MUST|VERY|MOST|ALL|NOT|YOU|YOUR|THIS|THAT|WHAT|WHY|HOW|WHEN|GOT|GET|OUR|THE|AND|FOR|WITH)\b(?![&])/g, (w) => w.toLowerCase());

/**
 * Words of 3–6 letters in capitals that writers capitalise only for emphasis ("Police DOG", "Gets HIT"),
 * by how they are written in the repository's mixed-case titles (scripts/build-casing-words.ts; judged
 * on GB titles it never saw); acronyms ("NASA", "NFL") are not in the list and keep their capitals.
 */
const EMPHASIS = new Set((casingWords as { words: string[] }).words);
/** A word the titles write in capitals only for emphasis (a word, or a name that writers shout). */
export const isCommonWord = (w: string) => EMPHASIS.has(w);
const plainCaps = (t: string) =>
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
const capRuns = (t: string) =>
  t.replace(/\b[A-Z]{2,}(?:\s+[A-Z]{2,})+\b/g, (run) =>
    /\b[A-Z]*[AEIOU][A-Z]*\b/.test(run) && run.split(/\s+/).some((w) => w.length >= 5 && /[AEIOU]/.test(w) && !unspeakable(w))
      ? run.replace(/[A-Z]{2,}/g, (w) => (/[AEIOU]/.test(w) && !BRAND_CAPS.has(w) && !KEEP_CAPS.has(w) && !unspeakable(w) ? w[0] + w.slice(1).toLowerCase() : w))
      : run,
  );
/** Acronyms with a vowel that a run of capitals must not calm. */
const KEEP_CAPS = new Set("NASA USA NBA NFL UFC WWE ESPN CNN BBC HBO ASMR DIY NYC SNL BTS UK EU AI VR NASCAR FIFA NCAA MLB NHL IOS TV OMG LOL".split(" "));
/**
 * Alternating capitals as a style ("GeT rEaDay WiTh mE"): three or more words with a capital after a
 * small letter, not a name's ("McDonald", "iPhone", "DeVos"), are written in small letters.
 */
function unAlternate(t: string): string {
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
const shiftTypos = (t: string) => t.replace(/\b([A-Z])([AEIOU])([a-z]{2,})\b/g, (_, a: string, b: string, c: string) => a + b.toLowerCase() + c);
/** Capitalised words that are names as often as words: kept. */
const BRAND_CAPS = new Set(["TIME", "IT", "US", "MAC"]);

/**
 * Subject of a user's topic: plain text, the matched story's casing ("iphone x" → "iPhone X"),
 * otherwise the user's own casing with shouting calmed, then Title Case; its kind, tone, article and
 * number.
 */
export function subjectOf(topic: string, ctx: TopicContext = {}, span = "", asked = false): Subject {
  // "Pizza w/ My Dad": the shorthand is spelled out; a quote a cut name left open goes ("Filming 'Mother").
  // A colon glued to the next word ("Adrian Peterson:'The Sky Is the Limit'") takes its space.
  topic = topic.replace(/(\p{L}):(?=['"‘“]?\p{Lu})/gu, "$1: ");
  // A collaboration written as one shouted handle ("CARLIBYBELxMISSGUIDED") is two names.
  const collab = /\b[A-Z]{3,}x[A-Z]{3,}\b/.test(topic);
  topic = topic.replace(/\b([A-Z]{3,})x([A-Z]{3,})\b/g, "$1 x $2");
  // A closing double quote whose opening a cut took ("GOT7 You Are” M/V") goes (a space takes its place:
  // taking it out could join "&A" and "A;" into something that reads as an entity).
  // A *tag* a cut left open at the end ("My 2017 YouTube Rewind **365 Days of Vlogs") is a label.
  let t = safeTopic(topic).replace(/\s+\*{2,}[^*]+$/u, "").replace(/(^|\s)w\/\s*/gi, "$1with ").replace(/^([^“"]*)[”"](?=[^“”"]*$)/u, "$1 ").replace(/(^|\s)['‘"“](?=[^'’"”]*$)/u, "$1").replace(/(?<!\p{L})\*+|\*+(?!\p{L})/gu, " ").replace(/\s+/g, " ").trim();
  // A pair's possessive that ends the subject lost its noun to a cut ("Vanessa and Maks’ - Tango"): the
  // names stay. (Not a brand alone: "McDonald's".)
  if (/\s(?:and|&)\s/i.test(t)) t = t.replace(/(\p{L}{2,})(?:['’]s|s['’])$/u, (m, w: string) => (m.endsWith("s’") || m.endsWith("s'") ? w + "s" : w));
  // Emoji inside a subject are decoration ("Intense 🎙️ ASMR 🎙️ Sounds").
  t = t.replace(/\s*[\p{Extended_Pictographic}\uFE0F\u200D]+\s*/gu, " ").trim() || t;
  // Two people listed with a comma ("Tim McGraw, Faith Hill") are a pair: "Tim McGraw and Faith Hill".
  // So are two performers a release credits before its dash ("J Balvin, Willy William - Mi Gente").
  const pair = /^([^,]+),\s+([^,]+)$/.exec(t);
  const credited = (x: string) => (ctx.titles ?? []).some((y) => y.toLowerCase().startsWith(`${x.toLowerCase()} - `));
  if (pair && ((namesPerson(pair[1]) && namesPerson(pair[2])) || (!/\d/.test(t) && credited(t) && (ctx.categoryIds ?? []).includes(MUSIC)))) t = `${pair[1]} and ${pair[2]}`;
  // A person's role after the name says who, not what ("Sean Hughes comedian" → "Sean Hughes").
  const role = /^(.+?),?\s+(?:the\s+)?(?:comedian|comic|actor|actress|singer|rapper|musician|magician|author|songwriter|dancer|chef|director|youtuber)$/i.exec(t);
  if (role && namesPerson(role[1])) t = role[1];
  const dict: Casing = casingFrom([ctx.storyName ?? "", ...(ctx.titles ?? [])].map(unAlternate));
  let vp = false;
  let leadingThe = false;
  const asTyped = t;
  if (HOWTO_VP.test(t)) {
    t = t.replace(HOWTO_VP, "");
    vp = true;
  } else if (VP_OPENERS.test(t) && !/\s(?:vs\.?|versus)\s/i.test(t)) vp = true; // "Make Mega Blender VS Coca Cola" is an experiment, no task
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
  if (LEADING_THE.test(t) && t.split(" ").length > 1) {
    t = t.replace(LEADING_THE, "");
    leadingThe = true;
  }
  // (The "x" of a collaboration split out of a shouted handle stays small: "Carlibybel x Missguided".)
  let text = titleCase(plainCaps(plainShort(shiftTypos(recase(capRuns(calm(unAlternate(t))), dict)))));
  if (collab) text = text.replace(/(\p{L}) X (?=\p{L})/u, "$1 x ");
  const tone = toneOf(t, ctx.storyName ?? "", ctx.titles ?? []);
  const words = text.split(" ");
  // A trailing year is no head: "the IRONMAN World Championship 2017".
  const head = (words.filter((w) => !/^(?:19|20)\d\d$/.test(w)).pop() ?? "").toLowerCase();
  // Read the hook on the topic before its end punctuation went: "not enough milk?" is a question.
  // Typed as a question: its question mark says so (cheap; the hook classifier below reads the rest).
  const question = asked || /\?/.test(topic);
  const hooked = asked || classifyHook(text) !== "plain" || classifyHook(plainText(topic)) === "question";
  let kind = vp ? "howto" : revealed ? "headline" : topicKind(text, ctx, hooked);
  // A spectacle counted in its name ("250,000 Dominoes", "10 Years") is no topic to explain or list.
  // (A year is no count: "the 1976 Buick Skyhawk Commercial".)
  if ((kind === "general" || (kind === "howto" && !vp)) && /^\d[\d,.]*\s/.test(text) && !/^(?:1[89]|20)\d\d\b/.test(text) && !["screen", "song", "food"].includes(genreOf(text, ctx) ?? "")) kind = "headline";
  // A headline is quoted whole, with the article it came with.
  const cut = plainText(topic).normalize("NFKC").replace(/\s+/g, " ").trim().length > TOPIC_MAX;
  if (kind === "headline" && leadingThe) {
    return withGenre({ asked: question,  text: titleCase(shiftTypos(recase(calm(safeTopic(topic)), dict))), kind, tone, the: false, plural: false, vp: false, span, cut }, ctx);
  }
  // A part of a product ("iPhone X Battery") is not something to buy or switch to.
  if (kind === "product" && words.length >= 2 && FEATURE_HEADS.has(head)) kind = "general";
  const gaming = (ctx.categoryIds ?? []).some((c) => c === 20);
  let the = leadingThe;
  if (!the && !vp) {
    if (kind === "product") the = !gaming && productReadsWithThe(text);
    else if (kind === "event" || kind === "money" || kind === "general") the = THE_HEADS.has(head) || (kind === "general" && words.length >= 2 && DESCRIBED.test(words[0]) && !isPluralHead(text));
  }
  // A topic opening with a possessive or determiner already has its article ("Apple's new phone").
  if (/^(?:a|an|my|your|our|his|her|their|this|that|these|those)\s/i.test(text) || /['’]s\s/.test(words[0] + " ")) the = false;
  // A band or a name with its own article ("The Maine", "The Weeknd"): person templates use the bare
  // name (S), so the article goes back into it.
  if (kind === "person" && leadingThe) return withGenre({ asked: question,  text: `The ${text}`, kind, tone, the: false, plural: false, vp, span }, ctx);
  return withGenre({ asked: question,  text, kind, tone, the, plural: !vp && isPluralHead(text), vp, span, cut }, ctx);
}

const MUSIC = 10;
/** The story's genre, main category and whether it is a music story (see Subject), and whether the final text is all non-words. */
function withGenre(s: Subject, ctx: TopicContext): Subject {
  const r = genreParts(s, ctx);
  return { ...r, nonWords: nonWords(r.text), unreadable: { foreign: foreign(r.text), twoSentences: twoSentences(r.text) } };
}

function genreParts(s: Subject, ctx: TopicContext): Subject {
  const cats = (ctx.categoryIds ?? []).filter((c): c is number => c != null);
  const counts = new Map<number, number>();
  for (const c of cats) counts.set(c, (counts.get(c) ?? 0) + 1);
  let cat: number | null = null;
  for (const [c, n] of counts) if (n * 2 > cats.length && (cat === null || n > counts.get(cat)!)) cat = c;
  // A short music name is a performer only if a channel carries it or a title opens "Name - Song";
  // otherwise it is the song ("R5 - Hurts Good", "One More Light (Official Video) - Linkin Park").
  // (More than half the videos, as topicKind counts a music story.)
  const music = cats.length > 0 && (counts.get(MUSIC) ?? 0) * 2 > cats.length;
  const story = { cat, storied: (ctx.titles?.length ?? 0) > 0, upcoming: (ctx.titles ?? []).some((t) => UPCOMING.test(t)) };
  // A channel is no product, whatever its category ("IGN Live" is no "I Switched to IGN"): a creator.
  if (s.kind === "product" && (ctx.channels ?? []).some((c) => alnum(c) === alnum(s.text))) return { ...s, ...story, kind: "person", the: false, genre: null, music: false };
  // A comparison asks which side wins, whatever its sides are (see isComparison).
  if (!s.tone.sensitive && s.kind !== "headline" && isComparison(s.text, ctx)) return { ...s, ...story, kind: "general", the: false, plural: false, vp: false, genre: "versus", music: false };
  // A film named like a task ("COOK OFF! (2017 Movie) – Official Trailer") is a film, not a how-to.
  if (s.kind === "howto" && genreOf(s.text, ctx) === "screen") return { ...s, ...story, kind: "general", the: false, vp: false, genre: "screen", music: false };
  // ("The Front Bottoms", "The Shins": "The" and a plural name a band.)
  if (s.kind === "person" && music && ctx.titles?.length && !namesPerson(s.text) && !namesPair(s.text) && !creditedPair(s.text, ctx) && !creditedPerformer(s.text, ctx) && !isArtist(s.text, ctx) && !/^the\s.+s$/i.test(s.text)) return wholeSong({ ...s, ...story, kind: "general", the: false, genre: "song", music: false }, ctx);
  // A name a channel carries, on music releases ("Rita Ora - Anywhere (Official Video)"), is the performer.
  if (s.kind === "general" && s.text.split(" ").length <= 3 && (ctx.titles ?? []).some((t) => MUSIC_LABEL.test(t)) && (ctx.channels ?? []).some((c) => alnum(c).includes(alnum(s.text))))
    return { ...s, ...story, kind: "person", the: false, genre: null, music: true };
  // A short name a release credits as a performer ("Usher and Blake Shelton - …", "… ft. Blake Shelton") is one.
  if (s.kind === "general" && music && !s.tone.sensitive && s.text.split(" ").length <= 3 && creditedPerformer(s.text, ctx)) return { ...s, ...story, kind: "person", the: false, genre: null, music: true };
  // Two people named ("Tim McGraw and Faith Hill") are persons, on a music release the performers.
  if ((s.kind === "general" || s.kind === "person") && !s.tone.sensitive && (namesPair(s.text) || (music && creditedPair(s.text, ctx)))) return { ...s, ...story, kind: "person", the: false, genre: null, music };
  // A how-to named by its dish ("DIY Five Crazy Donut Burgers") reads as a recipe.
  if (s.kind === "howto" && !s.vp && genreOf(s.text, ctx) === "food") return { ...s, ...story, text: dish(s.text), kind: "general", the: false, genre: "food", music: false };
  const genre = s.kind === "general" ? genreOf(s.text, ctx) : null;
  // (Also when an attack word made it an event: "Killer Whales Attack Minke" is footage news, no event to explain.)
  if (ANIMAL_HARM.test(s.text) && (genre === "animal" || (s.kind === "event" && genreOf(s.text, ctx) === "animal"))) return { ...s, ...story, kind: "headline", the: false, genre: null, music: false };
  if (genre === "animal") {
    const w = s.text.split(" ");
    // (Not a creature named by two animals: "Spider Cat" is a character.)
    const the = (w.length <= 3 && !/^(?:a|an|the|my|your|our|his|her|their|this|that)\s/i.test(s.text) && !/['’]s?\s/.test(s.text) && singularAnimal(w[w.length - 1]) && !(w.length >= 2 && singularAnimal(w[w.length - 2]))) || animalInPlace(w);
    return { ...s, ...story, the: s.the || the, genre, music: false };
  }
  if (genre === "song" && !s.text.includes(" ")) return wholeSong({ ...s, ...story, the: false, genre, music: false }, ctx);
  if (genre === "clip" && animalInPlace(s.text.split(" "))) return { ...s, ...story, the: true, genre, music: false };
  // A film or song keeps the article of its title ("The Shape of Water", "The Commuter").
  if ((genre === "screen" || genre === "song") && s.the && !/^the\s/i.test(s.text)) return { ...s, ...story, text: `The ${s.text}`, the: false, genre, music: false };
  return { ...s, ...story, text: genre === "food" ? dish(s.text) : s.text, genre, music: s.kind === "person" && music };
}

/** One animal and where it is ("Bear in Russian Traffic", "Dog on a Skateboard"): it reads with "the". */
const animalInPlace = (w: string[]) => w.length >= 3 && singularAnimal(w[0]) && /^(?:in|on|at|with|from|vs\.?|versus|under|inside)$/i.test(w[1]);

/** One word of a song's title ("Dogs", a story of "Blake Shelton - I'll Name the Dogs") is the song's whole title. */
function wholeSong(s: Subject, ctx: TopicContext): Subject {
  if (s.text.includes(" ")) return s;
  const song = songHolding(s.text, ctx);
  return song ? { ...s, text: titleCase(recase(song)) } : s;
}

/** The title of a song a release names "Artist - Song (…)" that ends with `word` but is more than it. */
function songHolding(word: string, ctx: TopicContext): string | null {
  const w = word.toLowerCase();
  for (const t of ctx.titles ?? []) {
    const m = /^[^-–—]+\s[-–—]\s(.+)$/.exec(t);
    const song = m?.[1].replace(/\s*[([][^)\]]*[)\]]/g, "").trim();
    if (song && song.toLowerCase() !== w && new RegExp(`(?:^|\\s)${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "i").test(song) && song.split(" ").length <= 6) return song;
  }
  return null;
}

/** Whether a title credits `name` as a performer: second before the dash ("Usher and Blake Shelton - Stand By Me") or after "ft." / "feat.". */
function creditedPerformer(name: string, ctx: TopicContext): boolean {
  const n = name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // (Not a name alone before the dash: "Powerpuff Girls Theme - Bagpipe Rock" is a song, "G10 - Highest Note …" a note.)
  const re = new RegExp(`\\b(?:and|&|x)\\s+${n}\\s+[-–—]\\s|\\b(?:ft\\.?|feat\\.?|featuring)\\s+${n}\\b`, "i");
  return (ctx.titles ?? []).some((t) => re.test(t));
}

/** "A and B" that a release credits as "A, B - Song". */
function creditedPair(t: string, ctx: TopicContext): boolean {
  const m = /^(?:the\s+)?(.+?)\s+and\s+(.+)$/i.exec(t);
  return !!m && (ctx.titles ?? []).some((y) => y.toLowerCase().replace(/^the\s+/, "").startsWith(`${m[1]}, ${m[2]} - `.toLowerCase()));
}

/** Two people ("Tim McGraw and Faith Hill", "Nick & Peta Smith" is not: one name each side). */
function namesPair(t: string): boolean {
  const m = /^(.+?)\s+(?:and|&)\s+(.+)$/.exec(t);
  return !!m && namesPerson(m[1]) && namesPerson(m[2]);
}

const UPCOMING = /\b(?:trailer|teaser|first look|sneak peek|coming soon|announcement)\b/i;

/** A dish keeps its name; the frames say "Recipe" ("Chicken Fajita Soup Recipe" → "Chicken Fajita Soup"). */
const dish = (t: string) => t.replace(/\s+Recipes?$/i, "").replace(/^DIY\s+/i, "") || t;
const alnum = (t: string) => t.toLowerCase().replace(/^the\s+/, "").replace(/[^\p{L}\p{N}]+/gu, "");
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
    const m = /^(.+?)\s+[-–—]\s+(.+)$/.exec(t);
    let [artistPart, songPart] = rel ? [rel[2], rel[1]] : m ? [m[1], m[2]] : ["", ""];
    // A channel that is the part after the dash makes it "Song - Artist" ("Invitation - Why Don't We [Official Music Video]").
    const bare = (x: string) => alnum(x.replace(/\s*[([][^)\]]*[)\]]/g, ""));
    if (!rel && m && (ctx.channels ?? []).some((c) => alnum(c) && alnum(c) === bare(songPart) && alnum(c) !== bare(artistPart))) [artistPart, songPart] = [songPart, artistPart];
    if (artistPart && alnum(artistPart).includes(key)) before++;
    else if (songPart && alnum(songPart).includes(key)) after++;
  }
  return before > after;
}
/** A music release label in a title: "(Official Video)", "(Audio)", "Lyric Video". */
const MUSIC_LABEL = /\bofficial\s+(?:music\s+)?(?:video|audio|lyric)|\blyrics?\s+video\b|\((?:official\s+)?audio\)/i;

/**
 * Compatibility entry point: the hook for `pattern` about a bare topic (no story context), or null.
 * Kept for callers that have no story match; hook-rescue passes the matched story via subjectOf.
 */
export function applyTemplate(pattern: string, topic: string, year: number): string | null {
  const s = subjectOf(topic);
  return s.text ? hookText(pattern, s, year) : null;
}
