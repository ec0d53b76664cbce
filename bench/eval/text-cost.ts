/**
 * Cost of generated text, this checkout against another (an older commit checked out with `git worktree`),
 * both loaded into one process and run in alternated rounds, so the shared machine's noise hits both alike.
 * Every distinct vault title is graded and every story name rescued once per round; medians per call.
 *
 *   git worktree add /tmp/base <rev> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   bun bench/eval/text-cost.ts --base /tmp/base [--snapshots DIR] [--rounds 8]
 */
import { resolve } from "node:path";
import { openSnapshot } from "./snapshot.ts";
import { arg, usage } from "./cli.ts";

usage("bun bench/eval/text-cost.ts --base <other checkout> [--snapshots DIR] [--rounds N]");
const base = arg("base", "");
if (!base) throw new Error("--base <other checkout> is required (see --help)");
const rounds = Number(arg("rounds", "8"));
const dir = resolve(arg("snapshots", "snapshots"));

interface Code { grade: (t: string, c: unknown) => unknown; gradeContext: (s: unknown, now: number) => unknown; hookRescue: { handle?: (q: unknown, c: unknown) => unknown } }
async function load(root: string): Promise<Code> {
  const at = (p: string) => resolve(root, p);
  (await import(at("src/log.ts"))).log.setQuiet(true);
  return {
    grade: (await import(at("src/rules/grade.ts"))).grade,
    gradeContext: (await import(at("src/engine/service.ts"))).gradeContext,
    hookRescue: (await import(at("src/api/hook-rescue.ts"))).hookRescue,
  };
}
const here = await load(resolve(import.meta.dir, "../.."));
const other = await load(resolve(base));
const { snap, now } = openSnapshot(dir);
const titles = [...new Set(snap.body.videos.map((v: { title: string }) => v.title))] as string[];
const names = snap.idx.stories.map((s: { rec: { name: string } }) => s.rec.name.toLowerCase());

function round(code: Code, ctx: unknown): [number, number] {
  let t0 = performance.now();
  for (const t of titles) code.grade(t, ctx);
  const g = (performance.now() - t0) / titles.length;
  t0 = performance.now();
  for (const n of names) code.hookRescue.handle!({ topic: n }, { snap, now });
  return [g, (performance.now() - t0) / names.length];
}
const ctxHere = here.gradeContext(snap, now), ctxOther = other.gradeContext(snap, now);
round(here, ctxHere), round(other, ctxOther); // warm-up
const runs: Record<"base" | "this", [number, number][]> = { base: [], this: [] };
for (let i = 0; i < rounds; i++) {
  runs.base.push(round(other, ctxOther));
  runs.this.push(round(here, ctxHere));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${titles.length} titles, ${names.length} story names, ${rounds} alternated rounds (median ms per call)`);
for (const k of ["base", "this"] as const)
  console.log(`${k.padEnd(4)}  grade ${median(runs[k].map((r) => r[0])).toFixed(3)}  hook-rescue ${median(runs[k].map((r) => r[1])).toFixed(3)}`);
