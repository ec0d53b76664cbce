/**
 * Names a story's channels and titles settle (src/rules/names.ts), table-tested on the real 2017 titles and channels the
 * session-9 readings found them in.
 */
import { expect, test } from "bun:test";
import { channelSpelling, gluedToChannel, labelOnly, namesChannel, seasonOf, wholeGameName } from "../../src/rules/names.ts";

test.each([
  ["Fletcher", ["FLETCHERVEVO"], "FLETCHER"],
  ["Prettymuch", ["PrettyMuchVEVO"], "PrettyMuch"],
  ["Twice", ["TWICE JAPAN OFFICIAL YouTube Channel"], "TWICE"],
  ["The Xx", ["The xx"], "The xx"],
  ["Lil Uzi Vert", ["LIL UZI VERT"], null], // a channel shouting
  ["Taylor Swift", ["TaylorSwiftVEVO"], null], // the space is lost
  ["Kygo", ["KygoOfficialVEVO"], null], // "KygoOfficial" is more than the name
] as const)("channelSpelling(%p, %j) → %p", (name, channels, want) => expect(channelSpelling(name, channels)).toBe(want));

test.each([
  ["Stitches I Cry", "stitches", true],
  ["Kodak Black Snot Thot", "Kodak Black", true],
  ["Galantis & Rozes", "Galantis", false],
  ["Zedd and Liam Payne", "ZeddVEVO", false],
  ["Martin Garrix Show", "Martin Garrix", false],
  ["Kygo", "Kygo", false],
] as const)("gluedToChannel(%p, %p) → %p", (name, channel, want) => expect(gluedToChannel(name, channel)).toBe(want));

test("labelOnly and namesChannel: a name with nothing but a music-video label; a name that is the channel's or opens with its surname", () => {
  expect(labelOnly("Hot Damn", "Hot Damn! Official Lyric Video")).toBe(true);
  expect(labelOnly("Hot Damn", "Hot Damn! (Live at the Roxy)")).toBe(false);
  expect(namesChannel("Upchurch Johnny Cash", ["Ryan Upchurch"])).toBe(true);
  expect(namesChannel("Out Loud", ["Gabbie Hanna"])).toBe(false);
  // (Accents aside, from the GB hook audit of session 10: "Céline Dion" by CelineDionTV had been read as a song.)
  expect(namesChannel("Céline Dion", ["CelineDionTV"])).toBe(true);
});

test("wholeGameName and seasonOf: a game every title names with its subtitle; the season a show's trailer announces", () => {
  expect(wholeGameName("Stranger Things", ["Stranger Things: The Game"])).toBe("Stranger Things: The Game");
  expect(wholeGameName("Street Fighter V", ["Street Fighter V: Arcade Edition - Reveal Trailer"])).toBeNull();
  expect(wholeGameName("Season 21 Preview", ["Season 21 Preview: White People Renovating Houses"])).toBeNull();
  expect(seasonOf("Shameless", ["Shameless | Season 8 Official Trailer | Only on SHOWTIME"])).toBe("8");
  expect(seasonOf("Game of Thrones", ["Game of Thrones Season 7 Recap"])).toBeNull();
  expect(seasonOf("The Walking Dead Season 8", ["The Walking Dead Season 8: Season Premiere NYCC Sneak Peek"])).toBeNull();
});
