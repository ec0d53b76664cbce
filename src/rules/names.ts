/**
 * Names a story's channels and titles settle (subject.ts reads them): how a performer's own channel spells the name, a name
 * that is the channel's with a song glued on, a title that is a name and a music-video label only, a game named whole with
 * its subtitle, the season a show's trailer announces. Pure; string in, string or boolean out.
 */
import { escapeRegExp } from "./text.ts";

/** A name's letters and digits only, small, without accents or a leading "The" (channels and names compared so: "CelineDionTV" holds "Céline Dion"). */
export const alnum = (t: string) => t.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/^the\s+/, "").replace(/[^\p{L}\p{N}]+/gu, "");
/** A music-video label in a title ("(Official Music Video)", "Official Lyric Video", "(Audio)"). */
export const MUSIC_LABEL = /\bofficial\s+(?:music\s+)?(?:video|audio|lyric)|\blyrics?\s+video\b|\((?:official\s+)?audio\)/i;

/** The name is, or opens with, a channel's, or the surname of a channel named as a person ("Upchurch Johnny Cash" by Ryan
 * Upchurch: the artist and the song). */
export const namesChannel = (name: string, channels: readonly string[]) =>
  channels.some((c) => {
    const surname = alnum(c.split(/\s+/).pop() ?? "");
    return alnum(c).length > 0 && (alnum(c).includes(alnum(name)) || alnum(name).startsWith(alnum(c)) || (/\s/.test(c.trim()) && surname.length >= 4 && alnum(name).startsWith(surname)));
  });
/** The name opens with the channel's words and goes on without a dash ("Stitches I Cry" by the channel "stitches"). */
export function gluedToChannel(name: string, channel: string): boolean {
  const c = channel.replace(/(?:VEVO|Official)+$/u, "").trim().toLowerCase().split(/\s+/);
  const n = name.toLowerCase().split(/\s+/);
  if (c[0] === "" || n.length < c.length + 2 || !c.every((w, i) => w === n[i])) return false;
  // (Not a collaboration, "Galantis & ROZES", "Zedd and Liam Payne", nor the artist's show or set, "Martin Garrix Show".)
  const next = n[c.length].replace(/[^\p{L}\p{N}&]/gu, "");
  return !/^(?:&|and|x|ft|feat|featuring|with|vs|show|festival|live|tour|w|performance|interview|session|sessions|concert|band|official)$/.test(next) && !/[,:|–—-]$/.test(n[c.length - 1]);
}

/** The subject as a channel of the story spells it, word for word, when that spelling has capitals inside or throughout
 * ("FLETCHERVEVO" → "FLETCHER", "PrettyMuchVEVO" → "PrettyMuch"), or null. Same words only: "TaylorSwiftVEVO" lost a space. */
export function channelSpelling(name: string, channels: readonly string[]): string | null {
  const want = name.split(/\s+/);
  for (const c of channels) {
    const ws = c.replace(/(?:VEVO|Official|Music)+$/u, "").split(/\s+/).filter(Boolean);
    if (ws.length < want.length) continue;
    const head = ws.slice(0, want.length);
    if (!head.every((w, i) => w.toLowerCase() === want[i].toLowerCase())) continue;
    // (Capitals inside, "FLETCHER"; or a word kept small beside a capitalised one, "The xx".)
    const styled = head.some((w) => /\p{Lu}/u.test(w.slice(1))) || (head.some((w) => /^\p{Lu}/u.test(w)) && head.some((w) => /^\p{Ll}/u.test(w) && !/^(?:a|an|the|of|and|or|in|on|at|to|for|by|with|x|vs)$/.test(w)));
    if (head.join(" ") === name || !styled) continue;
    // (A name of several words all in capitals is a channel shouting, "LIL UZI VERT", "CAPITAL KINGS": no styling.)
    if (head.length > 1 && head.every((w) => !/\p{Ll}/u.test(w))) continue;
    // (The rest of the channel must be a label, not more of a name: "TWICE JAPAN OFFICIAL YouTube Channel".)
    if (ws.length > want.length && !/^(?:japan|korea|usa|us|uk|official|music|channel|youtube|tv|vevo)$/i.test(ws[want.length])) continue;
    return head.join(" ");
  }
  return null;
}

/** A title that is the name and a music-video label only ("Hot Damn! Official Lyric Video"). */
export function labelOnly(name: string, title: string): boolean {
  const t = title.trim();
  if (!t.toLowerCase().startsWith(name.toLowerCase())) return false;
  const rest = t.slice(name.length);
  return MUSIC_LABEL.test(rest) && rest.replace(MUSIC_LABEL, "").replace(/\b(?:music|video|lyrics?|hd|4k)\b/gi, "").replace(/[^\p{L}\p{N}]/gu, "") === "";
}

/** "<name>: <subtitle of up to four words>" when every title is exactly that ("Stranger Things: The Game"), or null. */
export function wholeGameName(name: string, titles: readonly string[]): string | null {
  const n = name.toLowerCase();
  if (/\b(?:season|preview|episode|trailer|teaser|part|vol)\b/i.test(name)) return null;
  let sub: string | null = null;
  for (const t of titles) {
    const x = t.trim();
    if (!x.toLowerCase().startsWith(`${n}: `)) return null;
    const rest = x.slice(n.length + 2).trim();
    if (!/^[\p{L}\p{N}'’ ]+$/u.test(rest) || rest.split(" ").length > 4 || /\b(?:trailer|teaser|review|gameplay|update|patch|dlc|season|episode)\b/i.test(rest)) return null;
    if (sub && sub.toLowerCase() !== rest.toLowerCase()) return null;
    sub = rest;
  }
  return sub ? `${name}: ${sub}` : null;
}

/** The season a show's titles announce right after its name ("Fuller House | Season 3 - Official Trailer"), or null. */
export function seasonOf(name: string, titles: readonly string[]): string | null {
  if (/\bseason\s+\d+$/i.test(name)) return null;
  const lead = escapeRegExp(name);
  const re = new RegExp(`^(?:the\\s+)?${lead}\\s*(?:[|:–—-]\\s*)?season\\s+(\\d{1,2})\\b`, "i");
  for (const t of titles) {
    const m = re.exec(t.trim());
    // (Only a trailer's: "Game of Thrones Season 7 Recap" looks back.)
    if (m && /\b(?:trailer|teaser|first look|sneak peek|premiere|promo)\b/i.test(t)) return m[1];
  }
  return null;
}
