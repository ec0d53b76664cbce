/** Speed of the headline model (µs of CPU per call), kept out of the tests: timings are never asserted. */
import { headlineScore } from "../src/rules/headline.ts";
const titles = ["Watch What Happens When This Mom Finds Out The Truth About Her Son's School", "School Policy: Is It Fair?", "10 Things Nobody Tells You About Being A Dad"];
for (let i = 0; i < 5000; i++) headlineScore(titles[i % 3]);
let best = Infinity;
for (let b = 0; b < 5; b++) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < 3000; i++) headlineScore(titles[i % 3]);
  const t = process.cpuUsage(t0);
  best = Math.min(best, (t.user + t.system) / 3000);
}
console.log(`headlineScore: ${best.toFixed(1)} µs CPU per call (best of 5 batches of 3000)`);
