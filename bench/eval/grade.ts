/**
 * Held-out check of `/grade` on Upworthy A/B tests: `bun bench/eval/grade.ts [--no-vault]`.
 *
 * Pairs are same-test, same-image headline pairs (scripts/train-headline.ts `buildPairs`; the higher CTR
 * wins), split by test id exactly as every fitted part of the grade was: train = FNV-1a(test id) % 100
 * >= 20, held-out = the rest. For each component and for the total score it prints the pairwise
 * accuracy (exact ties count ½) in-sample and held-out, on all pairs and on significant pairs
 * (two-proportion |z| >= 1.96). The grade runs as the API runs it: `components()` with the demo vault's
 * context (gradeContext of the newest snapshot), unless --no-vault gives an empty context.
 * Also prints the readability gate's effect with a word list that never saw the held-out headlines.
 * Results: bench/RESULTS.headline.md.
 */
import { DATA_FILE, Z_SIGNIFICANT, type Pair, buildPairs, clusterBootstrapCI, isValidationTest, loadPackages, pairwiseAccuracy } from "../../scripts/train-headline.ts";
import { SOURCES, buildLexicon } from "../../scripts/build-readability-words.ts";
import { GRADE_MAX, type GradeContext, components, hookShare, patternShare, score, LENGTH_RULE } from "../../src/rules/grade.ts";
import { lengthShare } from "../../src/rules/grade-signals.ts";
import { compileLexicon, readability } from "../../src/rules/readability.ts";
import { parseCsvRecords } from "../../src/feeds/csv.ts";

const ROOT = `${import.meta.dir}/../..`;

async function context(): Promise<{ ctx: GradeContext; label: string }> {
  const empty: GradeContext = { validated: [], match: () => null, year: 2017 };
  if (process.argv.includes("--no-vault")) return { ctx: empty, label: "empty context (--no-vault)" };
  const { Engine } = await import("../../src/engine/engine.ts");
  const { gradeContext } = await import("../../src/engine/service.ts");
  const { log } = await import("../../src/log.ts");
  log.setQuiet(true);
  const e = new Engine(`${ROOT}/snapshots`);
  e.refresh();
  if (!e.current) return { ctx: empty, label: "empty context (no snapshot in snapshots/)" };
  return { ctx: gradeContext(e.current, Date.now()), label: `demo vault ${e.current.body.date}` };
}

const fmt = (x: number) => x.toFixed(4);

function row(name: string, train: Pair[], held: Pair[], f: (h: string) => number): string {
  const sig = (ps: Pair[]) => ps.filter((p) => p.z >= Z_SIGNIFICANT);
  return `| ${name} | ${fmt(pairwiseAccuracy(train, f))} | ${fmt(pairwiseAccuracy(sig(train), f))} | **${fmt(pairwiseAccuracy(held, f))}** | ${fmt(pairwiseAccuracy(sig(held), f))} |`;
}

async function main(): Promise<void> {
  const csv = await Bun.file(`${ROOT}/${DATA_FILE}`).text();
  const pairs = buildPairs(loadPackages(csv));
  const train = pairs.filter((p) => !isValidationTest(p.testId));
  const held = pairs.filter((p) => isValidationTest(p.testId));
  const { ctx, label } = await context();
  const memo = new Map<string, { points: number[]; total: number }>();
  const graded = (h: string) => {
    let g = memo.get(h);
    if (!g) {
      const cs = components(h, ctx);
      memo.set(h, (g = { points: cs.map((c) => c.points), total: score(cs) }));
    }
    return g;
  };
  const keys = components("a draft title", ctx).map((c) => c.key);
  const notes: string[] = [];
  const nSig = (ps: Pair[]) => ps.filter((p) => p.z >= Z_SIGNIFICANT).length;
  console.log(`context: ${label}; maxes ${JSON.stringify(GRADE_MAX)}`);
  console.log(`pairs: train ${train.length} (${nSig(train)} significant), held-out ${held.length} (${nSig(held)} significant)\n`);
  console.log("| scorer | train, all | train, significant | held-out, all | held-out, significant |");
  console.log("| --- | --- | --- | --- | --- |");
  const differs = (i: number) => (ps: Pair[]) => ps.filter((p) => graded(p.a).points[i] !== graded(p.b).points[i]).length;
  keys.forEach((k, i) => {
    const varies = new Set([...train, ...held].flatMap((p) => [graded(p.a).points[i], graded(p.b).points[i]])).size > 1;
    if (k === "topic_momentum" && varies) notes.push(`topic_momentum differs within ${differs(i)(train)} train and ${differs(i)(held)} held-out pairs (headlines the story matcher links to a vault story); every other pair is a tie`);
    console.log(varies ? row(`${k} (max ${GRADE_MAX[k as keyof typeof GRADE_MAX]})`, train, held, (h) => graded(h).points[i]) : `| ${k} (max ${GRADE_MAX[k as keyof typeof GRADE_MAX]}) | constant on these headlines: every pair is a tie (0.5) | | | |`);
  });
  console.log(row("**total score**", train, held, (h) => graded(h).total));
  for (const n of notes) console.log(`\n${n}`);
  const ci = clusterBootstrapCI(held, (h) => graded(h).total);
  console.log(`\nheld-out total, 95% CI (bootstrap over tests): ${fmt(ci[0])}–${fmt(ci[1])}`);

  // The readability gate, judged with a word list built without the held-out headlines.
  const heldHeads = new Set(held.flatMap((p) => [p.a, p.b]));
  const up = parseCsvRecords(csv).records;
  const yt = parseCsvRecords(await Bun.file(`${ROOT}/${SOURCES[1]}`).text()).records;
  const edited = up.filter((r) => !heldHeads.has(r.headline)).flatMap((r) => [r.headline, r.excerpt].filter(Boolean));
  const user = yt.flatMap((r) => [r.title, r.tags && r.tags !== "[none]" ? r.tags.replaceAll("|", " ") : ""].filter(Boolean));
  const lex = compileLexicon(buildLexicon(edited, user));
  const gated = (h: string, f: number) =>
    GRADE_MAX.pattern_validation * patternShare(h) * f + GRADE_MAX.hook_mechanics * hookShare(h) * f + GRADE_MAX.length_fit * lengthShare([...h].length, LENGTH_RULE) * f;
  const factor = (h: string) => readability(h, lex).factor;
  const penalised = [...heldHeads].filter((h) => factor(h) < 1).length;
  console.log(
    `readability gate with a word list that never saw the held-out headlines: ${penalised} of ${heldHeads.size} held-out headlines get a factor < 1; ` +
      `held-out total (momentum aside) ${fmt(pairwiseAccuracy(held, (h) => gated(h, factor(h))))} with that gate, ${fmt(pairwiseAccuracy(held, (h) => gated(h, 1)))} without`,
  );
  const lenBase = (h: string) => [...h].length;
  console.log(`baselines: chance 0.5; longer headline wins: train ${fmt(pairwiseAccuracy(train, lenBase))}, held-out ${fmt(pairwiseAccuracy(held, lenBase))}`);
}

if (import.meta.main) await main();
