/**
 * Prints hooks (/hook-rescue) and rewrites (/grade) for random topics and drafts of the demo vault,
 * seeded, so a person can read them as a creator would. Nothing is scored here: this is the reading
 * list for bench/RESULTS.text.md.
 *
 *   bun bench/eval/text-samples.ts [--snapshots DIR] [--seed N] [--n 20]
 *
 * Topics: story names of random stories, typed in lower case as a user would ("iphone x").
 * Drafts: titles of random videos of the vault, as a creator would paste them.
 */
import { openSnapshot } from "./snapshot.ts";
import { arg, usage } from "./cli.ts";
import { hookRescue } from "../../src/api/hook-rescue.ts";
import { grade } from "../../src/rules/grade.ts";
import { gradeContext, matchCached } from "../../src/engine/service.ts";
import { BANNED_WHEN_SENSITIVE, toneOf } from "../../src/rules/tone.ts";
import { mulberry32 } from "../../scripts/prng.ts";

const dir = arg("snapshots", "snapshots");
usage("bun bench/eval/text-samples.ts [--snapshots DIR] [--seed N] [--n 20]");
const seed = Number(arg("seed", "11"));
const n = Number(arg("n", "20"));

const { snap, now } = openSnapshot(dir);

const rand = mulberry32(seed); // the same sample on every run
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

console.log(`# snapshot ${snap.body.date}, seed ${seed}\n`);
console.log(`## ${n} hooks (/hook-rescue, topic = a random story's name in lower case; hook i is the (i mod k)-th of the k returned)\n`);
console.log("| # | topic | matched story | hook | pattern |");
console.log("|---|---|---|---|---|");
const stories = snap.idx.stories;
const seenTopics = new Set<string>();
for (let i = 0, shown = 0; shown < n && i < n * 10; i++) {
  const topic = pick(stories).rec.name.toLowerCase().slice(0, 120);
  if (topic.length < 4 || seenTopics.has(topic)) continue;
  seenTopics.add(topic);
  const r = hookRescue.handle!({ topic }, { snap, now }).data as any;
  if (!r.hooks.length) continue;
  const h = r.hooks[shown % r.hooks.length];
  shown++;
  console.log(`| ${shown} | ${topic} | ${r.matchedTopic ?? "—"} | ${h.text} | ${h.pattern} |`);
}

console.log(`\n## ${n} rewrites (/grade, draft = a random video title; the best rewrite)\n`);
console.log("| # | draft | rewrite | pattern | score draft → rewrite |");
console.log("|---|---|---|---|---|");
const ctx = gradeContext(snap, now);
const videos = snap.body.videos;
const seenDrafts = new Set<string>();
// Most drafts get no rewrite (no padding), so up to 50 draws per row shown.
for (let i = 0, shown = 0; shown < n && i < n * 50; i++) {
  const draft = pick(videos).title.slice(0, 200);
  if (draft.length < 4 || seenDrafts.has(draft)) continue;
  seenDrafts.add(draft);
  const g = grade(draft, ctx);
  if (!g.rewrites.length) continue;
  shown++;
  const r = g.rewrites[0];
  console.log(`| ${shown} | ${draft.replace(/\|/g, "\\|")} | ${r.text.replace(/\|/g, "\\|")} | ${r.pattern} | ${g.score} → ${r.score} |`);
}

console.log(`\n## The issue's examples (topics as typed; drafts as pasted)\n`);
console.log("| input | endpoint | first three outputs |");
console.log("|---|---|---|");
for (const topic of ["iphone x battery just changed!", "<b>iphone</b> x", "las vegas shooting", "hurricane irma", "hurricane maria", "tom petty", "mexico earthquake"]) {
  const r = hookRescue.handle!({ topic }, { snap, now }).data as any;
  console.log(`| ${topic.replace(/</g, "&lt;")} | hook-rescue | ${r.hooks.slice(0, 3).map((h: any) => h.text.replace(/\|/g, "\\|")).join(" / ")} |`);
}
for (const draft of ["Google Pixel 2 review after one week", "iphone x review", "I tried the iPhone X for 7 days", "Is hurricane irma actually worth it?"]) {
  const g = grade(draft, ctx);
  console.log(`| ${draft} | grade | ${g.rewrites.slice(0, 3).map((r) => r.text.replace(/\|/g, "\\|")).join(" / ")} |`);
}

// Audit over every story of the snapshot (topic = its name in lower case) and every video title as a
// draft: the documented properties, counted rather than read.
{
  let hooks = 0, topics = 0, empty = 0, long = 0, markup = 0, lower = 0, dbl = 0, banned = 0, sensitiveTopics = 0;
  for (const sv of stories) {
    const topic = sv.rec.name.toLowerCase().slice(0, 120);
    if (topic.length < 4) continue;
    topics++;
    const r = hookRescue.handle!({ topic }, { snap, now }).data as any;
    if (!r.hooks.length) empty++;
    // Judged on the story the topic matches (what hook-rescue sees), not the one it was taken from.
    const m = matchCached(snap, topic)?.story;
    const titles = m ? m.rec.videoIds.map((id) => snap.idx.videoById.get(id)?.title ?? "") : [];
    const sens = toneOf(topic, m?.rec.name ?? "", titles).sensitive;
    if (sens) sensitiveTopics++;
    for (const h of r.hooks as { text: string }[]) {
      hooks++;
      if ([...h.text].length > 100) long++;
      if (/[<>]|&[a-z#0-9]+;/i.test(h.text)) markup++;
      // (A name with an inner capital starts small by its own spelling: "iPhone X vs iPhone 8: …", "eBay …".)
      if (/^\p{Ll}/u.test(h.text) && !/^\p{Ll}+\p{Lu}/u.test(h.text)) {
        lower++;
        if (process.argv.includes("--verbose")) console.error("lower-case start:", topic, "→", h.text);
      }
      if (/\s\s/.test(h.text)) dbl++;
      if (sens && BANNED_WHEN_SENSITIVE.some((re) => re.test(h.text))) {
        banned++;
        if (process.argv.includes("--verbose")) console.error("banned:", topic, "→", h.text);
      }
    }
  }
  let drafts = 0, rewrites = 0, rlong = 0, wrapped = 0, withRewrite = 0, questionTail = 0;
  for (const v of videos) {
    const draft = v.title.slice(0, 200);
    if (draft.length < 4) continue;
    drafts++;
    const rs = grade(draft, ctx).rewrites;
    if (rs.length) withRewrite++;
    if (rs.length && /: What Do You Think\?$/.test(rs[0].text)) questionTail++;
    for (const r of rs) {
      rewrites++;
      if ([...r.text].length > 100) rlong++;
      if (r.text.toLowerCase().includes(draft.toLowerCase()) && draft.split(" ").length > 3 && /\b(?:review|unboxing|worth it|i tried|after one week)\b/i.test(draft)) {
        wrapped++;
        if (process.argv.includes("--verbose")) console.error("wrapped:", draft, "→", r.text);
      }
    }
  }
  console.log(`\n## Audit over the whole snapshot\n`);
  console.log(`hook-rescue, every story's name as topic: ${topics} topics, ${hooks} hooks, ${empty} topics with none; violations: >100 chars ${long}, markup/entities ${markup}, lower-case start ${lower}, doubled spaces ${dbl}; sensitive topics ${sensitiveTopics}, banned phrases in their hooks ${banned}`);
  console.log(`grade, every video title as draft: ${drafts} drafts, ${rewrites} rewrites, ${withRewrite} drafts with at least one (${((100 * withRewrite) / drafts).toFixed(1)}%), ${questionTail} of whose best is the title asking "What Do You Think?"; >100 chars ${rlong}; a framed draft (review/unboxing/worth it/I tried/after one week) wrapped whole ${wrapped}`);
}
