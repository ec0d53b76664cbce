/**
 * FuzzyIndex benchmark on SYNTHETIC story names (real words from the 2017 YouTube titles, combined at
 * random with a seeded PRNG) at 1k, 10k and 100k entries. Queries are noisy variants of entries
 * (typo, glued words, case, word order, extra word, plural, punctuation) plus junk that should miss.
 * Reports build time, lookup p50/p99/max (µs, wall clock, each query once), the same percentiles over
 * the fastest of 3 runs per query (robust to a busy machine), heap/RSS delta per entry, top-1 accuracy
 * on the noisy variants and the share of junk queries answered null.
 * A second table does the same for StorySearch (src/engine/search.ts, the matcher the API uses) on
 * SYNTHETIC stories with items (titles, tags, channels): build, heap per story, p50/p99 overall and
 * per query kind, share of names and titles that find their own story, junk answered null.
 * Run: bun bench/fuzzy.ts   (or --search-only for the second table; writes nothing; results in
 * bench/RESULTS.fuzzy.md)
 */
import { cpus } from "node:os";
import { FuzzyIndex, MATCH_THRESHOLD } from "../src/engine/fuzzy.ts";
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { STOPWORDS, normalize, tokens } from "../src/rules/text.ts";
import { mulberry32 } from "../scripts/prng.ts";

const prng = mulberry32; // every run builds the same data

const csv = parseCsvRecords(await Bun.file(new URL("../data/youtube-us-2017.csv", import.meta.url)).text());
const vocabSet = new Set<string>();
for (const r of csv.records) for (const t of tokens(r.title)) if (/^[a-z]{3,}$/.test(t) && !STOPWORDS.has(t)) vocabSet.add(t);
const vocab = [...vocabSet].sort();

function makeNames(n: number, rnd: () => number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = 2 + Math.floor(rnd() * 3); // 2..4 words
    const words: string[] = [];
    for (let j = 0; j < k; j++) {
      const w = vocab[Math.floor(rnd() * vocab.length)];
      words.push(rnd() < 0.5 ? w[0].toUpperCase() + w.slice(1) : w);
    }
    if (rnd() < 0.2) words.push(String(Math.floor(rnd() * 3000)));
    out.push(words.join(" "));
  }
  return out;
}

function typo(w: string, rnd: () => number): string {
  if (w.length < 5) return w;
  const i = 1 + Math.floor(rnd() * (w.length - 2));
  const op = Math.floor(rnd() * 3);
  if (op === 0) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // swap
  if (op === 1) return w.slice(0, i) + w.slice(i + 1); // delete
  return w.slice(0, i) + "e" + w.slice(i + 1); // substitute
}

/** A noisy variant of a name and the kind of noise applied. */
function variant(name: string, rnd: () => number): { q: string; kind: string } {
  const ws = name.split(" ");
  const r = Math.floor(rnd() * 7);
  if (r === 0) {
    const i = Math.floor(rnd() * ws.length);
    ws[i] = typo(ws[i], rnd);
    return { q: ws.join(" "), kind: "typo" };
  }
  if (r === 1 && ws.length >= 2) {
    const i = Math.floor(rnd() * (ws.length - 1));
    ws.splice(i, 2, ws[i] + ws[i + 1]);
    return { q: ws.join(" "), kind: "glued" };
  }
  if (r === 2) return { q: name.toUpperCase().replace(/ /g, "-"), kind: "case+punct" };
  if (r === 3) return { q: [...ws].reverse().join(" "), kind: "order" };
  if (r === 4) return { q: name + " review", kind: "extra word" };
  if (r === 5) return { q: ws.map((w) => (/[a-z]$/i.test(w) ? w + "s" : w)).join(" "), kind: "plural" };
  return { q: name.toLowerCase(), kind: "lower" };
}

function pct(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const nowUs = () => Bun.nanoseconds() / 1000;

const load = async () => (await Bun.file("/proc/loadavg").text().catch(() => "n/a")).split(" ").slice(0, 3).join(" ");
console.log(`SYNTHETIC benchmark of FuzzyIndex (vocabulary: ${vocab.length} real words from data/youtube-us-2017.csv titles; names are random 2-4 word combinations; seeded)`);
console.log(`bun ${Bun.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), ${new Date().toISOString()}, load average at start: ${await load()}, MATCH_THRESHOLD=${MATCH_THRESHOLD}`);
console.log("| entries | build ms | heap Δ B/entry | RSS Δ B/entry | queries | p50 µs | p99 µs | max µs | best-of-3 p50 µs | best-of-3 p99 µs | top-1 correct | junk → null |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");

// `bun bench/fuzzy.ts --search-only` skips this first table.
for (const n of process.argv.includes("--search-only") ? [] : [1_000, 10_000, 100_000]) {
  const rnd = prng(42 + n);
  const names = makeNames(n, rnd);
  const entries = names.map((text, i) => ({ id: i, text, weight: Math.floor(rnd() * 1000) }));
  Bun.gc(true);
  const heap0 = process.memoryUsage().heapUsed, rss0 = process.memoryUsage().rss;
  const t0 = nowUs();
  const idx = new FuzzyIndex(entries);
  const buildMs = (nowUs() - t0) / 1000;
  Bun.gc(true);
  const heapPer = (process.memoryUsage().heapUsed - heap0) / n;
  const rssPer = (process.memoryUsage().rss - rss0) / n;

  const Q = 20_000;
  const qs: { q: string; want: number }[] = [];
  for (let i = 0; i < Q; i++) {
    if (i % 10 === 9) {
      // Junk: random letters, should not match.
      let s = "";
      for (let j = 0; j < 14; j++) s += j === 7 ? " " : String.fromCharCode(97 + Math.floor(rnd() * 26));
      qs.push({ q: s, want: -1 });
    } else {
      const e = Math.floor(rnd() * n);
      qs.push({ q: variant(names[e], rnd).q, want: e });
    }
  }
  // Warm-up (JIT), then timed pass.
  for (let i = 0; i < 2000; i++) idx.match(qs[i].q);
  const times = new Float64Array(Q);
  let correct = 0, wanted = 0, junkNull = 0, junk = 0;
  for (let i = 0; i < Q; i++) {
    const t = nowUs();
    const m = idx.match(qs[i].q);
    times[i] = nowUs() - t;
    const want = qs[i].want;
    if (want < 0) {
      junk++;
      if (m === null) junkNull++;
    } else {
      wanted++;
      if (m && (m.id === want || normalize(names[m.id]) === normalize(names[want]))) correct++;
    }
  }
  // Each query twice more, keeping its fastest of the three runs: on a shared machine the single-shot
  // p99 mostly measures the scheduler (other processes preempting us) and GC pauses; this does not.
  const best = Float64Array.from(times);
  for (let r = 0; r < 2; r++) {
    for (let i = 0; i < Q; i++) {
      const t = nowUs();
      idx.match(qs[i].q);
      const d = nowUs() - t;
      if (d < best[i]) best[i] = d;
    }
  }
  best.sort();
  times.sort();
  console.log(
    `| ${n.toLocaleString("en-US")} | ${buildMs.toFixed(0)} | ${heapPer.toFixed(0)} | ${rssPer.toFixed(0)} | ${Q.toLocaleString("en-US")} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} | ${times[Q - 1].toFixed(0)} | ${pct(best, 50).toFixed(1)} | ${pct(best, 99).toFixed(1)} | ${((100 * correct) / wanted).toFixed(1)}% | ${((100 * junkNull) / junk).toFixed(1)}% |`,
  );
}
console.log(`load average at end: ${await load()}`);

// ---------------------------------------------------------------------------------------------------
// StorySearch (src/engine/search.ts), the matcher the API uses: SYNTHETIC stories with items.
// Each story: 1-4 items (weights 60/20/12/8 %), item title 4-8 random vocabulary words, 3 tags of
// 1-2 words, a channel of 2 words from a pool of n/5 channels; the name is the first 3 words of the
// first title. Queries: 25 % names, 25 % whole item titles, 15 % a name with one typo, 15 % a name
// with its last word cut to 4 letters (prefix), 10 % two random vocabulary words, 10 % junk letters.
console.log("\nSYNTHETIC benchmark of StorySearch (the API matcher): stories with items built from the same vocabulary");
console.log("| stories | items | build ms | heap Δ B/story | queries | p50 µs | p99 µs | max µs | best-of-3 p50 µs | best-of-3 p99 µs | names → own story | titles → own story | junk → null |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
const { StorySearch } = await import("../src/engine/search.ts");
type Doc = import("../src/engine/search.ts").SearchDoc;
for (const n of [10_000, 100_000]) {
  const rnd = prng(7 + n);
  const w = () => vocab[Math.floor(rnd() * vocab.length)];
  const words = (k: number) => Array.from({ length: k }, w).join(" ");
  const channels = Array.from({ length: Math.max(1, Math.floor(n / 5)) }, () => words(2));
  const docs: Doc[] = [];
  let nItems = 0;
  for (let i = 0; i < n; i++) {
    const r = rnd();
    const k = r < 0.6 ? 1 : r < 0.8 ? 2 : r < 0.92 ? 3 : 4;
    const items = Array.from({ length: k }, () => ({ title: words(4 + Math.floor(rnd() * 5)), tags: [words(1), words(2), words(1)], channel: channels[Math.floor(rnd() * channels.length)] }));
    nItems += k;
    docs.push({ id: i, name: items[0].title.split(" ").slice(0, 3).join(" "), items, recency: 17_000 + Math.floor(rnd() * 40), weight: rnd() * 100 });
  }
  Bun.gc(true);
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = nowUs();
  const idx = new StorySearch(docs);
  const buildMs = (nowUs() - t0) / 1000;
  Bun.gc(true);
  const heapPer = (process.memoryUsage().heapUsed - heap0) / n;
  const Q = 20_000;
  const qs: { q: string; want: number; kind: string }[] = [];
  for (let i = 0; i < Q; i++) {
    const r = rnd();
    const e = Math.floor(rnd() * n);
    if (r < 0.25) qs.push({ q: docs[e].name, want: e, kind: "name" });
    else if (r < 0.5) qs.push({ q: docs[e].items[Math.floor(rnd() * docs[e].items.length)].title, want: e, kind: "title" });
    else if (r < 0.65) qs.push({ q: docs[e].name.split(" ").map((x, j) => (j === 0 ? typo(x, rnd) : x)).join(" "), want: e, kind: "typo" });
    else if (r < 0.8) qs.push({ q: docs[e].name.split(" ").map((x, j, a) => (j === a.length - 1 ? x.slice(0, 4) : x)).join(" "), want: e, kind: "prefix" });
    else if (r < 0.9) qs.push({ q: words(2), want: -2, kind: "two words" });
    else {
      let s = "";
      for (let j = 0; j < 14; j++) s += j === 7 ? " " : String.fromCharCode(97 + Math.floor(rnd() * 26));
      qs.push({ q: s, want: -1, kind: "junk" });
    }
  }
  for (let i = 0; i < 2000; i++) idx.match(qs[i].q);
  const times = new Float64Array(Q);
  const got: (number | null)[] = [];
  for (let i = 0; i < Q; i++) {
    const t = nowUs();
    const m = idx.match(qs[i].q);
    times[i] = nowUs() - t;
    got.push(m ? m.id : null);
  }
  const best = Float64Array.from(times);
  for (let r = 0; r < 2; r++)
    for (let i = 0; i < Q; i++) {
      const t = nowUs();
      idx.match(qs[i].q);
      const d = nowUs() - t;
      if (d < best[i]) best[i] = d;
    }
  const share = (kind: string, ok: (i: number) => boolean) => {
    const is = qs.map((_, i) => i).filter((i) => qs[i].kind === kind);
    return ((100 * is.filter(ok).length) / is.length).toFixed(1) + "%";
  };
  // Own story, or a story with the same text (random names can repeat).
  const own = (i: number) => got[i] === qs[i].want || (got[i] !== null && (docs[got[i]!].name === qs[i].q || docs[got[i]!].items.some((it) => it.title === qs[i].q)));
  const perKind = [...new Set(qs.map((q) => q.kind))].map((k) => {
    const t = Float64Array.from(qs.map((_, i) => i).filter((i) => qs[i].kind === k).map((i) => best[i])).sort();
    return `${k} ${pct(t, 50).toFixed(1)}/${pct(t, 99).toFixed(1)}`;
  });
  times.sort();
  best.sort();
  console.log(`  best-of-3 p50/p99 µs by query kind at ${n}: ${perKind.join(", ")}`);
  console.log(
    `| ${n.toLocaleString("en-US")} | ${nItems.toLocaleString("en-US")} | ${buildMs.toFixed(0)} | ${heapPer.toFixed(0)} | ${Q.toLocaleString("en-US")} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} | ${times[Q - 1].toFixed(0)} | ${pct(best, 50).toFixed(1)} | ${pct(best, 99).toFixed(1)} | ${share("name", own)} | ${share("title", own)} | ${share("junk", (i) => got[i] === null)} |`,
  );
}
console.log(`load average at end: ${await load()}`);
