/**
 * The no-frame table (src/rules/noframe.ts): each row's reading example gets no frame, and a near neighbour that
 * names a topic still does. Subjects built by the real subjectOf.
 */
import { describe, expect, test } from "bun:test";
import { noFrame } from "../../src/rules/noframe.ts";
import { subjectOf } from "../../src/rules/subject.ts";

const cases: [string, boolean][] = [
  ["CLog 10042017", true], // a log entry stamped with its date (GB reading 158, session 9)
  ["In a Hit and Run", true], // a sentence's fragment (GB reading 167, session 9)
  ["From the Air, Irma's Catastrophic Wrath Is Undeniable", false],
  ["Blade Runner 2049", false],
  ["Gardening Diary 2017", false],
  ["Welcome Baby Taika!", true],
  ["Meet My New Kitten!", true],
  ["How to Make Every Popular Mexican Dish... VEGAN", true],
  ["Make Mega Blender VS Coca Cola in Slow Motion", true],
  ["An Incredible Moment", true],
  ["An Incredible Moment at the Zoo", false],
  ["Moving Vlog #2", true],
  ["How to Vlog", false],
  ["An Update on Darcy!", true],
  ["Dana White Update on Conor McGregor", false],
  ["My Response", true],
  ["My Response to the Critics of Vegan Food", false],
  ["Taylor Swift NOW Presents", true],
  ["Part 2 of Riverdale Season 2 Q&A", true],
  ["October 4th", true],
  ["October 4th Street Fair", false],
  ["Year Old", true],
  ["Spal Napoli 2 3", true],
  ["GRWM", true],
  ["THE MOM'S VIEW IS BACK!", true],
  ["It's Time for the Jack & Reiss Show!!!", true],
  ["Why the Mom's View Is Back on Top of the Charts", false],
  ["Hack It Like a Chef", true],
  ["Hack Your Morning Routine", false],
  ["Pennywise IT Halloween Costume & Makeup Tutorial", false],
  ["Kinder Surprise Advert Hotwheels and Happy Kitty 2017", true],
  ["John Lewis Christmas Advert 2017", false],
  ["Autumn GRWM", false],
  ["Maroon 5", false],
  ["Old Year's Night", false],
];

describe("noFrame", () => {
  test.each(cases)("%s → %p", (title, none) => {
    expect(noFrame(subjectOf(title))).toBe(none);
  });
});
