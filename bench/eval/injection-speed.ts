/**
 * Per-call cost of the prompt-injection screen (rules + classifier) and of the classifier alone,
 * on real titles, on attacks cut to 200 characters, and on long adversarial shapes (only the first
 * SCREEN_MAX_CHARS are scanned; every regex must stay linear). Timings live here, not in tests.
 * Run: `bun bench/eval/injection-speed.ts`. Figures are recorded in bench/RESULTS.injection.md.
 */
import { loadavg } from "node:os";
import { SCREEN_MAX_CHARS, classifierScore, normalizeInput, screenInput } from "../../src/rules/injection.ts";
import { loadDeepset, loadJailbreak, loadUsTitles } from "../../scripts/train-injection.ts";

/** Best of several batches (wall clock): the minimum is the least disturbed estimate on a shared machine. */
function perCall(texts: string[], fn: (t: string) => unknown, batches = 15): number {
  for (let i = 0; i < 3; i++) for (const t of texts) fn(t); // JIT warm-up
  let best = Infinity;
  for (let b = 0; b < batches; b++) {
    const t0 = Bun.nanoseconds();
    for (const t of texts) fn(t);
    best = Math.min(best, (Bun.nanoseconds() - t0) / texts.length / 1000);
  }
  return best;
}

const titles = await loadUsTitles();
const attacks = [...(await loadDeepset()), ...(await loadJailbreak())].filter((r) => r.label === 1).map((r) => r.text.slice(0, 200));
console.log(`# injection screen speed  ${new Date().toISOString().slice(0, 10)}  bun ${Bun.version}  load ${loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);
console.log("| input | screenInput µs/call | classifier alone µs/call | normalizeInput µs/call |");
console.log("| --- | --- | --- | --- |");
for (const [name, texts] of [
  ["YouTube US titles", titles],
  ["attacks cut to 200 chars", attacks],
] as const) {
  console.log(`| ${name} (${texts.length}) | ${perCall([...texts], screenInput).toFixed(2)} | ${perCall([...texts], (t) => classifierScore(t)).toFixed(2)} | ${perCall([...texts], normalizeInput).toFixed(2)} |`);
}

/** Long adversarial shapes: each repeated to 50,000 characters. */
const SHAPES = [
  "a", " ", "a ", "#", "<", "<|", "\\n", "%4", "&#1", ", ", ". ", "ignore all ", "ignore ", "forget everything ", "now you are ", "now, you are ",
  "pretend to be ", "act as ", "stop: ", "dass sie als ", "vergiss alle ", "\u200Ba", "ig\u200Bnore all ", "😀\u200D", "😀\uFE0F", "ab ", "0123456789abcdef",
  "QUJD", "\u202E", "\n", "ａ", "\uFEFF", "ภาษา",
];
let worst = { unit: "", us: 0 };
for (const unit of SHAPES) {
  const s = unit.repeat(Math.ceil(50_000 / unit.length));
  const us = perCall([s], screenInput, 10);
  if (us > worst.us) worst = { unit, us };
}
console.log(`\n${SHAPES.length} adversarial 50,000-char shapes (first ${SCREEN_MAX_CHARS} chars scanned): slowest ${JSON.stringify(worst.unit)} at ${worst.us.toFixed(1)} µs/call`);
