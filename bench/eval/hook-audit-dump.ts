/**
 * Writes every story name's hooks (/hook-rescue, the name typed in lower case) with what the matched story is (its
 * categories, channels and three titles) into N files, for reading against bench/eval/hook-audit-rubric.md. The flags of
 * the session-9 audit of the US demo vault are in bench/eval/hook-audit-2026-11-27.tsv (topic, hook, class, reason).
 *
 *   bun bench/eval/hook-audit-dump.ts [--snapshots DIR] [--out DIR] [--parts 6]
 */
import { openSnapshot } from "./snapshot.ts";
import { CATEGORY_NAMES, arg, usage } from "./cli.ts";
import { storyContext } from "../../src/engine/service.ts";
import { hookRescue } from "../../src/api/hook-rescue.ts";

usage("bun bench/eval/hook-audit-dump.ts [--snapshots DIR] [--out DIR] [--parts N]");
const dir = arg("snapshots", "snapshots");
const outDir = arg("out", "/tmp/hook-audit");
const parts = Number(arg("parts", "6"));

const { snap, now } = openSnapshot(dir);
const CAT = CATEGORY_NAMES;
const byName = new Map(snap.idx.stories.map((s) => [s.rec.name, s]));
const seen = new Set<string>();
const out: string[] = [];
for (const st of snap.idx.stories) {
  const topic = st.rec.name.toLowerCase().slice(0, 120);
  if (seen.has(topic)) continue;
  seen.add(topic);
  const r = hookRescue.handle!({ topic }, { snap, now }).data as { matchedTopic: string | null; hooks: { text: string }[] };
  if (!r.hooks.length) continue;
  const ctx = storyContext(snap, byName.get(r.matchedTopic ?? "") ?? st);
  const titles = (ctx.titles ?? []).slice(0, 3).map((t) => t.slice(0, 110)).join(" || ");
  const cats = [...new Set((ctx.categoryIds ?? []).map((c) => (c != null && CAT[c]) || String(c)))].join(",");
  const chans = [...new Set(ctx.channels ?? [])].slice(0, 3).join(", ");
  out.push(`TOPIC: ${topic}\n  story: ${r.matchedTopic} | ${cats} | channels: ${chans}\n  titles: ${titles}\n` + r.hooks.map((h) => `  - ${h.text}`).join("\n"));
}
const per = Math.ceil(out.length / parts);
for (let i = 0; i < parts; i++) await Bun.write(`${outDir}/part_${i + 1}.txt`, out.slice(i * per, (i + 1) * per).join("\n\n") + "\n");
console.log(`${out.length} topics with hooks in ${parts} files under ${outDir}`);
