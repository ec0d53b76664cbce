/**
 * Templates for `general` subjects whose genre is known from the matched story (src/rules/topickind.ts
 * genreOf): a dish, an animal, a creator format, a song, a film or show, an explainer, a one-off clip.
 * Each genre only has the patterns that read right for it; a missing pattern means fewer hooks, never
 * a frame that does not fit ("7 Things Nobody Tells You About Late Night Pho").
 *
 * `hookOnly` marks frames that describe a new video about the subject (a reaction, a review, tips):
 * right for /hook-rescue, wrong as a /grade rewrite of the creator's own video, which must keep what
 * the video is ("Kelly Clarkson - Move You" is no "Honest Reaction").
 */
import { CLIP_ADJECTIVE, FAMILY_MEMBER, namesAnimal, namesPerson, versusSides, type Genre } from "./topickind.ts";

export interface GenreHelpers {
  S: string;
  NP: string;
  Is: string;
  Does: string;
  /** The subject opens with a determiner or possessive ("My Morning Routine", "The Spa Car"). */
  det: boolean;
  firstPerson: boolean;
  /** Rewrite mode (a /grade rewrite of the creator's own title), not hook-rescue. */
  rw: boolean;
  /** The story's main YouTube category, or null. */
  cat: number | null;
  y: number;
  /** "a " or "an " before one countable dish ("I Made a Giant Oreo Cookie at Home"), else "". */
  a: string;
  /** A film or show not out yet, as far as the story says: a trailer, a teaser, a first look (or no story). */
  upcoming: boolean;
  /** A song story named by its performers, not the song ("Tori Kelly & Luis Fonsi"). */
  performers: boolean;
  /** The latest year a trailer title of the story names (see Subject.trailerYear), or null. */
  trailerYear: number | null;
  /** No reaction frame: a regular creator's own vlog (see Subject.vlog), a small creator's own upload (Subject.ownUpload),
   * ASMR, surveillance footage (see NO_REACTION_TEXT in templates.ts). */
  vlog: boolean;
  /** Every title of the story is a trailer or teaser (see Subject.unseen). */
  unseen: boolean;
}
type Tpl = (h: GenreHelpers) => string;
const hookOnly = (f: Tpl): Tpl => (h) => (h.rw ? "" : f(h));

/** People on both sides ("Men vs Women", "Logan Paul vs KSI"): they win; things are better. */
const PEOPLE = /^(?:(?:the\s+)?(?:men|women|boys|girls|guys|kids|moms|dads|parents|teachers|students|teens|adults|husbands|wives|boyfriends|girlfriends|couples|humans|people|siblings|brothers|sisters|cats|dogs)|me|you|us|them)$/i;
/** A one-word side that describes the other side's head ("American vs French Makeup Tutorial", "Cheap vs Expensive Makeup"). */
const SHARED_HEAD = /^(?:american|british|english|french|german|italian|spanish|japanese|chinese|korean|indian|mexican|canadian|australian|irish|scottish|russian|thai|brazilian|dutch|swedish|greek|turkish|cheap|expensive|homemade|real|fake|old|new|healthy|vegan)$/i;
/** The two sides of a comparison, or null when they are the same ("Reese's Tacos vs Reese's Tacos" names no contest). */
function sides(h: GenreHelpers): [string, string] | null {
  const v = versusSides(h.S);
  return v && v[0].toLowerCase() !== v[1].toLowerCase() ? v : null;
}
/** Animals on both sides ("Northern Ontario Moose vs Wolf"): a fight; it is won, not judged. */
const fight = (h: GenreHelpers) => sides(h)?.every(namesAnimal) ?? false;
const contest = (h: GenreHelpers) => {
  const v = sides(h);
  if (!v) return "";
  return v.every((x) => PEOPLE.test(x) || FAMILY_MEMBER.test(x) || namesPerson(x)) || fight(h) ? `${h.S}: Who Wins?` : `${h.S}: Which Is Better?`;
};

/** A ranking, list or quiz: a format about animals, not footage of them. */
const RANKING = /\b(?:tier list|list|ranking|ranked|facts|quiz|compilation|myths)$/i;

/** "5 Differences Between A and B" for a comparison with two different sides. */
const differences: Tpl = (h) => {
  const v = sides(h);
  // Not a family challenge ("Husband vs Best Friend": who wins, not how they differ), nor a head the sides share
  // ("American vs French Makeup Tutorial" compares two tutorials, not "American" and a tutorial).
  // Nor animals ("Moose vs Wolf" is a fight, not two species to tell apart).
  if (v && (v.every((x) => FAMILY_MEMBER.test(x) || /^(?:your|my)\s/i.test(x)) || v.every(namesAnimal) || (!v[0].includes(" ") && v[1].includes(" ") && SHARED_HEAD.test(v[0])))) return "";
  // A country named with its article ("Japan and the USA").
  const the = (x: string) => (/^(?:USA|US|UK|UAE|Netherlands|Philippines)$/.test(x) ? `the ${x}` : x);
  return v ? `5 Differences Between ${the(v[0])} and ${the(v[1])}` : "";
};
/** A frame about a song's words, not for a story named by its performers ("5 Details You Missed in Tori Kelly & Luis Fonsi"). */
const songsWords = (f: Tpl): Tpl => (h) => (h.performers ? "" : f(h));
/**
 * A frame that has seen the film: not when its trailer names a later year than the snapshot's ("Pacific Rim 2 Trailer
 * 2018"), nor when every title of the story is a trailer or teaser ("JUMANJI: WELCOME TO THE JUNGLE - Official Trailer #2"),
 * unless the trailer names a year two or more before the snapshot's (an old film's: "I'm Gonna Git You Sucka Trailer 1988").
 */
const seen = (f: Tpl): Tpl => (h) => ((h.trailerYear != null && h.trailerYear > h.y) || (h.unseen && !oldFilm(h)) ? "" : f(h));
/** A trailer that names a year two or more before the snapshot's is an old film's ("I'm Gonna Git You Sucka Trailer 1988"). */
const oldFilm = (h: GenreHelpers) => h.trailerYear != null && h.trailerYear < h.y - 1;
/** A frame for animal footage, not for a ranking, list or quiz about animals (see RANKING). */
const footage = (f: Tpl): Tpl => (h) => (RANKING.test(h.S) ? "" : f(h));

/** Words that address the viewer ("Fix Your Life", "Weird Music Test You Have to Try"): the video speaks to its own audience. */
export const SECOND_PERSON = /\b(?:you|your|yours|you're|you’re|you'll|you’ll|you've|you’ve|yourself)\b/i;
/** A clip that invites the viewer ("Get Ready With Us", "Come Shopping With Me") is a format, not a happening to react to. */
export const INVITATION = /^(?:get|come|join|let['’]?s|help|grab|shop|spend the day|grwm|return to|go to|visit)\s|\bq ?& ?a\b/i;

/** Dishes that freeze, set, rise or slow-cook for hours: no "in 30 Minutes". */
// (Nor a cake: "Fan-Requested Steampunk Cake in 30 Minutes" is hours of sculpting, session-12 US reading.)
const SLOW_DISH = /\b(?:cakes?|popsicles?|ice creams?|ice lollies|frozen|sorbets?|gelato|bark|fudge|caramels?|cheesecakes?|breads?|sourdough|brisket|braised|slow|smoked|jelly|jellies|marshmallows?|flumps)\b/i;
/** A process named by its two ends ("Rock to Iron", "Sand to Glass"). */
const PROCESS = /^\p{L}+\s+to\s+\p{L}+$/iu;
/** A lifestyle head ("haul", "challenge"): frames that read right for it. */
const LIFESTYLE_HEADS = new Set("haul routine challenge vlog tag makeover transformation lookbook try-on favorite favourite storytime q&a grwm tour diary".split(" "));
const head = (h: GenreHelpers) => (h.S.toLowerCase().split(" ").pop() ?? "").replace(/s$/, "");
/** A subject that opens with a count ("Five Crazy Donut Burgers", "3 DIY Cupcakes"). */
const COUNTED = /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|hundred)\b/i;

/** One animal a clip describes ("Dangerous Jungle Spider"), not a species or a named animal. */
const described = (h: GenreHelpers) => h.NP === h.S && CLIP_ADJECTIVE.test(h.S.split(" ")[0]);

export const GENRE_TEMPLATES: Record<Genre, Partial<Record<string, Tpl[]>>> = {
  food: {
    "hook:confession": [(h) => (h.det ? "" : `I Made ${h.a}${h.S} at Home`)],
    "struct:first_person": [(h) => (h.det ? "" : `My Favorite ${h.S} Recipe`)],
    "struct:second_person": [(h) => (h.det ? "" : `The ${h.S} Recipe You Need to Try`)],
    "hook:bold_claim": [(h) => (h.det ? "" : `The Best ${h.S} Recipe Ever`)],
    // (A counted dish is several recipes: "Five Crazy Donut Burgers - Easy Homemade Recipe" was flagged in 5 of 10 seeds of
    // the session-11 GB reading.)
    "struct:bracket_tag": [(h) => `${h.S} (Easy Recipe${COUNTED.test(h.S) ? "s" : ""})`],
    "struct:dash_split": [(h) => `${h.S} - Easy Homemade Recipe${COUNTED.test(h.S) ? "s" : ""}`],
    // (Not "5 Mistakes to Avoid When Making Five Crazy Donut Burgers": two counts.)
    "struct:number_led": [hookOnly((h) => (COUNTED.test(h.S) ? "" : `5 Mistakes to Avoid When Making ${h.a}${h.S}`))],
    "hook:question": [hookOnly((h) => `Can You Really Make ${h.a}${h.S} at Home?`)],
    // (Not what freezes, sets or slow-cooks: "Super-Easy Blueberry & Yoghurt Popsicle in 30 Minutes" is false.)
    "hook:statistic": [hookOnly((h) => (SLOW_DISH.test(h.S) ? "" : `${h.S} in 30 Minutes`))],
    "struct:exclamation": [(h) => (h.det ? "" : `The Easiest ${h.S} Recipe!`)],
  },
  // (Not for a ranking or a quiz about animals: "The Shark Tier List - Amazing Footage" does not read.)
  animal: {
    "struct:second_person": [footage((h) => `${h.NP}: You Have to See This`)],
    "struct:dash_split": [footage((h) => `${h.NP} - Amazing Footage`)],
    // These two need a name, not a clause ("Kittens Come Out of Box: You Have to See This" reads; "Obsessed With Kittens Come Out of Box" does not).
    // (One animal a clip describes, "Dangerous Jungle Spider", is "this" one, and has no facts to list: the fifth
    // session-12 GB reading and both session-11 readings.)
    "hook:question": [hookOnly(footage((h) => (h.S.split(" ").length > 3 ? "" : `Why Is Everyone Obsessed With ${described(h) ? `This ${h.S}` : h.NP}?`)))],
    "struct:number_led": [hookOnly(footage((h) => (h.S.split(" ").length > 3 || described(h) ? "" : `5 Things You Didn't Know About ${h.NP}`)))],
    "struct:exclamation": [footage((h) => `${h.NP}: You Have to See This!`)],
  },
  lifestyle: {
    "struct:first_person": [(h) => (h.det || h.firstPerson ? "" : `My ${h.S}`)],
    "hook:confession": [(h) => (head(h) === "challenge" && !h.det && !h.firstPerson ? `I Tried the ${h.S}` : "")],
    "hook:bold_claim": [
      (h) =>
        h.det || h.firstPerson ? "" : head(h) === "haul" ? `My Biggest ${h.S} Ever` : head(h) === "challenge" ? `The Hardest ${h.S} Ever` : `My Best ${h.S} Yet!!`,
    ],
    // No year tag: readers took "Chatty GRWM - 2017" and "September Favorites (2017)" for an upload's leftover date
    // (session-11 reading and US re-audit), as the rewrite audit took "My Lazy Day Makeup Routine - 2017".
    "hook:question": [hookOnly((h) => (head(h) === "challenge" && !h.det ? `Can You Do the ${h.S}?` : ""))],
    "struct:second_person": [hookOnly((h) => (head(h) === "challenge" ? `${h.S}: You Have to Try This` : ""))],
  },
  song: {
    "hook:confession": [hookOnly((h) => `My Honest Reaction to ${h.S}`)],
    "struct:first_person": [hookOnly((h) => `First Time Hearing ${h.S}: My Reaction`)],
    "hook:question": [hookOnly(songsWords((h) => `What Is ${h.S} Really About?`))],
    "struct:number_led": [hookOnly(songsWords((h) => `5 Details You Missed in ${h.S}`))],
    "struct:second_person": [hookOnly(songsWords((h) => `${h.S}: The Meaning You Missed`))],
    "struct:bracket_tag": [hookOnly((h) => `${h.S} [Reaction]`)],
    "struct:dash_split": [hookOnly((h) => `${h.S} - Reaction and Review`)],
  },
  screen: {
    "hook:confession": [hookOnly(seen((h) => `My Honest Review of ${h.S}`))],
    "hook:question": [hookOnly(seen((h) => `${h.Is} ${h.S} Worth Watching?`))],
    "struct:number_led": [hookOnly((h) => `5 Things to Know Before You Watch ${h.S}`)],
    "struct:second_person": [hookOnly((h) => `Everything You Need to Know Before Watching ${h.S}`)],
    "struct:first_person": [hookOnly(seen((h) => `What I Loved About ${h.S}`))],
    // (Only before it is out: "Eat, Clay, Love | Original Short Film" is out; so is a film whose trailer names a year
    // two or more before the snapshot's, "I'm Gonna Git You Sucka Trailer 1988".)
    // (Not after a subtitle: "Maze Runner: The Death Cure: Everything We Know So Far" has two colons.)
    "hook:bold_claim": [hookOnly((h) => (h.upcoming && !oldFilm(h) && !h.S.includes(":") ? `${h.S}: Everything We Know So Far` : ""))],
    "struct:bracket_tag": [hookOnly(seen((h) => `${h.S} [Review]`))],
    "struct:dash_split": [hookOnly(seen((h) => `${h.S} - Review (No Spoilers)`))],
  },
  // Only "explained": an explainer's subject is mostly one video's own name ("Winch Bot", "Flight of the Year", "Der
  // Zerhacker", "NASA Mission Control 360"), no public topic with facts to surprise, news to know or a reason to matter.
  // In the audit of every US hook (session 9) a rubric flagged 40% of "5 Facts About … That Will Surprise You", 36% of
  // "What You Need to Know About …", 30% of "Why Does … Matter?", 27% of "What I Learned About …" and 13% of "[Explained]".
  explainer: {
    "struct:bracket_tag": [(h) => `${h.NP} [Explained]`],
    "struct:dash_split": [(h) => `${h.NP} - Explained`],
  },
  versus: {
    "hook:question": [contest],
    "struct:question_mark": [contest],
    "struct:versus": [contest],
    "struct:colon_split": [contest],
    "struct:number_led": [hookOnly(differences)],
    "hook:list_preview": [hookOnly(differences)],
    "hook:confession": [hookOnly((h) => (sides(h) && !fight(h) ? `${h.S}: My Honest Verdict` : ""))],
  },
  // One creator's video that nobody else covered: "Why Is Everyone Talking About …" would be untrue, and a
  // short name ("Helmer Zone", "Small Doses") says too little to react to.
  clip: {
    "hook:confession": [hookOnly((h) => (h.firstPerson || h.vlog || h.S.split(" ").length < 4 || INVITATION.test(h.S) || SECOND_PERSON.test(h.S) ? "" : `${h.NP}: My Honest Reaction`))],
    "struct:bracket_tag": [
      // A reaction tag fits a happening ("Giving Dolls Tiny Makeovers [Reaction]"), not a bare name or thing
      // ("Green Lantern [Reaction]", "Cider-Braised Pork Shoulder [Reaction]").
      // With the article its name came with ("The Voice 2017 Blind Audition [Reaction]").
      hookOnly((h) => (h.firstPerson || h.vlog || h.S.split(" ").length < 4 || INVITATION.test(h.S) || SECOND_PERSON.test(h.S) ? "" : `${h.NP} [Reaction]`)),
    ],
  },
};
