/**
 * How a music release credits a song and its performers ("Blake Shelton - I'll Name The Dogs", "One More Light (Official
 * Lyric Video) - Linkin Park", "J Balvin, Willy William - Mi Gente"): the song is named with its performer, a pair on one
 * song is the song's, a performer credited second is a performer. Pure functions of a story's titles and channels, used by
 * subject.ts when it settles what a music story's subject is.
 */
import { recase, titleCase } from "./english.ts";
import { calm } from "./shouting.ts";
import { alnum } from "./names.ts";
import { escapeRegExp } from "./text.ts";
import { namesPerson } from "./topickind.ts";
import type { Subject, TopicContext } from "./subject.ts";

/**
 * A song named with its performer where a release title credits one ("Blake Shelton - I'll Name The Dogs (Official Music
 * Video)"): "I'll Name the Dogs by Blake Shelton". A song title alone names nothing a reader knows ("My Honest Reaction to
 * I'll Name the Dogs", "Deserve [Reaction]": session-11 GB reading).
 */
export function credited(s: Subject, ctx: TopicContext): Subject {
  if (s.genre !== "song" || s.performers || /\sby\s/i.test(s.text) || s.text.length > 50) return s;
  const artist = creditedAfter(s.text, ctx);
  if (artist) return { ...s, text: `${s.text} by ${artist}` };
  const key = alnum(s.text);
  // A bare song title reads as a phrase ("Lost on You: What Do You Think?", "Out Loud [Reaction]": flagged in five readings of
  // sessions 11–12): it is named with the performer its one channel's release credits — "Song by Artist" in the title
  // ("Cool Kids by Echosmith ft. Sydney Sierota | Music Sessions"), the channel after the dash ("One More Light (Official
  // Lyric Video) - Linkin Park"), or the channel itself on its own official video or audio ("Out Loud (Official Music
  // Video)" by Gabbie Hanna). A label's, a studio's or an uploader's channel credits nobody ("Synthetik Films").
  const chans = new Set(ctx.channels ?? []);
  const channel = chans.size === 1 ? [...chans][0] : "";
  const performer = channel.replace(/\s*(?:VEVO|Official)$/i, "").trim();
  for (const t of ctx.titles ?? []) {
    const head = t.split(/\s+[-–—|]\s+|\s*\|/)[0].replace(/\s+by\s.*$/i, "").replace(new RegExp(`\\s*${OFFICIAL_RELEASE.source}.*$`, "i"), "");
    if (alnum(bareSong(head.replace(/[!?.]+$/, ""))) !== key) continue;
    const by = /^.+?\s+by\s+((?:[\p{L}\p{N}'’.&]+\s?){1,4}?)(?=\s*(?:$|[|()[\]]|[-–—]\s|\b(?:ft|feat|featuring)\b))/iu.exec(t);
    if (by) return { ...s, text: `${s.text} by ${titleCase(recase(calm(by[1].trim())))}` };
    const after = /^[^-–—]+\s[-–—]\s([^-–—([|]+)/.exec(t)?.[1].trim() ?? "";
    const own = performer && !LABEL_CHANNEL.test(channel) && performer.split(/\s+/).length <= 4;
    // (Spelled as the channel spells itself when it styles its name: "LaurDIY", not "Laurdiy" from "DIY QUEEN - LAURDIY".)
    if (own && after && alnum(after) === alnum(performer)) return { ...s, text: `${s.text} by ${/\p{Ll}/u.test(performer) && /\p{Lu}/u.test(performer) ? performer : titleCase(recase(calm(after)))}` };
    if (own && OFFICIAL_RELEASE.test(t) && !/\s[-–—]\s/.test(t)) return { ...s, text: `${s.text} by ${performer}` };
  }
  return s;
}
/** The performer a Music release credits before the dash of the song `text` ("LP - Lost On You (…)" → "LP"), or null. */
export function creditedAfter(text: string, ctx: TopicContext): string | null {
  const key = alnum(text);
  for (const t of ctx.titles ?? []) {
    const m = /^([^-–—:|]+?)\s[-–—]\s(.+)$/.exec(t);
    if (!m || alnum(bareSong(m[2])) !== key) continue;
    const artist = m[1].trim();
    if (artist.split(/\s+/).length <= 4 && !alnum(artist).includes(key)) return titleCase(recase(calm(artist)));
  }
  return null;
}
/** A channel of a label, a studio, a broadcaster or a show: it credits no performer. */
const LABEL_CHANNEL = /\b(?:records|recordings|music|entertainment|films?|studios?|tv|radio|media|official channel|productions?|pictures|network|label|sessions)\b/i;
/** A performer's own release label ("(Official Music Video)", "Official Lyric Video", "(Official Audio)"). */
const OFFICIAL_RELEASE = /\bofficial\s+(?:music\s+video|lyric\s+video|video|audio|visualizer)\b/i;

/**
 * The end of a song's title ("Dogs" or "Good at Goodbyes", a story of "Sam Smith - Too Good At Goodbyes") is the
 * song's whole title.
 */
export function wholeSong(s: Subject, ctx: TopicContext): Subject {
  const song = songHolding(s.text, ctx);
  return song ? { ...s, text: titleCase(recase(song)) } : s;
}

/** The title of a song a release names "Artist - Song (…)" that ends with `word` but is more than it. */
function songHolding(word: string, ctx: TopicContext): string | null {
  const w = word.toLowerCase();
  for (const t of ctx.titles ?? []) {
    const m = /^[^-–—]+\s[-–—]\s(.+)$/.exec(t);
    const song = m?.[1].replace(/\s*[([][^)\]]*[)\]]/g, "").trim();
    if (song && song.toLowerCase() !== w && new RegExp(`(?:^|\\s)${escapeRegExp(w)}$`, "i").test(song) && song.split(" ").length <= 6) return song;
  }
  return null;
}

/** Whether a title credits `name` as a performer: second before the dash ("Usher and Blake Shelton - Stand By Me") or after "ft." / "feat.". */
export function creditedPerformer(name: string, ctx: TopicContext): boolean {
  const n = escapeRegExp(name.toLowerCase());
  // (Not a name alone before the dash: "Powerpuff Girls Theme - Bagpipe Rock" is a song, "G10 - Highest Note …" a note.)
  const re = new RegExp(`\\b(?:and|&|x)\\s+${n}\\s+[-–—]\\s|\\b(?:ft\\.?|feat\\.?|featuring)\\s+${n}\\b`, "i");
  return (ctx.titles ?? []).some((t) => re.test(t));
}

/** "A and B" that a release credits as "A, B - Song". */
export function creditedPair(t: string, ctx: TopicContext): boolean {
  return pairCredits(t, ctx).length > 0;
}

/** What follows "A, B - " in each title that credits "A and B" so ("Mi Gente (Official Video)"). */
function pairCredits(t: string, ctx: TopicContext): string[] {
  const m = /^(?:the\s+)?(.+?)\s+and\s+(.+)$/i.exec(t);
  if (!m) return [];
  const prefix = `${m[1]}, ${m[2]} - `.toLowerCase();
  return (ctx.titles ?? []).map((y) => y.replace(/^the\s+/i, "")).filter((y) => y.toLowerCase().startsWith(prefix)).map((y) => y.slice(prefix.length));
}

/** What follows "A & B - " in each title that credits the pair so, named as the story is ("Hallelujah | Hand In Hand …"). */
function ampersandCredits(t: string, ctx: TopicContext): string[] {
  if (!/\s(?:&|and)\s/i.test(t)) return [];
  const key = t.toLowerCase();
  return (ctx.titles ?? []).filter((y) => y.toLowerCase().startsWith(key) && /^\s[-–—]\s/.test(y.slice(t.length))).map((y) => y.slice(t.length + 3));
}

/** A song's title as a release names it, without its brackets and guests ("Deserve ft. Travis Scott (Official Audio)" → "Deserve"). */
const bareSong = (x: string) => x.replace(/\s*[([][^)\]]*[)\]]/g, "").replace(/\s+(?:ft\.?|feat\.?|featuring)\s.*$/i, "").trim();

/** A pair's release performed at an event or live ("Tori Kelly & Luis Fonsi - Hallelujah | Hand In Hand Benefit 2017", a cover): no frame about the song's words. */
export const stagedRelease = (t: string, ctx: TopicContext) => [...pairCredits(t, ctx), ...ampersandCredits(t, ctx)].some((x) => /[|｜]|\blive\b/i.test(x));

/** The one song every release crediting "A and B" as "A, B - Song" names, without its brackets and guests; null when none or several. */
export function pairRelease(t: string, ctx: TopicContext): string | null {
  // (Also "A & B - Song", the pair named as the story names it: "Steve Aoki & Bad Royale - $4,000,000 …", "Tori Kelly & Luis
  // Fonsi - Hallelujah": readers flagged "[Reaction]" to the two names with the song left out, session 10 and 11 audits.)
  const songs = new Set([...pairCredits(t, ctx), ...ampersandCredits(t, ctx)].map((x) => bareSong(x.replace(/\s*[|｜].*$/, ""))).filter(Boolean));
  const [song] = songs;
  return songs.size === 1 && song.split(" ").length <= 5 ? titleCase(recase(song)) : null;
}

/** Two people ("Tim McGraw and Faith Hill", "Nick & Peta Smith" is not: one name each side). */
export function namesPair(t: string): boolean {
  const m = /^(.+?)\s+(?:and|&)\s+(.+)$/.exec(t);
  return !!m && namesPerson(m[1]) && namesPerson(m[2]);
}

/** Letters and digits only, "&" read as "and": how a tag and a title's words are compared. */
const key = (x: string) => alnum(x.replace(/&/g, " and "));

/**
 * A performer and a song a title runs together, split where the video's tags name both: the longest tag the text opens
 * with (the performer), then the longest tag the rest opens with (the song). A name alone in capitals and digits ("GOT7")
 * needs no song tag: the one-to-five words after it are the song. Null otherwise (an artist's own name is no pair: "Sam
 * Smith" is tagged "sam" and "smith" too, and "Joe Jonas and Sophie Turner Are Engaged" is news).
 */
export function taggedCredit(text: string, ctx: TopicContext): { performer: string; song: string } | null {
  if ((ctx.tags ?? []).some((t) => key(t) === key(text))) return null;
  const tags = (ctx.tags ?? []).filter((t) => key(t).length >= 2 && /\s/.test(t.trim()) || /^[\p{Lu}\p{N}]{3,}$/u.test(t.trim()));
  if (!tags.length) return null;
  const words = text.split(/\s+/);
  for (let i = Math.min(words.length - 1, 6); i >= 1; i--) {
    const head = words.slice(0, i).join(" ");
    const tag = tags.find((t) => key(t) === key(head));
    if (!tag) continue;
    const rest = words.slice(i);
    if (/^(?:&|and|x|,|feat\.?|ft\.?|with|of|is|are|on|performs|presents|explains)$/i.test(rest[0]) || /,$/.test(head)) return null;
    for (let j = rest.length; j >= 1; j--) {
      const song = rest.slice(0, j).join(" ");
      if (key(song) !== key(head) && tags.some((t) => key(t) === key(song))) return { performer: head, song };
    }
    return /^[\p{Lu}\p{N}]{3,}$/u.test(tag.trim()) && /\p{N}/u.test(tag) && rest.length <= 5 ? { performer: head, song: rest.join(" ") } : null;
  }
  return null;
}
