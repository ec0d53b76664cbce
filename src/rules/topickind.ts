/**
 * Kind of a topic, so hooks fit it: a product gets "Is the iPhone X worth it?", a person "The untold
 * story of Sam Smith", a how-to "7 mistakes to avoid when you make cold brew". First rule that fires:
 *   1. howto    text starts "how to", or has tutorial/recipe/DIY/routine/tips/guide/… words
 *   1b. headline (≥ 3 words) the text carries a hook of its own (src/rules/hook.ts says it is not
 *               `plain`: a question, superlative, confession…), opens with an -ing verb, or has a
 *               finite verb after its first word ("Hurricane Maria Slams Puerto Rico", "Kylie Jenner Is
 *               Pregnant"), opens with a question word ("What Uses Less Gas"), or holds two
 *               sentences ("Bicycle Line Guy. 1st Attempt"); or (≥ 2 words) opens with an imperative
 *               ("Watch This", "Meet the Man …")
 *   2. money    money words (price, stocks, bitcoin, budget, $…), or the story's niche is Finance/Crypto
 *   3. event    event words (shooting, hurricane, election, awards, premiere, …) or a date ("October 4th")
 *   4. product  device/brand/model words (iPhone, Pixel, PS4, camera, …), review/unboxing framing, a
 *               Gaming (20) story whose name something says is played (a trailer, gameplay, a platform…), or a
 *               Tech/AI story whose name is short and carries a model token ("C1")
 *   5. person   2-3 capitalised-or-plain words opening with a common given name ("taylor swift"), or a
 *               short Music (10) story name (the artist: music titles read "Artist - Song")
 *   6. headline the topic is itself a headline: ≥ 6 words, a question, a first/second-person word, or
 *               a series title ending in its verb ("Blind People Describe", "Kids React")
 *   7. general  anything else.
 * Deliberately a rule, not a model: it decides only which template family reads right, and a wrong
 * call costs a less apt hook, never a wrong fact. Tested in test/rules/topickind.test.ts.
 */
import { escapeRegExp } from "./text.ts";
import { alnum } from "./names.ts";

export type TopicKind = "product" | "person" | "event" | "howto" | "money" | "headline" | "general";
export const TOPIC_KINDS: readonly TopicKind[] = ["product", "person", "event", "howto", "money", "headline", "general"];

export interface KindContext {
  /** YouTube category ids of the matched story's videos. */
  categoryIds?: readonly (number | null)[];
  niche?: string | null;
  /** Titles of the matched story's items. */
  titles?: readonly string[];
  /** For a one-word story name: how many stories of the snapshot hold that word (a common word is held by many). */
  nameStories?: number;
  /** Channel names of the story's videos: a music story named after its channel is an artist; a game's own channel posts it. */
  channels?: readonly string[];
}

const HOWTO_RE = /^how to\b|\b(?:tutorials?|recipes?|diy|step[- ]by[- ]step|tips|tricks|hacks?|routine|guide|workout|hairstyles?|makeup look|meal prep|lesson|beginners?)\b/i;
const MONEY_RE =
  /\b(?:price|prices|pricing|stocks?|shares|stock market|market crash|bitcoin|btc|ethereum|eth|crypto\w*|blockchain|invest\w*|money|budget\w*|salary|salaries|tax|taxes|mortgage|earnings|etfs?|ipo|dividends?|savings|debt|loans?|credit cards?|inflation|interest rates?|dollars?|economy|401k|retirement|rent|wealth|millionaire|billionaire|net worth|side hustle|passive income)\b|[$€£]\s?\d/i;
const EVENT_RE =
  /\b(?:shootings?|attack|bombing|explosions?|hurricane|earthquake|storm|floods?|wildfires?|tornado|tsunami|eclipse|election|referendum|vote|protests?|rally|march|debate|awards?|emmys|oscars|grammys|vmas|amas|festival|comic-con|concert|tour|premiere|finale|trial|verdict|summit|keynote|event|conference|expo|convention|ceremony|parade|world series|super bowl|us open|french open|australian open|wimbledon|grand prix|marathon|playoffs?|championship|world cup|olympics|draft|outage|shutdown|funeral|memorial|anniversary|launch event|launch webcast|webcast|rocket launch|opening night|halftime show)\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}(?:st|nd|rd|th)?\b/i;
const PRODUCT_RE =
  /\b(?:iphone|ipad|macbook|imac|airpods|apple watch|pixel|samsung galaxy|galaxy\s+(?:s\d+|note|tab|watch|buds|a\d+|j\d+)|oneplus|xiaomi|huawei|surface|xbox|playstation|ps[345]|nintendo|switch|wii|gopro|drone|dji|tesla|oculus|kindle|echo dot|fitbit|camera|lens|laptop|phone|smartphone|tablet|headphones|earbuds|console|gpu|cpu|graphics card|ryzen|nvidia|rtx|gtx|chromebook|pixelbook|homepod|smartwatch|speaker|sneakers|yeezys?|gadgets?|review|unboxing|hands[- ]on|(?<!\bof\s)first impressions)\b/i;
/** A model designation: a token mixing letters and digits ("S8", "C1", "PS4"), a bare number, or a lone capital. */
const MODEL_TOKEN_RE = /(?:^|\s)(?:[A-Za-z]*\d+[A-Za-z]*|[A-Z])(?=\s|$)/;
/** Series titles that end in their verb: "Blind People Describe", "Kids React", "Teens Try". */
const SERIES_VERB_END = /\s(?:react|reacts|describe|describes|explain|explains|try|tries|review|reviews|rank|ranks|guess|guesses|answer|answers|predict|predicts)$/i;
/**
 * Finite verbs of news and video headlines ("Hurricane Maria Slams Puerto Rico", "Kaley Cuoco Reveals
 * …", "Baby Clothes Appear at Auction"): after at least one word, they make the topic a clause, which
 * is quoted whole ("…: What We Know So Far"), never framed as a thing ("What You Need to Know About
 * Hurricane Maria Slams Puerto Rico"). A list, not a tagger: Title Case defeats taggers, and compromise
 * (tried) costs 220 ms to load and 0.4 ms a call.
 */
const FINITE_VERB_RE = new RegExp(
  String.raw`^(?:` +
    ("slam attack rip reveal chase address say get make win lose join leave call respond explain announce confirm deny defend " +
      "share talk open break kill die sue warn blast fire sign surprise appear cost destroy crash hurt save help give take " +
      "send shut threaten urge vow beg ban block hire quit return admit claim accuse apologize apologise mock roast troll " +
      "prank shock stun beat defeat crush dominate score celebrate honor honour mourn remember visit meet tell ask answer " +
      "react try eat drink buy sell build drop launch release unveil tease teach learn find discover catch arrest charge " +
      "steal rescue survive escape flee strike push pull jump fall rise soar plunge spark trigger slap punch sing perform " +
      "expose cancel renew replace reject accept approve pass vote elect name nominate play watch wear ride drive run walk " +
      "cook bake paint write read dance stream host transform turn become prove brace prepare evacuate flood suck speak blame lay " +
      // what disasters do in headlines ("Massive earthquake rocks Mexico City")
      "rock shake batter ravage pound devastate grip free hit invade")
      .split(" ")
      .map((v) => v + (v.endsWith("e") ? "(?:s|d)" : /(?:sh|ch|ss|x)$/.test(v) ? "(?:es|ed)" : /[^aeiou]y$/.test(v) ? "" : "(?:s|ed)"))
      .join("|") +
    String.raw`|says|said|told|won|lost|gave|took|left|sent|met|caught|found|bought|sold|broke|fell|rose|quit|laid|cries|tries|denies|replies|dies|buries|marries|defies|defied` +
    // Copulas and auxiliaries: a clause only with words after them ("Kylie Jenner Is Pregnant").
    String.raw`|is|are|was|were|has|have|goes|does|became|drove|ran|wrote|wore|rode|flew)$`,
  "i",
);
/** Base forms after a plural subject that are hardly ever nouns ("Blind People Describe Beauty", "The Shield Reunite"). */
const BASE_VERB_RE = /^(?:describe|reunite|explain|reveal|predict|respond|discuss|recreate|destroy|invade|steal|rescue|suck|sucks)$/i;
const PAST_RE = /(?:ed|^said|^told|^won|^lost|^gave|^took|^left|^sent|^met|^caught|^found|^bought|^sold|^broke|^fell|^rose|^quit)$/i;
const IMPERATIVE_OPENER_RE = /^(?:watch|meet|introducing|enter|see|look at|listen to|guess|imagine|behold|welcome|let['’]?s)\s/i;
/** Two sentences in one topic ("Bicycle Line Guy. 1st Attempt"): a caption, not a name. */
const ABBREVIATIONS = new Set("jan feb mar apr jun jul aug sep sept oct nov dec dr mr mrs ms st jr sr vs no vol ep pt inc ltd co mt ft".split(" "));
const sentenceBreak = (t: string) => [...t.matchAll(/(\p{L}+)[.!?]\s+\S/gu)].some((m) => /\p{Ll}$/u.test(m[1]) && !ABBREVIATIONS.has(m[1].toLowerCase()));
/** A question without its mark: "What Uses Less Gas", "Why We Sleep" (not "How to …", a how-to). */
const WH_OPENER_RE = /^(?:what|why|how|who|when|where|which)\s+(?!to\s)\S+/i;
/** A finite verb after the first word; an -s form must have an object after it ("New Releases", "Street Signs" are nouns). */
export const hasFiniteVerb = (w: readonly string[]) =>
  w.some((raw, i) => {
    const x = raw.replace(/[^\p{L}]/gu, "");
    // "Hits" after a ranking word is the noun ("Greatest Hits Collection"), not the verb ("Earthquake Hits Mexico").
    if (/^hits$/i.test(x) && /^(?:greatest|biggest|best|top|new|summer|chart|big|hottest|classic)$/i.test(w[i - 1] ?? "")) return false;
    return i > 0 && ((FINITE_VERB_RE.test(x) && (i < w.length - 1 || PAST_RE.test(x))) || BASE_VERB_RE.test(x));
  });

const RELATIVE_RE = /\s(?:that|who|which)(?:['’]s|\s+(?:is|are|was|were|has|have|will|can))\s/i;
const HEADLINE_WORDS_RE = /\b(?:i|i'm|i've|my|me|we|our|you|your|you're)\b|\?/i;

/** Common given names (US/UK, both sexes): the opening word of most person topics. */
const GIVEN = new Set(
  ("aaron adam adele alex alexander alice amanda amy andrew angela anna anne anthony ariana ashley austin barack ben benjamin beyonce bill " +
    "billy blake bob bobby brad brandon brian britney bruce bruno caitlyn cameron cara carl carrie casey charles charlie chris christian christina " +
    "christopher cindy colin conor courtney dan daniel dave david demi dennis derek donald drake dwayne ed eddie elizabeth ellen elon emily emma " +
    "eric ethan faith gal gary george gigi gordon grace greg hailey harry hillary hugh ian ivanka jack jackie jake james jamie jane jared jason jay " +
    "jeff jennifer jeremy jerry jesse jessica jim jimmy joe joel john johnny jon jonathan jordan jose joseph josh julia justin kanye karen " +
    "kate katy kendall kevin khloe kim kourtney kris kylie lady lana larry lebron lena liam lily lindsay lisa logan lorde lucas luke marc " +
    "maria mariah mark martin mary matt matthew meghan mel melania michael michelle mike miley nancy natalie nick nicki nicole noah oprah " +
    "paul pete peter rachel rebecca richard rick rihanna rob robert roger ronald rose ryan sam samuel sarah scott sean selena serena shawn " +
    "sofia sophie stephen steve steven susan taylor ted tiffany tim tom tony travis tyler vanessa victoria vince will william zac zayn zendaya").split(" "),
);

/** Whether a word is a common given name ("Brad", "Lily"). */
export const isGivenName = (w: string) => GIVEN.has(w.toLowerCase());

export const GAMING = 20;
const MUSIC = 10;
/** Last words that make a name's phrase a thing of theirs: "… Collection", "… Interview", "… Wedding". */
const NOT_PERSON_TAIL = new Set("collection show interview tour concert speech song album video makeup line brand challenge tag haul cover wedding house dress look style vlog podcast theme remix medley mashup soundtrack anthem intro theory theories facts fan fans trailer movie film series game games news story experience hour".split(" "));

const words = (t: string) => t.split(/\s+/).filter(Boolean);

/** Words in -ing that are not verbs ("King Gizzard", "Spring Break", "Wedding Crashers"). */
const NOT_GERUND = new Set("king thing ring spring string wing sing bring swing sting morning evening wedding nothing something everything anything viking pudding ceiling darling sterling during building".split(" "));
const gerundOpener = (w: string) => /^\p{L}{3,}ing$/u.test(w) && !NOT_GERUND.has(w.toLowerCase());

/** 2–3 words opening with a common given name ("Bruno Mars"); not a thing of theirs ("Victoria Beckham Collection"). */
const TITLE_RE = /^(?:(?:lieutenant|lt\.?|major|brigadier)\s+)?(?:president|vice president|senator|sen\.|governor|gov\.|rep\.|representative|mayor|general|gen\.|admiral|colonel|col\.|captain|capt\.|sergeant|dr\.?|doctor|prince|princess|sheriff|judge|justice|secretary|minister|prime minister|chancellor)\s+/i;
export function namesPerson(text: string): boolean {
  // A title before the name says who it is ("Lieutenant General Jeff Buchanan", "Senator Jeff Flake").
  const w = words(text.trim().replace(TITLE_RE, ""));
  const last = w[w.length - 1]?.toLowerCase() ?? "";
  // "LeBron James Fearless" is a campaign: a surname is no adjective.
  // A possessive makes it someone's thing ("Stephen King's IT").
  // Nor a name doing something ("Tom Cruise Singing").
  if (w.length === 3 && gerundOpener(w[2])) return false;
  return w.length >= 2 && w.length <= 3 && GIVEN.has(w[0].toLowerCase()) && !w.some((x) => /['’]s?$/.test(x)) && w.every((x) => /^[\p{L}'’.-]+$/u.test(x)) && !NOT_PERSON_TAIL.has(last) && !(w.length === 3 && /(?:less|ful|ous)$/.test(last));
}

/**
 * Every title numbers an episode ("Wrestling Games - Angry Video Game Nerd (Episode 149)", "Tour Documentary - Episode 2",
 * "[SEVENTEEN] GOING SEVENTEEN EP.14"): a show's segment, not a game, an event, a performer or a song.
 */
export const episodeOfShow = (titles: readonly string[]): boolean => {
  if (titles.length === 0) return false;
  // Asked several times per hook of the same story's titles (one array per story): remembered per array.
  let v = EPISODIC.get(titles);
  if (v === undefined) EPISODIC.set(titles, (v = titles.every((t) => /\b(?:episode|ep\.?)\s*#?\d+|\bS\d{1,2}\s*[.:]?\s*E(?:p\.?)?\s*\d{1,3}\b/i.test(t))));
  return v;
};
const EPISODIC = new WeakMap<readonly string[], boolean>();

/**
 * The kind of a topic. `hooked`: whether the text already carries a hook of its own (a question, a
 * superlative, a confession…), which makes it a headline rather than a name.
 */
export function topicKind(text: string, ctx: KindContext = {}, hooked = false): TopicKind {
  const t = text.trim();
  const w = words(t);
  const cats = ctx.categoryIds ?? [];
  const majority = (c: number) => cats.length > 0 && cats.filter((x) => x === c).length * 2 >= cats.length;
  // Music only when more than half: a story half songs, half news ("Puerto Rico" after Maria) names no performer.
  const musical = cats.length > 0 && cats.filter((x) => x === MUSIC).length * 2 > cats.length;
  // A series in numbered episodes ("Tour Documentary - Episode 2") is no event, game or performer.
  const episodic = episodeOfShow(ctx.titles ?? []);
  // "How This Guy Built a DIY Space Suit" is someone's title, though it says DIY; so is a clause
  // ("Kenyon Martin Takes Issue with Jeremy Lin's Dreaded Hairstyle") or a relative clause
  // ("The Centuries-Old Debt That's Still Paying Interest").
  if (w.length >= 3 && WH_OPENER_RE.test(t) && !/^how\s+to\b/i.test(t)) return "headline";
  if (w.length >= 4 && !/^how\s+to\b/i.test(t) && (hasFiniteVerb(w) || RELATIVE_RE.test(t))) return "headline";
  // A person and a verb ("Hillary Clinton Speaks"): a clause, though the verb ends it.
  if (w.length >= 3 && GIVEN.has(w[0].toLowerCase()) && FINITE_VERB_RE.test(w[w.length - 1].replace(/[^\p{L}]/gu, "")) && /s$/i.test(w[w.length - 1])) return "headline";
  if (HOWTO_RE.test(t)) return "howto";
  // Someone's title, not a name: "Building the Ultimate PS4 Pro", "The Greatest Nancy Panel Ever Drawn".
  // (A three-word name in a Music story is a band, whatever verb it holds: "Right Said Fred".)
  if ((hooked || gerundOpener(w[0] ?? "") || hasFiniteVerb(w) || sentenceBreak(t)) && w.length >= 3 && !(w.length === 3 && musical && !hooked && !gerundOpener(w[0] ?? ""))) return "headline";
  if (w.length >= 2 && WH_OPENER_RE.test(t)) return "headline"; // "Why Cities?" typed without its mark
  // An imperative opener is a caption too ("Watch This", "Meet the Man Building Nests").
  // A band may be named so ("Enter Shikari"): a short name in a Music story is a performer.
  if (w.length >= 2 && IMPERATIVE_OPENER_RE.test(t) && !(w.length <= 3 && musical)) return "headline";
  if (MONEY_RE.test(t) || ctx.niche === "Finance" || ctx.niche === "Crypto") return "money";
  // A long subject is a headline even when it names an event ("NFL Boycott 2017 Burn Your Gear and
  // Peacefully Protest"): "The Best Moments From <ten words>" does not read.
  if (w.length >= 7) return "headline";
  // A tour of a home is a creator format ("House Tour", "Closet Tour"), not a concert tour.
  // (Not a series' episode named by its format: "Tour Documentary - Episode 2" is no tour to sum up.)
  if (EVENT_RE.test(t) && !/\b(?:house|home|room|bedroom|apartment|closet|studio|office|garden|nursery|car|makeup|desk|kitchen) tour\b/i.test(t) && !episodic) return "event";
  // A match or a fight ("Demetrious Johnson vs Ray Borg", "Chicago Bulls vs Dallas Mavericks"): an event,
  // not an opinion ("I Was Wrong About …"). Product comparisons were caught above as money or below as product.
  const sides = t.split(/\s(?:vs\.?|v\.?)\s/i);
  const comparison = /\b(?:homemade|store[- ]bought|cheap|expensive|real|fake|diy|original|copy)\b/i;
  // (Nor a test of things against each other, even on a sports channel: "ANVIL Vs. WATERMELON PYRAMID! (CRAZY 45m DROP
  // TESTS)" is a spectacle to react to, no match to sum up nor a comparison to settle; a cricket Test still is a match.)
  if (sides.length === 2 && (ctx.titles ?? []).some((x: string) => TESTED.test(x))) return "headline";
  if (sides.length === 2 && sides.every((x) => words(x).length <= 3) && !PRODUCT_RE.test(t) && !comparison.test(t)) return "event";
  // (Not a measure of products, "DxOMark Smartphone Ratings", nor one falling, "Drone Down!!": nothing to buy.)
  if (w.length <= 6 && PRODUCT_RE.test(t) && !/\b(?:ratings|rankings|scores|sales|prices|deals|lists?|charts?|down|crash(?:es|ed)?|fails?)$/i.test(t)) return "product";
  // (Not a game's song: "Jump Up, Super Star! - Super Mario Odyssey Musical".)
  // (Nor a scene with a verb in -ing inside: "White People Renovating Houses" is a South Park episode, no game.)
  // (Nor a clip of play: "Sniper Tower Build", "… Glitch", "… Montage".)
  // (Nor a channel's series, every title of which is "<name>: <an episode that says something>": "Game Theory: The Pokedex
  // is FULL OF LIES!" is The Game Theorists' show, no game to switch to.)
  if (w.length <= 5 && majority(GAMING) && seriesLabel(t, ctx.titles ?? [])) return "headline";
  if (w.length <= 5 && majority(GAMING) && played(t, ctx) && !w.slice(1).some(gerundOpener) && !/\b(?:build|builds|glitch|glitches|montage|moments|fails|clutch|ace|wins?|kills|walkthrough|gameplay|playthrough|speedrun|tips|tricks|guide)$/i.test(t) && !(ctx.titles ?? []).some((x: string) => /\b(?:musical|song|soundtrack|theme song|music video)\b/i.test(x)) && !episodic) return "product";
  if (w.length <= 4 && (ctx.niche === "Tech" || ctx.niche === "AI") && MODEL_TOKEN_RE.test(t)) return "product";
  if (namesPerson(t)) return "person";
  // (Nor a song a cover names first, before its label or its original singer: "MONSTER MASH - (Pop Punk Halloween cover by
  // Jonathan Young)", "Chasing Pavements - Adele (1920s Gatsby Style Cover)"; "Luis Fonsi - Despacito (Beatbox Cover)"
  // names the singer first.)
  const coverOf = (x: string) => {
    if (!/\bcover\b/i.test(x) || !x.toLowerCase().startsWith(`${t.toLowerCase()} - `)) return false;
    const after = x.slice(t.length + 3).trim();
    return /^[([]/.test(after) || GIVEN.has((after.split(/[\s(]/)[0] ?? "").toLowerCase());
  };
  const covered = (ctx.titles ?? []).some(coverOf);
  if (w.length <= 4 && musical && !episodic && !covered && !/\d/.test(t) && !HEADLINE_WORDS_RE.test(t) && !NOT_PERSON_TAIL.has((w[w.length - 1] ?? "").toLowerCase())) return "person";
  // A name a music video of the story credits before its dash is a performer, whatever the story's other videos are
  // ("JAY-Z - Numb/Encore in the Live Lounge" beside two talk-show clips).
  // (Not a song credited first: "Powerpuff Girls Theme - …", "Songs With My Daughter - …".)
  // (So does a music video's label, whatever category it was posted in: "A Boogie Wit Da Hoodie - Drowning (WATER) [Official Music Video]".)
  // (Not a pair, "Tori Kelly & Luis Fonsi": one life story cannot hold two people.)
  if (w.length <= 5 && !episodic && !covered && !/\d/.test(t) && !/^(?:i|we|you)\b|\b(?:theme|songs?|remix|medley|cover|anthem|my|your|our|with|and|x)\b|&/i.test(t) && (ctx.titles ?? []).some((x, i) => (cats[i] === MUSIC || /\bofficial (?:music )?video\b/i.test(x)) && x.toLowerCase().startsWith(`${t.toLowerCase()} - `))) return "person";
  if (w.length >= 6 || HEADLINE_WORDS_RE.test(t) || (w.length >= 2 && SERIES_VERB_END.test(t))) return "headline";
  return "general";
}

/**
 * A Gaming story's name is a game only when something says it is played: a title plays, shows or sells it (a trailer,
 * gameplay, a speedrun, a platform) or another story of the snapshot holds its one word ("PUBG"). Otherwise it names one
 * upload or a channel's segment ("Fool Me Once.... [GTA 5]", "Angry Rant - WTF?! at the Loot Crates in Battlefront 2!",
 * "The Good Boys Of YouTube (The Jimquisition)"): no game to review.
 */
function played(name: string, ctx: KindContext): boolean {
  // (With no titles at all, nothing says otherwise: the category decides.)
  if (!ctx.titles) return true;
  if (!name.includes(" ") && (ctx.nameStories ?? 0) >= 2) return true;
  // (A game's own channel posts it: "Pokémon GO" by Pokémon GO.)
  if ((ctx.channels ?? []).some((c) => alnum(c) === alnum(name))) return true;
  return (ctx.titles ?? []).some((x) => GAME_EVIDENCE.test(x));
}
const GAME_EVIDENCE =
  /\b(?:play(?:s|ing|ed)?|gameplay|walkthrough|playthrough|speedrun|let'?s play|trailer|teaser|reveal|demo|beta|dlc|patch|update|launch|glitch(?:es)?|review|the game|nintendo|switch|ps4|xbox|pc|ios|android|3ds|steam|available)\b/i;

/**
 * What a `general` subject is, read from the matched story: one dish, song, film, animal, explainer,
 * lifestyle format, or one creator's one-off clip. Decides the template family, because "7 Things
 * Nobody Tells You About Late Night Pho" or "I Was Wrong About Interview With a Runaway Toddler" read
 * as template salad: a dish gets "My Favorite Late Night Pho Recipe", a clip "My Honest Reaction to
 * …". Null when nothing is known (no story matched): the general family.
 *   food       its last word is a dish or food ("Chewy Salted Chocolate Caramels"), not a news story
 *   animal     the story is mostly Pets & Animals (15), or the subject names an animal
 *   lifestyle  its last word is a creator format: haul, routine, challenge, vlog, tag, makeover, …
 *   song       the story is mostly Music (10): a song or album ("One More Light")
 *   screen     mostly Film & Animation (1), or Entertainment (24) whose titles say trailer/season/movie
 *   explainer  mostly Education (27) or Science & Technology (28)
 *   clip       anything else seen from one creator only, with no news or search behind it
 */
export type Genre = "food" | "animal" | "lifestyle" | "song" | "screen" | "explainer" | "clip" | "versus";

export interface GenreContext extends KindContext {
  /** Titles of the story's items. */
  titles?: readonly string[];
  /** More than one creator, or news or search interest: a topic people talk about, not one video. */
  topical?: boolean;
}

const FOOD_HEAD = new Set(
  ("cake cakes cheesecake cheesecakes cupcake cupcakes cookie cookies brownie brownies pie pies tart tarts donut donuts doughnut doughnuts " +
    "bread pizza pizzas burger burgers taco tacos burrito burritos sushi ramen pho noodles pasta soup salad curry steak chicken wings fries " +
    "candy candies chocolate chocolates caramel caramels fudge pancakes waffles macarons crab lobster shrimp dumplings sandwich sandwiches " +
    "bbq smoothie smoothies milkshake milkshakes cereal eggs bacon cheese dessert desserts snacks recipe recipes nummies cheesesteak nachos " +
    "lasagna risotto biryani kebab kebabs poutine pretzels croissants muffins scones truffles popsicles").split(" "),
);
export const ANIMAL_RE =
  /\b(?:pupp(?:y|ies)|kittens?|cats?|dogs?|hippos?|fox(?:es)?|spiders?|squirrels?|bears?|lions?|tigers?|sharks?|whales?|dolphins?|birds?|owls?|horses?|goats?|pigs?|monkeys?|elephants?|penguins?|snakes?|worms?|otters?|pandas?|koalas?|sloths?|raccoons?|hamsters?|parrots?|turtles?|frogs?|moose|wol(?:f|ves)|deer|crocodiles?|alligators?|gorillas?|leopards?|cheetahs?|hyenas?|rhinos?|cobras?|mongoose|badgers?|hedgehogs?|geese|goose)\b/i;
/** Words that describe one animal in a clip rather than name a species ("Dangerous Jungle Spider", "Cute Baby Otter"). */
export const CLIP_ADJECTIVE = /^(?:dangerous|deadly|scary|angry|cute|adorable|funny|hilarious|crazy|smart|clever|brave|tiny|huge|giant|massive|amazing|incredible|rare|ultra|weird|strange|friendly|fearless|hungry|lazy|sleepy|happy|sad|stubborn|jealous|dramatic|naughty)$/i;
/** A side of a contest that is an animal ("Moose" in "Northern Ontario Moose vs Wolf"): animals fight, they are not "better". */
export const namesAnimal = (side: string) => ANIMAL_RE.test(side.split(/\s+/).pop() ?? "");
/** A species named in the singular ("Velvet Worm", "Police Dog"): it reads with "the". */
export const singularAnimal = (head: string) => ANIMAL_RE.test(head) && !/s$/i.test(head);
/** Every title is "<name>: <episode>" and the episode says something (a verb) or asks: the name labels a series. */
function seriesLabel(name: string, titles: readonly string[]): boolean {
  if (!titles.length) return false;
  const n = name.toLowerCase();
  return titles.every((t) => {
    // (A game's own release, "Street Fighter V: Arcade Edition - Reveal Trailer", is the game's.)
    if (!t.toLowerCase().startsWith(`${n}:`) || /\b(?:trailer|teaser|reveal|gameplay|edition|season|update|dlc|launch|announce\w*)\b/i.test(t)) return false;
    const rest = words(t.slice(n.length + 1).trim());
    return rest.length >= 3 && (hasFiniteVerb(rest) || /\?/.test(t));
  });
}
/** Every title is a trailer or teaser, none a music video ("World Of Walker (Trailer)" on Alan Walker's channel). */
export const trailersOnly = (titles: readonly string[]) => titles.length > 0 && titles.every((x) => /\b(?:trailer|teaser)\b/i.test(x) && !/\b(?:music video|official video|audio|m\/?v)\b/i.test(x));
/** A title saying it is drawn: an animation, a cartoon or a series' holiday special. */
const CARTOON = /\b(?:animated|animation|cartoons?|(?:halloween|christmas|holiday|easter|valentine['’]?s) special)\b/i;
/** Harm in an animal clip ("Attacked by a Police Dog"): a happening, not footage to marvel at. */
export const ANIMAL_HARM = /\b(?:attack\w*|bit(?:e|es|ten)|maul\w*|injur\w*|kill\w*|hurt\w*|abus\w*|rescued? from)\b/i;
/**
 * A creator's lifestyle format, by its head word ("… Christmas Haul", "August Favourites") or as a day in a life
 * ("A Weekend in the Life", "A Day in My Life"): the creator's own video, framed only as one.
 */
function lifestyleFormat(text: string): boolean {
  const head = words(text.toLowerCase()).filter((x) => !/^(?:19|20)\d\d$/.test(x)).pop() ?? "";
  return LIFESTYLE_HEAD.has(head) || /\b(?:day|weekend|week|morning|night)\s+in\s+(?:the|my)\s+life\b/i.test(text);
}
const LIFESTYLE_HEAD = new Set("haul hauls routine routines challenge vlog vlogs tag makeover transformation lookbook try-on favorites favourites storytime q&a grwm tour diary diaries".split(" "));
// (A series of films or shows, not of products: "LEGO Ultimate Collectors Series Millennium Falcon" is a toy.)
const SCREEN_WORDS = /\b(?:trailers?|teasers?|official clip|movie|film|season \d+|episodes?|(?<!collectors?\s|collection\s|product\s|signature\s)series|netflix|hulu|amazon (?:video|studios)|premiere|sneak peek)\b/i;
const NEWS = 25, FILM = 1, ENTERTAINMENT = 24, EDUCATION = 27, SCITECH = 28, ANIMALS = 15, SPORTS = 17;
/** YouTube's Comedy category. */
export const COMEDY = 23;

/** The two sides of a comparison ("Men vs Women", "iPhone 8 vs 8 Plus"), or null. */
export function versusSides(text: string): [string, string] | null {
  const sides = text.split(/\s(?:vs\.?|versus|v\.)\s/i);
  return sides.length === 2 && sides.every((x) => words(x).length >= 1 && words(x).length <= 4) ? [sides[0].trim(), sides[1].trim()] : null;
}

const TESTED = /\b(?:drop|speed|durability|bend|scratch|stress|crash|torture|strength|taste|blind|battery|camera|water(?:proof)?)\s+tests?\b/i;

/**
 * A comparison outside sports ("Men vs Women", "Reese's Tacos vs Reese's Tacos", "iPhone 8 vs 8 Plus"):
 * "What I Learned From Men vs Women" and "5 Things to Know About iPhone 8 vs 8 Plus" do not read; a
 * comparison asks which side wins. A match or a fight (Sports, 17) stays an event.
 */
export function isComparison(text: string, ctx: KindContext = {}): boolean {
  const sides = versusSides(text);
  if (!sides) return false;
  // A family challenge is no match, even on a sports channel ("Husband VS Best Friend | Tom Daley").
  if (sides.every(familySide)) return true;
  // A work named with its subtitle after a colon ("Marvel vs. Capcom: Infinite Collector's Edition UNBOXING") is no contest.
  if ((ctx.titles ?? []).some((t) => t.toLowerCase().startsWith(`${text.toLowerCase()}:`))) return false;
  // Nor a fight's fixture, whatever channel posts it ("Canelo vs. Golovkin Weigh-In" from HBO Boxing, Film & Animation).
  if (/\b(?:weigh[- ]?ins?|press conference|face[- ]?offs?|fight|bout|rematch)$/i.test(text)) return false;
  const cats = ctx.categoryIds ?? [];
  return !(cats.length && cats.filter((c) => c === SPORTS).length * 2 >= cats.length);
}
/** A family member as one side of a challenge ("Husband", "My Best Friend", "Kids"). */
export const FAMILY_MEMBER = /^(?:my\s+)?(?:husband|wife|boyfriend|girlfriend|best friend|bff|mom|mum|dad|brother|sister|son|daughter|kids?)$/i;
const familySide = (x: string) => FAMILY_MEMBER.test(x) || /^(?:my\s+)?(?:men|women|boys|girls|me|you)$/i.test(x);

export function genreOf(text: string, ctx: GenreContext = {}): Genre | null {
  const cats = ctx.categoryIds ?? [];
  if (cats.length === 0 && ctx.topical === undefined) return null;
  const share = (c: number) => (cats.length ? cats.filter((x) => x === c).length / cats.length : 0);
  // A recipe tested ("AKUTAQ Eskimo Ice Cream Recipe Test", a creator trying an old recipe) is still the dish.
  const w = words(text.toLowerCase().replace(/\s+recipe\s+tests?$/, " recipe"));
  // A year after the head dates it ("Online Shopping Haul 2017").
  const head = w.filter((x) => !/^(?:19|20)\d\d$/.test(x)).pop() ?? "";
  // (A counted list of recipes, "5 Easy & Creative Avocado Recipes", is no one dish.)
  // (Nor a chain's dish a title reviews: "Popeyes 1/4 LB Popcorn Chicken - Food Review" is no recipe to make; nor a
  // move in a Sports story: "The Bolton Crab - First ever MMA 'Walls of Jericho' finish".)
  // (Nor a comedy's: "Late Night Pho" is a Domics cartoon, "Every McDonald's Ever" a sketch.)
  if (FOOD_HEAD.has(head) && share(NEWS) < 0.5 && share(SPORTS) < 0.5 && share(COMEDY) < 0.5 && !(/^\d/.test(text) && head === "recipes") && !(ctx.titles ?? []).some((t) => /\b(?:food review|street food|food tour)\b/i.test(t))) return "food";
  // Film & Animation holds animations too ("Halloween Flipbook"): a film or show says so in a title.
  // Before animals: "Isle of Dogs" is a film.
  // The word must be about the story, not in its name ("Honest Trailers" is a web series).
  // Nor another film the title names ("Film Theory: Is The Emoji Movie ILLEGAL?" is no film called "Film Theory").
  const outside = (t: string) => (/movie/i.test(t) ? t.replace(/\bThe(?:\s+\p{Lu}[\p{L}'’]*)+\s+Movie\b/gu, " ") : t).toLowerCase().split(text.toLowerCase()).join(" ");
  // "a GALEN HOOKS film" credits a filmmaker: the name is a person's, not a film's.
  const credit = new RegExp(String.raw`\ba\s+${escapeRegExp(text)}\s+(?:film|production)\b`, "i");
  // (The title must name it whole: "FATHER FIGURES - Official Redband Trailer" is another work than Sam Smith's "Father Figure".)
  let whole: RegExp | undefined;
  const wholeIn = (t: string) => (whole ??= new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRegExp(text)}(?![\p{L}\p{N}])`, "iu")).test(t);
  // (A scene a clip channel names before its film, "The Repo Code - Repo Man (4/10) Movie CLIP (1984) HD", is a clip of
  // the film, no film to watch or review.)
  const scene = (ctx.titles ?? []).length > 0 && (ctx.titles ?? []).every((t) => /\s[-–—]\s.+\(\d+\/\d+\)\s*movie clip\b/i.test(t) && t.toLowerCase().replace(/^the\s+/, "").startsWith(`${text.toLowerCase().replace(/^the\s+/, "")} `));
  if (share(FILM) + share(ENTERTAINMENT) >= 0.5 && (ctx.titles ?? []).some((t) => SCREEN_WORDS.test(outside(t)) && wholeIn(t)) && !(ctx.titles ?? []).some((t) => credit.test(t))) return scene ? (ctx.topical ? null : "clip") : "screen";
  // (Not a name credited before a release's dash: "Skrillex & Poo Bear - Would You Ever" makes Poo Bear a performer.)
  const credited = (ctx.titles ?? []).some((t) => { const i = t.toLowerCase().indexOf(text.toLowerCase()); return i >= 0 && /^\s+[-–—]\s/.test(t.slice(i + text.length)); });
  // (A cartoon's episode is no footage of an animal: "Spider Cat - Simon's Cat (Halloween Special)" is a clip.)
  const drawn = (ctx.titles ?? []).length > 0 && (ctx.titles ?? []).every((t) => CARTOON.test(t));
  if (share(ANIMALS) >= 0.5 || (ANIMAL_RE.test(head) && share(NEWS) < 0.5 && !credited)) return drawn ? "clip" : "animal";
  if (lifestyleFormat(text)) return "lifestyle";
  // More than half: a story half music, half news and talk ("Puerto Rico" after Maria) is no song.
  // (Nor a band's show in numbered episodes: "[SEVENTEEN] GOING SEVENTEEN EP.14".)
  // (Nor an interview, a documentary or a speech: "Edward Heath Interview in Brussels".)
  // (Nor a concert set: "Queen Live Aid 1985", "… Live at Wembley".)
  // (Nor a trailer posted on a musician's channel: "World Of Walker (Trailer)".)
  if (share(MUSIC) > 0.5) return episodeOfShow(ctx.titles ?? []) || trailersOnly(ctx.titles ?? []) || /\b(?:interview|documentary|speech|press conference|podcast|live (?:at|in|from|aid)|concert|full (?:set|show))\b/i.test(text) ? (ctx.topical ? null : "clip") : "song";
  // A video's format ("Q&A With Grey", "Questions From Twitter", "Emily's Recommended Reading", "PROJECTIONS, Episode 26")
  // names one upload, not a topic to explain.
  // So does a series named with its episode ("PROJECTIONS, Episode 26: …"; not a list show's topic, "26 Facts about Libraries - … Ep. 518").
  const format = /\b(?:q ?& ?a|questions|interview|recommended|reading list|episode|ep\.?\s*\d|vlog|update|announcement|livestream|live stream)\b/i.test(text);
  const n = text.toLowerCase();
  const episodes = (ctx.titles ?? []).length > 0 && (ctx.titles ?? []).every((t) => t.toLowerCase().startsWith(n) && /^[\s,:–—-]*(?:episode|ep\.?)\s*\d/i.test(t.slice(n.length)));
  if (share(EDUCATION) + share(SCITECH) >= 0.5) return format || episodes ? (ctx.topical ? null : "clip") : "explainer";
  return ctx.topical ? null : "clip";
}
