/**
 * Subjects no frame fits, whatever the pattern: the creator's own moments, updates and statements, fragments that
 * name nothing, and titles that read whole or not at all. One row per rule, each from a reading (docs/rules.md "Hook
 * rescue and grade"); hookText gives no hook for a subject any row matches. Pure; a table, so a new rule is a row.
 */
import type { Subject } from "./subject.ts";

const NO_FRAME: readonly ((s: Subject) => boolean)[] = [
  // A place or a state alone, a fragment of a sentence ("In a Hit and Run!! Driving With Liza Part 4!"): it names nothing.
  (s) => /^(?:in|on|at|into|under|behind)\s+(?:a|an|the|my|our)\s+\S+(?:\s+\S+){0,2}$/i.test(s.text),
  // A log entry stamped with its date as one number ("CLog 10042017 - Q&A NO MORE!!!"): a diary, nothing to review.
  (s) => /\b(?:(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2]))(?:19|20)\d\d\b|\b(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\b/.test(s.text),
  // A greeting, an announcement, a thank-you or a life story ("Welcome Baby Taika!", "Meet My New Kitten!", "1,000,000 THANK YOU!", "Living With Acne") is the creator's own moment: no frame fits.
  // So is a reply opening with "Not" ("Not a Baby Brother!": a gender reveal), who one is ("Being a Gay Asian
  // Woman"), getting ready (a routine, "Get Ready With Me") and a creator's milestone ("1 Year of Vlogging"); so is a
  // return or a start announced ("The Mom's View Is Back!", "It's Time for the Jack & Reiss Show!!!").
  (s) => !s.tone.sensitive && (/^(?:welcome|introducing|congratulations|congrats|happy birthday|happy anniversary|\d+[- ]?(?:years?|months?|yr)[- ]anniversary|rip|rest in peace|meet (?:my|our)|(?:living|dealing|coping) with|(?:growing up|being) (?:a|an)|giving birth|not|get(?:ting)? (?:un)?ready|\d+ (?:years?|months?|days?) of \p{L}+ing)\b|\bstruggles$|\bget(?:ting)?\s+(?:un)?read(?:a)?y\s+with\s+me\b|\b(?:i['’]?m|we['’]?re)\s+(?:gonna|going to)\s+be\s+(?:a\s+)?(?:father|mother|dad|mom|mum|parents?)\b|\b(?:i['’]?m|we['’]?re)\s+pregnant\b|^(?:assign|tell|ask|send|give|show)\s+(?:us|me)\b|^please\s+(?:do|help|watch|share|subscribe|don['’]?t|stop|try)\b|\bpregnancy\s+(?:chat|update|vlog|announcement|q\s?&\s?a)|\bbump\s+update\b|\b\d+(?:-\d+)?\s+weeks\s+pregnant\b/iu.test(s.text) || /\b(?:thank(?:s| you)|(?:exciting|big|huge) news|announcement|baby is (?:born|here))\b|\b(?:drops|launches|arrives|releases|comes out|is out|coming)\s+(?:tomorrow|today|tonight|soon|now|this (?:week|weekend|friday|month))$|^(?:the\s+)?\S+(?:\s+\S+){0,3}\s+(?:is|are)\s+back$|^it['’]?s\s+time\s+for\s+(?:the|my|our)\b/i.test(s.text)),
  // A how-to that ends in a reveal after "..." ("How to Make Every Popular Mexican Dish... Vegan") reads whole or not at all.
  (s) => s.kind === "headline" && /^how to\s/i.test(s.text) && /\.\.\.|…/.test(s.text),
  // An order to pit two things ("Make Mega Blender VS Coca Cola in Slow Motion") is neither a task nor a
  // comparison a frame can name (seen in three readings).
  (s) => /^(?:make|put|mix|drop|throw)\s.+\svs\.?\s/i.test(s.text),
  // A feeling with no thing in it ("An Incredible Moment", "The Best Day Ever") names nothing to frame.
  (s) => /^(?:(?:an?|the|my|our)\s+)?(?:incredible|amazing|awesome|crazy|insane|epic|unbelievable|emotional|special|perfect|best|worst|great)\s+(?:moments?|days?|nights?|times?|weeks?|things?|experiences?|surprises?)(?:\s+ever)?$/i.test(s.text),
  // A creator's own update or vlog ("Honest Update & Current Beauty/Lifestyle Favourites!", "An Update on Darcy!",
  // "Moving Vlog #2") is their moment, no topic; news of one ("Dana White Update on Conor McGregor") stays.
  (s) => !s.tone.sensitive && !s.vp && (/^(?:(?:an?|my|our|honest|life|quick|big|little|small|channel|health|family)\s+)?update\b/i.test(s.text) || /(?<!\bto\s)\bvlog(?:\s*#?\d+)?$/i.test(s.text) || /^vlog\b/i.test(s.text)),
  // A creator's own statement named by its kind alone ("My Response", PewDiePie's apology) names nothing to frame.
  (s) => /^(?:my|our)\s+(?:\S+\s+)?(?:response|reply|reaction|thoughts|statement|apology|confession|side|truth)$/i.test(s.text),
  // A presenter's label whose work a cut took ("Taylor Swift NOW Presents", "BuzzFeed Presents") names nothing.
  (s) => /\s(?:presents|introduces)$/i.test(s.text),
  // One part of a series ("Part 2 of Riverdale Season 2 Q&A", whose season label took its tail) is one upload, no topic.
  (s) => /^(?:part|pt\.?)\s*\d+\s+of\s/i.test(s.text),
  // An age without its number ("Year Old", a story cut from "5 YEAR OLD TIPS PIZZA MAN" and "Interview With A 2-Year-Old") names no one.
  (s) => /^(?:years?|months?|weeks?|days?)[- ]olds?\b/i.test(s.text),
  // An upload name closing on bare numbers, a score or a date without its marks ("Spal Napoli 2 3", "… Kick TV Angle
  // 11 8 70"), reads as a file name: no frame.
  (s) => /\s\d{1,2}\s\d{1,2}(?:\s\d{1,2})?$/.test(s.text),
  // A creator format named alone ("GRWM", "Haul", "Storytime") names no topic: whose, about what?
  (s) => !s.vp && /^(?:grwm|hauls?|vlogs?|tags?|q ?& ?a|storytime|lookbook|routines?|favou?rites|try[- ]on)$/i.test(s.text),
  // An advert's upload name, its label mid-title ("Kinder Surprise Advert Hotwheels and Happy Kitty 2017", seen in four GB
  // readings), is a file name; an advert named so at its end stays ("Christmas Advert 2017", "… Skyhawk Commercial").
  (s) => /\badvert(?:isement)?\s+(?!(?:19|20)\d\d$)\S/i.test(s.text),
  // A how-to whose object is a bare pronoun ("Hack It Like a Chef", a series name) names no task.
  // ("It", not the film "IT": "Pennywise IT Halloween Costume & Makeup Tutorial".)
  (s) => s.kind === "howto" && !s.vp && /^\p{L}+\s+(?:[Ii]t|[Tt]his|[Tt]hat)\b/u.test(s.text),
  // A date alone ("October 4th") or a span alone ("10 Years") names no subject.
  (s) => /^(?:\d+\s+(?:years?|months?|weeks?|days?|hours?|minutes?)|(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i.test(s.text),
];

/** Whether no frame fits the subject (see NO_FRAME). */
export const noFrame = (s: Subject): boolean => NO_FRAME.some((row) => row(s));
