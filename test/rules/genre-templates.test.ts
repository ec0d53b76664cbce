/**
 * Genres of `general` subjects (src/rules/topickind.ts genreOf) and their templates
 * (src/rules/genre-templates.ts); rewrite mode, the draft-keeping gate and one-word topics
 * (src/rules/rewrite.ts). Over the demo vault too: no rewrite turns a video into a reaction or a review.
 */
import { describe, expect, test } from "bun:test";
import { genreOf, isComparison, topicKind, type Genre } from "../../src/rules/topickind.ts";
import { TEMPLATE_PATTERNS, hookText } from "../../src/rules/templates.ts";
import { subjectOf, type Subject, type TopicContext } from "../../src/rules/subject.ts";
import { keepsDraft, rewriteSubject, rewriteText, topicSubject } from "../../src/rules/rewrite.ts";
import { toneOf } from "../../src/rules/tone.ts";
import { GENRE_TEMPLATES } from "../../src/rules/genre-templates.ts";
import { isPluralHead, titleCase } from "../../src/rules/english.ts";
import { Engine } from "../../src/engine/engine.ts";
import { gradeContext } from "../../src/engine/service.ts";
import { grade } from "../../src/rules/grade.ts";
import { log } from "../../src/log.ts";
import { CASING_FILE, buildCasingJson } from "../../scripts/build-casing-words.ts";

describe("genreOf", () => {
  test.each([
    ["Chewy Salted Chocolate Caramels", { categoryIds: [26], topical: false }, "food"],
    ["Late Night Pho", { categoryIds: [22], topical: false }, "food"],
    ["Prince Harry's Popcorn", { categoryIds: [25], topical: false }, "clip"], // a news story, not a recipe
    ["Baby Hippo Fiona", { categoryIds: [15], topical: true }, "animal"],
    ["Dangerous Jungle Spider", { categoryIds: [22], topical: false }, "animal"],
    ["Siblings Baby Shark Remix Dance", { categoryIds: [22], topical: false }, "clip"], // "shark" is not its head
    ["Autumn Homeware Haul", { categoryIds: [26], topical: false }, "lifestyle"],
    ["Blindfolded Makeup Challenge", { categoryIds: [22], topical: false }, "lifestyle"],
    ["One More Light", { categoryIds: [10, 10], topical: false }, "song"],
    ["Wonderstruck", { categoryIds: [1], titles: ["Wonderstruck Official Trailer [HD] | Amazon Studios"], topical: false }, "screen"],
    ["Halloween Flipbook", { categoryIds: [1], titles: ["Halloween Flipbook"], topical: false }, "clip"], // Film & Animation holds animations
    ["Marvelous Mrs. Maisel", { categoryIds: [24], titles: ["The Marvelous Mrs. Maisel - Official Trailer [HD] | Amazon Video"], topical: false }, "screen"],
    ["Nissan Heisman House", { categoryIds: [24], titles: ["Nissan Heisman House | Signing Day"], topical: false }, "clip"],
    ["Thalidomide", { categoryIds: [27], topical: false }, "explainer"],
    ["Interview With a Runaway Toddler", { categoryIds: [23], topical: false }, "clip"],
    ["Net Neutrality", { categoryIds: [25, 25, 28], topical: true }, null], // a topic people talk about: the general family
    ["Keto Diet", {}, null], // nothing known
  ] as const)("%p %j → %p", (text, ctx, want) => expect(genreOf(text, ctx as any)).toBe(want as Genre | null));
});

const SONG: TopicContext = { storyName: "Hurts Good", titles: ["R5 - Hurts Good (Official Video)", "R5 - Hurts Good (Audio Only)"], channels: ["R5VEVO"], categoryIds: [10, 10], topical: false };
const LABEL_FIRST: TopicContext = { storyName: "One More Light", titles: ["One More Light (Official Video) - Linkin Park"], channels: ["Linkin Park"], categoryIds: [10], topical: false };
const ARTIST: TopicContext = { storyName: "Charlie Puth", titles: ["Charlie Puth - How Long [Official Video]"], channels: ["Charlie Puth"], categoryIds: [10], topical: false };

describe("music stories: the performer or the song", () => {
  test("a name no channel carries and no title opens with is the song", () => {
    for (const [t, ctx] of [["hurts good", SONG], ["one more light", LABEL_FIRST]] as const) {
      const s = subjectOf(t, ctx);
      expect([s.kind, s.genre, s.music]).toEqual(["general", "song", false]);
    }
  });
  test("more titles naming it after the dash than before make it the song, a cover's 'Song - ARTIST' notwithstanding", () => {
    const ctx: TopicContext = {
      storyName: "Good At Goodbyes",
      titles: ["Sam Smith - Too Good At Goodbyes (Live on SNL)", "Too Good At Goodbyes - SAM SMITH | Alicia Moffet & KHS Cover", "Sam Smith - Too Good at Goodbyes in the Live Lounge"],
      channels: ["SamSmithWorldVEVO", "Kurt Hugo Schneider", "BBCRadio1VEVO"],
      categoryIds: [10, 24, 10],
      topical: true,
    };
    expect(subjectOf("good at goodbyes", ctx).genre).toBe("song");
  });
  test("a name its channel carries, on a music release, is the performer even outside the Music category", () => {
    const s = subjectOf("rita ora", { storyName: "Rita Ora", titles: ["Rita Ora - Anywhere (Official Video)"], channels: ["Rita Ora"], categoryIds: [24], topical: false });
    expect([s.kind, s.music]).toEqual(["person", true]);
  });
  test("a list or explainer about animals is no footage of them (seed 118)", () => {
    const ctx = { storyName: "9 Things You Need To Know About Kittens", titles: ["9 Things You Need To Know About Kittens - Simon's Cat | 101"], categoryIds: [15], topical: false };
    const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("9 things you need to know about kittens", ctx), 2017)).filter(Boolean);
    expect(hooks.length).toBeGreaterThan(0);
    expect(hooks.join(" ")).not.toMatch(/Footage|See This/);
    expect(hookText("struct:dash_split", topicSubject("kittens playing", { storyName: "Kittens Playing", titles: ["Kittens Playing"], categoryIds: [15] }), 2017)).toBe("Kittens Playing - Amazing Footage");
  });
  test("a channel named as the part after the dash makes it 'Song - Artist' (seed 115: 'Invitation - Why Don't We')", () => {
    const ctx = { storyName: "Invitation", titles: ["Invitation - Why Don't We [Official Music Video]"], channels: ["Why Don't We"], categoryIds: [10], topical: false };
    expect(subjectOf("invitation", ctx).genre).toBe("song");
    expect(subjectOf("invitation", { ...ctx, channels: ["Invitation"] }).kind).toBe("person");
  });
  test("a name a channel carries is the artist, and no rewrite reframes the artist's performance", () => {
    const s = subjectOf("charlie puth", ARTIST);
    expect([s.kind, s.music]).toEqual(["person", true]);
    expect(hookText("struct:number_led", s, 2017)).toBe("5 Things You Didn't Know About Charlie Puth");
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, s, 2017, "rewrite")).toBeNull();
  });
});

describe("genre hooks", () => {
  test.each([
    ["struct:first_person", "chewy salted chocolate caramels", { categoryIds: [26], topical: false }, "My Favorite Chewy Salted Chocolate Caramels Recipe"],
    ["hook:confession", "late night pho", { categoryIds: [22], topical: false }, "I Made Late Night Pho at Home"],
    ["hook:question", "baby hippo fiona", { categoryIds: [15], topical: true }, "Why Is Everyone Obsessed With Baby Hippo Fiona?"],
    ["hook:bold_claim", "autumn homeware haul", { categoryIds: [26], topical: false }, "My Biggest Autumn Homeware Haul Ever"],
    ["hook:confession", "blindfolded makeup challenge", { categoryIds: [22], topical: false }, "I Tried the Blindfolded Makeup Challenge"],
    ["hook:question", "wonderstruck", { categoryIds: [1, 1], titles: ["Wonderstruck Official Trailer [HD]", "Wonderstruck Review"], topical: false }, "Is Wonderstruck Worth Watching?"],
    // (A story of trailers alone: the film may not be out, so no frame that has seen it.)
    ["hook:question", "wonderstruck", { categoryIds: [1], titles: ["Wonderstruck Official Trailer [HD]"], topical: false }, null],
    ["struct:number_led", "wonderstruck", { categoryIds: [1], titles: ["Wonderstruck Official Trailer [HD]"], topical: false }, "5 Things to Know Before You Watch Wonderstruck"],
    ["struct:dash_split", "thalidomide", { categoryIds: [27], topical: false }, "Thalidomide - Explained"],
    ["hook:confession", "interview with a runaway toddler", { categoryIds: [23], topical: false }, "Interview with a Runaway Toddler: My Honest Reaction"],
  ] as const)("%p for %p → %p", (p, t, ctx, want) => expect(hookText(p, subjectOf(t, ctx as any), 2017)).toBe(want));

  test("a genre without a frame for a pattern gives no hook for it (fewer hooks, no misfit)", () => {
    const clip = subjectOf("interview with a runaway toddler", { categoryIds: [23], topical: false });
    for (const p of TEMPLATE_PATTERNS) if (!GENRE_TEMPLATES.clip[p]) expect(hookText(p, clip, 2017)).toBeNull();
    expect(TEMPLATE_PATTERNS.filter((p) => hookText(p, clip, 2017)).length).toBeGreaterThan(0);
  });

  test("rewrite mode: a subset of the hooks (a clip or explainer asks the audience instead), never a reaction, review or 'I tried' frame", () => {
    const cases: [string, TopicContext][] = [
      ["hurts good", SONG],
      ["wonderstruck", { categoryIds: [1], titles: ["Wonderstruck Official Trailer [HD]"], topical: false }],
      ["interview with a runaway toddler", { categoryIds: [23], topical: false }],
      ["late night pho", { categoryIds: [22], topical: false }],
      ["baby hippo fiona", { categoryIds: [15], topical: true }],
      ["thalidomide", { categoryIds: [27], topical: false }],
      ["autumn homeware haul", { categoryIds: [26], topical: false }],
    ];
    let kept = 0;
    for (const [t, ctx] of cases) {
      const s = subjectOf(t, ctx);
      for (const p of TEMPLATE_PATTERNS) {
        const r = hookText(p, s, 2017, "rewrite");
        if (r === null) continue;
        kept++;
        if (s.genre === "clip" || s.genre === "explainer") expect(r).toMatch(/: What Do You Think\?$/);
        else expect(r).toBe(hookText(p, s, 2017)!);
        expect(r).not.toMatch(/\b(?:reaction|review|reacting|first time hearing)\b/i);
      }
    }
    expect(kept).toBeGreaterThan(5);
  });
});

describe("rewrites keep the draft", () => {
  test("a subject that drops most of the draft gives no rewrite", () => {
    const d = "Sterling K Brown - 2017 Emmys - Full Backstage Speech";
    expect(keepsDraft(d, rewriteSubject(d, { year: 2017 }))).toBe(false);
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, d, { year: 2017 })).toBeNull();
  });
  test("a channel name after a pipe and label words may go", () => {
    for (const d of ["Chewy Salted Chocolate Caramels | Cupcake Jemma", "Google Pixel 2 review after one week", "Nintendo Switch - Official Trailer"]) {
      expect(keepsDraft(d, rewriteSubject(d, { year: 2017 }))).toBe(true);
    }
  });
  test("a long part after a pipe is content, not a channel", () => {
    const d = "Zapad 2017 || Russian Helicopter Kamov Ka-52 Alligator Fail With Air-To-Surface Missiles";
    expect(keepsDraft(d, rewriteSubject(d, { year: 2017 }))).toBe(false);
  });
  test("'by' before a pronoun or after a participle is not a credit", () => {
    expect(rewriteSubject("Call Me By Your Name", { year: 2017 }).text).toBe("Call Me by Your Name"); // a capitalised small word inside a title is lowered
    expect(rewriteSubject("10 Strange Dollar Store Items Sent By Viewers!", { year: 2017 }).text).toMatch(/Sent by Viewers$/i);
    expect(rewriteSubject("Havana by Camila Cabello", { year: 2017 }).text).toBe("Havana");
    expect(rewriteSubject("Torched Out read by Harry Dean Stanton", { year: 2017 }).text).toMatch(/Read by Harry Dean Stanton$/i);
  });
});

describe("drafts", () => {
  test("a film or trailer label makes a screen title, not a how-to, and a screen title gets no rewrite", () => {
    const s = rewriteSubject("COOK OFF! (2017 Movie) – Official Trailer", { year: 2017 });
    expect([s.kind, s.genre]).toEqual(["general", "screen"]);
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "COOK OFF! (2017 Movie) – Official Trailer", { year: 2017 })).toBeNull();
    expect(hookText("hook:question", s, 2017)).toBe("Is Cook Off Worth Watching?");
  });
  test("a how-to named by its dish is a recipe; a number inside keeps it out of 'The Best … Recipe Ever'", () => {
    const s = rewriteSubject("DIY FIVE CRAZY DONUT BURGERS", { year: 2017, story: { categoryIds: [26], topical: false } });
    expect(s.genre).toBe("food");
    expect(hookText("hook:bold_claim", s, 2017)).toBeNull();
    // (Session 11: five burgers are five recipes; "… - Easy Homemade Recipe" was flagged in 5 of 10 seeds of a GB reading.)
    expect(hookText("struct:dash_split", s, 2017, "rewrite")).toBe("Five Crazy Donut Burgers - Easy Homemade Recipes");
  });
  test("framing before a possessive stays: 'The Problem With Our Phones' is not about 'Our Phones'", () => {
    expect(rewriteSubject("The Problem With Our Phones", { year: 2017 }).text).toBe("The Problem With Our Phones");
    expect(rewriteSubject("The problem with the iPhone X", { year: 2017 }).text).toBe("iPhone X");
  });
  test("a highlights video is rewritten as moments or highlights", () => {
    const d = "Demetrious Johnson vs Ray Borg | Highlights | UFC 216";
    const outs = TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).filter((x): x is string => !!x);
    expect(outs.length).toBeGreaterThan(0);
    for (const o of outs) expect(o).toMatch(/\b(?:Moments|Highlights)\b/);
  });
  test("a dash glued to the word before it still splits off the channel; a connector left by a cut frame goes", () => {
    expect(rewriteSubject("GOLD DIVA MACARONS- The Scran Line", { year: 2017 }).text).toBe("Gold Diva Macarons");
    expect(rewriteSubject("iPhone X Impressions & Hands On!", { year: 2017 }).text).toBe("iPhone X");
  });
  test("a plural subject with a base-form verb is a clause; a commercial reads with 'the'", () => {
    expect(rewriteSubject("Arctic Foxes Destroy Filmmaker's Camera", { year: 2017 }).kind).toBe("headline");
    expect(hookText("hook:question", subjectOf("1976 buick skyhawk commercial"), 2017)).toBe("Why Is Everyone Talking About the 1976 Buick Skyhawk Commercial?");
  });
  test("'at home' and 'in 10 minutes' only for a task done by hand", () => {
    const win = subjectOf("how to win australia");
    const make = subjectOf("how to make cold brew");
    for (const p of ["hook:statistic", "struct:second_person", "struct:number_led"]) expect(hookText(p, win, 2017) ?? "").not.toMatch(/at Home|in 10 Minutes/);
    // (Cold brew steeps overnight: a thing made takes what it takes, see QUICK_TASK.)
    expect(hookText("hook:statistic", make, 2017)).toBeNull();
    expect(hookText("hook:statistic", subjectOf("how to style short wigs"), 2017)).toBe("How to Style Short Wigs in 10 Minutes");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, make, 2017)).join(" / ")).toMatch(/Make Cold Brew at Home/);
  });
  test("spelling: 'w/' spelled out, two-letter capitals in mixed case are emphasis, a music video's MV label goes", () => {
    expect(subjectOf("candy corn themed pizza w/ my dad").text).toBe("Candy Corn Themed Pizza with My Dad");
    expect(rewriteSubject("How To LEVEL UP Hot Chocolate Fudge Sauce", { year: 2017 }).text).toBe("Level Up Hot Chocolate Fudge Sauce");
    expect(rewriteSubject("BTS 'DNA' Official MV", { year: 2017 }).text).toMatch(/^BTS 'DNA'$/i);
  });
  test("a rewrite: an article-led subject is no product; a question gets no question tail; a clause stays whole", () => {
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "I Bought An Entire Outfit Blindfolded", { year: 2017 }) ?? "").not.toMatch(/Before You Buy/);
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "Why Are You Anxious?", { year: 2017 }) ?? "").not.toMatch(/What Do You Think/);
    expect(rewriteSubject("The Real Reason Taxes Suck", { year: 2017 }).kind).toBe("headline");
    expect(hookText("struct:dash_split", subjectOf("wonder woman makeup tutorial"), 2017) ?? "").not.toMatch(/Tutorial.*Tutorial/);
  });
  test("kickers and *asterisk tags* are not the subject", () => {
    expect(rewriteSubject("ULTRA RARE! - Velvet Worm", { year: 2017 }).text).toBe("Velvet Worm");
    expect(rewriteSubject("DIY OUIJA NAIL ART *not clickbait* *actual nail art* *emergency*", { year: 2017 }).text).toBe("DIY Ouija Nail Art");
    expect(rewriteSubject("Amazing Grace", { year: 2017 }).text).toBe("Amazing Grace"); // a kicker word inside a name stays
    // A double dash separates like a dash ("… Are Engaged -- See the Ring!").
    const engaged = { storyName: "Joe Jonas and Sophie Turner Are Engaged", titles: ["Joe Jonas and Sophie Turner Are Engaged -- See the Ring!"], categoryIds: [24] };
    expect(topicSubject("joe jonas and sophie turner are engaged", engaged).text).toBe("Joe Jonas and Sophie Turner Are Engaged");
    expect(rewriteSubject("Joe Jonas and Sophie Turner Are Engaged -- See the Ring!", { year: 2017 }).text).toBe("Joe Jonas and Sophie Turner Are Engaged");
  });
  test("a trailer's title reports no death ('The Death Cure'); 'FULL TRAILER' and ' / ' are labels and separators", () => {
    const s = rewriteSubject("Maze Runner: The Death Cure | Official Trailer [HD] | 20th Century FOX", { year: 2017 });
    expect([s.tone.sensitive, s.genre]).toEqual([false, "screen"]);
    expect(rewriteSubject("Batman vs IT/Pennywise FULL TRAILER", { year: 2017 }).genre).toBe("screen");
    expect(rewriteSubject("Games of Phones / Story", { year: 2017 }).text).toBe("Games of Phones");
  });
  test("a clause or relative clause is a headline even when it names a how-to word", () => {
    expect(rewriteSubject("Kenyon Martin takes issue with Jeremy Lin's dreaded hairstyle", { year: 2017 }).kind).toBe("headline");
    expect(rewriteSubject("The Centuries-Old Debt That's Still Paying Interest", { year: 2017 }).kind).toBe("headline");
    expect(rewriteSubject("Makeup Tutorial for Straight Men", { year: 2017 }).kind).toBe("howto");
  });
  test("a yes/no question gets no question tail; emphasis capitals are calmed", () => {
    const s = subjectOf("did i really buy shoes on ebay?");
    expect(hookText("hook:question", s, 2017) ?? "").not.toMatch(/What Do You Think/);
    // (Since session 12 a superlative takes its article.)
    expect(rewriteSubject("Best Wash-N-Go EVER!", { year: 2017 }).text).toBe("The Best Wash-N-Go Ever");
  });
  test("names and labels: 'New Orleans' keeps its 'New', 'Video of' is framing, **tags** go, an open quote goes", () => {
    expect(rewriteSubject("New Orleans readies for storm surge from Hurricane Nate", { year: 2017 }).text).toMatch(/^New Orleans/);
    expect(rewriteSubject("New iPhone X", { year: 2017 }).text).toBe("iPhone X");
    expect(rewriteSubject("Video of Storm Ophelia in Ireland", { year: 2017 }).text).toBe("Storm Ophelia in Ireland");
    expect(rewriteSubject("MY 2017 YOUTUBE REWIND **365 DAYS OF VLOGS**", { year: 2017 }).text).not.toContain("*");
    expect(subjectOf("filming 'mother").text).toBe("Filming Mother");
  });
  test("a sensitive draft in the first person anywhere is the creator's own story, not news", () => {
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "Dealing with Cancer (This is my SECRET)", { year: 2017 }) ?? "").not.toMatch(/What We Know/);
  });
  test("a parody is a clip, a teaser a screen title; a dish drops its 'Recipe'", () => {
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "iPhone X (parody)", { year: 2017 }) ?? "").not.toMatch(/Buy/);
    expect(rewriteSubject("Jack Ryan - Teaser: The Reveal [HD] | Amazon Video", { year: 2017 }).genre).toBe("screen");
    const soup = rewriteSubject("Chicken Fajita Soup Recipe | Episode 1195", { year: 2017, story: { categoryIds: [26], topical: false } });
    expect(hookText("struct:dash_split", soup, 2017, "rewrite")).toBe("Chicken Fajita Soup - Easy Homemade Recipe");
  });
  test("a rewrite reframes by kind only where the frame fits the creator's video", () => {
    // a product only when the draft reviews or tests it
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "Homemade Nintendo Switch", { year: 2017 }) ?? "").not.toMatch(/Buy/);
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Nintendo Switch review", { year: 2017 })).some((r) => /Buy/.test(r ?? ""))).toBe(true);
    // a person in an entertainment story (an ad, a music video) is no profile
    const ent = { year: 2017, story: { storyName: "Katy Perry", titles: ["Katy Perry: Will You Be My Witness?"], categoryIds: [24], channels: ["Katy Perry"], topical: false } };
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "Katy Perry: Will You Be My Witness?", ent) ?? "").not.toMatch(/Didn't Know|Don't Know|Untold/);
  });
  test("an event frame only for sports and news; no rewrite in a music story", () => {
    const d = "Japan vs USA | How different are fast food menus?";
    const vlog = { year: 2017, story: { storyName: "Japan vs USA", titles: [d], categoryIds: [22], channels: ["x"], topical: false } };
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, d, vlog) ?? "").not.toMatch(/Moments|Highlights/);
    const sport = { year: 2017, story: { storyName: "Packers vs. Cowboys", titles: ["Packers vs. Cowboys | NFL Week 5 Game Highlights"], categoryIds: [17], channels: ["NFL"], topical: false } };
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Packers vs. Cowboys | NFL Week 5 Game Highlights", sport)).some((r) => /Moments/.test(r ?? ""))).toBe(true);
    const music = { year: 2017, story: { storyName: "Tom Petty", titles: ["Tom Petty & The Heartbreakers -- American Girl"], categoryIds: [10, 10], channels: ["x"], topical: true } };
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "Tom Petty & The Heartbreakers -- American Girl", music)).toBeNull();
  });
  test("a story of mixed categories gets no kind frame in a rewrite; a draft with no story does", () => {
    const mixed = { year: 2017, story: { storyName: "Camila Cabello", titles: ["Camila Cabello: Havana", "Camila Cabello Interview"], categoryIds: [10, 24, 22, 25], channels: ["a", "b", "c", "d"], topical: true } };
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "Camila Cabello: Havana", mixed) ?? "").not.toMatch(/Know About|Didn't Know/);
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Jennifer Lawrence", { year: 2017 })).some((r) => /Jennifer Lawrence/.test(r ?? "") && !/What Do You Think/.test(r ?? ""))).toBe(true);
  });
  test("two dropped words as many as the kept ones lose the draft", () => {
    expect(keepsDraft("John Oliver - Harvey Weinstein", rewriteSubject("John Oliver - Harvey Weinstein", { year: 2017 }))).toBe(false);
  });
  test("a rewrite of an entertainment story's general subject asks the audience, not 'What You Need to Know About'", () => {
    const ctx = { year: 2017, story: { storyName: "Halloween Costumes", titles: ["GROUP HALLOWEEN COSTUME IDEAS | Walking Dead, Riverdale + more!", "DIY Halloween Costumes"], categoryIds: [24, 22, 24], channels: ["a", "b", "c"], topical: true } };
    const outs = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Group Halloween Costume Ideas", ctx)).filter(Boolean);
    for (const o of outs) expect(o).not.toMatch(/What You Need to Know/);
  });
  test("no reaction frame on a reaction video; no question tail after 'How well does…'; stray asterisks go", () => {
    const s = subjectOf("demi lovato reacts to demi lovato's childhood videos");
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, s, 2017) ?? "").not.toMatch(/Reaction\]|: My Honest Reaction/);
    expect(hookText("hook:question", subjectOf("how well does my boyfriend know riverdale?"), 2017) ?? "").not.toMatch(/What Do You Think/);
    expect(subjectOf("clothes *for cheap").text).toBe("Clothes for Cheap");
  });
  test("a how-to in a disaster is safety advice that keeps its 'How to'", () => {
    const s = subjectOf("how to recognize gunfire");
    expect(s.tone.sensitive).toBe(true);
    const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter((x): x is string => !!x);
    expect(hooks.length).toBeGreaterThan(2);
    for (const h of hooks) expect(h).toMatch(/^How (?:to|Do You) Recognize Gunfire/);
  });
  test("no hook for a subject of non-words, or for a headline cut at the length limit", () => {
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("rrrrrrrrrrrrr"), 2017)).toBeNull();
    const long = "Jordan Peele and Spike Lee Team Up for Movie About Black Cop Who Infiltrated the KKK";
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, long, { year: 2017 })).toBeNull();
  });
  test("a frame never repeats a word of the subject", () => {
    const s = subjectOf("honest trailers", { categoryIds: [1], titles: ["Honest Trailers - Wonder Woman"], topical: true });
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, s, 2017) ?? "").not.toMatch(/Honest.*Honest/);
  });
  test("labels with a number go ('Teaser Trailer #1'); a judgement of 'Your …' stays; a person and a verb is a clause", () => {
    expect(rewriteSubject("The Commuter Teaser Trailer #1", { year: 2017 }).text).toBe("The Commuter"); // a film keeps the article of its title;
    expect(rewriteSubject("Your Body Is Amazing Pt. 2", { year: 2017 }).text).toMatch(/^Your Body Is Amazing/);
    expect(rewriteSubject("Hillary Clinton speaks", { year: 2017 }).kind).toBe("headline");
  });
  test("*emphasis* inside a title is a word; a routine of one's own is no tutorial", () => {
    expect(rewriteSubject("TESTING OUT *FAKE* MAKEUP PART 2", { year: 2017 }).text).toBe("Testing Out Fake Makeup");
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "My Early Morning Flight Routine! | Ingrid Nilsen", { year: 2017 }) ?? "").not.toMatch(/Tutorial/);
    expect(rewriteSubject("Trump Blames Puerto Rico For Running Up His Budget", { year: 2017 }).kind).toBe("headline");
  });
  test("a pair's dangling possessive goes, a brand's stays; a film beats its animal word; no frame for a hypothetical about death", () => {
    expect(subjectOf("vanessa and maks’").text).toBe("Vanessa and Maks");
    expect(subjectOf("mcdonald's").text).toBe("McDonald's");
    expect(genreOf("Isle of Dogs", { categoryIds: [1], titles: ["ISLE OF DOGS | Official Trailer | FOX Searchlight"], topical: false })).toBe("screen");
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("what animal will survive when everyone dies?"), 2017)).toBeNull();
  });
  test("a name's thing is no person; a sensitive yes/no question gets no frame", () => {
    expect(subjectOf("victoria beckham collection").kind).not.toBe("person");
    expect(subjectOf("victoria beckham").kind).toBe("person");
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "Did The Las Vegas Gunman Act Alone?", { year: 2017 })).toBeNull();
  });
  test("a music release keeps its title; no reaction tail after a question; a how-to naming its format is no topic", () => {
    for (const p of TEMPLATE_PATTERNS) expect(rewriteText(p, "DIY QUEEN - LAURDIY (OFFICIAL MUSIC VIDEO)", { year: 2017 })).toBeNull();
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("what's this video about?"), 2017) ?? "").not.toMatch(/Reaction/);
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("autumn makeup tutorial for straight men"), 2017) ?? "").not.toMatch(/Know About/);
  });
  test("a story name cut at its length limit, typed as the topic, is answered for the title it was cut from", () => {
    const ctx = { storyName: "Forced Arbitration Is a Get Out of Jail Free Card for Big", titles: ["Forced Arbitration Is a Get Out of Jail Free Card for Big Banks"] };
    expect(topicSubject("forced arbitration is a get out of jail free card for big", ctx).text).toBe("Forced Arbitration Is a Get Out of Jail Free Card for Big Banks");
    // not a title that merely starts with the same letters
    expect(topicSubject("the best of the big bang theory season one", { storyName: "The Best of the Big Bang Theory Season One", titles: ["The Best of the Big Bang Theory Season Ones"] }).text).not.toMatch(/Ones/);
  });
  test("a list the lead title goes on with is no subject alone; a year glued to a word breaks a title (US reading 227, audit)", () => {
    const franco = { storyName: "Dave Franco, Kumail Nanjiani", titles: ["Dave Franco, Kumail Nanjiani and Fred Armisen Answer the Web's Most Searched Questions | WIRED"], categoryIds: [24] };
    expect(topicSubject("dave franco, kumail nanjiani", franco).text).toBe("");
    const miley = { storyName: "Miley Cyrus talks VMAs, music", titles: ["Miley Cyrus talks VMAs, music and America in 2017 at Rainbowland"], categoryIds: [10] };
    expect(topicSubject("miley cyrus talks vmas, music", miley).text).toBe("Miley Cyrus Talks VMAs, Music and America in 2017 at Rainbowland");
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("Maradona Goal V England 1986.Goal Impossible"), 2017)).toBeNull();
  });
  test("a how-to in comedy, film or news is quoted whole, no tutorial; a film named like a task stays a film (US reading 226)", () => {
    const real = { storyName: "Make it Real", titles: ["Make it Real: Kingsman Umbrella Gun!"], categoryIds: [1] };
    const vlog = { storyName: "How to Vlog", titles: ["How to Vlog (feat. TomSka)"], categoryIds: [23] };
    const hooks = (t: string, ctx: TopicContext) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(t, ctx), 2017)).filter(Boolean) as string[];
    for (const [t, ctx] of [["make it real", real], ["how to vlog", vlog]] as const) {
      expect(hooks(t, ctx).length).toBeGreaterThan(0);
      for (const h of hooks(t, ctx)) expect(h).not.toMatch(/Ways to|I Tried|Easiest|Step by Step|at Home|in 10 Minutes/);
    }
    expect(hooks("how to vlog", vlog)).toContain("How to Vlog [Reaction]");
    // the same task in How-to & Style is taught
    expect(hooks("how to vlog", { ...vlog, categoryIds: [26] }).some((h) => /Step by Step|Easy Way|Easiest/.test(h))).toBe(true);
    const film = { storyName: "COOK OFF!", titles: ["COOK OFF! (2017 Movie) – Official Trailer"], categoryIds: [1] };
    expect(hooks("cook off!", film).some((h) => /Watch/.test(h))).toBe(true);
  });
  test("the title a name is answered for ends at its first full stop after the name, not at an abbreviation (GB reading 58)", () => {
    const pence = { storyName: "Mike Pence Delivers Moving Speech in Shanksville", titles: ["Mike Pence Delivers Moving Speech in Shanksville, PA. Flight 93."], categoryIds: [22] };
    expect(topicSubject("mike pence delivers moving speech in shanksville", pence).text).toBe("Mike Pence Delivers Moving Speech in Shanksville, PA");
    const honda = { storyName: "The Honda Civic has a very small feature", titles: ["The Honda Civic has a very small feature, that I never noticed. Until now."], categoryIds: [2] };
    expect(topicSubject("the honda civic has a very small feature", honda).text).not.toMatch(/Until/);
    const ft = { storyName: "Soccer Trick Shots", titles: ["Soccer Trick Shots ft. Chelsea F.C. | Dude Perfect"], categoryIds: [17], topical: false };
    expect(topicSubject("soccer trick shots", ft).text).not.toMatch(/Ft$/);
  });
  test("a story named by a shared fragment, typed as the topic, is answered for its lead title; a named person stays", () => {
    expect(topicSubject("boyfriend buys", { storyName: "Boyfriend Buys", titles: ["BOYFRIEND BUYS MY OUTFITS!", "GIRLFRIEND BUYS MY OUTFITS"], categoryIds: [22, 22], topical: false }).text).toBe("Boyfriend Buys My Outfits");
    const jl: TopicContext = { storyName: "Justice League", titles: ["New Justice League Trailer, Last Jedi Trailer Tomorrow", "Justice League - Official Trailer"], categoryIds: [24, 1], channels: ["a", "b"], topical: true };
    expect(topicSubject("boyfriend buys", { storyName: "Boyfriend Buys", titles: ["BOYFRIEND BUYS MY OUTFITS!", "GIRLFRIEND BUYS MY OUTFITS"], categoryIds: [22, 22], channels: ["a", "b"], topical: true }).text).toBe("Boyfriend Buys My Outfits");
    expect(topicSubject("justice league", jl).text).toBe("Justice League");
    const bruno: TopicContext = { storyName: "Bruno Mars", titles: ["Bruno Mars That's What I Like Acoustic Remix | Charlie Rose", "That's What I Like - Bruno Mars (Rat Pack Style Cover)"], categoryIds: [24, 10], channels: ["Charlie Rose", "PostmodernJukebox"], topical: true };
    const s = topicSubject("bruno mars", bruno);
    expect([s.text, s.kind]).toEqual(["Bruno Mars", "person"]);
  });
  test("a listicle whose rest is a clause keeps its list ('10 Easy Magic Tricks Anyone Can Do')", () => {
    expect(rewriteSubject("10 Easy Magic Tricks Anyone Can Do", { year: 2017 }).text).toBe("10 Easy Magic Tricks Anyone Can Do");
    expect(rewriteSubject("7 things nobody tells you about the keto diet", { year: 2017 }).text.toLowerCase()).toBe("keto diet");
  });
  test("a list index is not part of the subject", () => {
    expect(rewriteSubject("7. Teach the First Behavior", { year: 2017 }).text).toBe("Teach the First Behavior");
  });
  test("a film keeps its article; a trailer word in a series' own name makes no film; a bare name gets no reaction tag", () => {
    expect(subjectOf("the shape of water", { storyName: "The Shape of Water", titles: ["The Shape of Water | Official Trailer"], categoryIds: [1], topical: true }).text).toBe("The Shape of Water");
    expect(genreOf("Honest Trailers", { categoryIds: [1], titles: ["Honest Trailers - Wonder Woman"], topical: true })).not.toBe("screen");
    const s = subjectOf("green lantern", { storyName: "Green Lantern", titles: ["Green Lantern"], categoryIds: [22], topical: false });
    for (const p of TEMPLATE_PATTERNS) expect(hookText(p, s, 2017) ?? "").not.toMatch(/\[Reaction\]/);
  });
  test("a product's feature is not something to buy", () => {
    expect(rewriteSubject("iPhone 8 Charging Speed Comparison", { year: 2017 }).kind).toBe("general");
  });
});

describe("emphasis capitals (scripts/build-casing-words.ts)", () => {
  test("the word list is rebuilt byte for byte from the repository's titles", async () => {
    const root = `${import.meta.dir}/../..`;
    expect(await buildCasingJson(root)).toBe(await Bun.file(`${root}/${CASING_FILE}`).text());
  });
  test("a common word in capitals is written plain; acronyms keep their capitals", () => {
    expect(subjectOf("Attacked by a Police DOG!!").text).toBe("Attacked by a Police Dog");
    expect(subjectOf("My Girlfriend's GAY Friend").text).toBe("My Girlfriend's Gay Friend");
    for (const t of ["NASA Mission Control 360", "Japan vs USA", "NFL Week 5", "BTS 'DNA' Teaser"]) expect(subjectOf(t).text).toBe(t);
  });
});

describe("one-word topics", () => {
  test("a one-word topic of no known kind is answered for the matched story's name", () => {
    expect(topicSubject("nails", { storyName: "Nail Art Designs" }).text).toBe("Nail Art Designs");
    expect(topicSubject("trip", { storyName: "Road Trip with The Dolan Twins" }).text).toBe("Road Trip with the Dolan Twins");
  });
  test("a word the story's name does not hold stays as typed (the match came through a tag)", () => {
    expect(topicSubject("kuwtk", { storyName: "10 Years" }).text).not.toBe("10 Years");
  });
  test("a topic that is framing alone is answered for the story's lead title", () => {
    const ctx = { storyName: "Watch Live", titles: ["WATCH LIVE: Sarah Sanders holds White House news briefing", "Watch live: Press briefing"] };
    expect(topicSubject("watch live", ctx).text).toBe("Sarah Sanders Holds White House News Briefing");
  });
  test("a one-word topic of a known kind, or a story of one word, stays as typed", () => {
    expect(topicSubject("iphone", { storyName: "iPhone X" }).text).toBe("iPhone");
    expect(topicSubject("bitcoin", { storyName: "Bitcoin Gold Fork" }).text).toBe("Bitcoin");
    expect(topicSubject("jumanji", { storyName: "Jumanji" }).text).toBe("Jumanji");
  });
});

describe("demo vault", () => {
  log.setQuiet(true);
  const e = new Engine(`${import.meta.dir}/../../snapshots`);
  e.refresh();
  const snap = e.current!;
  const ctx = gradeContext(snap, Date.parse(snap.body.date + "T12:00:00Z"));

  test("no rewrite of a vault title turns the video into a reaction, a review or an 'I tried'", () => {
    let withRewrites = 0;
    for (const v of snap.body.videos.slice(0, 600)) {
      const g = grade(v.title.slice(0, 200), ctx);
      if (g.rewrites.length) withRewrites++;
      for (const r of g.rewrites) {
        for (const w of ["reaction", "review", "i tried"]) if (!v.title.toLowerCase().includes(w)) expect(r.text.toLowerCase()).not.toContain(w);
      }
    }
    // Not vacuous: coverage is reported in bench/RESULTS.text.md (59 of these 600 titles since session 11, whose rewrites
    // claim nothing the draft does not say; was 60+).
    expect(withRewrites).toBeGreaterThan(40);
  }, 60_000);
});

// From the reading of seed 70 (bench/RESULTS.text.md, session 2026-11-26 11:30Z).
describe("comparisons, films named like tasks, shift typos, small words", () => {
  const all = (s: ReturnType<typeof subjectOf>, mode: "hook" | "rewrite" = "hook") =>
    TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017, mode)).filter((x): x is string => !!x);
  test("a comparison asks which side wins; people win, things are better; the same thing twice gets nothing", () => {
    const men = all(subjectOf("men vs women", { storyName: "Men vs Women", titles: ["Men vs Women - How Are They Different?"], categoryIds: [27] }));
    expect(men).toContain("Men vs Women: Who Wins?");
    expect(men).toContain("5 Differences Between Men and Women");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Japan vs USA"), 2017)).join(" | ")).toContain("5 Differences Between Japan and the USA"); // (seed 156: a country with its article)
    expect(men.join(" ")).not.toMatch(/What I Learned|Things to Know/);
    expect(all(subjectOf("iphone x vs pixel 2"))).toContain("iPhone X vs Pixel 2: Which Is Better?");
    expect(all(subjectOf("Reese's Tacos vs Reese's Tacos", { titles: ["REESE'S TACOS VS REESE'S TACOS"], categoryIds: [24] }))).toEqual([]);
  });
  test("a match stays an event: in Sports, or when the title says highlights", () => {
    expect(subjectOf("Chicago Bulls vs Dallas Mavericks", { categoryIds: [17, 17] }).kind).toBe("event");
    expect(rewriteSubject("Demetrious Johnson vs Ray Borg | Highlights | UFC 216", { year: 2017 }).kind).toBe("event");
    expect(rewriteSubject("iPhone 8 vs 8 Plus Unboxing & Comparison!", { year: 2017 }).genre).toBe("versus"); // not a product to buy
  });
  test("a film whose name reads as a task is a film", () => {
    const s = subjectOf("Cook off!", { storyName: "Cook off!", titles: ["COOK OFF! (2017 Movie) – Official Trailer"], categoryIds: [1] });
    expect([s.kind, s.genre, s.vp]).toEqual(["general", "screen", false]);
    expect(all(s).join(" ")).not.toMatch(/I Tried to Cook|at Home/);
  });
  test("a crash of an aircraft or vehicle is a tragedy; other crashes are not", () => {
    expect(toneOf("Italian Eurofighter Airplane crash during show in Terracina").sensitive).toBe(true);
    expect(toneOf("Helicopter crash in Texas").sensitive).toBe(true);
    expect(toneOf("Bitcoin crash explained").sensitive).toBe(false);
  });
  test("a capital vowel typed second is a typo; a second consonant is a name", () => {
    expect(subjectOf("Isla FIsher Shares Her Experience Being In Wedding Crashers").text).toBe("Isla Fisher Shares Her Experience Being in Wedding Crashers");
    expect(subjectOf("DOnald Trump").text).toBe("Donald Trump");
    expect(subjectOf("CQuartz Coating").text).toBe("CQuartz Coating");
    expect(subjectOf("JLaw").text).toBe("JLaw");
  });
  test("the head of a shouted compound keeps its capital", () => {
    expect(rewriteSubject("How To Make A GROSS-Tacular Surprise Inside HALLOWEEN ROULETTE CAKE", { year: 2017 }).text).toBe("Make a Gross-Tacular Surprise Inside Halloween Roulette Cake");
  });
  test("a story name typed as the topic is answered for a lead title only when that title holds the whole name", () => {
    const ctx = { storyName: "Riverdale Season 2", titles: ["Part 2 of Riverdale Season 2 Q&A | Madelaine Petsch", "Riverdale Season 2 Q&A answering your questions! (Part 1) | Madelaine Petsch"], categoryIds: [22, 22], topical: false };
    expect(topicSubject("riverdale season 2", ctx).text).not.toMatch(/^Part/);
    expect(topicSubject("boyfriend buys", { storyName: "Boyfriend Buys", titles: ["Boyfriend Buys My Outfits"], categoryIds: [22], topical: false }).text).toBe("Boyfriend Buys My Outfits");
  });
  test("no year tag, on a creator format or a project (session 11: read as an upload's leftover date); a person's minute is their story", () => {
    const haul = subjectOf("Autumn Homeware Haul", { titles: ["Autumn Homeware Haul"], categoryIds: [26], topical: false });
    expect(hookText("struct:bracket_tag", haul, 2017)).toBeNull();
    expect(hookText("struct:first_person", haul, 2017)).toBe("My Autumn Homeware Haul");
    const project = subjectOf("Building a High Capacity Battery Bank Using My DIY Tab Welder", { titles: ["Building a High Capacity Battery Bank Using My DIY Tab Welder"], categoryIds: [27], topical: false });
    expect(hookText("struct:bracket_tag", project, 2017)).toBeNull();
    expect(hookText("hook:statistic", subjectOf("Kane Brown", { categoryIds: [10], titles: ["Kane Brown - Heaven"], channels: ["KaneBrownVEVO"] }), 2017)).toBe("Kane Brown's Story in 60 Seconds");
  });
});

// From the reading of seed 71.
describe("clips, credits, costumes, two sentences", () => {
  test("a one-creator clip with a short name gets no reaction and no 'everyone is talking about'", () => {
    const s = subjectOf("Helmer Zone", { storyName: "Helmer Zone", titles: ["Helmer Zone"], categoryIds: [22], topical: false });
    expect(s.genre).toBe("clip");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean)).toEqual([]);
    const long = subjectOf("Interview With a Runaway Toddler", { titles: ["Interview With a Runaway Toddler"], categoryIds: [23], topical: false });
    expect(hookText("hook:confession", long, 2017)).toBe("Interview With a Runaway Toddler: My Honest Reaction");
  });
  test("a work credited to its own channel keeps its title", () => {
    const story = { storyName: "Hurry Up", titles: ["HURRY UP! by SUPERFRUIT"], channels: ["SUPERFRUIT"], categoryIds: [24], topical: false };
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "HURRY UP! by SUPERFRUIT", { year: 2017, story })).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "10 Strange Dollar Store Items Sent By Viewers!", { year: 2017 })).filter(Boolean).length).toBeGreaterThan(0);
  });
  test("a costume or makeup look plays death, it reports none", () => {
    expect(toneOf("DAY TO DEAD HALLOWEEN DRUGSTORE MAKEUP TUTORIAL").sensitive).toBe(false);
    expect(toneOf("Zombie Victim SFX Makeup").sensitive).toBe(false);
    expect(toneOf("Man found dead after Halloween party").sensitive).toBe(true); // Halloween alone is no costume
    expect(toneOf("Two dead in Las Vegas shooting").sensitive).toBe(true);
  });
  test("a headline of two sentences gets no frame; abbreviations are no sentence break", () => {
    const two = subjectOf("Never Been so MAD. Grilling With Liza!!");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, two, 2017)).filter(Boolean)).toEqual([]);
    const one = subjectOf("Mrs. Maisel Takes the Stage at the Gaslight Cafe Tonight");
    expect(one.kind).toBe("headline");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, one, 2017)).filter(Boolean).length).toBeGreaterThan(0);
  });
  test("a test after a measure is the video; 'Vs.' inside a title is lower case", () => {
    expect(rewriteSubject("ANVIL Vs. GIANT OFFICE PRINTER 45m Drop Test!!", { year: 2017 }).text).toBe("Anvil vs. Giant Office Printer 45m Drop Test");
    expect(rewriteSubject("Pumpkin Spice Oreo Taste Test!", { year: 2017 }).text).toBe("Pumpkin Spice Oreo Taste Test"); // the test is the video (seed 101)
  });
});

// From the reading of seed 72.
describe("animals, invitations, filmmakers, models, glued dashes, kickers, guests", () => {
  test("a species in the singular reads with 'the'; harm in an animal clip makes it a happening", () => {
    const worm = subjectOf("Velvet Worm", { titles: ["ULTRA RARE! - Velvet Worm"], categoryIds: [15], topical: false });
    expect(hookText("struct:number_led", worm, 2017)).toBe("5 Things You Didn't Know About the Velvet Worm");
    const fiona = subjectOf("Baby Hippo Fiona", { titles: ["Baby Hippo Fiona"], categoryIds: [15], topical: false });
    expect(hookText("struct:number_led", fiona, 2017)).toBe("5 Things You Didn't Know About Baby Hippo Fiona");
    const dog = subjectOf("Attacked by a Police DOG!!", { titles: ["ATTACKED BY A POLICE DOG!!"], categoryIds: [22], topical: false });
    expect(dog.kind).toBe("headline");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, dog, 2017)).join(" ")).not.toMatch(/Amazing Footage|Obsessed/);
  });
  test("a clip that invites the viewer gets no reaction", () => {
    const s = subjectOf("Get Ready With Us", { titles: ["Get Ready With Us - Streamy Awards"], categoryIds: [22], topical: false });
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean)).toEqual([]);
  });
  test("'a NAME film' credits a filmmaker: the name is no film", () => {
    expect(genreOf("Galen Hooks", { categoryIds: [24], titles: ["GALEN HOOKS  ||   WAIT for ME   ||   a GALEN HOOKS film"], topical: false })).not.toBe("screen");
    expect(genreOf("Wonderstruck", { categoryIds: [1], titles: ["Wonderstruck Official Trailer [HD] | Amazon Studios"], topical: false })).toBe("screen");
  });
  test("a model a title writes in lower case keeps it; a user's lower-case model code is still capitalised", () => {
    expect(subjectOf("original prusa i3 mk3 release!", { storyName: "Original Prusa i3 MK3 Release!", titles: ["Original Prusa i3 MK3 Release!"] }).text).toBe("Original Prusa i3 MK3 Release");
    expect(subjectOf("htc u11 plus", { storyName: "HTC U11 Plus", titles: ["HTC U11 Plus hands-on", "HTC U11 Plus Leaked 360 Degree Renders"] }).text).toBe("HTC U11 Plus");
    expect(subjectOf("galaxy s8 camera").text).toMatch(/S8/);
  });
  test("a dash glued between a lower-case word and a capital splits; Title-Cased compounds and prefixes stay", () => {
    expect(rewriteSubject("Homemade invention Quad electric bike-Unusual Vehicles You Must See", { year: 2017 }).text).toBe("Homemade Invention Quad Electric Bike");
    expect(rewriteSubject("Dave Franco Had a Weed Cookie-Induced Panic Attack", { year: 2017 }).text).toMatch(/Cookie-Induced Panic Attack$/);
    expect(rewriteSubject("‘Mystery Van’ Helping Self-Driving Cars Communicate with People", { year: 2017 }).text).toMatch(/Communicate with People/);
    expect(rewriteSubject("Huge anti-Trump rally in Boston", { year: 2017 }).text).toMatch(/anti-Trump/i);
  });
  test("a kicker at the end goes; so does a guest after a format; no 'Your Guide to … Tutorial'", () => {
    expect(rewriteSubject("FULL FACE USING CHEAP AMAZON MAKEUP... OMG", { year: 2017 }).text).toBe("Full Face Using Cheap Amazon Makeup");
    const d = "PINHEAD HALLOWEEN COSTUME MAKEUP TUTORIAL W/ RAWBEAUTYKRISTI";
    expect(rewriteSubject(d, { year: 2017 }).text).toBe("Pinhead Halloween Costume Makeup Tutorial");
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).join(" ")).not.toMatch(/Your Guide to .*Tutorial/);
    expect(rewriteSubject("Pizza w/ My Dad", { year: 2017 }).text).toBe("Pizza with My Dad");
  });
  test("a weigh-in or a bout is an event, not a comparison", () => {
    expect(rewriteSubject("Canelo vs. Golovkin Official Weigh-In", { year: 2017 }).kind).toBe("event");
  });
});

// From the reading of seed 73.
describe("channels, bands, dishes, vlogs, trials", () => {
  test("a channel is no product; a band named like an imperative is a performer", () => {
    const ign = subjectOf("IGN", { storyName: "IGN Live", titles: ["IGN Live: E3 2017"], channels: ["IGN"], categoryIds: [20, 20] });
    // A creator or a brand, not a person (GB reading 20: "GoPro [Career Highlights]").
    expect(ign.kind).toBe("general");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, ign, 2017)).join(" ")).not.toMatch(/Switched|Buy|Career Highlights|'s Story/);
    expect(subjectOf("Enter Shikari", { titles: ["Enter Shikari - Live Outside"], channels: ["Enter Shikari"], categoryIds: [10, 10] }).kind).toBe("person");
    expect(subjectOf("Enter the Dragon Cave").kind).toBe("headline");
  });
  test("one countable dish takes 'a'; soups and plurals do not; 'DIY' goes from a dish", () => {
    const cookie = subjectOf("DIY Kinda BIG Oreo Cookie", { titles: ["DIY Kinda BIG Oreo Cookie"], categoryIds: [26], topical: false });
    expect(hookText("hook:confession", cookie, 2017)).toBe("I Made a Kinda Big Oreo Cookie at Home");
    const pho = subjectOf("Late Night Pho", { titles: ["Late Night Pho"], categoryIds: [22], topical: false });
    expect(hookText("hook:confession", pho, 2017)).toBe("I Made Late Night Pho at Home");
  });
  test("an illness in a People & Blogs story is the creator's own story", () => {
    const story = { storyName: "Chemotherapy Effects Not Working", titles: ["Chemotherapy Effects Not Working!"], channels: ["Cancer Vlogger"], categoryIds: [22], topical: false };
    const outs = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Chemotherapy Effects Not Working!", { year: 2017, story })).filter(Boolean);
    expect(outs).toContain("Chemotherapy Effects Not Working - My Story");
    expect(outs.join(" ")).not.toMatch(/What You Need to Know/);
  });
  test("a tutorial the creator tried stays a trial in its rewrite", () => {
    const outs = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "I Tried A 10-Step Korean Skincare Routine For A Month", { year: 2017 })).filter(Boolean);
    for (const o of outs) expect(o).toMatch(/tried|tested|review/i);
  });
  test("a line break carried as the characters \\n separates a credit", () => {
    const s = subjectOf("This cat just realised that he's been neutered.. Wait for it \\n\\nNewsflare");
    expect(s.text).not.toMatch(/\\n|nNewsflare/);
  });
});

// From the reading of seed 74.
describe("themes, experiments, questions, typed names", () => {
  test("a theme in a Music story is a song, with its article", () => {
    const s = subjectOf("Powerpuff Girls Theme", { storyName: "Powerpuff Girls Theme", titles: ["Powerpuff Girls Theme"], channels: ["Some Band"], categoryIds: [10] });
    expect(s.genre).toBe("song");
    expect(hookText("hook:confession", s, 2017)).toBe("My Honest Reaction to The Powerpuff Girls Theme");
  });
  test("a task with 'vs' is an experiment, not a how-to; an aside after '...' gets no 'at Home'", () => {
    expect(subjectOf("Make Mega Blender VS Coca Cola in Slow Motion").vp).toBe(false);
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "How To Make Every Popular Mexican Dish... VEGAN", { year: 2017 })).join(" ")).not.toMatch(/at Home/);
  });
  test("a headline that opens with a question word gets no 'What Do You Think?' tail", () => {
    for (const t of ["Why Only 1 Gram Of This Material Is Worth $25 Billion", "How Facebook Pages Work", "Why Apple Needs Samsung"])
      expect(hookText("hook:question", subjectOf(t), 2017)).toBeNull();
    expect(hookText("hook:question", subjectOf("Kate Hudson Is Eager to Rock a Mullet"), 2017)).toBe("Kate Hudson Is Eager to Rock a Mullet: What Do You Think?");
  });
  test("a story's name typed in lower case is read in the name's own letters", () => {
    const ctx = { storyName: "Homemade invention Quad electric bike-Unusual Vehicles", titles: ["Homemade invention Quad electric bike-Unusual Vehicles You Must See"], categoryIds: [2], topical: false };
    expect(topicSubject("homemade invention quad electric bike-unusual vehicles", ctx).text).toBe("Homemade Invention Quad Electric Bike");
  });
  test("a film keeps the article of its title", () => {
    const s = rewriteSubject("The Commuter Teaser Trailer #1", { year: 2017 });
    expect(hookText("struct:second_person", s, 2017)).toBe("Everything You Need to Know Before Watching The Commuter"); // (its own "The" keeps its capital: seeds 133, 135)
  });
});

// From the reading of seed 75.
describe("questions typed, counts, tails, campaigns", () => {
  test("a topic typed as a question gets no 'What Do You Think?' tail", () => {
    expect(hookText("hook:question", subjectOf("Tara where are we?"), 2017)).toBeNull();
  });
  test("a name that opens with a count is no topic to list or explain; a year is no count", () => {
    const dominoes = subjectOf("250,000 Dominoes!");
    expect(dominoes.kind).toBe("headline");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, dominoes, 2017)).join(" ")).not.toMatch(/Explained|Things to Know/);
    const tricks = subjectOf("10 Easy Magic Tricks Anyone can do");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, tricks, 2017)).join(" ")).not.toMatch(/^\d+ .*About 10/);
    expect(subjectOf("1976 Buick Skyhawk Commercial").kind).not.toBe("headline");
  });
  test("'every time' and 'perfectly' are how-to tails", () => {
    expect(subjectOf("How To Cook Perfect Rice Every Time").text).toBe("Cook Perfect Rice");
  });
  test("a given name, a surname and an adjective is a campaign, not a person", () => {
    expect(subjectOf("LeBron James Fearless").kind).not.toBe("person");
    expect(subjectOf("LeBron James").kind).toBe("person");
  });
  test("a reveal after '...' is no how-to task", () => {
    expect(subjectOf("How To Make Every Popular Mexican Dish... VEGAN").vp).toBe(false);
  });
});

// From the reading of seed 76.
describe("films by one word, particles, reveals, other languages, appeals, recipe tests", () => {
  test("a one-word film is answered for itself, not for the story name that holds it", () => {
    const ctx = { storyName: "Filming 'Mother", titles: ["mother! (2017) - Official Trailer - Paramount Pictures", "Filming 'Mother!'"], categoryIds: [1, 24], topical: true };
    expect(topicSubject("mother!", ctx).text).toBe("Mother");
  });
  test("'Off' after a particle verb is part of it; a noun before 'on' keeps it small", () => {
    expect(subjectOf("haters back off pants cookies").text).toBe("Haters Back Off Pants Cookies");
    expect(hookText("hook:confession", subjectOf("netflix"), 2017)).toMatch(/ on Netflix$/);
  });
  test("a how-to whose task ends in a reveal after '...' keeps its 'How to' and gets no task frame", () => {
    const s = subjectOf("How To Make Every Popular Mexican Dish... VEGAN");
    expect(s.text).toMatch(/^How to Make/);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" ")).not.toMatch(/I Tried to Make|: What Do You Think\?/);
    // Nor any frame around it whole (seed 130: "What You Need to Know About How to Make …").
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean)).toEqual([]);
  });
  test("text in another script or with foreign function words gets no frame; English with 'de' or 'la' does", () => {
    for (const t of ["한국 맥도날드 신 초콜릿 메뉴!?!", "Вот она настоящая магия!", "Asi se vivió el sismo de 7.1 en México #CDMX", "Das aCar auf der IAA"])
      expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean)).toEqual([]);
    // A short name keeps its own function words (seed 125 review: "La La Land" had no hook).
    for (const t of ["Dinner at La Boheme in the City", "La La Land", "Le Tour de France"])
      expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean).length).toBeGreaterThan(0);
  });
  test("an appeal about a tragedy is the creator's own: no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "LET'S HELP THE VICTIMS OF THE LAS VEGAS ATTACK", { year: 2017 })).filter(Boolean)).toEqual([]);
  });
  test("a recipe test is a trial: its rewrite stays one, or there is none", () => {
    for (const o of TEMPLATE_PATTERNS.map((p) => rewriteText(p, "AKUTAQ Eskimo Ice Cream Recipe Test | Crisco & Berries", { year: 2017 })).filter(Boolean)) expect(o).toMatch(/tried|tested|review/i);
  });
});

// From the reading of seed 77.
describe("vlogs about illness, bloopers, tips, alternating capitals, event heads", () => {
  test("an illness in a story outside News, Education and Science is the creator's own story", () => {
    const story = { storyName: "Daniel and Depression", titles: ["Daniel and Depression"], channels: ["Daniel Howell"], categoryIds: [22], topical: false };
    const outs = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Daniel and Depression", { year: 2017, story })).filter(Boolean);
    expect(outs).toContain("Daniel and Depression - My Story");
    expect(outs.join(" ")).not.toMatch(/What You Need to Know|What We Know/);
    const news = { storyName: "Cancer drug approved", titles: ["New cancer drug approved by FDA"], categoryIds: [25], topical: true };
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "New cancer drug approved by FDA", { year: 2017, story: news })).join(" ")).not.toMatch(/My Story/);
  });
  test("bloopers or a prank about a disaster get no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Hurricane Irma News Bloopers", { year: 2017 })).filter(Boolean)).toEqual([]);
  });
  test("tips, tricks and secrets are no step-by-step tutorial", () => {
    const outs = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Makeup Tips & Secrets With Superstar Ariel Tejada | Shay Mitchell", { year: 2017 })).join(" ");
    expect(outs).not.toMatch(/Step-by-Step|Step by Step|in 10 Minutes/);
  });
  test("alternating capitals as a style are written plainly; names keep theirs", () => {
    expect(subjectOf("CHIT-CHATTY GeT rEaDay WiTh mE + LOOK BOOK!").text).toBe("Chit-Chatty Get Readay with Me + Look Book");
    expect(subjectOf("McDonald's iPhone DeVos Review").text).toMatch(/McDonald's iPhone DeVos/);
  });
  test("a trailing year is no head: an event reads with 'the'", () => {
    expect(hookText("struct:number_led", subjectOf("IRONMAN World Championship 2017"), 2017)).toBe("5 Things to Know About the Ironman World Championship 2017");
  });
});

// From the reading of seed 78.
describe("announcements, acronym articles, generic plurals, participles, framing alone, old trailers, lessons", () => {
  test("a greeting, an announcement or a reply opening with 'Not' (seed 116) gets no frame", () => {
    for (const t of ["Welcome Baby Taika!", "Happy Birthday Mom", "Introducing Our New Puppy", "Not a baby brother!", "Being A Gay Asian Woman", "Getting ready", "GET UNREADY WITH ME!", "1 Year of Vlogging", "Cookbook drops tomorrow!", "CHIT-CHATTY GeT rEaDay WiTh mE + LOOK BOOK!", "Im Gonna be a Father", "WE'RE PREGNANT!"])
      expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean)).toEqual([]);
  });
  test("an acronym takes the article its first letter is said with", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Make PCB with a LCD mask", { year: 2017 })).filter(Boolean).join(" ")).toMatch(/with an LCD Mask/);
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Make a Cake with a NASA Logo", { year: 2017 })).filter(Boolean).join(" ")).toMatch(/a NASA Logo/);
  });
  test("a generic plural takes no 'the'; a tragedy named by a participle reads as a headline", () => {
    expect(hookText("struct:second_person", subjectOf("mass shootings"), 2017)).toBe("What You Need to Know About Mass Shootings");
    expect(hookText("struct:second_person", subjectOf("Young Fan Hospitalized"), 2017)).toBe("Young Fan Hospitalized: What You Need to Know");
  });
  test("framing alone has no subject; an old trailer is a film; a lesson is no craft", () => {
    expect(topicSubject("watch this", { storyName: "Watch This", titles: ["Watch This"], categoryIds: [24], topical: false }).text).toBe("");
    expect(rewriteSubject("I'm Gonna Git You Sucka Trailer 1988", { year: 2017 }).genre).toBe("screen");
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "7. Teach the First Behavior: Targeting", { year: 2017 })).join(" ")).not.toMatch(/at Home|in 10 Minutes|You Have to See/);
  });
});

// From the reading of seed 79.
describe("half-music stories, injuries, glued dots, hashtags, launches", () => {
  test("a story half songs, half news is no song and names no performer", () => {
    const ctx = { storyName: "Puerto Rico", titles: ["Trump Blames Puerto Rico For Running Up His Budget", "Almost Like Praying (feat. Artists for Puerto Rico)", "A Primer On Puerto Rico", "Lin-Manuel Miranda - Almost Like Praying feat Artists for Puerto Rico [Music Video]"], categoryIds: [24, 10, 22, 10], topical: true };
    const s = subjectOf("Puerto Rico", ctx);
    expect(s.genre).not.toBe("song");
    expect(s.kind).not.toBe("person");
  });
  test("people injured in an explosion or a stampede is a tragedy", () => {
    expect(toneOf("Parsons Green", "Parsons Green", ["22 Injured In Explosion On London Subway Train At Parsons Green Underground Station | TIME", "Burning device filmed on tube carriage at Parsons Green station", "Parsons Green: 'There was a human stampede' - BBC News"]).sensitive).toBe(true);
    expect(toneOf("More than 800 people injured after clashing with police in Catalonia").sensitive).toBe(true);
    expect(toneOf("Knee injury update from training").sensitive).toBe(false);
  });
  test("dots glued between words break the text: no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Ok, Cam....Im only going to say this once"), 2017)).filter(Boolean)).toEqual([]);
  });
  test("a shouted hashtag without a vowel keeps its capitals", () => {
    expect(rewriteSubject("DIY TAYLOR SWIFT #LWYMMD COSTUME // Grace Helbig", { year: 2017 }).text).toMatch(/#LWYMMD/);
  });
  test("a launch names its product after 'Introducing'; how to vlog is a task", () => {
    expect(topicSubject("introducing oculus go").text).toBe("Oculus Go");
    expect(topicSubject("how to vlog").text).toBe("Vlog");
  });
});

// From the reading of seed 80.
describe("disaster verbs, treats named after disasters", () => {
  test("what a disaster does makes a headline, not a name", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Massive earthquake rocks Mexico City", { year: 2017 })).filter(Boolean).join(" ")).not.toMatch(/About Massive Earthquake Rocks/);
    expect(subjectOf("Pet Rocks").kind).not.toBe("headline");
  });
  test("a treat named after a disaster gets no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "#IRMAgerd Hurricane Candy and why it's hard to make candy when it rains.", { year: 2017 })).filter(Boolean)).toEqual([]);
  });
});

// From the reading of seed 81.
describe("pronouns, date codes, introductions, censored words, series parts", () => {
  test("a bare pronoun is no subject", () => {
    expect(rewriteSubject("We Built This", { year: 2017 }).text).not.toBe("This");
  });
  test("a fan-cam date code and an 'introduction' label are framing", () => {
    expect(rewriteSubject("170912 BTS singing 'Closer' with The Chainsmokers", { year: 2017 }).text).toMatch(/^BTS Singing/);
    expect(rewriteSubject("Qoobo INTRODUCTION", { year: 2017 }).text).toBe("Qoobo");
  });
  test("an asterisk inside a word is censorship and stays; stray asterisks go", () => {
    expect(subjectOf("HARRY POTTER HALLOWEEN BIT*HES").text).toMatch(/Bit\*hes/);
    expect(subjectOf("MAKING RIHANNA'S CLOTHES *for cheap!*").text).not.toMatch(/\*|\s{2}/);
  });
  test("a part of a series keeps its title", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "DIY Electric ultralight pt5 (Making the Wings)", { year: 2017 })).filter(Boolean)).toEqual([]);
  });
});

// From the reading of seed 82.
describe("comparisons without vs, channel names before a pipe, participles, messy how-tos", () => {
  test("'comparison' is framing only after 'A vs B'; a science clip about a disaster gets no frame", () => {
    expect(rewriteSubject("iPhone 8 vs 8 Plus Unboxing & Comparison!", { year: 2017 }).text).toBe("iPhone 8 vs 8 Plus");
    expect(rewriteSubject("Hurricane Size Comparison", { year: 2017 }).text).toBe("Hurricane Size Comparison");
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Hurricane Size Comparison", { year: 2017 })).filter(Boolean)).toEqual([]);
  });
  test("the channel's own name before a pipe is no subject", () => {
    const story = { storyName: "Burger King", titles: ["BURGER KING | Bullying Jr."], channels: ["Burger King"], categoryIds: [24], topical: false };
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "BURGER KING | Bullying Jr.", { year: 2017, story })).filter(Boolean)).toEqual([]);
  });
  test("a name and 'freed' is a clause", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "O.J. Simpson Freed From Prison After 9 Years", { year: 2017 })).join(" ")).not.toMatch(/About O\.J\. Simpson Freed/);
  });
  test("a how-to that lists or pits things gets no 'in 10 Minutes' or step-by-step tag", () => {
    const s = subjectOf("DIY Dragon's Beard AKA Edible Hair, Corinne vs. Cooking");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" ")).not.toMatch(/in 10 Minutes|Step by Step|Step-by-Step/);
  });
});

// From the reading of seed 83.
describe("word-like capitals, unclosed tags, brand compounds and possessives, channel episode counters", () => {
  test("a shouted 4-letter word with two vowels is no acronym even when titles repeat it; real acronyms keep theirs", () => {
    const t = "How To Make A GIANT CAKE PUN PENCIL Out Of Chocolate CAKE! | Yolanda Gampp | How To Cake It";
    expect(subjectOf("How To Make A GIANT CAKE PUN PENCIL Out Of Chocolate CAKE!", { storyName: t, titles: [t] }).text).toBe("Make a Giant Cake Pun Pencil Out of Chocolate Cake");
    const bts = ["BTS (방탄소년단) 'DNA' Official MV", "BTS (방탄소년단) 'DNA' Official Teaser 1"];
    expect(subjectOf("bts 'dna'", { storyName: "BTS 'DNA' Official MV", titles: bts }).text).toBe("BTS 'DNA'");
  });
  test("a tag a cut left unclosed at the end is a label", () => {
    expect(rewriteSubject("Extreme Sour Candy Challenge *LIVE", { year: 2017 }).text).toBe("Extreme Sour Candy Challenge");
  });
  test("a brand inside a shouted compound or before a possessive keeps its spelling", () => {
    expect(subjectOf("DL HUGHLEY ON ESPN-JEMELE HILL CONTROVERSY").text).toMatch(/ESPN-Jemele/);
    expect(subjectOf("ELDERS REACT TO RUPAUL’S DRAG RACE", { titles: ["Elders React to Rupaul’s Drag Race"] }).text).toMatch(/RuPaul’s/);
  });
  test("an episode counter after a pipe is the channel's, not a series part", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Chicken Fajita Soup Recipe | Episode 1195", { year: 2017 })).filter(Boolean).length).toBeGreaterThan(0);
  });
});

// From the reading of seed 84.
describe("scripts mixed in, judged dishes", () => {
  test("a word in another script inside Latin text is another language", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Xov xwm-ເຂື່ອນນໍ້າອ້າວ tawg txaus ntshai tiag tiag li nyob"), 2017)).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Björk"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
  });
  test("a dish the draft judges ('any good?') stays a judgement: no recipe frame", () => {
    const story = { storyName: "Vegan Ramen", titles: ["Is Vegan Ramen any Good?"], categoryIds: [22], topical: false };
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Is Vegan Ramen any Good?", { year: 2017, story })).join(" ")).not.toMatch(/Recipe/);
  });
});

// From the reading of seed 85.
describe("galaxies, opening tags, one word out of several parts", () => {
  test("'the Galaxy' is no Samsung phone", () => {
    expect(subjectOf("Guardians of the Galaxy").kind).not.toBe("product");
    expect(subjectOf("samsung galaxy s8").kind).toBe("product");
  });
  test("a *tag* that opens the title is a label", () => {
    expect(rewriteSubject("*NEW* PLAYTESTING MICKEY, MINNIE, AND DONALD", { year: 2017 }).text).toMatch(/^Playtesting/);
  });
  test("one word out of a title of several parts gets no rewrite", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "GRWM | SLAY THE GROCERY STORE & Catch Up", { year: 2017 })).filter(Boolean)).toEqual([]);
  });
});

// From the readings of seeds 90–92 (after they were counted as held-out).
describe("dates, numerals, quoted titles, thank-yous, comebacks, events", () => {
  test("a dotted date at the end is no part of the subject; an event reads with 'the'", () => {
    expect(hookText("struct:second_person", topicSubject("Polestar global launch event 17.10.17"), 2017)).toBe("What You Need to Know About the Polestar Global Launch Event");
  });
  test("a numeral of I's keeps its capitals; a quoted title opens with a capital", () => {
    expect(subjectOf("HOA fight over WWII tank").text).toBe("HOA Fight Over WWII Tank");
    expect(subjectOf("Tommy Wiseau on why James Franco was perfect for 'the Disaster Artist'").text).toMatch(/'The Disaster Artist'/);
  });
  test("a thank-you or 'meet my …' is the creator's own moment; a show that is back is announced whole", () => {
    for (const d of ["1,000,000 THANK YOU!", "MEET MY NEW KITTEN!"]) expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).filter(Boolean)).toEqual([]);
    expect(rewriteSubject("THE MOM'S VIEW IS BACK!", { year: 2017 }).text).toBe("The Mom's View Is Back");
  });
});

describe("conditions, not events", () => {
  test("a topic sensitive by illness words alone gets no timeline and no 'what we know so far'", () => {
    const s = subjectOf("Cyclopia", { storyName: "Cyclopia", titles: ["Cyclopia: A Rare Birth Defect That Could Help Cure Cancer"], categoryIds: [28], topical: false });
    expect(s.tone.illness).toBe(true);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean)).toEqual(["What You Need to Know About Cyclopia"]);
    const irma = subjectOf("hurricane irma");
    expect(irma.tone.illness).toBeUndefined();
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, irma, 2017)).join(" ")).toMatch(/So Far|Timeline/);
  });
});

// From the reading of seed 86.
describe("Mc names, month dates, fragment explainers, products after a point of view", () => {
  test("a Mc name takes its inner capital", () => {
    expect(subjectOf("Picking up my NEW Mclaren").text).toMatch(/McLaren/);
  });
  test("a month and year at the end is framing", () => {
    expect(topicSubject("katherine johnson interview, sept. 2017").text).toBe("Katherine Johnson Interview");
  });
  test("an explainer's name stays the topic (\"Fidget Spinner\" is no one video)", () => {
    const ctx = { storyName: "Fidget Spinner", titles: ["Fidget Spinner Spinning in Space"], categoryIds: [28], topical: false };
    expect(topicSubject("fidget spinner", ctx).text).toBe("Fidget Spinner");
  });
  test("a homemade thing is no product to trim", () => {
    expect(rewriteSubject("Homemade Nintendo Switch- NinTIMdo RP", { year: 2017 }).text).toMatch(/^Homemade/);
  });
  test("a product named after a point of view is the product from its maker on", () => {
    expect(rewriteSubject("Small Hands Samsung Galaxy Note 8 Review", { year: 2017 }).text).toBe("Samsung Galaxy Note 8");
  });
});

// From the reading of seed 87.
describe("capital runs, trailer credits, month-day dates", () => {
  test("a run of capitals with an emphasis word is emphasis whole; acronyms stay", () => {
    expect(rewriteSubject("JACK RYAN Official Trailer TEASER John Krasinski", { year: 2017 }).text).toBe("Jack Ryan");
    expect(subjectOf("NASA JPL Cassini").text).toMatch(/NASA/);
  });
  test("a month and day at the end is framing", () => {
    expect(topicSubject("mike leach after practice oct. 17").text).toBe("Mike Leach After Practice");
  });
});

// From the reading of seed 88.
describe("rankings about animals", () => {
  test("a ranking about animals is no footage", () => {
    const s = subjectOf("The Shark Tier List", { titles: ["The Shark Tier List"], categoryIds: [15], topical: false });
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" ")).not.toMatch(/Amazing Footage|You Have to See This|Obsessed/);
  });
});

// From the readings of seeds 93–95 (after they were counted as held-out).
describe("sentence ends", () => {
  test("a word that ends a sentence starts a new phrase; abbreviations do not", () => {
    expect(subjectOf("Hidden NES Golf game on Nintendo Switch. A tribute to Satoru Iwata.").text).toMatch(/Switch\. A Tribute/);
    expect(subjectOf("The Marvelous Mrs. Maisel Returns").text).toMatch(/Mrs\. Maisel/);
  });
});

describe("how/why explainers are reacted to", () => {
  test("a how/why title gets reaction frames (not a question tail); a typed question gets neither", () => {
    const s = subjectOf("How Jackie Chan Gets Over Fences", { titles: ["How Jackie Chan Gets Over Fences"], categoryIds: [1], topical: false });
    const outs = TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean);
    expect(outs).toContain("How Jackie Chan Gets Over Fences [Reaction]");
    expect(outs.join(" ")).not.toMatch(/What Do You Think/);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Why Cities?"), 2017)).filter(Boolean)).toEqual([]);
  });
});

// From the reading of seed 96 (after counting it held-out).
describe("initials, ceremonies of mourning", () => {
  test("dotted initials are capitals", () => {
    expect(subjectOf("s.s. Cornmuffins Goes for the Flight of a Lifetime").text).toMatch(/^S\.S\. Cornmuffins/);
  });
  test("a ceremony of mourning gets no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "A Moment of Silence at the National 9/11 Memorial & Museum", { year: 2017 })).filter(Boolean)).toEqual([]);
  });
});

// From the reading of seed 97 (after counting it held-out).
describe("Spanish with vs, animal clauses", () => {
  test("Spanish function words make another language even with 'vs'", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Los jugadores de Sacachispas entraron vestidos de guerreros vs Sarmiento"), 2017)).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Cinco de Mayo Party Ideas"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
  });
  test("an animal clause is no name to be obsessed with", () => {
    const s = subjectOf("Kittens Come Out of Box", { titles: ["Kittens Come Out of Box"], categoryIds: [15], topical: false });
    const outs = TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" ");
    expect(outs).not.toMatch(/Obsessed With Kittens Come|Didn't Know About Kittens Come/);
    expect(outs).toMatch(/You Have to See This/);
  });
});

// From the reading of seed 98 (after counting it held-out).
describe("named storms, family challenges on sports channels", () => {
  test("a named storm is a disaster; storm chasers are not", () => {
    expect(toneOf("Video of Storm Ophelia in Ireland").sensitive).toBe(true);
    expect(toneOf("Video of Storm Ophelia in Ireland").illness).toBeUndefined();
    expect(toneOf("Storm Chasers Season Finale").sensitive).toBe(false);
  });
  test("a family challenge is a comparison even on a sports channel; a match stays an event", () => {
    expect(subjectOf("Husband VS Best Friend", { titles: ["Husband VS Best Friend | Tom Daley"], categoryIds: [17] }).genre).toBe("versus");
    expect(subjectOf("Chicago Bulls vs Dallas Mavericks", { categoryIds: [17, 17] }).kind).toBe("event");
  });
});

// From the reading of seed 99 (after counting it held-out).
describe("ten-minute promises, series formats", () => {
  test("only a look or a routine is done in ten minutes", () => {
    expect(hookText("hook:statistic", subjectOf("DIY Electric Ultralight"), 2017) ?? "").not.toMatch(/in 10 Minutes/);
    expect(hookText("hook:statistic", subjectOf("Neon Skull Halloween Makeup Tutorial"), 2017)).toBe("Neon Skull Halloween Makeup Tutorial in 10 Minutes");
  });
  test("a series format whose frame is its name stays whole", () => {
    expect(rewriteSubject("Everything Wrong With Scream 2 In 19 Minutes Or Less", { year: 2017 }).text).toMatch(/^Everything Wrong With Scream 2/);
  });
});

// From the reading of seed 100 (after counting it held-out).
describe("official labels, games, updates, guides", () => {
  test("'Official' before a name is a label; a game is played, not used", () => {
    expect(topicSubject("official call of duty").text).toBe("Call of Duty");
    const game = subjectOf("Super Mario Odyssey", { titles: ["Super Mario Odyssey gameplay"], categoryIds: [20, 20] });
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, game, 2017)).join(" ")).not.toMatch(/Hours of Use/);
  });
  test("'Problem with …' without 'the' is the news itself", () => {
    expect(rewriteSubject("Update: Problem with Chemo Pills", { year: 2017 }).text).toBe("Problem with Chemo Pills");
    expect(rewriteSubject("The problem with the iPhone X", { year: 2017 }).text).toBe("iPhone X");
  });
  test("no 'Your Guide to' before a tutorial anywhere in the subject", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "FIRST MAKEUP TUTORIAL OF FALL! VAMPY GLAM | Manny MUA", { year: 2017 })).join(" ")).not.toMatch(/Your Guide to/);
  });
});

// From the reading of seed 101 (after counting it held-out).
describe("stray quotes, needed years, news announcements, 'The' bands, taste tests", () => {
  test("a closing quote whose opening was cut goes", () => {
    expect(subjectOf("GOT7 You Are” M/V").text).not.toMatch(/”/);
  });
  test("a year the sentence needs stays", () => {
    expect(rewriteSubject("If Bioshock was made in 1998", { year: 2017 }).text).toBe("If Bioshock Was Made in 1998");
  });
  test("an announcement of news gets no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("My EXCITING News!!"), 2017)).filter(Boolean)).toEqual([]);
  });
  test("'The' and a plural name a band, not a song", () => {
    const s = subjectOf("The Front Bottoms", { titles: ["The Front Bottoms - Vacation Town"], channels: ["Fueled By Ramen"], categoryIds: [10] });
    expect(s.genre).not.toBe("song");
  });
  test("a taste test is the video", () => {
    expect(rewriteSubject("Fast Food Hot Sauce Taste Test", { year: 2017 }).text).toBe("Fast Food Hot Sauce Taste Test");
  });
});

// From the reading of seed 102 (after counting it held-out).
describe("rankings of fictional deaths", () => {
  test("a ranking of deaths in a story is no tragedy; a death in the news is", () => {
    expect(toneOf("Top 10 Saddest Deaths in Harry Potter (SPOILERS) (VERY SAD)").sensitive).toBe(false);
    expect(toneOf("Deaths in Las Vegas shooting rise to 59").sensitive).toBe(true);
  });
});

// From the reading of seed 103 (after counting it held-out).
test("a band named with a tragic word is a name (Terror Jr), like Grateful Dead", () => {
  expect(toneOf("Terror Jr").sensitive).toBe(false);
  expect(toneOf("Terror attack in London").sensitive).toBe(true);
});

// The recurring held-out misses (seeds 91, 93, 100, 101, 102): broken text and a language without function words.
describe("broken text, long foreign titles", () => {
  test("an ellipsis before a new statement, or a number's full stop before another number, breaks the text", () => {
    for (const t of ["Jemele Hill I Deserved My Suspension ... Not Mad at ESPN", "Knock knock it's police ... yyy sigh", "Samoa Hotshot crew 61. 2017"])
      expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Hurricane Jose 5 a.m. advisory"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
  });
  test("seven words or more with no common English word is another language", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Detik Detik Terjadinya Benturan Keras Choirul Huda Kiper Persela Lamongan"), 2017)).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Kaley Cuoco Reveals Awkward TSA Encounter"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
  });
});

// From the reading of seed 104 (after counting it held-out).
describe("watch series, file names, benefits, dedications", () => {
  test("'Series 3' after a watch is the model", () => {
    expect(rewriteSubject("Apple Watch Series 3 hands on", { year: 2017 }).text).toBe("Apple Watch Series 3");
  });
  test("a file extension goes; a dedication or a benefit about a tragedy gets no frame", () => {
    expect(rewriteSubject("SVU 9.11 Opener Dedication.wmv", { year: 2017 }).text).not.toMatch(/wmv/);
    for (const d of ["SVU 9.11 Opener Dedication.wmv", "Hand In Hand A Benefit For Hurricane Relief | MTV"])
      expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).filter(Boolean)).toEqual([]);
  });
});

// From the reading of seed 105 (after counting it held-out).
describe("collab handles, births, GRWM", () => {
  test("a collaboration written as one shouted handle is two names", () => {
    expect(subjectOf("CARLIBYBELxMISSGUIDED FALL COLLECTION REVEAL!").text).toMatch(/^Carlibybel x Missguided/);
  });
  test("a birth announcement and a GRWM clip get no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Ollie's Baby is BORN!!"), 2017)).filter(Boolean)).toEqual([]);
    const grwm = subjectOf("GRWM In The Shower", { titles: ["GRWM In The Shower! Styling My Natural Hair!"], categoryIds: [26], topical: false });
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, grwm, 2017)).join(" ")).not.toMatch(/Reaction/);
  });
});

// From the reading of seed 106 (after counting it held-out).
describe("first-person purchases, names with their article", () => {
  test("what someone bought is their story: 'I bought' stays before 'a'/'an'", () => {
    expect(rewriteSubject("I Bought An Entire Outfit Blindfolded", { year: 2017 }).text).toMatch(/^I Bought/);
    expect(rewriteSubject("I tried the iPhone X for 7 days", { year: 2017 }).text).toBe("iPhone X");
  });
  test("a clip's reaction tag keeps the article its name came with", () => {
    const s = subjectOf("The Voice 2017 Blind Audition", { titles: ["The Voice 2017 Blind Audition"], categoryIds: [24], topical: false });
    expect(hookText("struct:bracket_tag", s, 2017)).toBe("The Voice 2017 Blind Audition [Reaction]");
  });
});

// From the reading of seed 107 (after counting it held-out).
describe("life stories, event promos", () => {
  test("a life story gets no frame unless it is a sensitive one, which is the creator's own", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Living With Acne"), 2017)).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Dealing with Cancer (This is my SECRET)", { year: 2017 }))).toContain("Dealing with Cancer - My Story");
  });
  test("an event's promo trailer is the event, not a film", () => {
    expect(rewriteSubject("NY Comic-Con Official Trailer", { year: 2017 }).genre).not.toBe("screen");
  });
});

// From the reading of seed 108 (after counting it held-out).
test("one word the matched story never uses (a prefix or tag match) gets no subject", () => {
  const ctx = { storyName: "Victoria Beckham", titles: ["Getting to know Victoria Beckham", "VICTORIA BECKHAM COLLECTION | Hot or Not"], categoryIds: [26], topical: true };
  expect(topicSubject("beck", ctx).text).toBe("");
  expect(topicSubject("trip", { storyName: "Road Trip with The Dolan Twins", titles: ["Road Trip with The Dolan Twins"], categoryIds: [22], topical: false }).text).toBe("Road Trip with the Dolan Twins");
});

// From the reading of seed 109 (after counting it held-out).
test("a tour of a home is a creator format, not a concert tour", () => {
  const s = subjectOf("House Tour", { titles: ["OFFICIAL HOUSE TOUR!!!!!!!!"], categoryIds: [22], topical: false });
  expect([s.kind, s.genre]).toEqual(["general", "lifestyle"]);
  expect(hookText("struct:first_person", s, 2017)).toBe("My House Tour");
  expect(subjectOf("World Tour 2017").kind).toBe("event");
});

// From the reading of seed 111 (after counting it held-out).
describe("labels alone, launch webcasts, glued colons", () => {
  test("a label alone ('Week 6') is framing; a launch webcast is an event; a glued colon takes its space", () => {
    expect(topicSubject("week 6").text).toBe("");
    expect(rewriteSubject("Echostar 105 / SES-11 Launch Webcast", { year: 2017 }).kind).toBe("event");
    expect(subjectOf("Adrian Peterson:'The Sky Is the Limit'").text).toMatch(/^Adrian Peterson: 'The Sky/);
    expect(subjectOf("Live at 10:30 Tonight").text).toMatch(/10:30/);
  });
});

// From the reading of seed 119.
describe("red carpets, births, emoji inside, pairs of names, first-look credits", () => {
  const all = (s: Subject) => TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" | ");
  test("a red carpet takes 'the'", () => {
    expect(hookText("struct:first_person", subjectOf("emmys 2017 red carpet", { storyName: "Emmys 2017 Red Carpet" }), 2017)).toBe("My Honest Take on the Emmys 2017 Red Carpet"); // (session 11: a lesson is learned from a person)
  });
  test("a birth story gets no frame", () => {
    expect(all(subjectOf("Giving Birth On A Mountain Top"))).toBe("");
  });
  test("emoji inside a subject are decoration", () => {
    expect(subjectOf("Intense 🎙️ ASMR 🎙️ Sounds").text).toBe("Intense ASMR Sounds");
  });
  test("two people listed with a comma are a pair, performers on a music release", () => {
    const ctx = { storyName: "Tim McGraw, Faith Hill", titles: ["Tim McGraw, Faith Hill - The Rest of Our Life (Audio)", "Tim McGraw, Faith Hill - The Rest of Our Life"], categoryIds: [10, 10], topical: false };
    const s = topicSubject("tim mcgraw, faith hill", ctx);
    // (Since the session-10 audits: a pair one release credits is that song's, "… - A Look Back" had no shared story.)
    expect([s.text, s.kind, s.genre ?? null]).toEqual(["The Rest of Our Life by Tim McGraw and Faith Hill", "general", "song"]);
    expect(all(s)).not.toMatch(/A Look Back|Story in 60 Seconds|Things You Didn't Know/);
    // Not a place and its region, nor a person and a role.
    expect(subjectOf("Mexico City, Puebla").text).toBe("Mexico City, Puebla");
    expect(subjectOf("Tim Cook, Apple CEO").text).toBe("Tim Cook, Apple CEO");
  });
  test("a first-look label and its cast are no part of the subject", () => {
    expect(rewriteSubject("‘WACO’ Official NEW Series First Look Starring Michael Shannon & Taylor Kitsch", { year: 2017 }).text).toBe("‘Waco’");
    expect(rewriteSubject("Hidden Figures Starring Taraji P. Henson", { year: 2017 }).text).toBe("Hidden Figures");
  });
});

// From the reading of seed 121.
describe("accented foreign titles, year tags on sentences", () => {
  test("one foreign function word beside an accented word is another language: no hook", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Terremoto 7.1 en México"), 2017)).filter(Boolean)).toEqual([]);
    expect(hookText("struct:first_person", subjectOf("Pokémon Go"), 2017)).not.toBeNull(); // an accent alone is no language
  });
  test("a year tag dates a format, not a sentence or a one-off", () => {
    for (const draft of ["I Tried A 10-Step Korean Skincare Routine For A Month", "A VERY PREGNANT LOOKBOOK!"])
      for (const p of ["struct:dash_split", "struct:bracket_tag"]) expect(rewriteText(p, draft, { year: 2017 }) ?? "").not.toMatch(/2017/);
    // (Session 11: a rewrite adds no year the draft does not have, "My Lazy Day Makeup Routine - 2017" was flagged; a hook may.)
    expect(rewriteText("struct:dash_split", "My Morning Routine", { year: 2017 })).toBeNull();
    // (Session 11: no year tag at all, "Chatty GRWM - 2017" and "September Favorites (2017)" were read as an upload's date.)
    expect(hookText("struct:bracket_tag", subjectOf("My Morning Routine"), 2017)).toBeNull();
    expect(hookText("struct:dash_split", subjectOf("My Morning Routine"), 2017)).toBeNull();
  });
});

// From the reading of seed 122.
describe("launches under Music, performers credited with a comma", () => {
  test("'Introducing …' under Music is a launch, not a song", () => {
    const s = topicSubject("introducing context cards", { storyName: "Introducing Context Cards", titles: ["Introducing Context Cards"], categoryIds: [10], channels: ["Snapchat"], topical: false });
    expect([s.text, s.genre ?? null]).toEqual(["Context Cards", null]);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" | ")).not.toMatch(/Hearing|Buy|Switched/);
  });
  test("two performers a release credits with a comma before its dash are a pair", () => {
    const ctx = { storyName: "J Balvin, Willy William", titles: ["J Balvin, Willy William - Mi Gente featuring Beyoncé ft. Beyoncé"], categoryIds: [10], channels: ["jbalvinVEVO"], topical: false };
    const s = topicSubject("j balvin, willy william", ctx);
    expect([s.text, s.kind]).toEqual(["Mi Gente by J Balvin and Willy William", "general"]);
    // Two releases of the pair: the performers, no one song.
    const two = { ...ctx, titles: [...ctx.titles, "J Balvin, Willy William - Otra Vez"] };
    expect([topicSubject("j balvin, willy william", two).text, topicSubject("j balvin, willy william", two).kind]).toEqual(["J Balvin and Willy William", "person"]);
    // Not outside Music, nor what no release credits.
    expect(topicSubject("j balvin, willy william", { ...ctx, categoryIds: [24] }).text).toBe("J Balvin, Willy William");
    expect(subjectOf("Mexico City, Puebla", { storyName: "Mexico City, Puebla", titles: ["Mexico City, Puebla shaken"], categoryIds: [10] }).text).toBe("Mexico City, Puebla");
  });
});

// From the reading of seed 123.
describe("dates alone, contests", () => {
  test("a date alone names no subject", () => {
    for (const t of ["October 4th", "Sept. 12, 2017", "Monday", "10 Years", "24 Hours", "AN INCREDIBLE MOMENT", "The Best Day Ever", "Make Mega Blender VS Coca Cola in Slow Motion"]) expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean)).toEqual([]);
    expect(hookText("struct:second_person", subjectOf("October Surprise"), 2017)).not.toBeNull();
  });
  test("a contest takes 'the'", () => {
    expect(hookText("hook:confession", subjectOf("kings rookie dance contest", { storyName: "Kings Rookie Dance Contest", titles: ["Kings Rookie Dance Contest"], categoryIds: [17] }), 2017)).toMatch(/^The Kings Rookie Dance Contest/);
  });
});

// From the reading of seed 125.
describe("imperative tips, struggles, counted dishes", () => {
  test("an imperative tip is a task ('Reduce Tool Chatter!'), not a thing to learn about", () => {
    const s = subjectOf("Reduce Tool Chatter!");
    expect(s.kind).toBe("howto");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" | ")).not.toMatch(/About Reduce/);
  });
  test("someone's struggles are their own story: no frame", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("HUSBAND + FATHER STRUGGLES"), 2017)).filter(Boolean)).toEqual([]);
  });
  test("no second count before a counted dish", () => {
    const s = subjectOf("diy five crazy donut burgers", { storyName: "DIY Five Crazy Donut Burgers", titles: ["DIY FIVE CRAZY DONUT BURGERS"], categoryIds: [26] });
    expect(hookText("struct:number_led", s, 2017) ?? "").not.toMatch(/^5 .*Five/);
  });
});

// From the reading of seed 126.
test("a person's role after the name goes ('Sean Hughes comedian' → 'Sean Hughes'); not after a non-name", () => {
  expect(subjectOf("Sean Hughes comedian").text).toBe("Sean Hughes");
  expect(subjectOf("Sean Hughes comedian").kind).toBe("person");
  expect(subjectOf("The Singing Chef").text).toBe("Singing Chef");
});

// From the reading of seed 127.
test("an animal attack that reads as an event is footage news: a headline", () => {
  const s = topicSubject("killer whales attack minke", { storyName: "Killer Whales Attack Minke", titles: ["Killer Whales Attack Minke - Frozen Planet - BBC Earth"], categoryIds: [15], topical: false });
  expect(s.kind).toBe("headline");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" | ")).not.toMatch(/Take on|Things to Know|Learned/);
});

test("a thing described by its first word takes 'the' (seeds 123, 127); a name does not", () => {
  expect(hookText("struct:second_person", subjectOf("semi-automatic portable railgun"), 2017)).toBe("What You Need to Know About the Semi-Automatic Portable Railgun");
  expect(hookText("struct:second_person", subjectOf("Light-Up LED Dress for Halloween"), 2017)).toBe("What You Need to Know About the Light-Up LED Dress for Halloween");
  expect(hookText("struct:second_person", subjectOf("Dragon Age Inquisition"), 2017)).toBe("What You Need to Know About Dragon Age Inquisition");
  expect(hookText("struct:second_person", subjectOf("Tiny Houses"), 2017)).toBe("What You Need to Know About Tiny Houses"); // (a plural needs none)
});

// From the reading of seed 129.
test("a story named by a name of its own is not answered for a title about someone else", () => {
  const ctx = { storyName: "Tracee Ellis Ross", titles: ["Bu Reveals What Ended Relationship With Tracee Ellis Ross", "73 Questions With Tracee Ellis Ross | Vogue"], categoryIds: [22, 24], topical: true };
  expect(topicSubject("tracee ellis ross", ctx).text).toBe("Tracee Ellis Ross");
  // A fragment still is ("Boyfriend Buys" → its lead title, tested above), and so is a name that opens the lead title.
  expect(topicSubject("merrell twins", { storyName: "Merrell Twins", titles: ["Merrell Twins Get Ready for Prom"], categoryIds: [22] }).text).toBe("Merrell Twins Get Ready for Prom");
});

// From the reading of seed 131.
test("a briefing takes 'the'; 'My First Impressions' inside a title ends its subject", () => {
  expect(hookText("struct:second_person", subjectOf("White House Press Briefing"), 2017)).toBe("What You Need to Know About the White House Press Briefing");
  expect(rewriteSubject("RIHANNA FENTY BEAUTY My First Impressions Full Face + Review For Dark Skin | MsDebDeb", { year: 2017 }).text).toBe("Rihanna Fenty Beauty");
});

// From the reading of seed 132.
test("a Q&A gets no reaction frame", () => {
  for (const t of ["Answering Your Questions", "LIVE Q & A with Birdie, Brie and Winston", "Q&A with my Mom"])
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean).join(" | ")).not.toMatch(/Reaction/);
});

// From the reading of seeds 133 and 135.
describe("a work's or band's own 'The'", () => {
  test("keeps its capital inside a hook; the article of a thing does not", () => {
    // (A review among its titles: it is out. A story of trailers alone gets no frame that has seen it, see Subject.unseen.)
    const film = subjectOf("the babysitter", { storyName: "The Babysitter", titles: ["The Babysitter | Official Trailer [HD] | Netflix", "The Babysitter - Netflix Movie Review"], categoryIds: [24, 24] });
    expect(hookText("struct:first_person", film, 2017)).toBe("What I Loved About The Babysitter");
    const band = topicSubject("the score", { storyName: "The Score", titles: ["The Score - Strange (Audio)"], categoryIds: [10], channels: ["TheScoreVEVO"], topical: false });
    expect(hookText("struct:number_led", band, 2017)).toBe("5 Things You Didn't Know About The Score");
    expect(hookText("struct:second_person", subjectOf("the internet"), 2017)).toBe("What You Need to Know About the Internet");
  });
  test("a band and a singer a release credits with a comma are performers", () => {
    const s = topicSubject("the vamps, maggie lindemann", { storyName: "The Vamps, Maggie Lindemann", titles: ["The Vamps, Maggie Lindemann - Personal"], categoryIds: [10], channels: ["TheVampsVEVO"], topical: false });
    expect([s.text, s.kind, s.genre ?? null]).toEqual(["The Vamps and Maggie Lindemann", "person", null]);
  });
});

// From the readings of seeds 130, 134, 136.
test("a creature named by two animals ('Spider Cat') takes no 'the'; one animal does", () => {
  expect(hookText("struct:second_person", subjectOf("Spider Cat", { storyName: "Spider Cat", titles: ["Spider Cat Hunts in the Garden"], categoryIds: [15] }), 2017)).toBe("Spider Cat: You Have to See This");
  // (The Simon's Cat cartoon this came from is now a clip, no footage: see test/rules/topickind.test.ts, session 9.)
  expect(hookText("struct:second_person", subjectOf("Spider Cat", { storyName: "Spider Cat", titles: ["Spider Cat - Simon's Cat (Halloween Special)"], categoryIds: [15] }), 2017)).toBeNull();
  expect(hookText("struct:second_person", subjectOf("velvet worm", { storyName: "Velvet Worm", titles: ["ULTRA RARE! - Velvet Worm"], categoryIds: [15] }), 2017)).toMatch(/^The Velvet Worm/);
});

// From the reading of seed 138.
describe("tests, AKA, one-word-longer lead titles", () => {
  test("a test takes 'the'; an AKA chain keeps its first name (session 11; was kept whole)", () => {
    expect(hookText("hook:confession", subjectOf("cod liver taste test", { storyName: "Cod Liver Taste Test", titles: ["Cod Liver Taste Test"], categoryIds: [22] }), 2017)).toBe("The Cod Liver Taste Test: My Honest Reaction");
    expect(rewriteSubject("DIY Giant Spider AKA Aragog AKA HARRY POTTER HALLOWEEN BIT*HES!", { year: 2017 }).text).toBe("DIY Giant Spider");
  });
  test("a fragment story name is answered for a lead title one word longer, not one a cut left dangling", () => {
    const ctx = { storyName: "Disney Villain", titles: ["Disney Villain Lipsticks! - First Impression Friday", "Halloween Look : Disney Villain Ursula"], categoryIds: [26, 22], topical: false };
    expect(topicSubject("disney villain", ctx).text).toBe("Disney Villain Lipsticks");
    expect(topicSubject("snes classic", { storyName: "SNES Classic", titles: ["SNES Classic Mini Is"], categoryIds: [20] }).text).toBe("SNES Classic");
  });
});

// From the reading of seed 140.
describe("capital runs, one word of a song", () => {
  test("a run of capitals with a long word is one shouted name", () => {
    expect(subjectOf("Danielle Bregoli is BHAD BHABIE").text).toBe("Danielle Bregoli Is Bhad Bhabie");
    expect(subjectOf("NASA MISSION CONTROL").text).toBe("NASA Mission Control");
  });
  test("one word of a song's title is answered for the song", () => {
    const ctx = { storyName: "Dogs", titles: ["Blake Shelton - I'll Name the Dogs (Behind The Scenes)", "Dog Spells Her Name!", "Blake Shelton - I'll Name The Dogs (Official Music Video)"], categoryIds: [10, 15, 10], channels: ["Blake Shelton", "Penny Loggins"], topical: false };
    expect(topicSubject("dogs", ctx).text).toBe("I'll Name the Dogs by Blake Shelton"); // (with its performer since session 11)
  });
});

// From the reading of seed 141.
describe("Spanish 'como', films already out", () => {
  test("'como' and 'en' with no English word are Spanish: no hook", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Rami Malek como Freddie Mercury en Live Aid"), 2017)).filter(Boolean)).toEqual([]);
  });
  test("'Everything We Know So Far' only for a film the story announces (trailer, teaser, first look)", () => {
    const out = subjectOf("eat, clay, love", { storyName: "Eat, Clay, Love", titles: ["Eat, Clay, Love | Original Short Film"], categoryIds: [24] });
    expect(out.genre).toBe("screen");
    expect(hookText("hook:bold_claim", out, 2017)).toBeNull();
    const soon = subjectOf("the commuter", { storyName: "The Commuter", titles: ["The Commuter Teaser Trailer #1"], categoryIds: [1] });
    expect(hookText("hook:bold_claim", soon, 2017)).toBe("The Commuter: Everything We Know So Far");
  });
});

// From the reading of seed 142.
describe("open tags, a game's song, a full face of first impressions", () => {
  test("a *tag* a cut left open at the end is a label", () => {
    expect(subjectOf("My 2017 Youtube Rewind **365 Days of Vlogs").text).toBe("My 2017 YouTube Rewind");
  });
  test("a game's song is no product; 'Full Face of First Impressions' is no product", () => {
    const song = topicSubject("jump up, super star!", { storyName: "Jump Up, Super Star!", titles: ["Jump Up, Super Star! - Super Mario Odyssey Musical"], categoryIds: [20], topical: false });
    expect(song.kind).not.toBe("product");
    expect(subjectOf("Full Face of First Impressions").kind).not.toBe("product");
    expect(subjectOf("Pixel 2 First Impressions").kind).toBe("product");
  });
});

// From the reading of seed 144.
describe("a pronoun's 'has changed', fake trailers", () => {
  test("'has changed' after a pronoun is the sentence, not a trailing label", () => {
    expect(subjectOf("Larry's Back & Nothing Has Changed").text).toBe("Larry's Back & Nothing Has Changed");
    expect(rewriteSubject("Larry's Back & Nothing Has Changed", { year: 2017 }).text).toBe("Larry's Back & Nothing Has Changed");
    expect(rewriteSubject("iPhone X Just Changed Everything", { year: 2017 }).text).toBe("iPhone X");
  });
  test("a story of fake trailers is a clip, not a film to wait for", () => {
    const s = topicSubject("battlegrounds the movie!", { storyName: "BATTLEGROUNDS The Movie!", titles: ["BATTLEGROUNDS The Movie! (Official Fake Trailer)"], categoryIds: [24], topical: false });
    expect(s.genre).toBe("clip");
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" ")).not.toMatch(/So Far|Before Watching/);
  });
});

// From the reading of seed 147.
describe("credited performers, galaxies that are no phones", () => {
  test("a name a release credits as a performer is one; a name alone before a dash may be the song", () => {
    const ctx = { storyName: "Usher", titles: ["Usher and Blake Shelton - Stand By Me | Hand In Hand", "Gwen Stefani - You Make It Feel Like Christmas (Audio) ft. Usher"], categoryIds: [10, 10], topical: false };
    expect(subjectOf("usher", ctx).kind).toBe("person");
    const theme = { storyName: "Powerpuff Girls Theme", titles: ["Powerpuff Girls Theme - Bagpipe Rock (A SPECIAL VIDEO)"], categoryIds: [10], topical: false };
    expect(subjectOf("powerpuff girls theme", theme).genre).toBe("song");
  });
  test("'Galaxy' makes a phone only as a Samsung model", () => {
    expect(subjectOf("Midnight Galaxy Cupcakes").kind).not.toBe("product");
    expect(subjectOf("Galaxy Note 8").kind).toBe("product");
    expect(subjectOf("Samsung Galaxy").kind).toBe("product");
  });
});

// From the reading of seed 148.
describe("names cut mid-sentence, two dots", () => {
  test("a story name a cut opened mid-sentence is answered for its lead title, tragedy or not", () => {
    const ctx = { storyName: "rocks Mexico City", titles: ["Massive earthquake rocks Mexico City", "M7.1 Quake Rocks Mexico City On Anniversary Of 1985 Earthquake"], categoryIds: [25, 25], topical: true };
    const s = topicSubject("rocks mexico city", ctx);
    expect(s.text).toBe("Massive Earthquake Rocks Mexico City");
    expect(s.tone.sensitive).toBe(true);
  });
  test("two dots before a new statement break the text", () => {
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, "This cat just realised that he's been neutered.. Wait for it", { year: 2017 })).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("FAIL.. + *New* ESTEE LAUDER DOUBLE WEAR NUDE 15 DAYS"), 2017)).filter(Boolean)).toEqual([]); // (seed 160)
  });
});

// From the reading of seed 150.
test("one animal and where it is reads with 'the' ('Bear in Russian Traffic')", () => {
  const s = subjectOf("bear in russian traffic", { storyName: "Bear in Russian traffic", titles: ["Bear in Russian traffic"], categoryIds: [23] });
  expect(hookText("hook:confession", s, 2017)).toBe("The Bear in Russian Traffic: My Honest Reaction");
  expect(hookText("hook:confession", subjectOf("bears in russian traffic", { storyName: "Bears in Russian traffic", titles: ["Bears in Russian traffic"], categoryIds: [23] }), 2017) ?? "").not.toMatch(/the Bears/);
});

// From the reading of seed 151.
test("twins take 'the'; an episode number opening a title is no part of its subject", () => {
  expect(hookText("struct:second_person", subjectOf("merrell twins"), 2017)).toBe("What You Need to Know About the Merrell Twins");
  expect(rewriteSubject("#162 Build your own 50$ connected Geiger Counter (ESP32)", { year: 2017 }).text).toBe("Build Your Own $50 Connected Geiger Counter"); // ("50$" is written "$50" since session 9)
});

// From the reading of seed 153.
test("'VIDEO:' opening a title is framing; a one-word story name is answered for the lead title it holds", () => {
  const ctx = { storyName: "flight", titles: ["VIDEO: Woman dragged off Southwest Airlines flight", "Woman forcibly removed off Southwest flight"], categoryIds: [25, 25], topical: true };
  expect(topicSubject("flight", ctx).text).toBe("Woman Dragged off Southwest Airlines Flight");
  expect(rewriteSubject("VIDEO: Woman dragged off Southwest Airlines flight", { year: 2017 }).text).toBe("Woman Dragged off Southwest Airlines Flight");
});

// From the reading of seed 155.
test("one list item's word names nothing; 'Esq' is an abbreviation", () => {
  expect(topicSubject("2. keaton", { storyName: "2. Keaton", titles: ["2. Keaton"], categoryIds: [24] }).text).toBe("");
  // (A numbered lesson of a course names no topic either since session 9: see test/rules/rewrite.test.ts.)
  expect(topicSubject("7. teach the first behavior", { storyName: "7. Teach the First Behavior", titles: ["7. Teach the First Behavior: Targeting"], categoryIds: [15] }).text).toBe("");
  expect(subjectOf("Roman J. Israel, ESQ").text).toBe("Roman J. Israel, Esq");
});

// From the reading of seed 157.
test("a capital I standing for a pipe before a closing label separates ('… Gender Parity I MPW 2017'); the pronoun stays", () => {
  expect(rewriteSubject("Canadian Prime Minister Justin Trudeau talks Trump and Gender Parity I MPW 2017", { year: 2017 }).text).toBe("Canadian Prime Minister Justin Trudeau Talks Trump and Gender Parity");
  expect(rewriteSubject("Why I NEVER Eat Pizza", { year: 2017 }).text).toBe("Why I Never Eat Pizza");
});

// From the reading of seed 159.
test("a date code anywhere in a title is no part of its subject", () => {
  expect(rewriteSubject("Dejounte Murray Full Highlights 2017.10.18 vs Timberwolves", { year: 2017 }).text).not.toMatch(/2017/);
  expect(rewriteSubject("Blade Runner 2049 Review", { year: 2017 }).text).toBe("Blade Runner 2049");
});

// From the reading of seed 162.
test("a name with small words inside is a name of its own ('Game of Thrones' is not 'White Walker Game of Thrones')", () => {
  const ctx = { storyName: "Game of Thrones", titles: ["White Walker Game of Thrones Halloween Makeup", "Game of Thrones Season 7 Recap"], categoryIds: [26, 24], topical: false };
  expect(topicSubject("game of thrones", ctx).text).toBe("Game of Thrones");
});

// From the reading of seed 165.
describe("one event word, two Hangul letters", () => {
  test("one event word is answered for the lead title that says which", () => {
    const ctx = { storyName: "Earthquake", titles: ["Powerful 7.1 earthquake strikes Mexico", "Earthquake in Mexico City"], categoryIds: [25, 25], topical: true };
    expect(topicSubject("earthquake", ctx).text).toBe("Powerful 7.1 Earthquake Strikes Mexico");
  });
  test("two Hangul letters are a word of another script: no hook", () => {
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("LAY 레이 'SHEEP' MV Teaser"), 2017)).filter(Boolean)).toEqual([]);
  });
});

// From the readings of seeds 113, 122, 125, 166.
test("the MAC brand keeps its capitals where its story writes it so; shouted mac n' cheese stays a dish", () => {
  const ctx = { storyName: "MAC Studio Fix Fluid NW58", titles: ["MAC Studio Fix  Fluid NW58 |Nyma Tang #thedarkestshade"], categoryIds: [26] };
  expect(subjectOf("mac studio fix fluid nw58", ctx).text).toBe("MAC Studio Fix Fluid NW58");
  expect(subjectOf("MAC N' CHEESE INSIDE FRIED CHICKEN", { storyName: "Mac N' Cheese Inside Fried Chicken", titles: ["MAC N' CHEESE INSIDE FRIED CHICKEN - VERSUS"], categoryIds: [26] }).text).toMatch(/^Mac N' Cheese/);
});

// From the reading of seed 172 (and 130, 157 for "Filming 'Mother").
describe("filming a film, DIY as a verb", () => {
  test("filming or the making of a film is a clip about it, not the film", () => {
    const s = topicSubject("filming 'mother", { storyName: "Filming 'Mother", titles: ["mother! (2017) - Official Trailer - Paramount Pictures", "Filming 'Mother!'"], categoryIds: [1, 24], topical: true });
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" ")).not.toMatch(/Watching|Review/);
  });
  test("no 'The Easiest Way to DIY …'", () => {
    expect(rewriteText("hook:bold_claim", "How to DIY Cute Miniature Cactus Resin/Polymer Clay Tutorial", { year: 2017 }) ?? "").not.toMatch(/Easiest Way to DIY/);
  });
});

// Found by the whole-snapshot audit (a hook starting in lower case).
test("a name joined by '&' keeps its capitals ('AT&T', not 'at&T')", () => {
  expect(subjectOf("at&t", { storyName: "AT&T", titles: ["AT&T: The Company Behind the Telephone"] }).text).toBe("AT&T");
  expect(subjectOf("Level UP AT Home").text).toBe("Level Up at Home");
});

// From the reading of seed 177.
test("a dental click standing for a pipe separates ('… TRIKE ǀ 0-100 kph …')", () => {
  expect(topicSubject("261 kph water rocket trike ǀ 0-100 kph in 0.55 second ǀ", { storyName: "261 kph WATER ROCKET TRIKE ǀ 0-100 kph in 0.55 second ǀ" }).text).toBe("261 kph Water Rocket Trike");
});

// From the reading of seed 179.
test("'Follow Me Around' is a format, not a subject", () => {
  const ctx = { storyName: "Follow Me Around- HALLOWEEN EXPRESS!", titles: ["Follow Me Around- HALLOWEEN EXPRESS!"], categoryIds: [26] };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("follow me around- halloween express!", ctx), 2017)).join(" ")).not.toMatch(/^Follow Me Around:/);
});

// Seen in five readings (139, 146, 151, 162, 171): a series named after a comma.
test("a series named after a comma is no part of the subject; a list with a comparison stays", () => {
  expect(rewriteSubject("DIY Dragon's Beard AKA Edible Hair, Corinne vs. Cooking", { year: 2017 }).text).toBe("DIY Dragon's Beard AKA Edible Hair");
  expect(rewriteSubject("Japan, USA vs. China", { year: 2017 }).text).toBe("Japan, USA vs. China");
});

// From the reading of seed 182.
test("'Movie Trailer' labels the film ('Replicas Movie Trailer' is 'Replicas')", () => {
  expect(rewriteSubject("Replicas Movie Trailer", { year: 2017 }).text).toBe("Replicas");
});

// From the reading of seed 187.
test("a tag whose opening star a cut took is a label ('NEW* PLAYTESTING …')", () => {
  expect(subjectOf("New* Playtesting Mickey, Minnie, and Donald").text).toBe("Playtesting Mickey, Minnie, and Donald");
});

// From the reading of seed 193.
test("a story named in sentence case with a small-letter head names a thing: 'the Fidget Spinner'", () => {
  expect(hookText("struct:second_person", subjectOf("fidget spinner", { storyName: "Fidget spinner", titles: ["Fidget spinner in space"] }), 2017)).toBe("What You Need to Know About the Fidget Spinner");
  expect(hookText("struct:second_person", subjectOf("dragon age inquisition", { storyName: "Dragon Age Inquisition", titles: ["Dragon Age Inquisition"] }), 2017)).toBe("What You Need to Know About Dragon Age Inquisition");
});

// From the reading of seed 195.
test("two performers a release names before its dash get no frame about the song's words", () => {
  const ctx = { storyName: "Tori Kelly & Luis Fonsi", titles: ["Tori Kelly & Luis Fonsi - Hallelujah | Hand In Hand Benefit 2017"], categoryIds: [10], topical: false };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("tori kelly & luis fonsi", ctx), 2017)).filter(Boolean);
  // (Session 11: answered for the song they perform, named with them; still no frame about the song's words.)
  expect(hooks).toContain("My Honest Reaction to Hallelujah by Tori Kelly & Luis Fonsi");
  expect(hooks.join(" / ")).not.toMatch(/Details You Missed|Meaning You Missed|Really About/);
  // A song whose title holds "&" keeps them ("Salt & Pepper" is the song, after the dash).
  const song = { storyName: "Salt & Pepper", titles: ["Lily Rose - Salt & Pepper (Official Video)"], categoryIds: [10], topical: false };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("salt & pepper", song), 2017))).toContain("5 Details You Missed in Salt & Pepper by Lily Rose");
});

// From the readings of seeds 195, 196 and 198.
test("a hashtag ending a draft is a tag, not part of its subject; three words stay at least", () => {
  expect(rewriteSubject("Nashville vigil for Las Vegas shooting victims #PrayForVegas", { year: 2017 }).text).toBe("Nashville Vigil for Las Vegas Shooting Victims");
  expect(rewriteSubject("How to Cook With No Power During a Hurricane #Irma", { year: 2017 }).text).toMatch(/During a Hurricane$/);
  expect(rewriteSubject("DIY TAYLOR SWIFT #LWYMMD COSTUME", { year: 2017 }).text).toBe("DIY Taylor Swift #LWYMMD Costume");
  expect(rewriteSubject("Hurricane #Irma", { year: 2017 }).text).toBe("Hurricane #Irma");
});

// From the reading of seed 202.
test("a film or show named after its hero, whose every title is its trailer, is the film ('Jack Ryan')", () => {
  const ctx = { storyName: "Jack Ryan", titles: ["Jack Ryan - Teaser: The Reveal [HD] | Amazon Video"], categoryIds: [24], topical: false };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("jack ryan", ctx), 2017)).filter(Boolean);
  expect(hooks).toContain("Everything You Need to Know Before Watching Jack Ryan");
  expect(hooks.join(" / ")).not.toMatch(/Jack Ryan's Story|I Was Wrong About/);
  // A person in a trailer is still the person ("Jennifer Lawrence" in "mother! - Official Trailer").
  const actor = { storyName: "Jennifer Lawrence", titles: ["mother! - Official Trailer | Jennifer Lawrence"], categoryIds: [24], topical: false };
  expect(topicSubject("jennifer lawrence", actor).kind).toBe("person");
});

// From the reading of seed 201.
test("a label whose closing star a cut took is no part of the subject ('… 1 on 1 *MUST WATCH')", () => {
  expect(subjectOf("Playing Boston Celtics Jaylen Brown 1 on 1 *MUST WATCH").text).toBe("Playing Boston Celtics Jaylen Brown 1 on 1");
  expect(subjectOf("Testing Out *FAKE* Makeup").text).toBe("Testing Out Fake Makeup");
});

// From the reading of seed 206.
test("two names one of which is the channel that posted it are performers ('Dua Lipa x Gallant', by Gallant)", () => {
  const ctx = { storyName: "Dua Lipa x Gallant", titles: ["Dua Lipa x Gallant // In The Room // Episode 6"], categoryIds: [10], channels: ["Gallant"], topical: false };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("dua lipa x gallant", ctx), 2017)).filter(Boolean);
  expect(hooks).toContain("Dua Lipa x Gallant: My Honest Reaction");
  expect(hooks.join(" / ")).not.toMatch(/Details You Missed|Meaning You Missed/);
});

// From the reading of seed 207.
test("a film its titles always name with 'The' keeps it ('Last Jedi' → 'The Last Jedi'); once without, it does not", () => {
  const titles = ["Star Wars: The Last Jedi Trailer (Official)", "Everything You Missed In The Last Jedi Trailer", "Star Wars: The Last Jedi - Trailer Review"];
  const s = topicSubject("last jedi", { storyName: "Last Jedi", titles, categoryIds: [24, 24, 24], topical: true });
  expect(hookText("struct:second_person", s, 2017)).toBe("Everything You Need to Know Before Watching The Last Jedi");
  const mixed = topicSubject("last jedi", { storyName: "Last Jedi", titles: [...titles, "Last Jedi Trailer Breakdown"], categoryIds: [24, 24, 24, 24], topical: true });
  expect(hookText("struct:second_person", mixed, 2017)).toBe("Everything You Need to Know Before Watching Last Jedi");
});

// From an audit of every story the vault reads as a film or show (82).
test("an owner every title writes with its possessive is not the film; a toy's collectors series is no show", () => {
  const marvel = { storyName: "Marvel", titles: ["Marvel's The Punisher | Official Trailer 2 [HD] | Netflix", "Marvel's Punisher Surprise Netflix Promo"], categoryIds: [24, 1], topical: true };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("marvel", marvel), 2017)).join(" / ")).not.toMatch(/Watching Marvel\b(?!['’])|Review of Marvel\b(?!['’])/);
  expect(genreOf("Millennium Falcon", { categoryIds: [24, 28], titles: ["Watch Us Build a 7,500 Piece Lego Millennium Falcon | WIRED", "LEGO Ultimate Collectors Series Millennium Falcon (2017) Review!"] })).not.toBe("screen");
  expect(genreOf("Alias Grace", { categoryIds: [24], titles: ["Alias Grace | New Series | Netflix"] })).toBe("screen");
});

// From an audit of every story the vault reads as a song (31).
test("the end of a song's title is the song's whole title; performers listed with a comma are performers", () => {
  const sam = { storyName: "Good at Goodbyes", titles: ["Sam Smith - Too Good At Goodbyes (Official Audio)", "Sam Smith - Too Good At Goodbyes (Official Video)"], categoryIds: [10, 10], topical: false };
  expect(hookText("struct:first_person", topicSubject("good at goodbyes", sam), 2017)).toBe("First Time Hearing Too Good at Goodbyes by Sam Smith: My Reaction");
  const pair = { storyName: "Maroon 5, Julia Michaels", titles: ["Maroon 5, Julia Michaels - Help Me Out (Audio)"], categoryIds: [10], topical: false };
  // (The details are the song's, named with its performers since session 10.)
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("maroon 5, julia michaels", pair), 2017)).join(" / ")).toMatch(/5 Details You Missed in Help Me Out by Maroon 5 and Julia Michaels/);
});

// Seen in three readings (199, 204, 212).
test("another film a title names ('The Emoji Movie') does not make the story's name a film ('Film Theory')", () => {
  expect(genreOf("Film Theory", { categoryIds: [1], titles: ["Film Theory: Is The Emoji Movie ILLEGAL? (feat. Jacksfilms)"] })).not.toBe("screen");
  expect(genreOf("Cook Off", { categoryIds: [1], titles: ["COOK OFF! (2017 Movie) – Official Trailer"] })).toBe("screen");
});

// From the reading of seed 214 and the audit of film subjects.
test("a film its titles name with a subtitle before a label is the whole title; labels and episodes are no subtitle", () => {
  const film = (name: string, titles: string[]) => topicSubject(name.toLowerCase(), { storyName: name, titles, categoryIds: titles.map(() => 24), topical: false });
  expect(film("Maze Runner", ["Maze Runner: The Death Cure | Official Trailer [HD] | 20th Century FOX"]).text).toBe("Maze Runner: The Death Cure");
  expect(film("Jumanji", ["JUMANJI: WELCOME TO THE JUNGLE (OFFICIAL TRAILER)"]).text).toBe("Jumanji: Welcome to the Jungle");
  expect(film("New Thor", ["New Thor: Ragnarok International Trailer Featuring More Hela - Movie Talk"]).text).toBe("Thor: Ragnarok");
  expect(film("Mosaic", ["Mosaic: Official Trailer"]).text).toBe("Mosaic");
  expect(film("Black Panther", ["Black Panther: New Trailer Finds Chadwick Boseman Taking the Throne - Movie Talk"]).text).toBe("Black Panther");
  // No second colon: "Maze Runner: The Death Cure: Everything We Know So Far" does not read.
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, film("Maze Runner", ["Maze Runner: The Death Cure | Official Trailer [HD]"]), 2017)).filter(Boolean);
  expect(hooks).toContain("Everything You Need to Know Before Watching Maze Runner: The Death Cure");
  for (const h of hooks) expect(h).not.toMatch(/:.*:/);
});

// From an audit of every story the vault reads as a how-to (69).
test("a thing made is no habit to try for a week; 'DIY' alone is a format word with no subject", () => {
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("DIY Edible Geode"), 2017)).filter(Boolean);
  expect(hooks.join(" / ")).not.toMatch(/for a Week/);
  expect(hooks).toContain("7 DIY Edible Geode Mistakes Beginners Make");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Makeup Routine"), 2017))).toContain("I Tried This Makeup Routine for a Week");
  expect(topicSubject("diy", { storyName: "DIY", titles: ["7 Easy Halloween DIYs"], categoryIds: [26] }).text).not.toBe("DIY");
});

// From the reading of seeds 196 and 202 and an audit of every story the vault reads as an explainer (48).
test("a video format or a series episode in Education or Science is one upload, not a topic to explain", () => {
  expect(genreOf("Q&A With Grey", { categoryIds: [27], titles: ["Q&A With Grey"] })).toBe("clip");
  expect(genreOf("Emily's Recommended Reading", { categoryIds: [27], titles: ["Emily's Recommended Reading!"] })).toBe("clip");
  expect(genreOf("Projections", { categoryIds: [27], titles: ["PROJECTIONS, Episode 26: Star Trek"] })).toBe("clip");
  expect(genreOf("26 Facts about Libraries", { categoryIds: [27], titles: ["26 Facts about Libraries - mental_floss List Show Ep. 518"] })).toBe("explainer");
  expect(genreOf("Bell's Theorem", { categoryIds: [27], titles: ["Bell's Theorem: The Quantum Venn Diagram Paradox"] })).toBe("explainer");
});

// From an audit of every story the vault reads as a dish (25).
test("a hamburger is one countable dish: 'I Made a Hamburger at Home'", () => {
  const ctx = { storyName: "Hamburger Recipe", titles: ["Hamburger Recipe"], categoryIds: [26], topical: false };
  expect(hookText("hook:confession", topicSubject("hamburger recipe", ctx), 2017)).toBe("I Made a Hamburger at Home");
});

// From an audit of every one-off clip the vault gives a hook (87).
test("clip audit: a censored word stays whole, a lone 'w' is 'with', a pronoun alone names nothing, 'Special Report' is framing, a year does not hide a haul", () => {
  expect(subjectOf("It's F***ING Raw!").text).not.toMatch(/F ING/);
  expect(subjectOf("BFF TAG w VANESSA MORGAN").text).toMatch(/ with /);
  expect(topicSubject("her", { storyName: "Her", titles: ["Her - Building a Beautiful Future"], categoryIds: [22] }).text).toBe("");
  expect(rewriteSubject("Special Report: Deadly Earthquake Hits Central Mexico | NBC News", { year: 2017 }).text).toBe("Deadly Earthquake Hits Central Mexico");
  expect(subjectOf("Deadly Earthquake Hits Central Mexico").kind).toBe("headline");
  expect(genreOf("Online Shopping Haul 2017", { categoryIds: [26], titles: ["ONLINE SHOPPING HAUL 2017! (with me, a shopaholic)"] })).toBe("lifestyle");
});

// From GB reading 1 (a country the rules were not read on).
test("a dish named with a two-word possessive takes no 'a' ('Michael Jordan's Chocolate Cake')", () => {
  const ctx = { storyName: "Michael Jordan's Chocolate Cake", titles: ["Michael Jordan's Chocolate Cake"], categoryIds: [26], topical: false };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("michael jordan's chocolate cake", ctx), 2017)).filter(Boolean);
  expect(hooks.join(" / ")).not.toMatch(/\ba Michael/);
});

// From GB readings 3–5 (a country the rules were not read on).
test("GB readings: a question about nothing named, a star as a separator, an advice series on death, Roman numerals, family and shared-head comparisons", () => {
  expect(rewriteSubject("Was It Worth It?", { year: 2017 }).text).toBe("");
  expect(rewriteSubject("Freddie the Lizard Mouse ★ The Amazing Spider Man", { year: 2017 }).text).toBe("Freddie the Lizard Mouse");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Ask a Mortician- Home Death & Wake for Your Pet"), 2017)).filter(Boolean)).toEqual([]);
  expect(subjectOf("Emre Can selects his ULTIMATE XI").text).toBe("Emre Can Selects His Ultimate XI");
  const all = (t: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(t.toLowerCase(), { storyName: t, titles: [t], categoryIds: [22] }), 2017)).filter(Boolean).join(" / ");
  expect(all("Husband vs Best Friend")).toMatch(/Who Wins\?/);
  expect(all("Husband vs Best Friend")).not.toMatch(/Differences/);
  expect(all("American vs French Makeup Tutorial")).not.toMatch(/Differences Between American and/);
  expect(all("Logan vs. Children of Men")).toMatch(/5 Differences Between Logan and Children of Men/);
});

// From GB readings 6–8 (a country the rules were not read on).
test("GB readings: initials keep their last dot, FIFA keeps its capitals, a tutorial is no product to review, a slur is not repeated", () => {
  const draft = "Pro-gun campaigner says 'nothing should be done' about guns in the U.S.";
  expect(rewriteSubject(draft, { year: 2017 }).text).toMatch(/the U\.S\.$/);
  expect(subjectOf(draft).text).toMatch(/the U\.S\.$/);
  expect(subjectOf("fifa puskás award 2017").text).toMatch(/^FIFA /);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Drugstore Makeup Tutorial"), 2017)).join(" / ")).not.toMatch(/My Honest Drugstore Makeup Tutorial Review/);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Top of Ultimate Retarded Drivers Fails"), 2017)).filter(Boolean)).toEqual([]);
});

// From GB readings 2–8 (seen three and two times).
test("GB readings: a product's aspect is no product ('PES 2018 Realism'); a one-word lower-case title is a mood, not a subject", () => {
  expect(subjectOf("PES 2018 Realism", { categoryIds: [20] }).kind).not.toBe("product");
  expect(rewriteSubject("autumn.", { year: 2017 }).text).toBe("");
  // A topic is typed in lower case: it keeps its subject.
  expect(topicSubject("björk", {}).text).toBe("Björk");
});

// From GB readings 9–11 (a country the rules were not read on).
test("GB readings: a tutorial is no habit; a review of looks is no product; someone else's loss is not the creator's story; an unbracketed release label goes; a counted list of recipes is no dish", () => {
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Drugstore Makeup Tutorial"), 2017)).join(" / ")).not.toMatch(/for a Week/);
  expect(rewriteSubject("EMMY FASHION REVIEW // Grace Helbig", { year: 2017 }).kind).not.toBe("product");
  const loss = rewriteSubject("Denise Welch opens up about losing her mum to cancer", { year: 2017, story: { storyName: "Denise Welch", titles: ["Denise Welch opens up about losing her mum to cancer"], categoryIds: [24] } });
  expect(loss.personal).toBe(false);
  expect(rewriteSubject("Chemotherapy Effects Not Working!", { year: 2017, story: { storyName: "Chemotherapy", titles: ["Chemotherapy Effects Not Working!"], categoryIds: [22] } }).personal).toBe(true);
  expect(rewriteSubject("Sharon Jones & the Dap-Kings Matter of Time Official Video", { year: 2017 }).text).not.toMatch(/Official Video/i);
  expect(genreOf("5 Easy & Creative Avocado Recipes", { categoryIds: [26], titles: ["5 Easy & Creative Avocado Recipes"] })).not.toBe("food");
  expect(genreOf("Chicken Fajita Soup Recipes", { categoryIds: [26], titles: ["Chicken Fajita Soup Recipes"] })).toBe("food");
});

// From GB readings 3–14 (seen in seven of them) and the US dump.
test("a how-to rewrite in comedy, film or news is a sketch, satire or a report: no tutorial frame; a science build keeps one", () => {
  const g = (draft: string, cat: number) => TEMPLATE_PATTERNS.map((p) => hookText(p, rewriteSubject(draft, { year: 2017, story: { storyName: draft, titles: [draft], categoryIds: [cat] } }), 2017, "rewrite")).filter(Boolean).join(" / ");
  expect(g("How To Actually Cover Stories About Antifa", 23)).not.toMatch(/Easy Way|Step by Step|Easiest/);
  expect(g("Autumn Makeup Tutorial for Straight Men", 23)).not.toMatch(/Step by Step|in 10 Minutes/);
  expect(g("Make PCB with a LCD mask", 28)).toMatch(/PCB/);
});

// From GB readings 15–17 (a country the rules were not read on).
test("GB readings: a request is no task, a bare question word is no subject, a memorial gets no frame, an anniversary is a milestone, a closing date goes", () => {
  const all = (t: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean).join(" / ");
  expect(all("Make Me White Again")).not.toMatch(/How to Make Me|Easy Way/);
  expect(rewriteSubject("How Much?! Missguided Haul", { year: 2017 }).text).toBe("Missguided Haul");
  expect(all("In Memory of Liz Dawn")).toBe("");
  expect(all("5 Year Anniversary")).toBe("");
  expect(rewriteSubject("Harry Winks vs Lithuania (England Debut) /8/10/2017/ || HD", { year: 2017 }).text).toBe("Harry Winks vs Lithuania");
  // (Session 11: "on" and a date ending the draft go together; the audit of every rewrite flagged "… All at Once on 9/6/17 - What We Know".)
  expect(rewriteSubject("Hurricanes Irma, Jose, and Katia, all at once on 9/6/17", { year: 2017 }).text).toMatch(/^Hurricanes Irma, Jose, and Katia, all at once$/i);
  expect(toneOf("In Memory of Liz Dawn").death).toBe(true);
});

// From GB readings 18–20 (a country the rules were not read on).
test("GB readings: a channel-named brand gets no person frames; a product's aspect stays no product in a review; a broken bone is an injury", () => {
  const gopro = subjectOf("GoPro", { storyName: "GoPro", titles: ["GoPro: Nate Adams - GoPro Kind of Day"], channels: ["GoPro"], categoryIds: [17] });
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, gopro, 2017)).join(" / ")).not.toMatch(/Career Highlights|GoPro's Story/);
  const pes = rewriteSubject("PES 2018 Realism Review: Individuality and Animations | Part Two | KnightMD", { year: 2017, story: { storyName: "PES 2018", titles: ["PES 2018 Realism Review: Individuality and Animations | Part Two | KnightMD"], categoryIds: [20] } });
  expect(pes.kind).not.toBe("product");
  expect(toneOf("Broken Femur and Pelvic Bone").sensitive).toBe(true);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Broken Femur and Pelvic Bone"), 2017)).join(" / ")).not.toMatch(/Honest Reaction/);
});

// From GB readings 21–23 (a country the rules were not read on).
test("GB readings: a trailer's label with qualifiers goes, a picture-quality label goes (4K too since the session-10 audits), a '$' name keeps its spelling", () => {
  expect(rewriteSubject("BETTER WATCH OUT Official Red Band Trailer", { year: 2017 }).text).toBe("Better Watch Out");
  expect(rewriteSubject("The Sopranos Phil Leotardo scared Lorraine HD", { year: 2017 }).text).not.toMatch(/\bHD$/);
  expect(rewriteSubject("AUTOMATICA 4k", { year: 2017 }).text).not.toMatch(/4K$/i);
  // A work credited before its channel's person ("AUTOMATICA 4k - Robots Vs. Music - Nigel Stanford") is a song, not a performer.
  const auto = topicSubject("automatica 4k", { storyName: "AUTOMATICA 4k", titles: ["AUTOMATICA 4k - Robots Vs. Music - Nigel Stanford"], categoryIds: [10], channels: ["Nigel John Stanford"] });
  // (Since session 12 a lone capitalised non-word in a title that shouts nothing else is the work's styling.)
  expect([auto.text, auto.kind]).toEqual(["AUTOMATICA", "general"]);
  expect(titleCase("ty dolla $ign")).toBe("Ty Dolla $ign");
});

// From the GB rewrite list (GB reading 9).
test("a vlog's title is no task: 'VLOG : DANCE MAT QUEENS' gets no how-to frame", () => {
  const s = rewriteSubject("VLOG : DANCE MAT QUEENS 👑", { year: 2017 });
  expect(s.kind).toBe("headline");
  expect(rewriteSubject("How to Vlog", { year: 2017 }).kind).toBe("howto");
});

// From GB readings 24 and 26.
test("CJK corner brackets enclose a part of a title ('TWICE「ONE MORE TIME」')", () => {
  expect(rewriteSubject("TWICE「ONE MORE TIME」Music Video", { year: 2017 }).text).toBe("Twice");
  expect(rewriteSubject("TWICE「ONE MORE TIME", { year: 2017 }).text).toBe("Twice");
});

test("emoji are a product's feature, not a product (GB reading 24: 'New iOS 11 Emojis')", () => {
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("new ios 11 emojis!", { storyName: "New iOS 11 Emojis!", titles: ["New iOS 11 Emojis!"], categoryIds: [28] }), 2017)).filter(Boolean).join(" / ");
  expect(hooks).not.toMatch(/Switched|Hours of Use|Before You Buy/);
});

// Seen in 14 readings of both countries ("How To Stop A North Korean Nuclear Missile - The Easy Way").
test("a how-to in Science & Technology is explained, not a task to try at home", () => {
  const s = topicSubject("how to stop a north korean nuclear missile", { storyName: "How To Stop A North Korean Nuclear Missile", titles: ["How To Stop A North Korean Nuclear Missile"], categoryIds: [28] });
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean);
  expect(hooks).toContain("Can You Really Stop a North Korean Nuclear Missile?");
  expect(hooks.join(" / ")).not.toMatch(/I Tried|Easy Way|Easiest|Step by Step|at Home|in 10 Minutes/);
  // A how-to in Howto & Style keeps its tutorial frames.
  const style = topicSubject("how to style short wigs!", { storyName: "How to Style Short Wigs!", titles: ["How to Style Short Wigs! | Super Easy!!"], categoryIds: [26] });
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, style, 2017)).join(" / ")).toMatch(/Style Short Wigs/);
});

// From GB readings 11, 20 and 29.
test("one function word beside a word of another language's video titles is another language: no hook", () => {
  for (const t of ["Resumen de Real Sociedad vs Real Madrid", "Abertura de Star Trek"]) expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean)).toEqual([]);
  // A name with its own "de" stays English ("Tour de France 2017 Highlights").
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Tour de France 2017 Highlights"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
});

// Seen in seven GB readings ("#tbt Windows 95 Video Guide … [Step by Step]").
test("a throwback's title is no guide to follow", () => {
  const s = rewriteSubject("#tbt Windows 95 Video Guide with Jennifer Aniston and Matthew Perry", { year: 2017 });
  expect(s.kind).not.toBe("howto");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017, "rewrite")).join(" / ")).not.toMatch(/Step by Step|Easy Way|in 10 Minutes/);
});

// From GB readings 30 and 32.
test("GB readings: a person doing something is a clip, no profile or song; someone telling their own hard experience gets no news frame", () => {
  const ctx = { storyName: "Tom Cruise singing", titles: ["Tom Cruise singing (Jerry Maguire, 1996)"], categoryIds: [10], topical: false };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("tom cruise singing", ctx), 2017)).join(" / ")).not.toMatch(/Story So Far|Details You Missed|Story in 60/);
  const penny = subjectOf("Penny Lancaster Bravely Shares Her Experience of Being Sexually Assaulted");
  expect(penny.tone.sensitive).toBe(true);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, penny, 2017)).filter(Boolean)).toEqual([]);
});

// From GB readings 33–35.
test("GB readings: a person in a sensitive story who did not die gets no frame; a podcast named after its host is no person", () => {
  const emma = subjectOf("emma thompson", { storyName: "Emma Thompson", titles: ["Emma Thompson: Harvey Weinstein 'top of harassment ladder' - BBC Newsnight", "Emma Thompson on sexual harassment in Hollywood"], categoryIds: [25, 25] });
  expect(emma.kind).toBe("person");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, emma, 2017)).filter(Boolean)).toEqual([]);
  expect(subjectOf("Joe Rogan Experience").kind).not.toBe("person");
});

// From GB reading 33 ("Woman Brandishing a Handgun, Machete Threatens People … [Reaction]").
test("brandishing a weapon is violence; a sensitive story's name its lead title opens with is answered for the lead title", () => {
  expect(toneOf("Woman brandishing a handgun, machete threatens people at Kardashian boutique").sensitive).toBe(true);
  const ctx = { storyName: "More than 800 people injured", titles: ["More than 800 people injured after clashing with police in Catalonia"], categoryIds: [25] };
  expect(topicSubject("more than 800 people injured", ctx).text).toBe("More than 800 People Injured After Clashing with Police in Catalonia");
});

// From GB readings 3, 36 and 38.
test("Central European letters mark another language; a spaced underscore separates", () => {
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Odnalezione demo technologiczne Wiedźmina"), 2017)).filter(Boolean)).toEqual([]);
  expect(rewriteSubject("SEVENTEEN _ SVT Performance Team", { year: 2017 }).text).toBe("Seventeen");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Roman Bürki's Funny Pre-Match Ritual for Borussia Dortmund"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
});

// Seen in ten GB readings ("It Pennywise Glam Halloween Makeup Tutorial").
test("the film IT keeps its capitals in a shouted title before what names it as a film; the pronoun does not", () => {
  expect(rewriteSubject("IT PENNYWISE GLAM HALLOWEEN MAKEUP TUTORIAL", { year: 2017 }).text).toMatch(/^IT Pennywise/);
  expect(subjectOf("IT MOVIE REVIEW").text).toMatch(/^IT Movie/);
  expect(subjectOf("IT WORKS EVERY TIME").text).toMatch(/^It Works/);
});

// From GB readings 9, 16 and 36.
test("a numbered trailer label and its blurb are no part of the film's name", () => {
  expect(rewriteSubject("MAYHEM Trailer #1 NEW Steven Yeun Movie HD", { year: 2017 }).text).toBe("Mayhem");
});

// From GB reading 41 (the story of "VLOG : DANCE MAT QUEENS", typed by its name).
test("a story name whose titles are a vlog's is no task either", () => {
  const s = topicSubject("dance mat queens", { storyName: "Dance Mat Queens", titles: ["VLOG : DANCE MAT QUEENS 👑"], categoryIds: [22] });
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" / ")).not.toMatch(/I Tried to Dance|Easy Way|Step by Step/);
});

// From GB reading 39 ("Grwm [Explained]").
test("GRWM is an acronym", () => {
  expect(subjectOf("chatty grwm").text).toBe("Chatty GRWM");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("grwm"), 2017)).join(" / ")).not.toMatch(/Grwm/);
});

// From GB readings 27, 31 and 37 ("Stranger [Review]", "Goals", "Inter"): a one-word story name many stories share.
test("a one-word story name that ten or more stories share is a common word, not a topic; a person or an answered name stays", () => {
  const goals = topicSubject("goals", { storyName: "Goals", titles: ["GOALS!", "Goals"], categoryIds: [22, 24], nameStories: 31 });
  expect(goals.text).toBe("");
  const fletcher = topicSubject("fletcher", { storyName: "Fletcher", titles: ["FLETCHER - Wasted Youth"], categoryIds: [10], channels: ["FLETCHER"], nameStories: 9 });
  expect(fletcher.text).toBe("FLETCHER"); // (spelled as her own channel does since session 9)
  const dogs = topicSubject("dogs", { storyName: "Dogs", titles: ["Blake Shelton - I'll Name the Dogs"], categoryIds: [10], nameStories: 40 });
  expect(dogs.text).toBe("I'll Name the Dogs by Blake Shelton");
});

test("a spaced underscore puts the artist first in a K-pop release ('GFRIEND _ SUMMER RAIN')", () => {
  const s = topicSubject("gfriend", { storyName: "GFRIEND", titles: ["GFRIEND _ SUMMER RAIN", "GFRIEND _ SUMMER RAIN (Choreography)"], categoryIds: [10, 10] });
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" / ")).not.toMatch(/Details You Missed/);
});

// From GB readings 18, 37, 38 and 44 ("Autumn in 60 Seconds", "My Honest Opinion on Magic", "… Dark").
test("a common word typed alone names no topic, whatever story it reached; a person or an acronym stays", () => {
  expect(topicSubject("autumn", { storyName: "Fall Looks", titles: ["Autumn lookbook", "Fall looks"], categoryIds: [26], topicStories: 33 }).text).toBe("");
  expect(topicSubject("autumn", { storyName: "Fall Looks", titles: ["Autumn lookbook", "Fall looks"], categoryIds: [26], topicStories: 3 }).text).not.toBe("");
  expect(topicSubject("nfl", { topicStories: 40 }).text).toBe("NFL");
  expect(topicSubject("trump", { storyName: "Donald Trump", titles: ["Donald Trump speech"], categoryIds: [25], topicStories: 33 }).text).toBe("Donald Trump");
});

// From GB readings 46 and 47 ("Pumpkin Spice [Explained]", "5 Differences Between Your Brain and Your Crush", "9-30-2017 Marilyn Manson …").
test("GB readings: '[Explained]' not on a story of mixed categories; no differences between 'your' sides; an opening date goes", () => {
  const mixed = subjectOf("pumpkin spice", { storyName: "Pumpkin Spice", titles: ["Pumpkin Spice Oreo Taste Test", "Pumpkin spice latte news"], categoryIds: [22, 25], topical: true });
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, mixed, 2017)).join(" / ")).not.toMatch(/\[Explained\]|Everything We Know/);
  const all = TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Your Brain vs. Your Crush"), 2017)).filter(Boolean).join(" / ");
  expect(all).not.toMatch(/Differences/);
  expect(rewriteSubject("9-30-2017 Marilyn Manson Hammerstein Ballroom Prop/stage Collapse", { year: 2017 }).text).toMatch(/^Marilyn Manson/);
});

// From GB readings 43, 49 and 50.
test("a letter paired by 'and' is an initial ('Q and A'); a capitalised tag a cut left open is a label", () => {
  expect(titleCase("Project Cars 2 CEO Q and a with Ian Bell")).toBe("Project Cars 2 CEO Q and A with Ian Bell");
  expect(titleCase("rock and a hard place")).toBe("Rock and a Hard Place");
  expect(subjectOf("Filming Something Special *UK YouTubers").text).toBe("Filming Something Special");
});

// From US reading 222 (after the audits): a first-hand account with words between the pronoun and the noun.
test("someone telling their own experience gets no news frame, with words between ('Her Sexual Harassment Experience')", () => {
  const s = rewriteSubject("Laura Dern Reveals Her Sexual Harassment Experience in Hollywood", { year: 2017 });
  expect(s.tone.sensitive).toBe(true);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017, "rewrite")).filter(Boolean)).toEqual([]);
});

// From GB readings 51 and 52.
test("GB readings: a Slovak title is another language despite an emoticon's letter; a pregnancy update is the creator's own moment", () => {
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Keď máš veľkú chuť na kebab :D pozeraj dokonca"), 2017)).filter(Boolean)).toEqual([]);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Pregnancy Chat & Bump Update! 19-23 Weeks"), 2017)).filter(Boolean)).toEqual([]);
});

// Seen in six readings of both countries ("How to Be Gangster 2.0 - The Easy Way").
test("being something is no task: 'How to Be Gangster 2.0' is quoted whole, no 'Easy Way' or 'I Tried to'", () => {
  const s = subjectOf("How to be Gangster 2.0");
  expect(s.kind).toBe("headline");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" / ")).not.toMatch(/Easy Way|Easiest|I Tried to|Step by Step/);
  expect(subjectOf("How to Make Grass Rope").kind).toBe("howto");
});

// From GB readings 18, 28, 31, 48 and 53.
test("a three-word name with a verb in a Music story is a band ('Right Said Fred'); a request to the viewers gets no frame", () => {
  expect(topicKind("Right Said Fred", { categoryIds: [10, 10] })).toBe("person");
  expect(topicKind("Celebrating Selena Quintanilla", { categoryIds: [10] })).toBe("headline");
  expect(topicKind("Right Said Fred", { categoryIds: [22] })).toBe("headline");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Assign Us a Video Topic"), 2017)).filter(Boolean)).toEqual([]);
});

// From GB readings 16, 20 and 44 ("The Poo Bear - Amazing Footage").
test("a name credited before a release's dash is a performer, not an animal, whatever its last word", () => {
  expect(genreOf("Poo Bear", { categoryIds: [10, 23], titles: ["Skrillex & Poo Bear - Would You Ever (Remix) - Drum Cover", "Rudy Mancuso & Poo Bear - Black & White (Official Video)"] })).not.toBe("animal");
  expect(genreOf("Baby Hippo Fiona", { categoryIds: [15], titles: ["Baby Hippo Fiona's First Swim"] })).toBe("animal");
});

// From US reading 229 (session 7).
test("animals on both sides of a contest fight: only 'Who Wins?', no verdict or differences", () => {
  const all = (t: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(t.toLowerCase(), { storyName: t, titles: [t], categoryIds: [22] }), 2017)).filter(Boolean);
  expect([...new Set(all("Northern Ontario Moose vs Wolf"))]).toEqual(["Northern Ontario Moose vs Wolf: Who Wins?"]);
  expect(all("Men vs Women").join(" / ")).toMatch(/Differences|Verdict/);
  expect(all("iPhone X vs Pixel 2").join(" / ")).toMatch(/Which Is Better\?/);
});

// From GB reading 61 (session 7).
test("a time of day's routine is someone's day, not a tutorial; a film's own 'A' keeps its capital inside a title", () => {
  const rw = (d: string) => TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).filter(Boolean).join(" / ");
  expect(rw("MORNING ROUTINE AUTUMN 2017")).not.toMatch(/Tutorial|Step by Step|in 10 Minutes/);
  expect(rw("Flawless Fall Makeup Routine")).toMatch(/Tutorial|Step by Step|in 10 Minutes/);
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("morning routine", { storyName: "Morning Routine", titles: ["My Morning Routine 2017"], categoryIds: [26] }), 2017)).filter(Boolean).join(" / ");
  expect(hooks).not.toMatch(/Tutorial|Step by Step|Mistakes Beginners|in 10 Minutes/);
  const film = topicSubject("a quiet place", { storyName: "A Quiet Place", titles: ["A Quiet Place (2018) - Official Teaser Trailer - Paramount Pictures"], categoryIds: [1] });
  // (Not "My Honest Review of A Quiet Place": its teaser names 2018, so it was not out; see the trailer-year test.)
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, film, 2017))).toContain("5 Things to Know Before You Watch A Quiet Place");
});

// Seen in GB readings 45 and 62.
test("one part of a series is one upload, no topic", () => {
  const s = topicSubject("part 2 of riverdale season 2 q&a", { storyName: "Part 2 of Riverdale Season 2 Q&A", titles: ["Part 2 of Riverdale Season 2 Q&A | Madelaine Petsch"], categoryIds: [22] });
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean)).toEqual([]);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("riverdale season 2", { storyName: "Riverdale Season 2", titles: ["Riverdale Season 2 Trailer"], categoryIds: [24] }), 2017)).filter(Boolean).length).toBeGreaterThan(0);
});

// From GB reading 64 (session 7).
test("a creator's own update or vlog gets no frame; a subject opening with a preposition reads first or keeps a name's capital", () => {
  const hooks = (t: string, cat = 22) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(t.toLowerCase(), { storyName: t, titles: [t], categoryIds: [cat] }), 2017)).filter(Boolean) as string[];
  expect(hooks("Moving Vlog #2")).toEqual([]);
  expect(hooks("Honest Update & Current Beauty/Lifestyle Favourites!")).toEqual([]);
  expect(hooks("An Update on Darcy!")).toEqual([]);
  expect(hooks("Dana White Update on Conor McGregor", 17).length).toBeGreaterThan(0);
  // (A prepositional fragment alone names nothing since session 9: no frame; a longer one still reads first.)
  expect(hooks("In a Hit and Run!! Driving With Liza Part 4!")).toEqual([]);
  const pre = hooks("In a Hit and Run With My Brother Last Night");
  for (const h of pre) expect(h).toMatch(/^In a Hit and Run/);
  const game = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("for honor", { storyName: "For Honor", titles: ["For Honor: Season 3 - Tribute Mode Reveal | Trailer | Ubisoft [US]"], categoryIds: [20] }), 2017)).filter(Boolean) as string[];
  expect(game.join(" / ")).not.toMatch(/\bfor Honor/);
  expect(game.some((h) => /\S For Honor/.test(h))).toBe(true);
});

// Seen in US readings 224 and 233 (session 7).
test("a pronoun glued to a word by a dash starts another sentence: no frame", () => {
  for (const p of TEMPLATE_PATTERNS) expect(hookText(p, subjectOf("Steel Balls Grinding Balls-We set up technology center"), 2017)).toBeNull();
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Spider-Man Homecoming Review"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
});

// From US reading 232 (session 7).
test("footage of a tragedy gets no timeline; a report of one keeps it", () => {
  const all = (t: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean).join(" / ");
  expect(all("Journalist Films Home Swaying as Earthquake Hits Mexico")).not.toMatch(/Timeline/);
  expect(all("U.S.P.S Postman Delivers Mail Santa Rosa Fires Drone Video")).not.toMatch(/Timeline/);
  expect(all("Police Release New Details on Las Vegas Shooting Investigation")).toMatch(/Timeline/);
});

// From GB reading 66 (session 7).
test("an extended trailer's label goes whole; a warning gets no frame; a name a music video credits before its dash is a performer", () => {
  const all = (name: string, titles: string[], cats: number[]) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles, categoryIds: cats }), 2017)).filter(Boolean).join(" / ");
  expect(all("SOY PABLO Extended Trailer", ["SOY PABLO Extended Trailer  -- A Bad Lip Reading of Narcos, a Netflix Original Series"], [23])).not.toMatch(/Extended/);
  expect(toneOf("Playing with old fridges Kills - public information film").sensitive).toBe(true);
  expect(toneOf("Finnish golfer kills a goose").sensitive).toBe(false);
  expect(all("Playing with old fridges Kills", ["Playing with old fridges  Kills -  public information film 1970s UK advert"], [1])).toBe("");
  const jay = all("Jay-Z", ["Ryan Gosling & Jay-Z: Together Again at Last - SNL", "JAY-Z - Numb/Encore in the Live Lounge", "Jay Z Shuts Down Reporter’s Donald Trump Question At The Sundance Film Festival!"], [24, 10, 24]);
  expect(jay).not.toMatch(/Review|Watch/);
  expect(jay).toMatch(/Jay-Z/);
  // a song credited first stays a song
  expect(all("Powerpuff Girls Theme", ["Powerpuff Girls Theme - Nerdist Remix", "The Powerpuff Girls Theme (Cover)"], [10, 24])).not.toMatch(/Didn't Know|Story in 60/);
});

// From US reading 237 (session 7).
test("a title opening with a channel named like a task is quoted whole, no tutorial", () => {
  const ctx = { storyName: "How To Cake It KITCHEN TOUR", titles: ["How To Cake It KITCHEN TOUR - BLINDFOLD CHALLENGE!! | Yolanda Gampp | How To Cake It"], categoryIds: [26], channels: ["How To Cake It"] };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("how to cake it kitchen tour", ctx), 2017)).filter(Boolean) as string[];
  expect(hooks.length).toBeGreaterThan(0);
  for (const h of hooks) expect(h).toMatch(/^How to Cake It Kitchen Tour/);
  expect(hooks.join(" / ")).not.toMatch(/Step by Step|I Tried|Easiest/);
  // without that channel it is a task again
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("how to cake it kitchen tour", { ...ctx, channels: ["Someone Else"] }), 2017)).join(" / ")).toMatch(/Step by Step|I Tried|Easiest/);
});

// From GB readings 69–70 (session 7).
test("a cam, a product range, a collection or a board reads with 'the'", () => {
  const all = (name: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles: [name], categoryIds: [22] }), 2017)).filter(Boolean).join(" / ");
  expect(all("Halloween Pumpkin Message Board")).toMatch(/The Halloween Pumpkin Message Board:/);
  expect(all("New Christmas Lifestyle Range")).toMatch(/The New Christmas Lifestyle Range:/);
  expect(all("Halloween Pumpkin Message")).not.toMatch(/the Halloween/);
});

// Seen in GB readings 48–50 and 70 (session 7).
test("a presenter's label whose work a cut took names nothing", () => {
  const ctx = { storyName: "Taylor Swift NOW Presents", titles: ["Taylor Swift NOW Presents: See What Taylor’s Up To NOW | AT&T"], categoryIds: [10] };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("taylor swift now presents", ctx), 2017)).filter(Boolean)).toEqual([]);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Taylor Swift Presents Her New Album"), 2017)).filter(Boolean).length).toBeGreaterThan(0);
});

// From GB readings 71–72 (session 7).
test("the film IT named in mixed case keeps its capitals; a dish a title reviews is no recipe", () => {
  expect(subjectOf("How The Cast Of It Should Really Look").text).toBe("How the Cast of IT Should Really Look");
  expect(subjectOf("It EXCEPT Pennywise dances to anything").text).toMatch(/^IT Except Pennywise/);
  expect(subjectOf("It Was the Best Day").text).toMatch(/^It Was/);
  const ctx = { storyName: "Popeyes 1/4 LB Popcorn Chicken", titles: ["Popeyes 1/4 LB Popcorn Chicken - Food Review"], categoryIds: [24] };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("popeyes 1/4 lb popcorn chicken", ctx), 2017)).filter(Boolean).join(" / ");
  expect(hooks).not.toMatch(/Recipe|Making|in 30 Minutes|at Home/);
});

// From GB reading 74 (session 7).
test("a name a music video's label credits before its dash is a performer in any category; not a pair, not a song in the first person", () => {
  const all = (name: string, titles: string[], cats: number[]) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles, categoryIds: cats }), 2017)).filter(Boolean).join(" / ");
  const boogie = all("A Boogie Wit Da Hoodie", ["A Boogie Wit Da Hoodie - Drowning (WATER) [Official Music Video]"], [1]);
  expect(boogie).toMatch(/About A Boogie Wit Da Hoodie|A Boogie Wit Da Hoodie's Story/);
  expect(boogie).not.toMatch(/to a Boogie/);
  expect(all("Tori Kelly & Luis Fonsi", ["Tori Kelly & Luis Fonsi - Sorry (Official Video)"], [1])).not.toMatch(/'s Story in 60 Seconds/);
  expect(all("I Want to Break Free", ["I Want to Break Free - Queen (Official Video)"], [1])).not.toMatch(/Didn't Know|Story in 60/);
});

// From GB readings 75–76 (session 7).
test("a tribute to someone who died and a plea to the viewers get no frame", () => {
  const all = (name: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles: [name], categoryIds: [24] }), 2017)).filter(Boolean);
  expect(all("A tribute to Sir Bruce Forsyth")).toEqual([]);
  expect(all("Please do This Today!")).toEqual([]);
  // (Session 11: a show's tribute is no news either; the rewrite audit flagged "…: What You Need to Know" on it.)
  expect(all("TRL Premiere Opens With Tribute to Las Vegas")).toEqual([]);
});

// Seen in GB readings 51–53 and 76 (session 7).
test("a dish word in a Sports story names a move, not a dish", () => {
  const ctx = { storyName: "The Bolton Crab", titles: ["The Bolton Crab - First ever MMA 'Walls of Jericho' finish"], categoryIds: [17] };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("the bolton crab", ctx), 2017)).join(" / ")).not.toMatch(/Recipe|Making|at Home|in 30 Minutes/);
  expect(genreOf("Late Night Pho", { titles: ["Late Night Pho"], categoryIds: [26] })).toBe("food");
});

// From US reading 244 (session 7).
test("two performers a release credits with a comma are a pair even when one name holds a number", () => {
  const ctx = { storyName: "Maroon 5, Julia Michaels", titles: ["Maroon 5, Julia Michaels - Help Me Out (Audio)"], categoryIds: [10] };
  expect(topicSubject("maroon 5, julia michaels", ctx).text).toBe("Help Me Out by Maroon 5 and Julia Michaels");
  expect(subjectOf("10 Tips, 5 Tricks", { titles: ["10 Tips, 5 Tricks - Song"], categoryIds: [10] }).text).not.toMatch(/ and /);
});

// From GB readings 77–78 (session 7).
test("a headline naming a creator's haul or favourites is that format; a day in the life is one too; a small word typed twice is a typo", () => {
  const all = (name: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles: [name.toUpperCase()], categoryIds: [22] }), 2017)).filter(Boolean).join(" / ");
  expect(all("Photos, Conkers & a Christmas Haul?")).not.toMatch(/Reaction/);
  expect(all("A Weekend In The Life")).not.toMatch(/Reaction/);
  expect(subjectOf("Match of the the Day's Premier League all-time XI").text).toBe("Match of the Day's Premier League All-Time XI");
  expect(subjectOf("Bora Bora Vacation").text).toBe("Bora Bora Vacation");
});

// From GB readings 79–80 (session 7).
test("a one-off Q&A and an invitation to go somewhere get no reaction frame; a title about a return does", () => {
  const all = (name: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles: [name], categoryIds: [22], topical: false }), 2017)).filter(Boolean).join(" / ");
  expect(all("Adult Q&A With Louise")).not.toMatch(/Reaction/);
  expect(all("Return To The Bristol Hippodrome!")).not.toMatch(/Reaction/);
  expect(all("The Return of No Return")).toMatch(/Reaction/);
});

// From US readings 248–249 (session 7).
test("a creator's own statement named by its kind gets no frame; an unbracketed 'Official song' is a label", () => {
  const all = (name: string, cat = 22) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles: [name], categoryIds: [cat] }), 2017)).filter(Boolean).join(" / ");
  expect(all("My Response")).toBe("");
  expect(all("My Honest Response")).toBe("");
  expect(all("Stitches I Cry Official song", 10)).not.toMatch(/Official/);
});

// From GB reading 81 (session 7).
test("'How to' alone is framing: answered for the lead title", () => {
  const ctx = { storyName: "How to", titles: ["HOW TO: 5 QUICK & EASY HAIRSTYLES FOR SHORT HAIR !! 😍"], categoryIds: [24] };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("how to", ctx), 2017)).filter(Boolean).join(" / ");
  expect(hooks).not.toMatch(/^How to\b|About How To|How to in 60/);
});

// From GB readings 71, 73, 77 and 81 (session 7): profile frames must not take a life as ongoing.
test("no person frame says 'The Story So Far' (the snapshot does not always say who has died)", () => {
  const ctx = { storyName: "Tom Petty", titles: ["Tom Petty & The Heartbreakers -- American Girl", "Tom Petty and Garry Shandling"], categoryIds: [10, 24] };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("tom petty", ctx), 2017)).filter(Boolean);
  expect(hooks.length).toBeGreaterThan(0);
  for (const h of hooks) expect(h).not.toMatch(/So Far/);
});

// From US reading 250 (session 7).
test("a hyphen spaced on one side only joins a compound", () => {
  expect(subjectOf("Dad -Daughter Dance Party").text).toBe("Dad-Daughter Dance Party");
  expect(subjectOf("Spider-Man - Homecoming").text).not.toMatch(/Man-Homecoming/);
});

// From GB reading 84 (session 7).
test("a clip of play in a Gaming story is no game to review", () => {
  const ctx = { storyName: "Sniper Tower Build", titles: ["SNIPER TOWER BUILD (Fortnite Battle Royale)"], categoryIds: [20] };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("sniper tower build", ctx), 2017)).join(" / ")).not.toMatch(/Review|I Switched|Hours of Play/);
  expect(topicKind("Destiny 2", { categoryIds: [20], titles: ["Destiny 2 - Official Launch Trailer"] })).toBe("product");
});

// From US reading 255 (session 7).
test("one word before a prepositional tail is the head; a small word glued to the word before it is split", () => {
  expect(isPluralHead("Age of Giant Insects")).toBe(false);
  expect(isPluralHead("Lots of Cats")).toBe(true);
  expect(subjectOf("Tyrese SlamsThe Rock's Fast and Furious Spinoff").text).toMatch(/^Tyrese Slams the Rock's/);
});

test("'My Update' is a creator's own update too (a slip in an edit had dropped 'my' from the rule)", () => {
  const hooks = (t: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(t.toLowerCase(), { storyName: t, titles: [t], categoryIds: [22] }), 2017)).filter(Boolean);
  expect(hooks("My Update!")).toEqual([]);
  expect(hooks("Our Update")).toEqual([]);
});

// From US reading 259 (session 8).
test("a verb before a season label keeps the clause: 'Gaten Matarazzo Recaps Season 1' is no show to review", () => {
  const name = "Stranger Things' Gaten Matarazzo Recaps Season 1 in Under 7";
  const ctx = { storyName: name, titles: ["Stranger Things' Gaten Matarazzo Recaps Season 1 in Under 7 Minutes | Teen Vogue"], categoryIds: [24] };
  const s = topicSubject(name.toLowerCase(), ctx);
  expect(s.text).toBe("Stranger Things' Gaten Matarazzo Recaps Season 1 in Under 7 Minutes");
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).join(" / ")).not.toMatch(/Review|Worth Watching/);
  // A season label with no verb before it still goes.
  expect(rewriteSubject("Stranger Things Season 2 Review", { year: 2017 }).text).toBe("Stranger Things");
});
test("an invitation ('Let's Talk About Books') gets no reaction frame; the question stays", () => {
  const ctx = { storyName: "Let's Talk about Books", titles: ["Let's Talk about Books"], categoryIds: [22] };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("let's talk about books", ctx), 2017)).filter(Boolean);
  expect(hooks).toContain("Let's Talk About Books: What Do You Think?");
  expect(hooks.join(" / ")).not.toMatch(/Reaction/);
  // A happening still takes one.
  const ctx2 = { storyName: "Grey Wolf Chases Family in Car", titles: ["Grey Wolf Chases Family in Car"], categoryIds: [22] };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("grey wolf chases family in car", ctx2), 2017)).join(" / ")).toMatch(/Reaction/);
});
test("a recipe tested is the dish: 'AKUTAQ Eskimo Ice Cream Recipe Test' → 'AKUTAQ Eskimo Ice Cream'", () => {
  const ctx = { storyName: "AKUTAQ Eskimo Ice Cream Recipe Test", titles: ["AKUTAQ Eskimo Ice Cream Recipe Test | Crisco & Berries"], categoryIds: [26] };
  const s = topicSubject("akutaq eskimo ice cream recipe test", ctx);
  expect(s.genre).toBe("food");
  // (Kept in capitals since session 12: no English word, alone in a title that shouts nothing else — a styled name to the
  // rule, though the Yup'ik dessert is written "akutaq"; one of the rule's three misses over both vaults, docs/rules.md.)
  expect(s.text).toBe("AKUTAQ Eskimo Ice Cream");
  expect(hookText("hook:confession", s, 2017)).toBe("I Made AKUTAQ Eskimo Ice Cream at Home");
});

// From GB reading 93 (session 8).
test("'in 10 Minutes' promises only a quick task, not a thing made ('How to Make Lloyd … Out of Cake')", () => {
  const hooks = (t: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(t), 2017)).filter(Boolean).join(" / ");
  expect(hooks("How To Make LLOYD From The NEW LEGO NINJAGO MOVIE Out Of CAKE")).not.toMatch(/10 Minutes/);
  expect(hooks("How To Make Grass Rope")).not.toMatch(/10 Minutes/);
  expect(hooks("How to Style Short Wigs")).toMatch(/How to Style Short Wigs in 10 Minutes/);
});

// From GB reading 93 and US reading 259 (session 8).
test("words to the viewer ('Fix Your Life') take no reaction frame; a song's words in a Music story do", () => {
  const hooks = (name: string, cat: number) =>
    TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles: [name], categoryIds: [cat] }), 2017)).filter(Boolean).join(" / ");
  expect(hooks("Fix Your Life", 23)).not.toMatch(/Reaction/);
  expect(hooks("Weird music test you have to try!", 22)).not.toMatch(/Reaction/);
  expect(hooks("Things you need to know about Pennywise", 24)).not.toMatch(/Reaction/);
  expect(hooks("Lost On You", 10)).toMatch(/Reaction/);
});

// From US readings 261 and 263 (session 8).
test("a vigil is a ceremony of mourning, and a creator's commentary on a tragedy is not their own story: no frame", () => {
  const rw = (d: string) => TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).filter(Boolean);
  expect(rw("Nashville vigil for Las Vegas shooting victims #PrayForVegas")).toEqual([]);
  expect(rw("We Need To Talk About The Las Vegas Shooting...")).toEqual([]);
  // Someone's own hard experience still is their story.
  expect(rw("My 1st Day at Chemotherapy").join(" / ")).toMatch(/My Story/);
});

// From US reading 261 and GB readings 95-96 (session 8).
test("a trailer's year tells an old film (no 'Everything We Know So Far') and a film not out (no review)", () => {
  const hooks = (name: string, titles: string[]) =>
    TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles, categoryIds: titles.map(() => 1) }), 2017)).filter(Boolean).join(" / ");
  const old = hooks("I'm Gonna Git You Sucka Trailer 1988", ["I'm Gonna Git You Sucka Trailer 1988"]);
  expect(old).toMatch(/My Honest Review of I'm Gonna Git You Sucka/);
  expect(old).not.toMatch(/So Far/);
  const next = hooks("PACIFIC RIM 2 Trailer 2018", ["PACIFIC RIM 2 Trailer 2018"]);
  expect(next).toMatch(/Before You Watch Pacific Rim 2/);
  expect(next).not.toMatch(/Review|Loved|Worth Watching/);
  // A year that is the film's name is no date ("1922").
  expect(hooks("1922", ["1922 | Official Trailer [HD] | Netflix"])).not.toBe("");
});

// From GB readings 95-96 (session 8).
test("a fight's weigh-in labelled after a separator is the video: the label joins the sides", () => {
  expect(rewriteSubject("Joseph Parker v Hughie Fury | WEIGH-IN LIVESTREAM", { year: 2017 }).text).toBe("Joseph Parker v Hughie Fury Weigh-In");
  expect(rewriteSubject("Leeds v Burton | Highlights", { year: 2017 }).text).toBe("Leeds v Burton");
});

// From US readings 264-265 (session 8).
test("an order to watch ('See the Devastation of …') is framing: no frame reads 'See …: What We Know'", () => {
  const rw = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "See The Devastation of California's Still-Roaring Wildfires  (HBO)", { year: 2017 })).filter(Boolean);
  expect(rw.length).toBeGreaterThan(0);
  for (const r of rw) expect(r).not.toMatch(/^See\b/);
  expect(rewriteSubject("Watch This", { year: 2017 }).text).toBe("Watch This");
});

// From GB readings 97-99 (session 8).
test("a regular creator's vlog (one People & Blogs or Howto & Style channel named like a person or a vlog, 3+ videos) takes no reaction frame", () => {
  const hooks = (name: string, channel: string, channelVideos: number, cat = 22) =>
    TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), { storyName: name, titles: [name], categoryIds: [cat], channels: [channel], channelVideos }), 2017)).filter(Boolean).join(" / ");
  expect(hooks("So Many New Clothes!", "Amelia Liana", 10, 26)).not.toMatch(/Reaction/);
  expect(hooks("Never Been This Nervous to Meet Somebody!", "Estée Lalonde", 4)).not.toMatch(/Reaction/);
  expect(hooks("Weekend in BRIGHTON with Mike!", "FleurDeVlog", 3)).not.toMatch(/Reaction/);
  // A one-off upload by a person, or a regular brand channel, is a clip to react to (session 11: not a small People & Blogs
  // or Travel channel's own upload, unless its title is a third-person headline; see the ownUpload test in templates.test.ts).
  expect(hooks("Never Been This Nervous to Meet Somebody!", "Estée Lalonde", 1, 24)).toMatch(/Reaction/);
  expect(hooks("Never Been This Nervous to Meet Somebody!", "Estée Lalonde", 1)).not.toMatch(/Reaction/);
  expect(hooks("Grey Wolf Chases Family in Car", "ViralHog", 7)).toMatch(/Reaction/);
  expect(hooks("Arnold Was Hit With 1000000 Volts", "Meet Arnold", 5)).toMatch(/Reaction/);
});

// From GB reading 102 (session 8).
test("an outfit diary is a lifestyle format like a lookbook ('My Outfit Diary', not 'Outfit Diary in 60 Seconds')", () => {
  const ctx = { storyName: "Outfit Diary", titles: ["Curvy Maternity Outfit Diary!", "My Holiday Outfit Diary | A Week In Outfits | Zoella"], categoryIds: [26, 26], topical: true };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("outfit diary", ctx), 2017)).filter(Boolean).join(" / ");
  expect(hooks).toMatch(/My Outfit Diary/); // (session 11: no "(2017)" tag any more)
  expect(hooks).not.toMatch(/60 Seconds|Things to Know|Opinion|2017/);
});

// From GB readings 103-105 (session 8).
test("mental health is an illness word (no 'My Honest Opinion', no reaction); a dashed date and its time leave a draft", () => {
  expect(toneOf("Mental Health", "Mental Health", []).sensitive).toBe(true);
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("Prince Harry and Michael Fallon Unveil MOD Mental Health Initiative"), 2017)).filter(Boolean).join(" / ");
  expect(hooks).not.toMatch(/Opinion|Reaction/);
  const rw = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Tracking Hurricane Irma 9-8-17 8pm Advisory", { year: 2017 })).filter(Boolean);
  expect(rw.length).toBeGreaterThan(0);
  for (const r of rw) expect(r).not.toMatch(/9-8-17|8pm|Advisory/); // (session 11: "Tracking Hurricane Irma Advisory" was flagged by three readers)
});

// From GB readings 106-108 (session 8).
describe("GB readings 106-108", () => {
  const all = (s: Subject) => TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" / ");
  test("an ironic how-to ('How to Waste $200 on Amazon') is quoted whole, not explained", () => {
    const s = topicSubject("how to waste $200 on amazon", { storyName: "How To Waste $200 on Amazon", titles: ["How To Waste $200 on Amazon..."], categoryIds: [28] });
    expect(all(s)).not.toMatch(/Explained|Can You Really/);
    expect(rewriteSubject("How to Fix a Zipper", { year: 2017 }).vp).toBe(true);
  });
  test("a music test in a Music story is no song: words to the viewer take no reaction", () => {
    const s = topicSubject("weird music test you have to try!", { storyName: "Weird music test you have to try!", titles: ["Weird music test you have to try!"], categoryIds: [10] });
    expect(all(s)).not.toMatch(/Reaction/);
    // (Nor answers to the viewers' questions, GB reading 119.)
    const q = topicSubject("singing your questions 7", { storyName: "Singing Your Questions 7", titles: ["Singing Your Questions 7"], categoryIds: [10] });
    expect(all(q)).not.toMatch(/Reaction/);
  });
  test("a cake tutorial is never 'in 10 Minutes'; a makeup tutorial may be", () => {
    expect(all(subjectOf("Mermaid cake tutorial"))).not.toMatch(/10 Minutes/);
    expect(all(subjectOf("Neon Skull Halloween Makeup Tutorial"))).toMatch(/10 Minutes/);
  });
  test("a band's show in numbered episodes is no song", () => {
    const s = topicSubject("going seventeen ep.14", { storyName: "Going Seventeen ep.14", titles: ["[SEVENTEEN] GOING SEVENTEEN EP.14"], categoryIds: [10], channels: ["SEVENTEEN"] });
    expect(all(s)).not.toMatch(/Details You Missed|Review/);
  });
  test("a minor sexted by an adult is abuse (respectful frames only); words quoted from someone else are not the creator's story", () => {
    expect(toneOf("Teen Who Anthony Weiner Sexted Comes Forward", "", []).sensitive).toBe(true);
    expect(toneOf("Sexting Tips for Couples", "", []).sensitive).toBe(false);
    const rw = TEMPLATE_PATTERNS.map((p) => rewriteText(p, "Teen Who Anthony Weiner Sexted Comes Forward: 'I Was Disgusted.'", { year: 2017 })).filter(Boolean);
    // (Session 11: someone coming forward gets no frame at all, news included; flagged C in the GB audit and a re-audit.)
    expect(rw).toEqual([]);
  });
  test("an allegation of coercion is abuse, and someone speaking on what was done to them gets no frame (session-12 GB reading)", () => {
    const text = "Jerhonda Pace On Allegedly Being Trained To Please R. Kelly";
    expect(toneOf(text, "", []).sensitive).toBe(true);
    expect(toneOf("Allegedly the Best Pizza in Town", "", []).sensitive).toBe(false);
    expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(text.toLowerCase(), { storyName: text, titles: [text], categoryIds: [24] }), 2017)).filter(Boolean)).toEqual([]);
    expect(TEMPLATE_PATTERNS.map((p) => rewriteText(p, text, { year: 2017 })).filter(Boolean)).toEqual([]);
  });
});

// From US readings 279-281 (session 8).
describe("US readings 279-281", () => {
  const all = (s: Subject) => TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" / ");
  test("a series' episode named by its format ('Tour Documentary - Episode 2') is no event and no performer", () => {
    const ctx = { storyName: "Tour Documentary", titles: ["Tour Documentary - Episode 2"], categoryIds: [10], channels: ["Camila Cabello"] };
    expect(topicKind("Tour Documentary", ctx)).not.toBe("event");
    expect(topicKind("Tour Documentary", ctx)).not.toBe("person");
    expect(all(topicSubject("tour documentary", ctx))).not.toMatch(/the Tour Documentary|Tour Documentary's/);
    expect(topicKind("Imagine Dragons", { categoryIds: [10], titles: ["Imagine Dragons - Thunder"] })).toBe("person");
  });
  test("a long plural how-to is a headline ('Makeup Tips & Secrets With Superstar Ariel Tejada: What Do You Think?')", () => {
    const name = "Makeup Tips & Secrets With Superstar Ariel Tejada";
    const hooks = all(topicSubject(name.toLowerCase(), { storyName: name, titles: [`${name} | Shay Mitchell`], categoryIds: [26] }));
    expect(hooks).not.toMatch(/About Makeup Tips/);
    expect(hooks).toMatch(/: What Do You Think\?/);
  });
  test("a season and episode code goes ('Katch-Up S14, EP.2'); a model number stays ('Galaxy S8')", () => {
    expect(rewriteSubject("Keeping Up With the Kardashians Katch-Up S14, EP.2 | E!", { year: 2017 }).text).not.toMatch(/S14/);
    expect(rewriteSubject("Samsung Galaxy S8 Review", { year: 2017 }).text).toBe("Samsung Galaxy S8");
  });
});

// From GB readings 112-114 (session 8).
describe("GB readings 112-114", () => {
  const all = (s: Subject) => TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean).join(" / ");
  test("two people have no one life or career ('Zedd and Liam Payne's Story in 60 Seconds')", () => {
    const pair = all(topicSubject("zedd, liam payne", { storyName: "Zedd, Liam Payne", titles: ["Zedd, Liam Payne - Get Low (Official Video)"], categoryIds: [10] }));
    expect(pair).not.toMatch(/Story in 60 Seconds|Career Highlights/);
    expect(all(subjectOf("Taylor Swift"))).toMatch(/Taylor Swift's Story in 60 Seconds|Taylor Swift \[Career Highlights\]/);
  });
  test("tips are already things to know: no '5 Things to Know About Soap Tips', no reaction", () => {
    const hooks = all(topicSubject("soap tips", { storyName: "soap tips", titles: ["soap tips"], categoryIds: [26, 22], topical: true }));
    expect(hooks).not.toMatch(/Things to Know|Reaction/);
  });
  test("rehab is an illness word", () => {
    expect(toneOf("Teairra Mari Opens Up About Rehab", "", []).sensitive).toBe(true);
  });
});

// Found by a noframe.ts test row (session 8): "Maroon 5" had read as a date ("Mar… 5"), so it had no hook.
test("a month is a month ('Maroon 5' is no 'Mar 5'); a band a Music video credits before its dash is the performer", () => {
  expect(rewriteSubject("Sugar by Julia Michaels and Maroon 5", { year: 2017 }).text).not.toBe("");
  expect(rewriteSubject("Storm Coverage March 5", { year: 2017 }).text).toBe("Storm Coverage");
  const ctx = { storyName: "Maroon 5", titles: ["Maroon 5 - What Lovers Do ft. SZA"], categoryIds: [10], channels: ["Maroon5VEVO"] };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("maroon 5", ctx), 2017)).filter(Boolean).join(" / ");
  expect(hooks).toMatch(/5 Things You Didn't Know About Maroon 5/);
  expect(hooks).not.toMatch(/Details You Missed|Meaning/);
  // A show's own channel is no performer.
  const show = { storyName: "Will & Grace", titles: ["Will & Grace - Official Trailer"], categoryIds: [24], channels: ["Will & Grace"] };
  expect(topicSubject("will & grace", show).kind).not.toBe("person");
});

// From GB readings 115-117 (session 8).
test("an expo is an event with 'the', not a game; a DIY takes no 'My Honest … Review'", () => {
  const hooks = (name: string, ctx: TopicContext) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), ctx), 2017)).filter(Boolean).join(" / ");
  const expo = hooks("Frontier Expo", { storyName: "Frontier Expo", titles: ["Elite Dangerous Frontier Expo 2017 Content Reveals"], categoryIds: [20] });
  expect(expo).not.toMatch(/Hidden Features|I Used|I Switched/);
  expect(expo).toMatch(/the Frontier Expo/);
  expect(hooks("DIY Bagel Bite", { storyName: "DIY Bagel Bite", titles: ["DIY BAGEL BITE - NORMAL VS GIANT"], categoryIds: [26] })).not.toMatch(/My Honest DIY/);
});

// From GB readings 91, 92, 99, 102 and 115 (session 8).
test("a trip or vlog to a match is the creator's day: no event rewrite", () => {
  const rw = (d: string) => TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).filter(Boolean);
  expect(rw("Chelsea v Arsenal | Road Trip To Stamford Bridge!")).toEqual([]);
  expect(rw("Chelsea v Arsenal | Highlights").length).toBeGreaterThan(0);
});

// From US reading 285 (session 8).
test("a story of trailers alone gets no frame that has seen the film; a review among its titles lifts that", () => {
  const hooks = (titles: string[]) =>
    TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("jumanji", { storyName: "Jumanji", titles, categoryIds: titles.map(() => 24) }), 2017)).filter(Boolean).join(" / ");
  const trailer = hooks(["JUMANJI: WELCOME TO THE JUNGLE - Official Trailer #2"]);
  expect(trailer).toMatch(/Before You Watch Jumanji: Welcome to the Jungle/);
  expect(trailer).not.toMatch(/Review|Loved|Worth Watching/);
  expect(hooks(["JUMANJI: WELCOME TO THE JUNGLE - Official Trailer #2", "Jumanji: Welcome to the Jungle - Movie Review"])).toMatch(/Review|Loved|Worth Watching/);
});

// From US readings 259, 268 and 292 (sessions 7-8).
test("a name with its post-nominal letters alone is a person, not a video to reframe", () => {
  const rw = (d: string) => TEMPLATE_PATTERNS.map((p) => rewriteText(p, d, { year: 2017 })).filter(Boolean);
  expect(rw("GIN WONG FAIA")).toEqual([]);
  expect(rw("Jane Goodall PhD")).toEqual([]);
  expect(rw("Dog Reunites With Best Friend").length).toBeGreaterThan(0);
});

// From GB readings 121-123 (session 8).
test("'invades' is a verb (a headline, not a game); BET keeps its capitals in a mixed-case title", () => {
  expect(topicKind("Sunbro Invades Saboten Con 2017", { categoryIds: [20], titles: ["Sunbro Invades Saboten Con 2017"] })).toBe("headline");
  expect(subjectOf("Cardi B. On Her BET Nominations, Nicki Minaj").text).toMatch(/Her BET Nominations/);
});

// From US readings 294-296 (session 8).
describe("US readings 294-296", () => {
  const all = (name: string, ctx: TopicContext) => TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject(name.toLowerCase(), ctx), 2017)).filter(Boolean).join(" / ");
  test("a song a cover names first is the song; a singer a cover names first stays the singer", () => {
    expect(all("Monster Mash", { storyName: "Monster Mash", titles: ["MONSTER MASH - (Pop Punk Halloween cover by Jonathan Young)"], categoryIds: [10] })).not.toMatch(/What I Learned From|Story in 60/);
    expect(all("Chasing Pavements", { storyName: "Chasing Pavements", titles: ["Chasing Pavements - Adele (1920s Gatsby Style Cover) ft. Hannah Gill"], categoryIds: [10] })).toMatch(/Chasing Pavements: The Meaning You Missed|Details You Missed in Chasing Pavements/);
    expect(topicKind("Luis Fonsi", { categoryIds: [10], titles: ["Luis Fonsi - Despacito (Beatbox Cover) | Hiss & Bigman | Shout out"] })).toBe("person");
  });
  test("someone talking about their own mental health gets no frame; a street food tour is no recipe", () => {
    const cara = "Cara Delevingne Hopes Talking About Her Mental Health Will Help Others";
    expect(all(cara, { storyName: cara, titles: [cara], categoryIds: [24] })).toBe("");
    const tour = "SALTED EGG CRAB! Street Food Tour of Old Airport Road Hawker";
    expect(all("salted egg crab! street food tour of old airport road hawker", { storyName: tour, titles: [tour], categoryIds: [19] })).not.toMatch(/Recipe|I Made/);
  });
});

// From GB readings 124-126 (session 8).
test("a span inside a clause and a means after 'by' stay in the subject; an interview in a Music story is no song", () => {
  expect(rewriteSubject("Phillip Is Fascinated by Couple Who Can Orgasm for 18 Hours Just by Hugging! | This Morning", { year: 2017 }).text).toBe("Phillip Is Fascinated by Couple Who Can Orgasm for 18 Hours Just by Hugging");
  expect(rewriteSubject("Google Pixel 2 review after one week", { year: 2017 }).span).toBe("after a week");
  expect(rewriteSubject("Shape of You by Ed Sheeran", { year: 2017 }).text).toBe("Shape of You");
  expect(genreOf("Edward Heath Interview in Brussels", { categoryIds: [10], titles: ["EDWARD HEATH Interview in Brussels After Singing Treaty with EEC"], topical: false })).not.toBe("song");
});

// From GB readings 127-129 (session 8).
test("a frozen or set dish is never 'in 30 Minutes'; a makeup look takes no 'My Honest … Review'", () => {
  const food = (name: string) => TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf(name.toLowerCase(), { storyName: name, titles: [name], categoryIds: [26] }), 2017)).filter(Boolean).join(" / ");
  expect(food("Super-easy Blueberry & Yoghurt Popsicle Recipe")).not.toMatch(/30 Minutes/);
  expect(food("Chicken Fajita Soup Recipe")).toMatch(/Chicken Fajita Soup in 30 Minutes/);
  const look = TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("smokey makeup look"), 2017)).filter(Boolean).join(" / ");
  expect(look).not.toMatch(/My Honest Smokey Makeup Look Review|I Tried This/);
});

// From GB readings 127 and 130 (session 8).
test("a game's trailer in a Gaming story is no film; a product known only from trailers has not been used", () => {
  const ctx = { storyName: "PHOGS! EGX Demo Trailer", titles: ["PHOGS! EGX Demo Trailer"], categoryIds: [20], channels: ["Bit Loom"] };
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("phogs! egx demo trailer", ctx), 2017)).filter(Boolean).join(" / ");
  expect(hooks).not.toMatch(/Before You Watch|I Used|Honest Review|Hidden Features/);
  expect(hooks).toMatch(/PHOGS/); // the game's own styling (session 12)
  // A game its story reviews is played.
  const played = { storyName: "Cuphead", titles: ["Cuphead - Launch Trailer", "Cuphead Review"], categoryIds: [20, 20] };
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, topicSubject("cuphead", played), 2017)).join(" / ")).toMatch(/I Used|Honest Review|Hours of Play|I Switched|Week With/);
});

// From GB reading 133 (session 8).
test("a work named with a subtitle after its colon is no contest ('Marvel vs. Capcom: Infinite')", () => {
  expect(isComparison("Marvel vs. Capcom", { categoryIds: [20], titles: ["Marvel vs. Capcom: Infinite Collector's Edition UNBOXING (PS4)"] })).toBe(false);
  expect(isComparison("Walmart vs Amazon", { categoryIds: [22], titles: ["Walmart vs Amazon"] })).toBe(true);
});

// From US reading 307 (session 8).
test("a headline quoted with its own 'The' calms emphasis in capitals like any subject", () => {
  const name = "The ONE thing every artist NEEDS to know";
  expect(subjectOf(name, { storyName: name, titles: [name] }).text).toBe("The One Thing Every Artist Needs to Know");
});

// From US reading 310 (session 8).
test("an everyday act a how-to teaches is no feat to try ('I Tried to Eat a Chicken Wing' went)", () => {
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("how to eat a chicken wing"), 2017)).filter(Boolean).join(" / ");
  expect(hooks).not.toMatch(/I Tried/);
  expect(hooks).toMatch(/Eat a Chicken Wing/);
  expect(TEMPLATE_PATTERNS.map((p) => hookText(p, subjectOf("how to make grass rope"), 2017)).join(" / ")).toMatch(/I Tried to Make Grass Rope/);
});

// From US readings 268, 309 and 314 (session 8).
test("a process named by its two ends ('Rock to Iron') is explained, not learned about or asked to matter", () => {
  const s = subjectOf("rock to iron", { storyName: "Rock to Iron", titles: ["Rock to Iron"], categoryIds: [27], topical: false });
  const hooks = TEMPLATE_PATTERNS.map((p) => hookText(p, s, 2017)).filter(Boolean);
  expect(hooks).toContain("Rock to Iron [Explained]");
  expect(hooks.join(" / ")).not.toMatch(/Matter\?|What I Learned|What You Need|5 Facts/);
});

// From US readings 263, 281 and 317 (session 8).
test("a host named by a given name alone after a how-to is the show's ('How To Make Sausage with Brad')", () => {
  expect(rewriteSubject("How To Make Sausage with Brad | It's Alive | Bon Appétit", { year: 2017 }).text).toBe("Make Sausage");
  expect(rewriteSubject("How to Make Pizza with Nutella", { year: 2017 }).text).toBe("Make Pizza with Nutella");
});

// Session 12 (bare song titles read as phrases in five readings of sessions 11–12: "Lost on You: What Do You Think?",
// "Out Loud [Reaction]"): a song is named with the performer its one release credits.
describe("a bare song is named with its performer", () => {
  const subj = (topic: string, titles: string[], channel: string) => topicSubject(topic, { storyName: titles[0], titles, categoryIds: titles.map(() => 10), channels: titles.map(() => channel) });
  test.each([
    ["lost on you", ["LP - Lost On You (A Night at The McKittrick Hotel)"], "LP", "Lost on You by LP"],
    ["one more light", ["One More Light (Official Lyric Video) - Linkin Park"], "Linkin Park", "One More Light by Linkin Park"],
    ["out loud", ["Out Loud (Official Music Video)"], "Gabbie Hanna", "Out Loud by Gabbie Hanna"],
    ["cool kids", ["Cool Kids by Echosmith ft. Sydney Sierota | Music Sessions | Ashley Tisdale"], "Ashley Tisdale", "Cool Kids by Echosmith"],
    ["diy queen", ["DIY QUEEN - LAURDIY (OFFICIAL MUSIC VIDEO)"], "LaurDIY", "DIY Queen by LaurDIY"],
  ])("%s", (topic, titles, channel, want) => {
    expect(subj(topic, titles, channel).text).toBe(want);
  });
  test("an uploader's, a label's or a studio's channel credits nobody", () => {
    expect(subj("rainbow connection", ["Rainbow Connection - The Muppets at The Hollywood Bowl - September 8, 2017"], "Synthetik Films").text).not.toMatch(/ by Synthetik/);
    expect(subj("rhapsody in blue", ["Rhapsody in Blue"], "Melodica Men").text).toBe("Rhapsody in Blue");
    expect(subj("hot damn", ["Hot Damn! Official Lyric Video"], "Atlantic Records").text).not.toMatch(/ by /);
  });
});

// Session 12 (read as run together in four readings and the GB audit): a performer and a song a title runs together
// are split where the video's own tags name both.
test("a performer and a song run together are split by the video's tags", () => {
  const subj = (topic: string, title: string, tags: string[]) => topicSubject(topic, { storyName: title, titles: [title], categoryIds: [10], channels: ["x"], tags });
  expect(subj("sharon jones & the dap-kings matter of time official video", "Sharon Jones & the Dap-Kings Matter of Time OFFICIAL VIDEO", ["sharon jones", "sharon jones and the dap-kings", "matter of time"]).text).toBe("Matter of Time by Sharon Jones & the Dap-Kings");
  expect(subj("foo fighters under pressure @ colonial life arena", "Foo Fighters Under Pressure @ Colonial Life Arena 10/17/2017", ["Foo Fighters", "Under Pressure", "Columbia SC"]).text).toBe("Under Pressure by Foo Fighters");
  // An artist's own name is no pair, even where a tag names half of it.
  expect(subj("sam smith", "Sam Smith - Too Good At Goodbyes (Official Video)", ["Sam", "Smith", "Sam Smith"]).text).not.toMatch(/ by Sam$/);
  expect(subj("joe jonas and sophie turner are engaged", "Joe Jonas and Sophie Turner Are Engaged", ["Joe Jonas", "Sophie Turner"]).text).not.toMatch(/ by /);
});
