/**
 * Scores the hook classifier (src/rules/hook.ts) against the hand labels in
 * test/fixtures/hook-labels.tsv: accuracy, per-type precision/recall, and every miss.
 * Usage: bun scripts/hook-accuracy.ts [path/to/labels.tsv]
 * Figures are copied by hand into bench/RESULTS.hook.md; test/rules/hook.test.ts asserts the floor.
 */
import { HOOK_TYPES, type HookType } from "../src/domain/enums.ts";
import { classifyHook } from "../src/rules/hook.ts";

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
    const tab = line.lastIndexOf("\t");
    const label = line.slice(tab + 1).trim();
    if (tab <= 0 || !(HOOK_TYPES as readonly string[]).includes(label)) {
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

if (import.meta.main) {
  const file = process.argv[2] ?? LABELS_FILE;
  print(evaluate(parseLabels(await Bun.file(file).text())), file);
}
