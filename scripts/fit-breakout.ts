/**
 * Fits the breakoutProbability coefficients on the shipped Kaggle 2017 data and writes
 * src/rules/breakout-weights.json. Deterministic: same CSV → same JSON.
 * Usage: bun scripts/fit-breakout.ts [--csv data/youtube-us-2017.csv] [--horizon 1] [--check]
 */
import { parseArgs } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { parseKaggleCsv } from "../src/feeds/kaggle.ts";
import { dayOrdinal } from "../src/vault/model.ts";
import { breakoutFeatures, fitLogistic, predict, FEATURES, BREAKOUT_RATIO, type BreakoutModel } from "../src/rules/breakout.ts";
import { auc } from "../src/rules/metrics.ts";

export interface Sample {
  day: number;
  x: number[];
  y: number;
}

/** Video series (day ordinals, cumulative views) from the Kaggle CSV. */
export function videoSeries(csvText: string): Map<string, { d: number[]; v: number[] }> {
  const r = parseKaggleCsv(csvText);
  const m = new Map<string, { d: number[]; v: number[] }>();
  for (const [day, list] of r.days) {
    const o = dayOrdinal(day);
    for (const x of list) {
      let s = m.get(x.id);
      if (!s) m.set(x.id, (s = { d: [], v: [] }));
      s.d.push(o);
      s.v.push(x.views);
    }
  }
  return m;
}

/**
 * Samples at every day d where the video was observed on d−H..d+H consecutively: features from the
 * daily gains up to d only (no look-ahead), label = breakout over (d, d+H].
 */
export function samples(series: Map<string, { d: number[]; v: number[] }>, H: number): Sample[] {
  const out: Sample[] = [];
  for (const [, s] of series) {
    const at = new Map(s.d.map((d, i) => [d, s.v[i]]));
    for (let i = 1; i < s.d.length; i++) {
      const d = s.d[i];
      if (!at.has(d - H) || !at.has(d + H)) continue;
      const before = at.get(d)! - at.get(d - H)!;
      const after = at.get(d + H)! - at.get(d)!;
      if (before <= 0) continue;
      // Daily gains up to d over consecutive observed days.
      const y: number[] = [];
      for (let j = 1; j <= i; j++) if (s.d[j] - s.d[j - 1] === 1) y.push(Math.max(0, s.v[j] - s.v[j - 1]));
      if (!y.length) continue;
      out.push({ day: d, x: breakoutFeatures(y, i + 1, at.get(d)!), y: after >= BREAKOUT_RATIO * before ? 1 : 0 });
    }
  }
  return out.sort((a, b) => a.day - b.day);
}

export function fit(s: Sample[]): BreakoutModel {
  return fitLogistic(s.map((x) => x.x), s.map((x) => x.y), { iters: 2000, lr: 0.5, l2: 1e-3, nonNeg: [0] });
}

if (import.meta.main) {
  const a = parseArgs({ args: process.argv.slice(2), options: { csv: { type: "string" }, horizon: { type: "string" }, check: { type: "boolean" } } });
  const csv = a.values.csv ?? "data/youtube-us-2017.csv";
  const H = Number(a.values.horizon ?? "1");
  const s = samples(videoSeries(readFileSync(csv, "utf8")), H);
  const model = fit(s);
  const p = s.map((x) => predict(model, x.x));
  const pos = s.filter((x) => x.y).length;
  const out = {
    features: FEATURES,
    bias: Math.round(model.bias * 1e6) / 1e6,
    coef: model.coef.map((c) => Math.round(c * 1e6) / 1e6),
    fittedOn: { file: csv.split("/").pop(), horizon: H, samples: s.length, breakouts: pos, baseRate: Math.round((pos / s.length) * 1e4) / 1e4, inSampleAuc: Math.round(auc(p, s.map((x) => x.y)) * 1e4) / 1e4 },
    note: "Fitted by scripts/fit-breakout.ts with class-balanced L2 logistic regression; relAccel coefficient constrained >= 0. Probabilities are therefore class-balanced scores, not calibrated base-rate probabilities; see bench/RESULTS.md for calibration.",
  };
  const json = JSON.stringify(out, null, 2) + "\n";
  if (a.values.check) {
    const cur = readFileSync("src/rules/breakout-weights.json", "utf8");
    console.log(cur === json ? "breakout-weights.json is up to date" : "breakout-weights.json differs from a fresh fit");
    process.exit(cur === json ? 0 : 1);
  }
  writeFileSync("src/rules/breakout-weights.json", json);
  console.log(JSON.stringify(out.fittedOn), out.coef, out.bias);
}
