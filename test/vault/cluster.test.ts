import { beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { parseCsvRecords } from "../../src/feeds/csv.ts";
import { MAX_STORY_TERMS, assignStories, storyId, type ClusterItem, type StorySeed } from "../../src/vault/cluster.ts";
import { cutPhrase, shortTitle, storyName, uncap } from "../../src/vault/naming.ts";

type Row = Record<string, string>;
let rows: Row[] = [];
/** Each video once, on the first day it trended (YYYY-MM-DD), weight = views that day. */
let byDay = new Map<string, ClusterItem[]>();

beforeAll(async () => {
  rows = parseCsvRecords(await Bun.file(new URL("../../data/youtube-us-2017.csv", import.meta.url)).text()).records;
  const first = new Map<string, { day: string; item: ClusterItem }>();
  for (const r of rows) {
    if (!/^\d{2}\.\d{2}$/.test(r.date)) continue;
    const day = `2017-${r.date.slice(3, 5)}-${r.date.slice(0, 2)}`;
    const prev = first.get(r.video_id);
    if (!prev || day < prev.day) first.set(r.video_id, { day, item: { key: r.video_id, title: r.title, weight: Number(r.views), channel: r.channel_title } });
  }
  byDay = new Map();
  for (const { day, item } of first.values()) byDay.set(day, [...(byDay.get(day) ?? []), item]);
});

const row = (title: string) => rows.find((r) => r.title === title)!;
const item = (title: string, withChannel = true): ClusterItem => {
  const r = row(title);
  return { key: r.video_id, title: r.title, weight: Number(r.views), channel: withChannel ? r.channel_title : undefined };
};
const INTRO = "iPhone X — Introducing iPhone X — Apple";
const VERGE = "Apple iPhone X first look";

/** Runs the whole 2017 data set day by day, as the vault would. */
function runAll(): { stories: StorySeed[]; members: Map<string, ClusterItem[]> } {
  let stories: StorySeed[] = [];
  const members = new Map<string, ClusterItem[]>();
  for (const day of [...byDay.keys()].sort()) {
    const res = assignStories(stories, byDay.get(day)!, day);
    stories = res.stories;
    for (const it of byDay.get(day)!) {
      const sid = res.assignment.get(it.key)!;
      members.set(sid, [...(members.get(sid) ?? []), it]);
    }
  }
  return { stories, members };
}

describe("assignStories", () => {
  test("two real iPhone X videos (Apple, The Verge) form one story, and the 'iphone x' search joins it", () => {
    const search: ClusterItem = { key: "g:iphone x", title: "iphone x", weight: 500_000 };
    const { assignment, stories } = assignStories([], [item(INTRO), item(VERGE), search], "2017-09-13");
    const ids = new Set(assignment.values());
    expect(ids.size).toBe(1);
    expect(stories).toHaveLength(1);
    expect(stories[0].terms).toEqual(["iphone", "x"]);
    expect(stories[0].id).toBe(storyId("2017-09-13", row(INTRO).video_id)); // the heaviest item founds it
  });

  test("they also meet inside the real day of 200 videos, and with no channel given", () => {
    const day = byDay.get("2017-09-13")!;
    for (const withChannel of [true, false]) {
      const items = day.map((it) => (withChannel ? it : { ...it, channel: undefined }));
      const { assignment } = assignStories([], items, "2017-09-13");
      expect(assignment.get(row(INTRO).video_id)).toBe(assignment.get(row(VERGE).video_id)!);
    }
  });

  test("unrelated titles sharing only '2017', 'trailer', 'official' do not join", () => {
    const items: ClusterItem[] = [
      { key: "a", title: "Thor: Ragnarok Official Trailer 2017", weight: 3 },
      { key: "b", title: "Coco Official Trailer 2017", weight: 2 },
      { key: "c", title: "Downsizing (2017) - Official Trailer - Paramount Pictures", weight: 1 },
    ];
    const { assignment, stories } = assignStories([], items, "2017-09-13");
    expect(new Set(assignment.values()).size).toBe(3);
    expect(stories).toHaveLength(3);
  });

  test("a channel suffix does not glue a channel's videos together", () => {
    const items = ["Face Masks I Love Right Now! | Ingrid Nilsen", "Super Glowy Skin + Makeup with No Foundation! | Ingrid Nilsen"].map((t) => item(t));
    expect(new Set(assignStories([], items, "2017-09-13").assignment.values()).size).toBe(2);
  });

  test("a later item joins an existing story; existing stories come first and are unchanged", () => {
    const day1 = assignStories([], [item(INTRO)], "2017-09-13");
    const day2 = assignStories(day1.stories, [item(VERGE), { key: "z", title: "Banana bread recipe", weight: 9 }], "2017-09-14");
    expect(day2.assignment.get(row(VERGE).video_id)).toBe(day1.stories[0].id);
    expect(day2.stories[0]).toEqual(day1.stories[0]);
    expect(day2.stories).toHaveLength(2);
    expect(day2.stories[1]).toEqual({ id: storyId("2017-09-14", "z"), terms: ["banana", "bread", "recipe"], firstSeen: "2017-09-14" });
  });

  test("re-running a day is idempotent", () => {
    const items = byDay.get("2017-09-14")!;
    const a = assignStories([], items, "2017-09-14");
    const b = assignStories(a.stories, items, "2017-09-14");
    expect(b.stories).toEqual(a.stories);
    expect([...b.assignment]).toEqual([...a.assignment]);
  });

  test("story ids are st_ + 12 hex of sha256(day|key)", () => {
    const want = "st_" + createHash("sha256").update("2017-09-13|K4wEI5zhHB0").digest("hex").slice(0, 12);
    expect(storyId("2017-09-13", "K4wEI5zhHB0")).toBe(want);
    expect(want).toMatch(/^st_[0-9a-f]{12}$/);
  });

  test("story terms are capped", () => {
    const { stories } = assignStories([], [{ key: "k", title: "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo", weight: 1 }], "d");
    expect(stories[0].terms.length).toBe(MAX_STORY_TERMS);
  });

  test("order-independent: shuffled items give the same assignment and stories", () => {
    const day = byDay.get("2017-09-13")!;
    const base = assignStories([], day, "2017-09-13");
    fc.assert(
      fc.property(fc.shuffledSubarray(day, { minLength: day.length, maxLength: day.length }), (shuffled) => {
        const res = assignStories([], shuffled, "2017-09-13");
        return JSON.stringify(res.stories) === JSON.stringify(base.stories) && [...day].every((it) => res.assignment.get(it.key) === base.assignment.get(it.key));
      }),
      { numRuns: 15 },
    );
  });

  test("every item is assigned, to a story that is returned", () => {
    const items = byDay.get("2017-09-20")!;
    const { assignment, stories } = assignStories([], items, "2017-09-20");
    const ids = new Set(stories.map((s) => s.id));
    for (const it of items) expect(ids.has(assignment.get(it.key)!)).toBe(true);
  });

  test("the whole 2017 data set: no giant clusters, iPhone X videos together, plausible count", () => {
    const { stories, members } = runAll();
    const sizes = [...members.values()].map((m) => m.length).sort((a, b) => b - a);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1800);
    expect(stories.length).toBe(members.size);
    expect(stories.length).toBeGreaterThan(1300); // most trending videos are about their own subject
    expect(stories.length).toBeLessThan(1700);
    expect(sizes[0]).toBeLessThanOrEqual(40); // biggest story < ~2% of the videos
    const storyOf = (title: string) => [...members].find(([, m]) => m.some((it) => it.title === title))![0];
    expect(storyOf(INTRO)).toBe(storyOf(VERGE));
    expect(storyOf("iPhone X Face ID Unlock Fail")).toBe(storyOf(INTRO));
    expect(storyOf("Hurricane Irma death toll rises to 10 in Cuba")).toBe(storyOf("Orlando braces for Hurricane Irma"));
    expect(storyOf("Hurricane Irma death toll rises to 10 in Cuba")).not.toBe(storyOf(INTRO));
    expect(storyOf("Bears vs. Packers | NFL Week 4 Game Highlights")).not.toBe(storyOf("Panthers vs. Patriots | NFL Week 4 Game Highlights"));
    expect(storyName(members.get(storyOf(INTRO))!)).toBe("iPhone X");
  });
});

describe("storyName", () => {
  test("the shared phrase, in its usual casing", () => {
    expect(storyName([item(INTRO), item(VERGE)])).toBe("iPhone X");
    expect(
      storyName([
        { title: "LIVE TRACKING OF HURRICANE IRMA", weight: 10 },
        { title: "Hurricane Irma death toll rises to 10 in Cuba", weight: 5 },
        { title: "Orlando braces for Hurricane Irma", weight: 1 },
      ]),
    ).toBe("Hurricane Irma");
    expect(storyName([{ title: "Star Wars: The Last Jedi Trailer (Official)", weight: 2 }, { title: "The only The Last Jedi Trailer Reaction you need", weight: 1 }])).toBe("Last Jedi");
  });

  test("one member: a short form of its title", () => {
    expect(storyName([{ title: INTRO, weight: 1 }])).toBe("iPhone X");
    expect(storyName([{ title: "Hugh Hefner Dead at 91 | E! News", weight: 1 }])).toBe("Hugh Hefner Dead at 91");
    expect(storyName([])).toBe("");
  });

  test("one short word in capitals, in a title with small letters, is a name as written (seed 125: 'LANY')", () => {
    expect(shortTitle("LANY - Super Far (Official Video)")).toBe("LANY");
    expect(shortTitle("RHOA: Season 10 Official First Look - Premiering November 5 at 8/7c | Bravo")).toBe("RHOA");
    expect(shortTitle("GIN WONG FAIA")).toBe("Gin Wong Faia"); // a shouted title says nothing
  });

  test("short titles: first meaningful segment, no brackets, no shouting, <= 60 chars", () => {
    expect(shortTitle("Confederacy: Last Week Tonight with John Oliver (HBO)")).toBe("Confederacy");
    expect(shortTitle("[HD] Katy Perry, Lionel Richie & Luke Bryan Interview On GMA 10/4/2017")).toBe("Katy Perry, Lionel Richie & Luke Bryan Interview On GMA");
    expect(shortTitle("LIVE TRACKING OF HURRICANE IRMA")).toBe("Live Tracking of Hurricane Irma");
    // a segment of framing only names nothing
    expect(shortTitle("EXCLUSIVE: HTC U11 Plus Leaked 360 Degree Renders")).toBe("HTC U11 Plus Leaked 360 Degree Renders");
    expect(shortTitle("WATCH LIVE: Sarah Sanders holds White House news briefing")).toBe("Sarah Sanders holds White House news briefing");
    expect(shortTitle("MATCH HIGHLIGHTS: Watford v. Man City")).toBe("Watford v. Man City");
    expect(shortTitle("Official Trailer")).toBe("Official Trailer"); // nothing else to name it by
    const long = shortTitle("Kerry Washington Is Best Friends with the Obamas (in Her Imagination) and a very long long title that goes on");
    expect(long.length).toBeLessThanOrEqual(60);
    for (const r of rows.slice(0, 2000)) expect(shortTitle(r.title).length).toBeLessThanOrEqual(60);
  });

  test("is deterministic and order-independent", () => {
    const ms = [item(INTRO), item(VERGE), item("iPhone X Face ID Unlock Fail"), item("iPhone X (parody)")];
    fc.assert(fc.property(fc.shuffledSubarray(ms, { minLength: 4, maxLength: 4 }), (s) => storyName(s) === storyName(ms)));
  });
});

describe("readable names (issue 11: no phrase cut mid-way)", () => {
  test.each([
    ["The NRA Wants To Regulate 'Bump Stock' Gun Accessories, Paul Ryan Says We Need To Learn More | TIME", "The NRA Wants To Regulate 'Bump Stock' Gun Accessories"],
    ["Teyana Taylor Tells All about Boob Surgery and Says Kanye is Back !!", "Teyana Taylor Tells All about Boob Surgery"],
  ])("%s → %s", (title, name) => {
    expect(shortTitle(title)).toBe(name);
  });

  // Names from the demo vault's real titles (US 2017).
  test.each([
    [["Adam Ruins Everything - Why Toxins Are a Myth (Tease) | truTV", "Adam Ruins Everything - The Messed-Up Story of How Hawaii Became a State | truTV"], "Adam Ruins Everything"],
    [["Boyfriend Buys My Outfits | Grav3yardgirl", "I Buy My Boyfriends Outfits", "BOYFRIEND BUYS MY OUTFITS!", "Boyfriend buys my outfits (again)"], "Boyfriend Buys My Outfits"],
    [["(FULL) Canelo Alvarez vs. Gennady Golovkin Weigh-In | ESPN", "Canelo Alvarez vs. Gennady Golovkin fight ruled a draw | SportsCenter | ESPN"], "Canelo Alvarez vs. Gennady Golovkin"],
    [["Confederacy: Last Week Tonight with John Oliver (HBO)", "Forensic Science: Last Week Tonight with John Oliver (HBO)"], "Last Week Tonight with John Oliver"],
    [["$139 Plane Seat Vs. $24,000 Plane Seat", "$139 Plane Seat Vs. $24,000 Plane Seat"], "$139 Plane Seat Vs. $24,000 Plane Seat"],
    [["Part 2 of Riverdale Season 2 Q&A | Madelaine Petsch", "Riverdale Season 2 Q&A answering your questions! (Part 1) | Madelaine Petsch"], "Riverdale Season 2 Q&A"],
  ])("a shared phrase grows to the words its members share around it: %j → %s", (titles, name) => {
    expect(storyName(titles.map((title, i) => ({ title, weight: 5 - i })))).toBe(name);
  });

  test("growth stops before a format word, a year or a credit, and trims stopwords, clause openers and dangling verbs it grew", () => {
    const name = (titles: string[]) => storyName(titles.map((title, i) => ({ title, weight: 5 - i })));
    expect(name(["Everything You Missed In The Last Jedi Trailer", "The only The Last Jedi Trailer Reaction you need", "Star Wars: The Last Jedi Trailer (Official)"])).toBe("Last Jedi");
    expect(name(["September Favorites 2017", "September Favorites 2017! | Ingrid Nilsen"])).toBe("September Favorites");
    expect(name(["Emmys 2017 Red Carpet Live By People & Entertainment Weekly | PeopleTV", "Emmys 2017 Red Carpet Live By People & Entertainment Weekly | PeopleTV"])).toBe("Emmys 2017 Red Carpet");
    expect(name(["100 People Tell Us the Worst Thing They've Ever Done", "100 People Tell Us a Secret"])).toBe("100 People");
    expect(name(["Sean Evans Tells Stories While Eating Spicy Wings", "Ed Sheeran Sings While Eating Spicy Wings"])).toBe("Eating Spicy Wings");
    // Members that disagree on the next word (under 70 %) keep the shorter phrase.
    expect(name(["Google Pixel 2 Impressions!", "Google Pixel Event Live", "Google Pixel XL teardown"])).toBe("Google Pixel");
  });

  test("a shared n-gram never ends on a dangling verb: 'Gadgets put to the Test' names 'Gadgets', not 'Gadgets put'", () => {
    const ms = ["10 Kitchen Gadgets put to the Test - Part 18", "5 Sushi Gadgets put to the Test", "10 Gadgets From Fan Mail put to the Test!", "7 Weird Alarm Clocks put to the Test"].map((title, i) => ({ title, weight: 5 - i }));
    expect(storyName(ms)).not.toMatch(/ put$/i);
    expect(storyName(ms).toLowerCase()).toContain("gadgets");
  });

  test("cutPhrase: ≤ 60 characters, a prefix of the text, never ending on a stopword or auxiliary", () => {
    const word = fc.constantFrom("Apple", "and", "is", "the", "Says", "Kanye", "iPhone", "X", "of", "Review", "Trump", "put", "to", "Hurricane", "Irma", "a", "World");
    fc.assert(
      fc.property(fc.array(word, { minLength: 12, maxLength: 30 }), (ws) => {
        const t = ws.join(" ");
        fc.pre(t.length > 60);
        const c = cutPhrase(t);
        expect(c.length).toBeLessThanOrEqual(60);
        expect(t.startsWith(c)).toBe(true);
        const last = c.split(" ").at(-1)!.toLowerCase();
        if (c.split(" ").length > 2) expect(["and", "is", "the", "says", "of", "put", "to", "a"]).not.toContain(last);
      }),
    );
  });
});

describe("uncap: a shouted name in readable capitals (real shouted titles of the demo vault)", () => {
  test.each([
    ["GIN WONG FAIA", "Gin Wong Faia"], // (FAIA, a title, reads as a word: no rule can know)
    ["BUG PUPPET + DRUM PADS", "Bug Puppet + Drum Pads"],
    ["SWIMMING IN A TUB OF DIAMONDS!", "Swimming in a Tub of Diamonds!"],
    ["MY BRAND NEW SHOW!!", "My Brand New Show!!"],
    ["DID I REALLY BUY SHOES ON EBAY?", "Did I Really BUY Shoes on Ebay?"],
    ["AT&T", "AT&T"],
    ["S.S. CORNMUFFINS GOES FOR THE FLIGHT OF A LIFETIME", "S.S. Cornmuffins Goes for the Flight of a Lifetime"],
    ["KUWTK", "KUWTK"],
    ["NYFW, LIMO RIDES & A BIG UNBOXING", "NYFW, Limo Rides & a Big Unboxing"],
    ["TAKE BACK THE NIGHT", "Take Back the Night"],
    ["NFL PLAYERS REACT", "NFL Players React"],
    ["CEO OF HBO", "CEO of HBO"],
    ["Already Mixed Case", "Already Mixed Case"],
  ])("%p → %p", (a, b) => expect(uncap(a)).toBe(b));
});
