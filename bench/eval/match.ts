/**
 * Precision and recall of the story matcher on the labelled query set (test/fixtures/queries.tsv):
 * the demo vault (newest snapshot in snapshots/, or SNAPSHOTS=dir) and a vault built from the feed
 * fixtures. Prints overall, per split (dev = looked at while designing, held = not) and per kind,
 * then every miss. Run: bun bench/eval/match.ts
 */
import { join } from "node:path";
import { listSnapshots, readSnapshotFile, snapshotPath } from "../../src/vault/snapshot.ts";
import { fixtureVault, indexesOf, readQueries, runQueries, score, type Outcome } from "../../test/helpers/queryset.ts";

const dir = process.env.SNAPSHOTS ?? join(import.meta.dir, "../../snapshots");
const newest = listSnapshots(dir)[0];
if (!newest) throw new Error(`no snapshot in ${dir}`);
const demo = indexesOf(readSnapshotFile(snapshotPath(dir, newest)).body);
const feeds = indexesOf(fixtureVault());
const queries = readQueries();
const t0 = performance.now();
const out = runQueries(queries, { demo, feeds });
const ms = performance.now() - t0;

const pct = (x: number) => (100 * x).toFixed(1) + "%";
const row = (label: string, o: Outcome[]) => {
  const s = score(o);
  return `| ${label} | ${s.queries} | ${s.positives} | ${s.negatives} | ${s.truePos}/${s.answered} | ${pct(s.precision)} | ${pct(s.recall)} | ${s.negatives ? pct(s.rejected) : "–"} |`;
};
console.log(`demo vault: ${dir}/${newest}.msgpack (${demo.stories.length} stories); feeds vault: ${feeds.stories.length} stories; ${queries.length} queries in ${ms.toFixed(0)} ms (first lookups build the indexes)`);
console.log("| set | queries | with a story | must not match | right/answered | precision | recall | no-match queries answered null |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
console.log(row("all", out));
for (const split of ["dev", "held", "fresh"]) console.log(row(`split ${split}`, out.filter((o) => o.q.split === split)));
for (const v of ["demo", "feeds"]) console.log(row(`vault ${v}`, out.filter((o) => o.q.vault === v)));
for (const k of [...new Set(queries.map((q) => q.kind))]) console.log(row(`kind ${k}`, out.filter((o) => o.q.kind === k)));
const misses = out.filter((o) => !o.correct);
console.log(`\nmisses (${misses.length}):`);
for (const o of misses) console.log(`  [${o.q.vault}/${o.q.kind}/${o.q.split}] ${JSON.stringify(o.q.query)} -> ${o.answer === null ? "null" : JSON.stringify(o.answer)}${o.q.expected.length ? "" : " (expected no match)"}`);

// Sensitivity of the one fitted constant: MIN_EVIDENCE swept on both vaults (set on the instances;
// the service always uses the default).
console.log("\nMIN_EVIDENCE sweep (precision / recall):");
console.log("| min evidence | dev | held | all |");
console.log("|---:|---|---|---|");
const matchers = [demo.matcher, feeds.matcher] as unknown as { minEvidence: number }[];
const saved = matchers.map((m) => m.minEvidence);
for (const v of [0.3, 0.34, 0.38, 0.4, 0.42, 0.44, 0.46, 0.5]) {
  for (const m of matchers) m.minEvidence = v;
  const o = runQueries(queries, { demo, feeds });
  const f = (x: Outcome[]) => {
    const s = score(x);
    return `${pct(s.precision)} / ${pct(s.recall)}`;
  };
  console.log(`| ${v.toFixed(2)} | ${f(o.filter((x) => x.q.split === "dev"))} | ${f(o.filter((x) => x.q.split === "held"))} | ${f(o)} |`);
}
matchers.forEach((m, i) => (m.minEvidence = saved[i]));
