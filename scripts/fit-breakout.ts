/**
 * Fits the serving models on the 40-day 2017 trending lists of both countries
 * (data/youtube-2017-v1/USvideos.csv and GBvideos.csv) and writes src/rules/breakout-weights.json:
 *   series  breakoutProbability over the series features (stories without chart context: search/news-led)
 *   video   the same plus the chart context (videos, and video-led stories via their best-placed video)
 *   projection  the decay ratios of projectViews (DEFAULT_DECAY)
 * Samples come from the backtest engine run over every day of each country (src/backtest): each
 * point's features use data up to its day d only, its label the outcome at d+H. Both countries'
 * points are pooled and passed through the same guard as every backtest refit (src/backtest/guard.ts):
 * the fit is served only if, fitted on the earlier days, it beats the best naive score on the most
 * recent days; otherwise the naive score is served, and the JSON says so. Deterministic.
 * Usage: bun scripts/fit-breakout.ts [--csv US.csv,GB.csv] [--horizon 1] [--check]
 */
import { parseArgs } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { parseKaggleCsv } from "../src/feeds/kaggle.ts";
import type { DayInput } from "../src/vault/ingest.ts";
import { replayDays } from "../src/backtest/driver.ts";
import { guardedFit, type GuardPoint, type GuardReport } from "../src/backtest/guard.ts";
import { CONTEXT_FEATURES, SERIES_FEATURES, predictScorer, type BreakoutScorer } from "../src/rules/breakout.ts";
import { fitDecay, type DecayPoint } from "../src/rules/projection.ts";
import { auc } from "../src/rules/metrics.ts";

export const WEIGHTS_FILE = "src/rules/breakout-weights.json";
export const DEFAULT_CSVS = ["data/youtube-2017-v1/USvideos.csv", "data/youtube-2017-v1/GBvideos.csv"];

/** Region of a Kaggle file from its name (USvideos.csv → US; anything else → US). */
export function regionOf(name: string): string {
  const m = /(^|\/)([A-Z]{2})videos\.csv$/.exec(name);
  return m ? m[2] : "US";
}

/** The CSV's days as ingest inputs, rows in file order (= chart order). */
export function kaggleInputs(csvText: string, region = "US"): DayInput[] {
  const r = parseKaggleCsv(csvText, { region });
  return [...r.days].map(([day, observations], i) => ({ day, observations, inputs: [`kaggle-${region}#${day}`], skipped: i === 0 ? r.skipped : {} }));
}

/** Training points (and one-step decay points) of one country's replay, video level unless `level` says story. */
export function countryPoints(csvText: string, region: string, horizon: number, level: "video" | "story" = "video"): { points: GuardPoint[]; decay: DecayPoint[] } {
  const eng = replayDays(kaggleInputs(csvText, region), { horizon, levels: [level] }).engines.get(level)!;
  return { points: eng.trainingSet().map((p) => ({ x: p.x.slice(), label: p.label, rank: p.rank, naive: p.naive, day: p.day })), decay: [...eng.decaySet()] };
}

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const r4 = (x: number) => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : null);

function rounded(s: BreakoutScorer): BreakoutScorer {
  return s.kind === "logistic" ? { kind: "logistic", bias: r6(s.bias), coef: s.coef.map(r6) } : { kind: "naive", score: s.score, a: r6(s.a), b: r6(s.b) };
}

function guardJson(g: GuardReport) {
  return { decision: g.decision, naive: g.naive, reason: g.reason, holdoutDays: g.holdout.days, holdoutPoints: g.holdout.points, holdoutBreakouts: g.holdout.positives, heldOutAuc: { model: r4(g.auc_model), ...Object.fromEntries(Object.entries(g.auc_naive).map(([k, v]) => [k, r4(v!)])) }, collapsed: g.collapsed };
}

function fitLevel(points: GuardPoint[], names: readonly string[], d: number) {
  const pts = points.map((p) => ({ ...p, x: p.x.slice(0, d), naive: d === SERIES_FEATURES.length ? { ...p.naive, chartPos: null } : p.naive }));
  const g = guardedFit(pts);
  const fit = { bias: r6(g.fit.model.bias), coef: g.fit.model.coef.map(r6) };
  const serving = rounded(g.scorer);
  const inSample = auc(pts.map((p) => predictScorer(serving, p.x as number[], p.naive)), pts.map((p) => p.label));
  return { features: names, fit, serving, guard: guardJson(g.report), inSampleAuc: r4(inSample) };
}

export function buildWeights(csvs: { name: string; text: string }[], horizon: number): string {
  const points: GuardPoint[] = [];
  const decay: DecayPoint[] = [];
  for (const c of csvs) {
    const r = countryPoints(c.text, regionOf(c.name), horizon);
    points.push(...r.points);
    decay.push(...r.decay);
  }
  const video = fitLevel(points, [...SERIES_FEATURES, ...CONTEXT_FEATURES], SERIES_FEATURES.length + CONTEXT_FEATURES.length);
  const series = fitLevel(points, [...SERIES_FEATURES], SERIES_FEATURES.length);
  const dm = fitDecay(decay);
  if (!dm) throw new Error("no one-step points to fit the projection decay");
  const pos = points.reduce((a, p) => a + p.label, 0);
  const out = {
    horizon,
    series,
    video,
    projection: { buckets: "days tracked <=2, 3, >=4", rho: dm.rho.map(r6), pooled: r6(dm.pooled), samples: dm.samples },
    fittedOn: { files: csvs.map((c) => c.name.split("/").slice(-2).join("/")), horizon, samples: points.length, breakouts: pos, baseRate: r4(pos / points.length), decaySamples: decay.length },
    note: "Fitted by scripts/fit-breakout.ts on ALL days of both countries (for serving), through the refit guard: `serving` is the logistic fit when it beat the best naive score on the most recent held-out days, else that naive score. Sign-constrained, standardised, class-balanced L2 logistic ranking (labels: gain ratio >= 1), Platt-recalibrated on breakouts (gain ratio >= 1.5). Stories led by videos are scored by video.serving on the chart context of their best-placed video (storyChartContext), other stories by series.serving. Never used by the backtest, which refits on earlier days only; cross-country figures: bench/eval/breakout.ts, bench/RESULTS.backtest.md.",
  };
  return JSON.stringify(out, null, 2) + "\n";
}

if (import.meta.main) {
  const a = parseArgs({ args: process.argv.slice(2), options: { csv: { type: "string" }, horizon: { type: "string" }, check: { type: "boolean" } } });
  const files = a.values.csv ? a.values.csv.split(",") : DEFAULT_CSVS;
  const H = Number(a.values.horizon ?? "1");
  const json = buildWeights(files.map((f) => ({ name: f, text: readFileSync(f, "utf8") })), H);
  if (a.values.check) {
    const cur = readFileSync(WEIGHTS_FILE, "utf8");
    console.log(cur === json ? "breakout-weights.json is up to date" : "breakout-weights.json differs from a fresh fit");
    process.exit(cur === json ? 0 : 1);
  }
  writeFileSync(WEIGHTS_FILE, json);
  const o = JSON.parse(json);
  console.log(JSON.stringify(o.fittedOn));
  for (const k of ["video", "series"]) console.log(k, JSON.stringify(o[k].serving), "guard", JSON.stringify(o[k].guard), "in-sample auc", o[k].inSampleAuc);
  console.log("rho", o.projection.rho);
}
