/**
 * Clusters the real 2017 YouTube trending videos day by day, as the vault would, and prints how many
 * stories they form and the biggest ones with their names, so the clustering rules can be checked by
 * eye (no giant junk clusters). Run: bun scripts/cluster-report.ts [topN]
 */
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { assignStories, type ClusterItem, type StorySeed } from "../src/vault/cluster.ts";
import { storyName } from "../src/vault/naming.ts";

const top = Number(process.argv[2] ?? 10);
const csv = parseCsvRecords(await Bun.file(new URL("../data/youtube-us-2017.csv", import.meta.url)).text());

// Each video enters on the first day it trends (DD.MM, year 2017); rows with a broken date are skipped.
const firstDay = new Map<string, { day: string; item: ClusterItem }>();
let skipped = 0;
const dayKey = (d: string) => `2017-${d.slice(3, 5)}-${d.slice(0, 2)}`;
for (const r of csv.records) {
  if (!/^\d{2}\.\d{2}$/.test(r.date)) {
    skipped++;
    continue;
  }
  const day = dayKey(r.date);
  const prev = firstDay.get(r.video_id);
  const item = { key: r.video_id, title: r.title, weight: Number(r.views) || 0, channel: r.channel_title };
  if (!prev || day < prev.day) firstDay.set(r.video_id, { day, item });
}
const byDay = new Map<string, ClusterItem[]>();
for (const { day, item } of firstDay.values()) byDay.set(day, [...(byDay.get(day) ?? []), item]);

let stories: StorySeed[] = [];
const members = new Map<string, ClusterItem[]>();
const t0 = performance.now();
for (const day of [...byDay.keys()].sort()) {
  const items = byDay.get(day)!;
  const res = assignStories(stories, items, day);
  stories = res.stories;
  for (const it of items) {
    const sid = res.assignment.get(it.key)!;
    members.set(sid, [...(members.get(sid) ?? []), it]);
  }
}
const ms = performance.now() - t0;

const sizes = [...members.values()].map((m) => m.length).sort((a, b) => b - a);
const hist = new Map<string, number>();
for (const s of sizes) {
  const b = s === 1 ? "1" : s <= 3 ? "2-3" : s <= 9 ? "4-9" : "10+";
  hist.set(b, (hist.get(b) ?? 0) + 1);
}
console.log(`videos: ${firstDay.size} distinct (${skipped} rows with a broken date skipped), days: ${byDay.size}, clustering: ${ms.toFixed(0)} ms`);
console.log(`stories: ${members.size}; by size: ${["1", "2-3", "4-9", "10+"].map((b) => `${b}: ${hist.get(b) ?? 0}`).join(", ")}`);
console.log(`videos in multi-video stories: ${sizes.filter((s) => s > 1).reduce((a, b) => a + b, 0)}`);
console.log(`\n${top} biggest stories:`);
const biggest = [...members.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).slice(0, top);
for (const [sid, m] of biggest) {
  const story = stories.find((s) => s.id === sid)!;
  console.log(`\n# ${storyName(m)}  (${m.length} videos, ${sid}, since ${story.firstSeen}, terms: ${story.terms.join(" ")})`);
  for (const it of [...m].sort((a, b) => b.weight - a.weight).slice(0, 8)) console.log(`   - ${it.title}  [${it.channel}]`);
  if (m.length > 8) console.log(`   ... ${m.length - 8} more`);
}
