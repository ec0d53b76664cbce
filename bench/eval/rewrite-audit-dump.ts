/**
 * Writes every distinct video title of the snapshot that gets a /grade rewrite, with what the video is (channel, category,
 * six tags) and its best rewrite, into N files for reading against bench/eval/rewrite-audit-rubric.md. The rewrite pool is
 * small (a reading's random draft is one of these), so every flagged draft is worth a look. Flags of the session-11 audit:
 * bench/eval/rewrite-audit-{us,gb}-2026-11-27.tsv (draft, rewrite, class, reason).
 *
 *   bun bench/eval/rewrite-audit-dump.ts [--snapshots DIR] [--out DIR] [--parts 2]
 */
import { openSnapshot } from "./snapshot.ts";
import { CATEGORY_NAMES, arg, usage } from "./cli.ts";
import { gradeContext } from "../../src/engine/service.ts";
import { grade } from "../../src/rules/grade.ts";

usage("bun bench/eval/rewrite-audit-dump.ts [--snapshots DIR] [--out DIR] [--parts N]");
const dir = arg("snapshots", "snapshots");
const outDir = arg("out", "/tmp/rewrite-audit");
const parts = Number(arg("parts", "2"));

const { snap, now } = openSnapshot(dir);
const ctx = gradeContext(snap, now);
const seen = new Set<string>();
const out: string[] = [];
for (const v of snap.body.videos) {
  const draft = v.title.slice(0, 200);
  if (seen.has(draft)) continue;
  seen.add(draft);
  const best = grade(draft, ctx).rewrites[0];
  if (!best) continue;
  const cat = (v.categoryId != null && CATEGORY_NAMES[v.categoryId]) || "?";
  out.push(`DRAFT: ${draft}\n  (channel: ${v.channelTitle}; category: ${cat}; tags: ${v.tags.slice(0, 6).join(", ")})\n  REWRITE: ${best.text}`);
}
const per = Math.ceil(out.length / parts);
for (let i = 0; i < parts; i++) await Bun.write(`${outDir}/part_${i + 1}.txt`, out.slice(i * per, (i + 1) * per).join("\n\n") + "\n");
console.log(`${out.length} drafts with a rewrite in ${parts} files under ${outDir}`);
