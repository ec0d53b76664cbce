/**
 * Measures the RULES of the prompt-injection screen (src/rules/injection.ts) on the data they were
 * written from; `--with-classifier` adds the learned classifier (then deepset is its training data:
 * in-sample). Held-out figures for the whole screen: `bun bench/eval/injection.ts`.
 *  - precision / recall / F1 on deepset/prompt-injections (train split), overall, per guessed
 *    language, and on the first 200 chars only (what the API would actually receive);
 *  - false-positive rate on real titles (YouTube US 2017) and headlines (Upworthy 2013);
 *  - per-call latency.
 * Usage: bun scripts/injection-eval.ts [--with-classifier] [--show-misses] [--show-fp]
 * Figures are recorded by hand in bench/RESULTS.injection.md.
 */
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { screenInput, screenInputWith, INJECTION_REASONS, SCREEN_MAX_CHARS } from "../src/rules/injection.ts";
import { INJECTION_MODEL } from "../src/rules/injection-model.ts";
import { guessLanguage } from "./train-injection.ts";

const DEEPSET = new URL("../data/prompt-injection-dev/deepset-train.csv", import.meta.url).pathname;
const API_MAX = 200;


type Row = { text: string; label: 0 | 1 };

function prf(rows: Row[], flag: (t: string) => boolean) {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const r of rows) {
    const f = flag(r.text);
    if (f && r.label === 1) tp++;
    else if (f) fp++;
    else if (r.label === 1) fn++;
    else tn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { n: rows.length, pos: tp + fn, tp, fp, fn, tn, precision, recall, f1, fpr: fp + tn ? fp / (fp + tn) : 0 };
}

const pct = (x: number) => (100 * x).toFixed(1) + "%";
function line(name: string, m: ReturnType<typeof prf>) {
  console.log(
    `${name.padEnd(26)} n=${String(m.n).padStart(4)} inj=${String(m.pos).padStart(3)}  P=${pct(m.precision).padStart(6)} R=${pct(m.recall).padStart(6)} F1=${pct(m.f1).padStart(6)}  FP=${m.fp}/${m.n - m.pos} (${pct(m.fpr)})`,
  );
}

async function titles(path: string, column: string): Promise<string[]> {
  const { header, records, bad } = parseCsvRecords(await Bun.file(path).text());
  const k = header.indexOf(column);
  // malformed rows (extra fields) still carry a real title in their column
  return [...records.map((r) => r[column]), ...bad.filter((b) => b.fields.length > k).map((b) => b.fields[k])];
}

const args = new Set(process.argv.slice(2));
const model = args.has("--with-classifier") ? INJECTION_MODEL : null;
const screen = (t: string) => screenInputWith(t, model);
const flagged = (t: string) => screen(t).flagged;

const deep: Row[] = parseCsvRecords(await Bun.file(DEEPSET).text()).records.map((r) => ({ text: r.text, label: r.label === "1" ? 1 : 0 }));
console.log(`# injection screen eval  ${new Date().toISOString().slice(0, 10)}  bun ${Bun.version}\n`);
console.log("## deepset/prompt-injections train (full text)");
line("all", prf(deep, flagged));
for (const lang of ["en", "de", "mixed"] as const) line(`lang=${lang} (guessed)`, prf(deep.filter((r) => guessLanguage(r.text) === lang), flagged));
line("first 200 chars", prf(deep, (t) => flagged(t.slice(0, API_MAX))));
line("texts <= 200 chars", prf(deep.filter((r) => r.text.length <= API_MAX), flagged));

const byReason: Record<string, number> = Object.fromEntries(INJECTION_REASONS.map((r) => [r, 0]));
const byRule = new Map<string, number>();
for (const r of deep) {
  const s = screen(r.text);
  if (!s.flagged || r.label !== 1) continue;
  byReason[s.reason]++;
  const rule = s.detail.slice(0, s.detail.indexOf(":")); // every detail starts with "<rule id>: "
  byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
}
console.log("true positives by reason:", JSON.stringify(byReason));
console.log("true positives by rule:  ", [...byRule].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}=${v}`).join(" "));

if (args.has("--show-misses")) {
  console.log("\n### missed injections");
  for (const r of deep) if (r.label === 1 && !flagged(r.text)) console.log("  -", JSON.stringify(r.text.slice(0, 160)));
}
console.log("\n### deepset benign flagged");
for (const r of deep) {
  const s = screen(r.text);
  if (r.label === 0 && s.flagged) console.log(`  - [${s.reason}] ${s.detail} <- ${JSON.stringify(r.text.slice(0, 120))}`);
}

console.log("\n## real titles (every row must pass)");
for (const [name, path, col] of [
  ["youtube-us-2017 title", "data/youtube-us-2017.csv", "title"],
  ["upworthy-2013 headline", "data/upworthy-2013.csv", "headline"],
] as const) {
  const ts = await titles(path, col);
  const fps = ts.filter(flagged);
  console.log(`${name.padEnd(26)} n=${ts.length}  flagged=${fps.length} (${pct(fps.length / ts.length)})`);
  if (args.has("--show-fp")) for (const t of fps) console.log("  -", JSON.stringify(t), screen(t));
}

console.log("\n## latency");
/**
 * Best of several batches, wall clock and process CPU time: the machine may be shared, and the
 * minimum is the least disturbed estimate of the per-call cost. Load average printed for context.
 */
function perCall(texts: string[], batches = 15): { wall: number; cpu: number } {
  for (let i = 0; i < 3; i++) for (const t of texts) screenInput(t); // warm up (JIT)
  let wall = Infinity;
  let cpu = Infinity;
  for (let b = 0; b < batches; b++) {
    const c0 = process.cpuUsage();
    const t0 = Bun.nanoseconds();
    for (const t of texts) screenInput(t);
    wall = Math.min(wall, (Bun.nanoseconds() - t0) / texts.length / 1000);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c.user + c.system) / texts.length);
  }
  return { wall, cpu };
}
const { loadavg } = await import("node:os");
console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
const yt = await titles("data/youtube-us-2017.csv", "title");
const attacks = deep.filter((r) => r.label === 1).map((r) => r.text.slice(0, API_MAX));
for (const [name, texts] of [
  ["youtube titles", yt],
  ["deepset injections (200 chars)", attacks],
] as const) {
  const { wall, cpu } = perCall([...texts]);
  console.log(`${name.padEnd(32)} ${wall.toFixed(2)} µs/call wall, ${cpu.toFixed(2)} µs/call cpu (best of 15 batches)`);
}
for (const unit of ["a", "a ", "\u200Ba", "ignore all "]) {
  const long = unit.repeat(Math.ceil(50_000 / unit.length));
  for (let i = 0; i < 50; i++) screenInput(long); // warm up
  const t1 = Bun.nanoseconds();
  for (let i = 0; i < 50; i++) screenInput(long);
  console.log(`50k chars of ${JSON.stringify(unit).padEnd(16)} ${((Bun.nanoseconds() - t1) / 50 / 1000).toFixed(1)} µs/call wall (first ${SCREEN_MAX_CHARS} chars scanned)`);
}
