import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { HOOK_TYPES, type HookType } from "../../src/domain/enums.ts";
import { HOOK_PRIORITY, MAX_CHARS, classifyHook, classifyHookUngated, normalizeTitle } from "../../src/rules/hook.ts";
import { LABELS_FILE, evaluate, parseLabels } from "../../scripts/hook-accuracy.ts";

const HOOKS = new Set<string>(HOOK_TYPES);

/** Includes lone surrogates, which `unit: "binary"` never produces. */
const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 }).map((cs) => String.fromCharCode(...cs));
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.string({ unit: "binary-ascii", maxLength: 400 }),
  utf16,
);

const fixtureRows = parseLabels(await Bun.file(LABELS_FILE).text());

/** Words that fire rules, so random titles exercise more than the `plain` path. */
const VOCAB = (
  "i we my you the a is are why what how top 10 3 $5 100% 7.1 best ever never not don't stop tried story happened " +
  "makeover from to later weight feel help #prayfor self-love official video ? !! ! - | : ( ) [ ] i'm world's smelliest " +
  "only perfect ß ẞ İ ı Σ ς 東京 🔥 é É storytime confession overrated myth vs. 2017 week 3 ft. 45m 66 year old " +
  "how when day first 1st then now make over went weight update turned into lost do buy buying so today glowedup " +
  "later progress anyone who struggling alone be strong ok to should need wrong worth"
).split(" ");
const WHITESPACE = [" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\ufeff", " \t "];
const titleLike = fc.oneof(
  fc.constantFrom(...fixtureRows.map((r) => r.title)),
  fc.array(fc.oneof(fc.constantFrom(...VOCAB), fc.string({ maxLength: 5 })), { maxLength: 25 }).map((ws) => ws.join(" ")),
);
/** Random case per character. */
const recased = (s: string, flips: boolean[]): string =>
  Array.from(s, (ch, i) => (flips[i % flips.length] ? ch.toUpperCase() : ch.toLowerCase())).join("");

describe("classifyHook: totality and determinism", () => {
  test("never throws and returns one of the ten types for arbitrary strings", () => {
    fc.assert(fc.property(anyText, (s) => HOOKS.has(classifyHook(s))), { numRuns: 3000 });
  });

  test("degenerate and hostile inputs", () => {
    const inputs: unknown[] = [
      "", " ", "\t\n", "\ufeff", "?", "!!", "🔥🔥🔥", "\ud800", "\udfff\ud800", "東京の夜", "ẞ", "İstanbul",
      "a".repeat(1_000_000), " ".repeat(100_000) + "why?", "I tried ".repeat(100_000), "1 ".repeat(50_000),
      ("10 " + "things ".repeat(5)).repeat(2_000), "!".repeat(10_000), "(".repeat(10_000) + ")".repeat(10_000),
      undefined, null, 42, {}, [], Symbol.for("x"),
    ];
    for (const s of inputs) expect(HOOKS.has(classifyHook(s as string))).toBe(true);
    expect(classifyHook(undefined as unknown as string)).toBe("plain");
    expect(classifyHook("")).toBe("plain");
    expect(classifyHook(" \t\n ")).toBe("plain");
  });

  test("deterministic: same input, same output, in any call order", () => {
    const first = fixtureRows.map((r) => classifyHook(r.title));
    const reversed = [...fixtureRows].reverse().map((r) => classifyHook(r.title)).reverse();
    expect(reversed).toEqual(first);
    fc.assert(fc.property(anyText, (s) => classifyHook(s) === classifyHook(s)));
  });

  test("HOOK_PRIORITY is a permutation of HOOK_TYPES ending in plain", () => {
    expect([...HOOK_PRIORITY].sort()).toEqual([...HOOK_TYPES].sort());
    expect(HOOK_PRIORITY[HOOK_PRIORITY.length - 1]).toBe("plain");
  });
});

describe("classifyHook: invariances", () => {
  test("case-insensitive (toUpperCase, toLowerCase, random case)", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, titleLike), fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }), (s, flips) => {
        const h = classifyHook(s);
        expect(classifyHook(s.toUpperCase())).toBe(h);
        expect(classifyHook(s.toLowerCase())).toBe(h);
        expect(classifyHook(recased(s, flips))).toBe(h);
      }),
      { numRuns: 3000 },
    );
  });

  test("case folding holds for every code point that has a case mapping", () => {
    let checked = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const up = c.toUpperCase();
      const low = c.toLowerCase();
      if (up === c && low === c) continue;
      checked++;
      const n = normalizeTitle(`x${c}x`);
      if (normalizeTitle(`x${up}x`) !== n || normalizeTitle(`x${low}x`) !== n) throw new Error(`case fold differs for U+${cp.toString(16)}`);
    }
    expect(checked).toBeGreaterThan(2000);
  }, 60_000);

  test("whitespace-insensitive: any whitespace runs between, before and after words", () => {
    const word = fc.string({ minLength: 1, maxLength: 8 }).filter((w) => !/\s/.test(w));
    const words = fc.oneof(
      fc.array(fc.oneof(word, fc.constantFrom(...VOCAB.filter((v) => !/\s/.test(v)))), { minLength: 1, maxLength: 20 }),
      fc.constantFrom(...fixtureRows.map((r) => r.title.split(/\s+/).filter(Boolean))),
    );
    fc.assert(
      fc.property(words, fc.array(fc.constantFrom(...WHITESPACE), { minLength: 22, maxLength: 22 }), (ws, gaps) => {
        const single = ws.join(" ");
        const padded = gaps[0] + ws.map((w, i) => w + gaps[(i + 1) % gaps.length]).join("") + gaps[21];
        expect(classifyHook(padded)).toBe(classifyHook(single));
      }),
      { numRuns: 3000 },
    );
  });

  test(`reads only the first ${MAX_CHARS} normalised characters`, () => {
    const head = fc.string({ unit: "grapheme-ascii", minLength: MAX_CHARS, maxLength: MAX_CHARS + 50 }).map((s) => s.replace(/ /g, "x"));
    fc.assert(fc.property(head, anyText, (h, tail) => classifyHook(h + tail) === classifyHook(h)));
  });

  test("gates only skip work: gated and ungated decisions agree", () => {
    for (const r of fixtureRows) expect(classifyHook(r.title)).toBe(classifyHookUngated(r.title));
    fc.assert(fc.property(fc.oneof(anyText, titleLike), (s) => classifyHook(s) === classifyHookUngated(s)), { numRuns: 5000 });
  });
});

/** Hand-written examples, about 20 per definition in docs/rules.md. */
const EXAMPLES: Record<HookType, string[]> = {
  list_preview: [
    "10 Things You Didn't Know About Cats",
    "Top 5 Budget Phones of 2024",
    "7 Ways to Save Money on Groceries",
    "Five Habits of Highly Productive People",
    "3 Mistakes Every Beginner Makes",
    "25 Facts About Space",
    "My Top 3 Drugstore Foundations",
    "The 12 Best Laptops for Students",
    "Top Ten Horror Movies",
    "5 DIY Halloween Costumes!",
    "Galaxy S24 // 8 Settings to Change First",
    "Bad Breath Tester?! | 10 Wacky Gadgets",
    "10 Reasons NOT to Buy the New iPhone",
    "100 People Tell Us Their Biggest Regret",
    "4 Easy Nail Art Designs Using Household Items",
    "20 Questions With Taylor",
    "Eater's Top 5 Barbecue Joints",
    "9 Tips for Better Sleep",
    "The Only 2 Ways to Get Rich",
    "21 *ZERO EFFORT* DIY Costumes",
  ],
  before_after: [
    "My 30-Day Glow Up",
    "Before and After: Kitchen Renovation",
    "Dramatic Hair Transformation",
    "I Went From Broke to Millionaire",
    "Bedroom Makeover on a Budget",
    "From Couch Potato to Marathon Runner",
    "Then and Now: Child Stars",
    "90 Days Later: My Garden",
    "Weight Loss Journey Update",
    "I Lost 50 Pounds in a Year",
    "Transforming a Van Into a Tiny Home",
    "Before & After Teeth Whitening",
    "Turning My Garage Into a Gym",
    "Total Room Transformation",
    "Celebrity Make-Overs Gone Right",
    "Going From 0 to 100k Subscribers",
    "1 Year Progress Update",
    "She Transformed Her Life",
    "Glow-Up Challenge",
    "Before/After Photos of My Skin",
  ],
  confession: [
    "I Tried Keto for 30 Days",
    "I Quit Social Media",
    "I Spent $1000 on Fake Designer Clothes",
    "My Honest Review of the Vision Pro",
    "I'm Sorry",
    "The Truth About My Divorce",
    "I Was Wrong About Tesla",
    "We Tried Every Fast Food Burger",
    "Confession: I Hate Coffee",
    "I'm Pregnant!",
    "Leaving YouTube",
    "I Ate Only Gas Station Food for a Week",
    "i have a problem",
    "Why I'm Not Okay",
    "So I Bought a Tesla",
    "I Can Never Eat Bread Again",
    "Things I Feel Guilty About",
    "Facing My Anxiety",
    "We Need to Talk.",
    "Kevin Durant: 'I Went Too Far'",
    "This Week I Learned to Weld",
  ],
  story: [
    "How I Paid Off $50K of Debt",
    "The Day I Met My Hero",
    "Storytime: My Worst Date",
    "Why I Left My Job",
    "Why I Quit My Job",
    "How We Built a Cabin",
    "My Breastfeeding Story",
    "When I Was Homeless",
    "The Time I Got Lost in Tokyo",
    "My Scariest Experience",
    "A Day in the Life of a Nurse",
    "What Happened When I Stopped Eating Sugar",
    "This Is What Happened",
    "Let Me Explain What Happened",
    "My First Day at a New School",
    "The Story of How Pixar Was Born",
    "True Story: I Was Kidnapped",
    "My Journey to Japan",
    "Story Time With Grandpa",
    "What Really Happened at Area 51",
  ],
  contrarian: [
    "Stop Buying Bottled Water",
    "Don't Buy the iPhone 15",
    "Why You Shouldn't Drink Coffee",
    "Open Offices Are Overrated",
    "5G Myths Debunked",
    "You're Doing Laundry Wrong",
    "The Truth About Protein Bars",
    "Everything Wrong With Star Wars",
    "Why Farming Is Broken",
    "Public Transport Sucks",
    "Never Trust a Free VPN",
    "The Problem With Influencers",
    "Diet Soda Is Not Worth It",
    "Minimalism Makes No Sense",
    "Stop Saying Sorry",
    "College Is a Scam",
    "Breakfast Myths You Still Believe",
    "You've Been Brushing Your Teeth Wrong",
    "Dont Upgrade to Windows 11",
    "Game Theory: The Pokedex Is FULL OF LIES!",
  ],
  empathy: [
    "If You're Struggling, Watch This",
    "For Anyone Who Feels Alone",
    "You're Not Alone",
    "It's Okay to Not Be Okay",
    "A Message for Anyone Feeling Lonely",
    "Why We Feel Lonely",
    "Self-Love Tips",
    "Let's Talk About Mental Health",
    "You Are Enough",
    "To Everyone Going Through a Breakup",
    "Stay Strong",
    "#PrayForPuertoRico",
    "Sending Love to Texas",
    "Standing With Ukraine",
    "The Power of Vulnerability",
    "You Matter",
    "Help Each Other This Winter",
    "Candlelight Vigil for the Victims",
    "If You Are Feeling Anxious Right Now",
    "In Real Life #BeStrong",
  ],
  question: [
    "Is Coffee Bad for You?",
    "What Happens If You Stop Sleeping?",
    "Why Is the Sky Blue",
    "Can You Survive on $1 a Day?",
    "Does This Gadget Really Work",
    "What Makes a Great Leader",
    "How Much Do YouTubers Earn?",
    "Who Won the Debate?",
    "Should You Buy a House in 2024?",
    "Why Apple Needs Samsung",
    "Are We Alone in the Universe?",
    "Will It Blend?",
    "What If the Moon Disappeared",
    "Men vs Women - How Are They Different",
    "Is This the End of Twitter",
    "Where Did All the Bees Go",
    "What's Inside a Golf Ball",
    "Did Einstein Fail Math",
    "WTF Happened at the Oscars!?",
    "Who Really Killed Kennedy",
    "The Maine - How Do You Feel? (Official Video)",
  ],
  statistic: [
    "$5 Pizza vs $500 Pizza",
    "Living on $1 a Day",
    "This Camera Costs $10,000",
    "100% Natural Face Mask",
    "30 Days Without Sugar",
    "A 10-Year-Old Builds a Robot",
    "Earthquake of Magnitude 7.1 Hits Peru",
    "22 Injured in Train Crash",
    "Over 500 Dogs Break a Record",
    "Sloane Stephens Wins $3.7 Million",
    "Tom Petty Dies at 66",
    "Surviving 50 Hours in Antarctica",
    "Drop Test From 100 Feet",
    "261 kph Water Rocket",
    "1 Million Subscribers!",
    "Lakers Win With a 120-98 Victory",
    "Solving It in 10 Easy Steps",
    "Man Eats 25 Burgers in 1 Hour",
    "50,000 Dominoes Fall",
    "Saquon Barkley 85-Yard Touchdown",
  ],
  bold_claim: [
    "The Best Pizza in New York",
    "Worst Date Ever",
    "This Will Change Everything",
    "The Most Dangerous Road",
    "World's Largest Pizza",
    "Insane Parkour Tricks",
    "The Ultimate Guide to Baking",
    "Every Teacher Ever",
    "Nobody Talks About This",
    "The Craziest Thing Happened",
    "Unbelievable Magic Trick",
    "Everything You Need to Know About Taxes",
    "The Funniest Moments of 2023",
    "Epic Fail Compilation",
    "Never Seen Before Footage",
    "Greatest Goal of All Time",
    "ATTACKED BY A GOOSE!!",
    "The Perfect Steak",
    "Must-See Places in Italy",
    "Mind-Blowing Science Facts",
    "It Changed Everything",
  ],
  plain: [
    "Official Trailer",
    "Taylor Swift - Shake It Off (Official Video)",
    "Morning Routine",
    "Chocolate Chip Cookie Recipe",
    "Lakers vs. Celtics Highlights",
    "Apple Event 2024 Keynote",
    "Hurricane Irma Update",
    "iPhone 15 Pro Unboxing",
    "What I Eat in a Day",
    "How to Tie a Tie",
    "NFL Week 3 Recap",
    "Season 2 Episode 5",
    "BTS - Dynamite (Audio)",
    "Nothing Compares 2 U (Official Video)",
    "Best Friends Try Each Other's Makeup",
    "Dog Reunites With Best Friend",
    "Breaking News: Storm Hits Florida",
    "Kid Rock - Tennessee Mountain Top [Lyrics]",
    "Live at 3:30pm on 9/27/17",
    "Here's why gun stocks rise",
    "東京の夜",
  ],
};

describe("classifyHook: hand examples per definition", () => {
  for (const type of HOOK_TYPES) {
    test(type, () => {
      const wrong = EXAMPLES[type].map((t) => [t, classifyHook(t)] as const).filter(([, got]) => got !== type);
      expect(wrong).toEqual([]);
    });
  }
});

describe("classifyHook: accuracy on the hand-labelled real titles", () => {
  test("fixture is sane: ≥160 distinct titles, no tabs in titles, every non-plain type present", () => {
    expect(fixtureRows.length).toBeGreaterThanOrEqual(160);
    expect(new Set(fixtureRows.map((r) => r.title)).size).toBe(fixtureRows.length);
    const present = new Set(fixtureRows.map((r) => r.label));
    for (const t of HOOK_TYPES) expect(present.has(t)).toBe(true);
  });

  test("accuracy ≥ 0.85 (computed from test/fixtures/hook-labels.tsv)", () => {
    const report = evaluate(fixtureRows);
    expect(report.total).toBe(fixtureRows.length);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.85);
  });
});
