/**
 * Scores the hook classifier (src/rules/hook.ts) against the hand labels in
 * test/fixtures/hook-labels.tsv: accuracy, per-type precision/recall, and every miss.
 * Usage: bun scripts/hook-accuracy.ts [labels.tsv] [--split N] [--bench]
 *   --split N  also report rows 1..N and N+1..end separately (the tail is a blind holdout, see
 *              bench/RESULTS.hook.md)
 *   --bench    time classifyHook / titlePatterns over the real title corpora
 * Figures are copied by hand into bench/RESULTS.hook.md; test/rules/hook.test.ts asserts the floor.
 */
import { HOOK_TYPES, type HookType } from "../src/domain/enums.ts";
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { classifyHook } from "../src/rules/hook.ts";
import { titlePatterns } from "../src/rules/structure.ts";

export const LABELS_FILE = new URL("../test/fixtures/hook-labels.tsv", import.meta.url).pathname;

export interface LabelledTitle {
  title: string;
  label: HookType;
}

/** Header row optional; a row whose label is not a HookType is an error, not a silent skip. */
export function parseLabels(text: string): LabelledTitle[] {
  const rows: LabelledTitle[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === "" || (i === 0 && line.startsWith("title\t"))) continue;
    const tab = line.indexOf("\t");
    const label = line.slice(tab + 1).trim();
    // Exactly one tab: titles containing tabs are excluded from the set, never escaped.
    if (tab <= 0 || line.indexOf("\t", tab + 1) !== -1 || !(HOOK_TYPES as readonly string[]).includes(label)) {
      throw new Error(`hook labels line ${i + 1}: expected "title<TAB>hook_type", got ${JSON.stringify(line)}`);
    }
    rows.push({ title: line.slice(0, tab), label: label as HookType });
  }
  return rows;
}

export interface TypeStats {
  type: HookType;
  support: number;
  predicted: number;
  correct: number;
  precision: number;
  recall: number;
}

export interface AccuracyReport {
  total: number;
  correct: number;
  accuracy: number;
  perType: TypeStats[];
  misses: { title: string; label: HookType; predicted: HookType }[];
}

export function evaluate(rows: LabelledTitle[]): AccuracyReport {
  const perType = new Map<HookType, TypeStats>(
    HOOK_TYPES.map((t) => [t, { type: t, support: 0, predicted: 0, correct: 0, precision: 0, recall: 0 }]),
  );
  const misses: AccuracyReport["misses"] = [];
  let correct = 0;
  for (const r of rows) {
    const p = classifyHook(r.title);
    perType.get(r.label)!.support++;
    perType.get(p)!.predicted++;
    if (p === r.label) {
      correct++;
      perType.get(p)!.correct++;
    } else misses.push({ title: r.title, label: r.label, predicted: p });
  }
  for (const s of perType.values()) {
    // An empty denominator reads as 1: nothing was predicted (or present) wrongly.
    s.precision = s.predicted === 0 ? 1 : s.correct / s.predicted;
    s.recall = s.support === 0 ? 1 : s.correct / s.support;
  }
  return { total: rows.length, correct, accuracy: rows.length === 0 ? 0 : correct / rows.length, perType: [...perType.values()], misses };
}

const pct = (x: number): string => (x * 100).toFixed(1) + "%";

function print(report: AccuracyReport, file: string): void {
  console.log(`labels: ${file}`);
  console.log(`accuracy: ${report.correct}/${report.total} = ${pct(report.accuracy)}`);
  console.log("");
  console.log("| type | support | predicted | correct | precision | recall |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const s of report.perType) {
    console.log(`| ${s.type} | ${s.support} | ${s.predicted} | ${s.correct} | ${pct(s.precision)} | ${pct(s.recall)} |`);
  }
  console.log("");
  console.log(`misses (${report.misses.length}), as label -> predicted:`);
  const sorted = [...report.misses].sort((a, b) => a.label.localeCompare(b.label) || a.predicted.localeCompare(b.predicted));
  for (const m of sorted) console.log(`  ${m.label} -> ${m.predicted}\t${m.title}`);
}

/** Distinct real titles: YouTube US 2017 titles plus Upworthy 2013 headlines. */
async function corpus(): Promise<string[]> {
  const root = new URL("../data/", import.meta.url).pathname;
  const yt = parseCsvRecords(await Bun.file(root + "youtube-us-2017.csv").text()).records.map((r) => r.title);
  const up = parseCsvRecords(await Bun.file(root + "upworthy-2013.csv").text()).records.map((r) => r.headline);
  return [...new Set([...yt, ...up].filter((t) => typeof t === "string"))];
}

/** Reports CPU time as well as wall time: on a shared machine wall time mostly measures the queue. */
function timeIt(name: string, titles: string[], calls: number, f: (t: string) => unknown): void {
  let sink = 0;
  for (const t of titles) sink += String(f(t)).length; // warm-up
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) sink += String(f(titles[i % titles.length])).length;
  const wallUs = (performance.now() - t0) * 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuUs = cpu.user + cpu.system;
  const per = (us: number): string => `${(us / calls).toFixed(2)} µs/call (${Math.round((calls / us) * 1e6).toLocaleString("en")}/s)`;
  console.log(`${name}: ${calls.toLocaleString("en")} calls; cpu ${per(cpuUs)}; wall ${per(wallUs)}${sink < 0 ? "" : ""}`);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const flag = (name: string): number => args.indexOf(name);
  const splitAt = flag("--split") >= 0 ? Number(args[flag("--split") + 1]) : undefined;
  const file = args.find((a, i) => !a.startsWith("--") && (i === 0 || args[i - 1] !== "--split")) ?? LABELS_FILE;
  const rows = parseLabels(await Bun.file(file).text());
  print(evaluate(rows), file);
  if (splitAt !== undefined && Number.isInteger(splitAt) && splitAt > 0 && splitAt < rows.length) {
    for (const [name, part] of [[`rows 1-${splitAt}`, rows.slice(0, splitAt)], [`rows ${splitAt + 1}-${rows.length}`, rows.slice(splitAt)]] as const) {
      const r = evaluate([...part]);
      console.log(`split ${name}: ${r.correct}/${r.total} = ${pct(r.accuracy)}`);
    }
  }
  if (flag("--bench") >= 0) {
    const titles = await corpus();
    console.log(`\nbench corpus: ${titles.length.toLocaleString("en")} distinct titles/headlines`);
    timeIt("classifyHook", titles, 1_000_000, classifyHook);
    timeIt("titlePatterns", titles, 300_000, titlePatterns);
  }
}
