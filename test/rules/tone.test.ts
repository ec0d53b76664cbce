/**
 * Tone rule (src/rules/tone.ts; docs/rules.md "Hook rescue and grade"): real 2017 tragedy titles from
 * data/youtube-2017-v1 are sensitive, everyday titles are not, a story is judged by its titles, and
 * no hook or rewrite for a tragedy carries a banned phrase.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { BANNED_WHEN_SENSITIVE, isSensitiveText, toneOf } from "../../src/rules/tone.ts";
import { TEMPLATE_PATTERNS, hookText } from "../../src/rules/templates.ts";
import { subjectOf } from "../../src/rules/subject.ts";
import { rewriteText } from "../../src/rules/rewrite.ts";

/** Real titles of the US 2017 file (data/youtube-2017-v1/USvideos.csv), about real tragedies. */
const TRAGIC_2017 = [
  "SVU 9.11 Opener Dedication", // the attacks (a real 2017 title)
  "Daniel and Depression", // mental illness (a real 2017 title)
  "From the air, Irma's catastrophic wrath is undeniable", // a hurricane named only by "catastrophic" (session 9)
  "Did The Las Vegas Gunman Act Alone?",
  "Did the Las Vegas shooter plan a different attack?",
  "Explanation of where the shooting took place on Las Vegas Strip",
  "Las Vegas shooting update",
  "Damage from Hurricane Irma at the Magic Kingdom, Walt Disney World",
  "Drone captures aftermath of Hurricane Irma in Naples, Florida",
  "Hurricane Maria slams Puerto Rico — here are the latest projections",
  "Powerful Hurricane Maria follows deadly storms Harvey and Irma",
  "Musician Tom Petty dead at 66",
  "Tom Petty, Rock ’N’ Roll Legend, Dies At Age 66 | TODAY",
  "Earthquake kills dozens in central Mexico",
  "Buildings sway and people panic as 7.1 magnitude earthquake strikes Mexico",
  "Playboy founder Hugh Hefner dies at 91",
  "More evacuations in Northern California as wildfires kill 40",
  "22 Injured In Explosion On London Subway Train At Parsons Green Underground Station | TIME",
  "Emma Thompson: Harvey Weinstein 'top of harassment ladder' - BBC Newsnight",
  "Chemotherapy HIT me Hard (My First Cycle)",
  "Ellen Meets Las Vegas Survivors Jesus Campos and Stephen Schuck", // survivors of a shooting (GB audit, session 10)
  "Dramatic footage shows parent driving car at teacher", // a car driven at someone (GB audit, session 10)
];
/** Real everyday titles of the same file (and words that only look tragic). */
const EVERYDAY = [
  "GROUP HALLOWEEN COSTUME IDEAS | Walking Dead, Riverdale + more!", // a show named with a tragic word
  "Red Dead Redemption 2 Official Gameplay Video",
  "Murder on the Orient Express | Official Trailer 2",
  "iPhone X Review: The Good, The Bad",
  "Taylor Swift - Look What You Made Me Do",
  "Soccer Trick Shots",
  "Storm Chaser Battles Powerful Winds",
  "Flawless Fall Makeup Routine",
  "Killing It at the Gym",
  "Rip Curl Pro highlights",
  "Hearing aids review",
  "Brush stroke techniques for beginners",
  "Fire TV Stick unboxing",
  "$1,700 Apartment Vs. $40,000 Apartment",
  "Survivor: Game Changers Cast Reunion", // the show, no survivors of anything
  "Driving My Car Into the Car Wash",
];

describe("isSensitiveText", () => {
  test.each(TRAGIC_2017)("tragedy: %p", (t) => expect(isSensitiveText(t)).toBe(true));
  test.each(EVERYDAY)("everyday: %p", (t) => expect(isSensitiveText(t)).toBe(false));
});

describe("toneOf: a story is judged by its titles", () => {
  const PETTY = [
    "Tom Petty, Rock ’N’ Roll Legend, Dies At Age 66 | TODAY",
    "Musician Tom Petty dead at 66",
    "Best Tom Petty Interview Ever",
    "Tom Petty & The Heartbreakers -- American Girl",
    "Tom Petty  - I Won't Back Down live Hollywood Bowl 09.25.2017",
    "You Don't Know How It Feels - Tom Petty Cover (Walk off the Earth)",
    "Miley Cyrus covers Wildflowers (Tom Petty Tribute) - The Howard Stern Show",
  ];
  test("a harmless topic matched to a death story is a death (mourning)", () => {
    expect(toneOf("tom petty", "Tom Petty", PETTY)).toEqual({ sensitive: true, death: true });
    expect(toneOf("tom petty")).toEqual({ sensitive: false, death: false });
  });
  test("one stray title among many does not make a story sensitive; titles of works never count", () => {
    expect(toneOf("nintendo switch", "Nintendo Switch", ["Nintendo Switch review", "Hidden NES Golf game on Nintendo Switch. A tribute to Satoru Iwata."]).sensitive).toBe(false);
    expect(toneOf("maze runner", "Maze Runner", ["Maze Runner: The Death Cure | Official Trailer [HD] | 20th Century FOX"]).sensitive).toBe(false);
    expect(toneOf("hurricane irma").sensitive).toBe(true);
  });
  test("a disaster is sensitive but not a death of a person", () => {
    expect(toneOf("mexico earthquake", "Earthquake", ["Earthquake kills dozens in central Mexico", "Major earthquake hits south of Mexico City"])).toEqual({ sensitive: true, death: false });
  });
});

describe("no banned phrase ever reaches a tragedy", () => {
  const topics = ["las vegas shooting", "hurricane irma", "hurricane maria", "hurricane harvey", "mexico earthquake", "tom petty dies", "RIP Tom Petty", "california wildfires", "harvey weinstein harassment", "london tube explosion"];
  test("hooks: every pattern, every tragedy topic (with or without its story's titles)", () => {
    for (const t of topics)
      for (const ctx of [{}, { storyName: t, titles: TRAGIC_2017 }]) {
        const s = subjectOf(t, ctx);
        expect(s.tone.sensitive).toBe(true);
        for (const p of TEMPLATE_PATTERNS) {
          const h = hookText(p, s, 2017);
          if (h) for (const re of BANNED_WHEN_SENSITIVE) expect({ h, banned: re.test(h) }).toEqual({ h, banned: false });
        }
      }
  });
  test("rewrites: property over real tragedy titles in light-hearted frames", () => {
    const frames = ["I tried {t} for a week", "Is {t} worth it?", "{t} just changed!", "{t} HACK", "{t} review", "{t}", "Why I was wrong about {t}"];
    fc.assert(
      fc.property(fc.constantFrom(...TRAGIC_2017, ...topics), fc.constantFrom(...frames), fc.constantFrom(...TEMPLATE_PATTERNS), (t, f, p) => {
        const r = rewriteText(p, f.replace("{t}", t), { year: 2017 });
        if (r) for (const re of BANNED_WHEN_SENSITIVE) expect({ r, banned: re.test(r) }).toEqual({ r, banned: false });
      }),
      { numRuns: 2000 },
    );
  });
});

test("a sport's shooting is no tragedy (seed 168: 'Kevin Durant Shooting Contest')", () => {
  expect(toneOf("Racks: Kevin Durant Shooting Contest with Chris Mullin").sensitive).toBe(false);
  expect(toneOf("Las Vegas shooting update").sensitive).toBe(true);
  expect(toneOf("Sharp shooter drills").sensitive).toBe(false);
});

test("a child hit by a ball or a car is hurt: respectful frames only (seed 170)", () => {
  expect(toneOf("Child Gets Hit With Todd Frazier Foul Ball Line Drive at Yankee Stadium").sensitive).toBe(true);
  expect(toneOf("Pedestrian struck by car in Boston").sensitive).toBe(false); // (no "was/gets": a headline the other words must carry)
  expect(toneOf("Drake gets hit with a pie").sensitive).toBe(false);
});

test("a car hitting a cyclist is a collision: respectful frames only (seed 192)", () => {
  expect(toneOf("Car Hits Cyclist in East Flatbush").sensitive).toBe(true);
  expect(toneOf("Car Hits 200 MPH on the Autobahn").sensitive).toBe(false);
});

test("someone dying is a tragedy; 'dying to' and 'dying laughing' are not (seed 200)", () => {
  expect(toneOf("That Moment You Realize Your Dad Is Dying").sensitive).toBe(true);
  expect(toneOf("I'm dying to try this").sensitive).toBe(false);
  expect(toneOf("We were dying laughing").sensitive).toBe(false);
  expect(toneOf("Dying Light gameplay").sensitive).toBe(false);
});

test("a sensitive moment addressed to the viewer gets no frame: it is no news and not the creator's story (seed 200)", () => {
  const s = subjectOf("That Moment You Realize Your Dad Is Dying");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean)).toEqual([]);
  // A safety how-to addressed to no one keeps its frames.
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("How to Recognize Gunfire"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
});

test("a fire that burns places or people, and people missing, are a disaster; a fire in other senses is not (US reading 231)", () => {
  expect(toneOf("Hundreds are missing as out-of-control California fires burn").sensitive).toBe(true);
  expect(toneOf("U.S.P.S Postman Delivers Mail Santa Rosa Fires Drone Video").sensitive).toBe(true);
  expect(toneOf("Wine Country Fire").sensitive).toBe(true);
  expect(toneOf("Kimmel fires back at Trump").sensitive).toBe(false);
  expect(toneOf("This mixtape is fire").sensitive).toBe(false);
  expect(toneOf("Fire Emblem Warriors Review").sensitive).toBe(false);
  for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("Hundreds Are Missing as Out-of-Control California Fires Burn"), 2017) ?? "").not.toMatch(/Reaction|What Do You Think/);
});

test("a burning or suspicious device is an attack: respectful frames only (GB reading 68)", () => {
  expect(toneOf("Burning device filmed on tube carriage at Parsons Green station").sensitive).toBe(true);
  expect(toneOf("Suspicious package found at train station").sensitive).toBe(true);
  expect(toneOf("Best streaming device of 2017").sensitive).toBe(false);
  for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("Burning Device Filmed on Tube Carriage at Parsons Green Station"), 2017) ?? "").not.toMatch(/Reaction|What Do You Think/);
});

// From the session-10 GB audit, still produced at the start of session 11: the GB vault's "Tom Petty" story is concert
// clips and covers, one of them "Tribute to Tom Petty".
test("one title mourning the story's own name makes it a death; a tribute to someone else does not", () => {
  const petty = ["Coldplay performing Free Fallin' - Tribute to Tom Petty (Portland, 2 October)", "You Don't Know How It Feels - Tom Petty Cover (Walk off the Earth)", "Tom Petty And The Heartbreakers - Yer So Bad. (Hollywood Bowl, Los Angeles CA 9/21/17)", "Tom Petty and Garry Shandling", "Tom Petty’s Last Song", "Tom Petty & The Heartbreakers  -- American Girl"];
  expect(toneOf("tom petty", "Tom Petty", petty)).toMatchObject({ sensitive: true, death: true });
  expect(toneOf("tom petty", "Tom Petty", petty.slice(1))).toMatchObject({ sensitive: false });
  const sw = ["Hidden NES Golf game on Nintendo Switch. A tribute to Satoru Iwata.", "Nintendo Switch Review", "Nintendo Switch unboxing", "Top 10 Nintendo Switch games", "Nintendo Switch vs PS4"];
  expect(toneOf("nintendo switch", "Nintendo Switch", sw).sensitive).toBe(false);
  expect(toneOf("fats domino", "Fats Domino", ["Fats Domino dies at 89", "Fats Domino - Blueberry Hill", "Fats Domino - Ain't That a Shame", "Fats Domino live 1962", "Fats Domino - I'm Walkin'"]).death).toBe(true);
});

// From the session-11 GB audit: "Asa Soltan Rahmati Talks About Her Late Friend Chester Bennington [Reaction]".
test("someone's late friend is a death, and their own grief takes no frame", () => {
  expect(toneOf("Asa Soltan Rahmati Talks About Her Late Friend Chester Bennington")).toMatchObject({ sensitive: true, death: true });
  expect(toneOf("Running Late for the Party").sensitive).toBe(false);
  const s = subjectOf("Asa Soltan Rahmati Talks About Her Late Friend Chester Bennington");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean)).toEqual([]);
});
