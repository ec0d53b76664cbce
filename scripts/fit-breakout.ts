/**
 * Fits the serving models on the shipped Kaggle 2017 data and writes src/rules/breakout-weights.json:
 *   series  breakoutProbability over the series features (stories; callers without chart context)
 *   video   the same plus chart position today and yesterday (VIDEO_MODEL)
 *   projection  the decay ratios of projectViews (DEFAULT_DECAY)
 * Samples come from the backtest engine run over every day (src/backtest): each point's features
 * use data up to its day d only, its label the outcome at d+H. The fit is fitBreakoutModel, the
 * same procedure the backtest refits every day — but here on ALL days, for serving. These weights
 * are therefore never used to score the backtest. Deterministic: same CSV → same JSON.
 * Usage: bun scripts/fit-breakout.ts [--csv data/youtube-us-2017.csv] [--horizon 1] [--check]
 */
import { parseArgs } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { parseKaggleCsv } from "../src/feeds/kaggle.ts";
import type { DayInput } from "../src/vault/ingest.ts";
import { replayDays } from "../src/backtest/driver.ts";
import { CONTEXT_FEATURES, RANK_RATIO, SERIES_FEATURES, fitBreakoutModel, predict, type BreakoutModel } from "../src/rules/breakout.ts";
import { fitDecay } from "../src/rules/projection.ts";
import { auc } from "../src/rules/metrics.ts";

export const WEIGHTS_FILE = "src/rules/breakout-weights.json";

/** The CSV's days as ingest inputs, rows in file order (= chart order). */
export function kaggleInputs(csvText: string): DayInput[] {
  const r = parseKaggleCsv(csvText);
  return [...r.days].map(([day, observations], i) => ({ day, observations, inputs: [`kaggle#${day}`], skipped: i === 0 ? r.skipped : {} }));
}

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

function fitOn(X: number[][], labels: number[], ratios: number[]): { model: BreakoutModel; auc: number } {
  const f = fitBreakoutModel(X, labels, { rankLabels: ratios.map((r) => (r >= RANK_RATIO ? 1 : 0)) });
  const model = { bias: r6(f.model.bias), coef: f.model.coef.map(r6) };
  return { model, auc: auc(X.map((x) => predict(model, x)), labels) };
}

export function buildWeights(csvText: string, csvName: string, horizon: number): string {
  const video = replayDays(kaggleInputs(csvText), { horizon, levels: ["video"] }).engines.get("video")!;
  const pts = video.trainingSet();
  const labels = pts.map((p) => p.label);
  const ratios = pts.map((p) => p.ratio);
  const full = fitOn(pts.map((p) => p.x.slice()), labels, ratios);
  const series = fitOn(pts.map((p) => p.x.slice(0, SERIES_FEATURES.length)), labels, ratios);
  const decay = fitDecay(video.decaySet());
  if (!decay) throw new Error("no one-step points to fit the projection decay");
  const pos = labels.reduce<number>((a, b) => a + b, 0);
  const out = {
    horizon,
    series: { features: SERIES_FEATURES, bias: series.model.bias, coef: series.model.coef },
    video: { features: [...SERIES_FEATURES, ...CONTEXT_FEATURES], bias: full.model.bias, coef: full.model.coef },
    projection: { buckets: "days tracked <=2, 3, >=4", rho: decay.rho.map(r6), pooled: r6(decay.pooled), samples: decay.samples },
    fittedOn: {
      file: csvName,
      horizon,
      samples: pts.length,
      breakouts: pos,
      baseRate: r4(pos / pts.length),
      inSampleAuc: { video: r4(full.auc), series: r4(series.auc) },
      decaySamples: video.decaySet().length,
    },
    note: "Fitted by scripts/fit-breakout.ts on ALL days (for serving): standardised class-balanced L2 logistic ranking (labels: gain ratio >= 1), Platt-recalibrated on breakouts (gain ratio >= 1.5), relAccel coefficient >= 0. Never used by the backtest, which refits on earlier days only; see bench/RESULTS.backtest.md.",
  };
  return JSON.stringify(out, null, 2) + "\n";
}

if (import.meta.main) {
  const a = parseArgs({ args: process.argv.slice(2), options: { csv: { type: "string" }, horizon: { type: "string" }, check: { type: "boolean" } } });
  const csv = a.values.csv ?? "data/youtube-us-2017.csv";
  const H = Number(a.values.horizon ?? "1");
  const json = buildWeights(readFileSync(csv, "utf8"), csv.split("/").pop()!, H);
  if (a.values.check) {
    const cur = readFileSync(WEIGHTS_FILE, "utf8");
    console.log(cur === json ? "breakout-weights.json is up to date" : "breakout-weights.json differs from a fresh fit");
    process.exit(cur === json ? 0 : 1);
  }
  writeFileSync(WEIGHTS_FILE, json);
  const o = JSON.parse(json);
  console.log(JSON.stringify(o.fittedOn), "video", o.video.coef, o.video.bias, "series", o.series.coef, o.series.bias, "rho", o.projection.rho);
}
