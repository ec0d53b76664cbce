/**
 * Niche classifier against hand labels (test/fixtures/niche-labels.tsv): per niche precision and
 * recall for each set. US is the set the rules were written against (in-sample); GB holds only
 * videos that never trended in the US, labelled before the rules were run on it (held-out); "query"
 * is a small set of search-trend style queries. Run: `bun bench/eval/niche.ts` (`--errors` lists the
 * misses; `--demo` counts the demo CSV's videos per niche).
 *
 * A label is "none" or one or more niches joined by "/" (every niche a creator would accept, the
 * most natural first). A prediction is right when it is one of them, or null for "none".
 * precision(n) = right among items predicted n; recall(n) = items accepting n that got an accepted niche.
 */
import { NICHES, type Niche } from "../../src/domain/enums.ts";
import { classifyNiche } from "../../src/rules/niche.ts";

export interface LabelledItem {
  set: string;
  videoId: string;
  categoryId: number | null;
  channel: string;
  title: string;
  tags: string[];
  labels: Niche[];
}

export function loadLabels(path = new URL("../../test/fixtures/niche-labels.tsv", import.meta.url).pathname): LabelledItem[] {
  const lines = require("node:fs").readFileSync(path, "utf8").split("\n").filter((l: string) => l.trim());
  const head = lines[0].split("\t");
  const col = (name: string) => head.indexOf(name);
  return lines.slice(1).map((l: string) => {
    const f = l.split("\t");
    const label = f[col("label")].trim();
    const labels = label === "none" ? [] : label.split("/");
    for (const n of labels) if (!(NICHES as readonly string[]).includes(n)) throw new Error(`bad label ${label} in: ${l}`);
    return {
      set: f[col("set")],
      videoId: f[col("video_id")],
      categoryId: f[col("category")] ? Number(f[col("category")]) : null,
      channel: f[col("channel")],
      title: f[col("title")],
      tags: f[col("tags")] ? f[col("tags")].split("|") : [],
      labels: labels as Niche[],
    };
  });
}

export interface NicheFigures {
  predicted: number;
  correct: number;
  precision: number | null;
  relevant: number;
  found: number;
  recall: number | null;
}

export function predict(x: LabelledItem): Niche | null {
  return classifyNiche({ title: x.title, tags: x.tags, categoryId: x.categoryId, channel: x.channel });
}

export function evaluate(items: LabelledItem[], classify: (x: LabelledItem) => Niche | null = predict) {
  const per = Object.fromEntries(NICHES.map((n) => [n, { predicted: 0, correct: 0, precision: null, relevant: 0, found: 0, recall: null }])) as Record<Niche, NicheFigures>;
  let right = 0;
  const errors: { item: LabelledItem; got: Niche | null }[] = [];
  for (const x of items) {
    const got = classify(x);
    const ok = got === null ? x.labels.length === 0 : x.labels.includes(got);
    if (ok) right++;
    else errors.push({ item: x, got });
    if (got) {
      per[got].predicted++;
      if (ok) per[got].correct++;
    }
    for (const n of x.labels) {
      per[n].relevant++;
      if (ok && got) per[n].found++;
    }
  }
  for (const n of NICHES) {
    const f = per[n];
    f.precision = f.predicted ? f.correct / f.predicted : null;
    f.recall = f.relevant ? f.found / f.relevant : null;
  }
  return { n: items.length, accuracy: right / items.length, per, errors };
}

function pct(x: number | null): string {
  return x === null ? "–" : `${(100 * x).toFixed(1)}%`;
}

/** Videos per niche in a Kaggle CSV: on its last day, its last 7 days and all its days (last title of each). */
async function demoCounts(csv: string): Promise<void> {
  const { parseKaggleCsv } = await import("../../src/feeds/kaggle.ts");
  const r = parseKaggleCsv((await Bun.file(csv).text()).replace(/^\uFEFF/, ""));
  const days = [...r.days.keys()].sort();
  for (const [name, span] of [["last day", days.slice(-1)], ["last 7 days", days.slice(-7)], ["all days", days]] as const) {
    const videos = new Map<string, (typeof r.days extends Map<string, infer V> ? V : never)[number]>();
    for (const d of span) for (const o of r.days.get(d)!) videos.set(o.id, o);
    const count = Object.fromEntries(NICHES.map((n) => [n, 0])) as Record<Niche, number>;
    for (const o of videos.values()) {
      const n = classifyNiche({ title: o.title, tags: o.tags, categoryId: o.categoryId, channel: o.channelTitle });
      if (n) count[n]++;
    }
    console.log(`${csv} ${name} (${span[0]}..${span[span.length - 1]}, ${videos.size} videos): ${NICHES.map((n) => `${n} ${count[n]}`).join(", ")}`);
  }
}

if (import.meta.main && process.argv.includes("--demo")) {
  await demoCounts(new URL("../../data/youtube-2017-v1/USvideos.csv", import.meta.url).pathname);
} else if (import.meta.main) {
  const all = loadLabels();
  const verbose = process.argv.includes("--errors");
  for (const set of ["US", "GB", "query", "all"]) {
    const items = set === "all" ? all : all.filter((x) => x.set === set);
    const r = evaluate(items);
    console.log(`\n## ${set}: ${r.n} items, ${items.filter((x) => x.labels.length).length} in a niche, accuracy ${pct(r.accuracy)}`);
    console.log("| niche | predicted | precision | labelled | recall |\n|---|---|---|---|---|");
    for (const n of NICHES) {
      const f = r.per[n];
      console.log(`| ${n} | ${f.predicted} | ${pct(f.precision)} (${f.correct}/${f.predicted}) | ${f.relevant} | ${pct(f.recall)} (${f.found}/${f.relevant}) |`);
    }
    if (verbose) for (const e of r.errors) console.log(`  ✗ ${e.got ?? "null"} ≠ ${e.item.labels.join("/") || "none"}  [${e.item.categoryId}] ${e.item.channel} · ${e.item.title}`);
  }
}
