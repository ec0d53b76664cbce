/**
 * Story-match timing on one SYNTHETIC vault snapshot made by bench/scale.ts (the same seeded queries as
 * its serve step: noisy variants of story names, 10 % junk), with the slowest queries listed, so a
 * change to src/engine/search.ts can be timed without the whole scale run. OUT=file writes every
 * query's answer (to check that a speed-up answers the same).
 *
 *   bun bench/match-scale.ts /tmp/ti-bench-scale/SYNTHETIC-videos1000000-gen1/ingest-a/2030-01-30.msgpack [queries]
 */
import { readSnapshotFile } from "../src/vault/snapshot.ts";
import { buildIndexes } from "../src/engine/indexes.ts";
import { prng } from "./synth.ts";
const file = process.argv[2];
if (!file || file === "--help") {
  console.log("usage: bun bench/match-scale.ts <snapshot.msgpack made by bench/scale.ts> [queries=5000]");
  process.exit(file ? 0 : 2);
}
const N = Number(process.argv[3] ?? 5000);
function variant(name: string, r: () => number): string {
  const ws = name.split(/\s+/).filter(Boolean);
  const k = Math.floor(r() * 5);
  if (k === 0 && ws.length) { const i = Math.floor(r() * ws.length); const w = ws[i]; if (w.length >= 5) { const j = 1 + Math.floor(r() * (w.length - 2)); ws[i] = w.slice(0, j) + w.slice(j + 1); } return ws.join(" "); }
  if (k === 1) return name.toLowerCase();
  if (k === 2) return [...ws].reverse().join(" ");
  if (k === 3) return name + " review";
  return name.toUpperCase();
}
let t0 = performance.now();
const { body } = readSnapshotFile(file);
const idx: any = buildIndexes(body);
const stories = idx.stories;
console.log("load ms", (performance.now() - t0).toFixed(0), "stories", stories.length);
t0 = performance.now();
void idx.matcher;
console.log("matcher build ms", (performance.now() - t0).toFixed(0), "rss MB", (process.memoryUsage().rss / 1e6).toFixed(0));
const r = prng(7);
const qs: string[] = [];
for (let i = 0; i < N; i++) {
  if (i % 10 === 9) { let j = ""; for (let c = 0; c < 14; c++) j += c === 7 ? " " : String.fromCharCode(97 + Math.floor(r() * 26)); qs.push(j); }
  else qs.push(variant(stories[Math.floor(r() * stories.length)].rec.name, r).slice(0, 200) || "news");
}
for (let i = 0; i < Math.min(1000, N); i++) idx.matcher.match(qs[i]);
const fz: [number, string, string][] = [];
for (let i = 0; i < N; i++) { const x = performance.now(); const m = idx.matcher.match(qs[i]); fz.push([(performance.now() - x) * 1000, qs[i], m ? String(m.id) : "null"]); }
const sorted = fz.map((x) => x[0]).sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
console.log("p50", pct(50).toFixed(1), "p90", pct(90).toFixed(1), "p99", pct(99).toFixed(1), "max", sorted[sorted.length - 1].toFixed(0));
fz.sort((a, b) => b[0] - a[0]);
for (const [us, q, a] of fz.slice(0, 12)) console.log(us.toFixed(0).padStart(6), JSON.stringify(q), a);
if (process.env.OUT) (await import("node:fs")).writeFileSync(process.env.OUT, fz.map((x) => x[1] + "\t" + x[2]).join("\n"));
