/**
 * Which template families a subject may use, in order (src/rules/templates.ts reads them): a sensitive topic gets only
 * respectful families (a person's own hard experience, mourning, a tragedy's headline, safety, an illness) or none; a
 * how-to, product, money or other kind gets its own. Every rule is from a reading (docs/rules.md "Hook rescue and
 * grade"). Pure.
 */
import type { Subject } from "./subject.ts";
import { COMEDY, namesPerson, type TopicKind } from "./topickind.ts";

export type Family = TopicKind | "howto_vp" | "science_howto" | "tragedy" | "tragedy_headline" | "mourning" | "personal" | "safety" | "illness";

export const SCITECH_CAT = 28;
/** The first person: the creator's own ("My 1st Day at Chemotherapy"). */
export const FIRST_PERSON = /\b(?:i|i'm|i’m|i've|i’ve|my|me|we|our)\b/i;
/** A subject that opens as a question or a "here's" ("What Animal Will Survive…", "Here's the Age You Peak"). */
export const WH_Q_OPEN = /^(?:(?:what|why|who|which|when|where|how)(?:['’]s)?|did|does|do|is|are|was|were|can|could|should|would|will|has|have|here['’]?s|this is)\s+(?!to\s)/i;
/** Tips, tricks, hacks or ideas are already things to know: no "5 Things to Know About Soap Tips". */
export const TIPS_HEAD = /\b(?:tips|tricks|hacks|ideas|secrets)$/i;

/** Families a subject may use, in order: a sensitive topic never falls back to a light-hearted one. */
export function families(s: Subject, rw: boolean): Family[] {
  // A creator's commentary ("We Need to Talk About the Las Vegas Shooting") is neither their own story ("- My Story")
  // nor news to sum up: no frame.
  if (s.tone.sensitive && /^(?:we\s+need\s+to|(?:let['’]?s|i\s+need\s+to|(?:i|we)\s+have\s+to))\s+talk\s+about\b/i.test(s.text)) return [];
  // Someone's own hard experience ("My 1st Day at Chemotherapy"): their story, not news ("What We Know"). Only their own
  // draft may say so: a hook for another creator's video would claim the illness or the loss as theirs ("Chemotherapy Hit
  // Me Hard - My Story", "Daniel and Depression - My Story", "My Sweet Jax - My Story" offered to anyone): none.
  // A draft that calls itself a tribute, in its subject or beside it, gets no frame: "My Sweet Jax (Tribute to a Cat)" is no
  // "- My Story", "TRL Premiere Opens With Tribute to Las Vegas" no news (session-11 rewrite audit).
  if (s.tone.sensitive && s.said && /\b(?:tribute|in (?:loving )?memory|rest in peace|r\.i\.p\.?)(?=\W|$)/i.test(s.said)) return [];
  if (s.tone.sensitive && (s.personal || FIRST_PERSON.test(s.text))) return rw ? ["personal"] : [];
  // Someone telling their own hard experience ("Penny Lancaster Bravely Shares Her Experience of Being Sexually
  // Assaulted") is their story, not news to sum up ("… - What We Know"): no frame.
  if (s.tone.sensitive && /\b(?:opens? up|opening up|shares?|sharing|speaks? out|speaking out|talks?|talking|reveals?|recalls?|describes?|recounts?)\b.*\b(?:her|his|their)\s+(?:own\s+)?(?:\S+\s+){0,2}(?:experience|story|ordeal|battle|struggle|journey|diagnosis|assault|abuse|harassment|mental health|depression|anxiety|addiction|illness|cancer)/i.test(s.text)) return [];
  // Nor is a named person's take on it ("Jimmy Kimmel on Mass Shooting in Las Vegas", "Ryan Gosling & Jimmy Kimmel on Las
  // Vegas", "James Corden's Message After Las Vegas Tragedy"): a talk-show host's monologue is no news update (an independent
  // reading of GB seeds 200–209, session 10, flagged "… - What We Know" on it three times).
  if (s.tone.sensitive && commentary(s.text)) return [];
  // So is anyone's response ("Trevor Responds to the Las Vegas Shooting & Trump Tweets the Weekend Away", a comedy show's
  // segment: "… What You Need to Know" flagged by the session-11 audit of every rewrite).
  if (s.tone.sensitive && /^\p{Lu}\S*(?:\s+\S+){0,3}\s+(?:responds?|reacts?)\s+to\b/iu.test(s.text)) return [];
  // A named person's health news ("Aaron Carter’s HIV Test Results Revealed") is their own hard story: no news frame (same
  // audit).
  if (s.tone.sensitive && s.tone.illness && /^(?:\p{Lu}[\p{L}.'’-]*\s+){1,2}\p{Lu}[\p{L}.-]*['’]s\s/u.test(s.text)) return [];
  // Nor someone speaking of their dead ("Asa Soltan Rahmati Talks About Her Late Friend Chester Bennington"): their grief,
  // no news, no reaction (session-11 GB audit).
  if (s.tone.sensitive && /\b(?:her|his|their|my|our)\s+late\s+\p{L}/iu.test(s.text)) return [];
  // Nor someone speaking on what was done to them ("Jerhonda Pace on Allegedly Being Trained to Please R. Kelly"): their
  // account, no news, no reaction (a reaction frame on it flagged in two seeds of the session-12 GB reading).
  if (s.tone.sensitive && /\b(?:on|about)\s+(?:allegedly\s+)?being\s+\p{L}+ed\b|\bon\s+allegedly\b/iu.test(s.text)) return [];
  // Nor someone coming forward ("Teen Who Anthony Weiner Sexted Comes Forward: 'I Was Disgusted.'"): a victim's own account
  // (flagged C in the session-10 GB audit and the session-11 rewrite re-audit).
  if (s.tone.sensitive && /\bcom(?:es|ing|e)\s+forward\b/i.test(s.text)) return [];
  // Nor a show's meeting with survivors or victims ("Ellen Meets Las Vegas Survivors …"): their personal story, no news.
  if (s.tone.sensitive && /\bmeets?\b.*\b(?:survivors?|victims?|famil(?:y|ies))\b/i.test(s.text)) return [];
  // Nor a victim's or survivor's own moment ("Vegas Victim Reunited with Man Who Saved Her": the second independent reading
  // and the US audit flagged its "What We Know").
  if (s.tone.sensitive && /\b(?:victims?|survivors?)\s+(?:is\s+|are\s+)?(?:reunit\w+|meets?|thanks?|hugs?|marr(?:y|ies|ied)|returns?|recover\w*|speaks?|shares?|describes?|recalls?|tells?)\b/i.test(s.text)) return [];
  // A comedy's take on something hard ("How to Not Get Bullied | Lele Pons", a sketch) is neither news nor advice: no frame.
  if (s.tone.sensitive && s.cat === COMEDY) return [];
  // A condition, not an event ("Cyclopia: A Rare Birth Defect …"): no timeline, no "what we know so far".
  if (s.tone.sensitive && s.tone.illness && !s.vp) return ["illness"];
  // A hypothetical about death ("What Animal Will Survive When Everyone Dies") is no news: no frame fits.
  if (s.tone.sensitive && WH_Q_OPEN.test(s.text)) return [];
  // Bloopers, fails or a prank about a disaster mix two tones no frame can hold.
  // So does a treat named after one ("#IRMAgerd Hurricane Candy"), a science clip ("Hurricane Size Comparison") or a benefit ("Hand in Hand: A Benefit for Hurricane Relief").
  if (s.tone.sensitive && /\b(?:bloopers?|fails?|funny|parody|prank\w*|memes?|candy|cakes?|cupcakes?|cookies?|recipes?|comparisons?|simulations?|animation|benefit|telethon|fundraiser|concert)\b/i.test(s.text)) return [];
  // A person in a sensitive story who did not die ("Emma Thompson", speaking about Harvey Weinstein) is no event to
  // sum up ("Emma Thompson - What We Know") and no one to mourn: no frame.
  if (s.tone.sensitive && !s.tone.death && s.kind === "person") return [];
  // A ceremony of mourning ("A Moment of Silence at the National 9/11 Memorial") is no news to frame.
  // (So is a video in someone's memory: "In Memory of Liz Dawn".)
  // (Or a vigil: "Nashville Vigil for Las Vegas Shooting Victims" had read "…: What You Need to Know".)
  if (s.tone.sensitive && /\b(?:moment of silence|funeral|memorial service|wake for|dedication|in (?:loving )?memory of|(?:candlelight\s+|prayer\s+)?vigils?)\b|\btribute to\b/i.test(s.text)) return [];
  // A talk show's guest ("Jimmy Kimmel Talks to Kristen Bell in Orlando After Hurricane Irma") is an interview, no news.
  if (s.tone.sensitive && /^(?:\p{Lu}[\p{L}.'’-]*\s+){1,3}(?:[Tt]alks?|[Ss]peaks?|[Cc]hats?|[Ss]its? [Dd]own)\s+(?:[Tt]o|[Ww]ith)\s+\p{Lu}/u.test(s.text)) return [];
  // So is a call to act ("Let's Help the Victims of the Las Vegas Attack"): it is the creator's own appeal.
  // (Or a question put to someone, "Ask a Mortician- Home Death & Wake for Your Pet": an advice series, no news.)
  if (s.tone.sensitive && /^(?:let['’]?s|please|help|donate|pray|ask)\b/i.test(s.text)) return [];
  // A moment addressed to the viewer ("That Moment You Realize Your Dad Is Dying") is no news and not the creator's own story.
  if (s.tone.sensitive && !s.vp && /\b(?:you|your|you['’]re)\b/i.test(s.text)) return [];
  // A warning ("Playing with Old Fridges Kills", a public information film) is neither news nor a story to frame.
  if (s.tone.sensitive && /\bkills$/i.test(s.text)) return [];
  // A how-to in a disaster ("How to Cook With No Power During a Hurricane") is safety advice, still a how-to.
  if (s.tone.sensitive && s.vp) return ["safety"];
  // A long subject reads as a headline: "What We Know About <ten words> So Far" does not.
  // A clause without its verb's subject reads as a headline too ("Young Fan Hospitalized"), not as a name.
  if (s.tone.sensitive) return s.tone.death && s.kind === "person" ? ["mourning"] : s.kind === "headline" || s.text.split(" ").length > 5 || /\s\w+ed$/i.test(s.text) ? ["tragedy_headline"] : ["tragedy"];
  // A plural how-to noun ("Keto Recipes") reads wrong in "7 … Mistakes", "Try This …": general only.
  // A rewrite of a tutorial stays a tutorial: no general fallback ("What You Need to Know About Soap Tips").
  // A how-to that names its format ("Autumn Makeup Tutorial for Straight Men") is no topic to know about.
  // (Nor is one DIY build, "DIY Edible Geode": "5 Things to Know About DIY Edible Geode" reads as facts about an upload.)
  const format = /\b(?:tutorial|guide|routine|lesson)s?\b/i.test(s.text) || (!s.plural && /^diy\s/i.test(s.text));
  // A how-to in Science & Technology is mostly an explainer or a stunt ("How To Stop A North Korean Nuclear Missile",
  // "How to Build a Teleporter with Aliens"), not a task to try at home: explained, not "The Easy Way".
  if (s.kind === "howto" && s.vp && s.cat === SCITECH_CAT) return ["science_howto"];
  // (A long plural one reads as a headline too: "What You Need to Know About Makeup Tips & Secrets With Superstar Ariel Tejada" does not.)
  if (s.kind === "howto") return s.vp ? ["howto_vp"] : rw ? (s.plural ? ["headline"] : ["howto"]) : s.plural ? (format || s.text.split(" ").length > 5 || TIPS_HEAD.test(s.text) ? ["headline"] : ["general"]) : format ? ["howto"] : ["howto", "general"];
  // A comedy story's take on money ("Trump Lies About Taxes, Health Care Amid Cabinet Scandals: A Closer Look") is a segment
  // to react to, not a money topic ("… vs Index Funds: Which Wins?", "… - What It Means for You"; session-11 reading).
  // (A short one is a topic: "Health Care".)
  if (s.kind === "money" && s.cat === COMEDY) return s.text.split(" ").length <= 3 ? ["general"] : ["headline"];
  if (s.kind === "product" || s.kind === "money") return [s.kind, "general"];
  return [s.kind];
}

/** "<Person> on <topic>" or "<Person>'s message/monologue/… about it": someone's take, named by its speaker(s). */
function commentary(text: string): boolean {
  const on = /^(.+?)\s+on\s+\S/.exec(text);
  const by = /^(.+?)['’]s\s+(?:message|monologue|statement|response|reaction|rant|speech|plea)\b/i.exec(text);
  const speakers = (on ?? by)?.[1].split(/\s+(?:&|and)\s+/) ?? [];
  return speakers.length > 0 && speakers.every((p) => namesPerson(p));
}
