/**
 * `trend-intel backtest --feeds DIR [--horizon H] [--level video|story|both] [--json]`: replays
 * daily feeds with no look-ahead and scores breakoutProbability and the views projection against
 * what happened H days later (src/backtest, docs/rules.md).
 */
import { parseArgs } from "node:util";
import { existsSync, statSync } from "node:fs";
import { feedDays, runBacktest, type BacktestReport, type Level } from "./backtest/driver.ts";
import type { LevelReport } from "./backtest/engine.ts";
import type { StepInfo } from "./backtest/engine.ts";
import { CONTEXT_FEATURES, SERIES_FEATURES } from "./rules/breakout.ts";
import { listFeedDays } from "./vault/feeddir.ts";
import { ordinalToIso } from "./vault/model.ts";

export const BACKTEST_HELP = `Usage: trend-intel backtest --feeds DIR [--horizon H] [--level video|story|both] [--json]

Replays DIR/YYYY-MM-DD/ feed folders (the 'ingest --feeds' layout) in date order with no look-ahead:
at each day d every video (and story) observed on d and d-H with a positive gain gets a breakout
probability and a projection of its views at d+H, from models refitted each day on points whose
outcome day is <= d. Every breakout refit is guarded: fitted on the earlier days, it must beat the
best naive score (last-day acceleration, inverse views, chart position) on the most recent held-out
days, else that naive score is used; the report counts every decision. Predictions are scored once
day d+H is replayed; items not observed at d+H are counted as unscored.
Breakout: views gained over (d, d+H] >= 1.5 x views gained over (d-H, d].

  --feeds DIR     feed folder (required)
  --horizon H     days ahead, a whole number >= 1 (default 1)
  --level L       video, story or both (default both)
  --json          print one JSON object on stdout instead of the text report
Progress lines go to stderr. Bad use exits 2 with a one-line error.`;

class BacktestUsage extends Error {}

function fail(msg: string): never {
  console.error(`error: ${msg}`);
  process.exit(2);
}

function r6(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : Math.round(x * 1e6) / 1e6;
}

export interface BacktestArgs {
  feeds: string;
  horizon: number;
  levels: Level[];
  json: boolean;
}

export function parseBacktestArgs(argv: string[]): BacktestArgs | "help" {
  let a;
  try {
    a = parseArgs({ args: argv, options: { feeds: { type: "string" }, horizon: { type: "string" }, level: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: false });
  } catch (e) {
    throw new BacktestUsage((e as Error).message.split("\n")[0]);
  }
  if (a.values.help) return "help";
  const feeds = a.values.feeds;
  if (!feeds) throw new BacktestUsage("--feeds DIR is required");
  if (!existsSync(feeds) || !statSync(feeds).isDirectory()) throw new BacktestUsage(`feeds directory not found: ${feeds}`);
  const hs = a.values.horizon ?? "1";
  if (!/^\d+$/.test(hs) || Number(hs) < 1 || Number(hs) > 365) throw new BacktestUsage(`--horizon must be a whole number from 1 to 365, got '${hs}'`);
  const lv = a.values.level ?? "both";
  if (lv !== "video" && lv !== "story" && lv !== "both") throw new BacktestUsage(`--level must be video, story or both, got '${lv}'`);
  return { feeds, horizon: Number(hs), levels: lv === "both" ? ["video", "story"] : [lv], json: !!a.values.json };
}

/** The JSON form of a report: ISO days, 6-decimal numbers, NaN as null, model coefficients named. */
export function reportJson(r: BacktestReport, args: BacktestArgs): Record<string, unknown> {
  const levels: Record<string, unknown> = {};
  for (const [name, rep] of Object.entries(r.levels)) {
    if (!rep || !rep.available) {
      levels[name] = rep;
      continue;
    }
    const x = rep as LevelReport;
    // Both levels carry chart context (a story: its best-placed video's); the coefficient count says which.
    const names = (x.last_fit?.model.coef.length ?? 0) > SERIES_FEATURES.length ? [...SERIES_FEATURES, ...CONTEXT_FEATURES] : [...SERIES_FEATURES];
    levels[name] = {
      available: true,
      predictions: x.predictions,
      positives: x.positives,
      base_rate: r6(x.base_rate),
      auc: r6(x.auc),
      auc_naive: Object.fromEntries(Object.entries(x.auc_naive).map(([k, v]) => [k, r6(v)])),
      auc_se: r6(x.auc_se),
      auc_by_half: { split_day: x.auc_by_half.split_day === null ? null : ordinalToIso(x.auc_by_half.split_day), first: r6(x.auc_by_half.first), second: r6(x.auc_by_half.second), first_positives: x.auc_by_half.first_positives, second_positives: x.auc_by_half.second_positives },
      brier: r6(x.brier),
      brier_base_rate: r6(x.brier_base_rate),
      calibration: x.calibration.map((c) => ({ bin: c.bin, n: c.n, p_min: r6(c.pMin), p_max: r6(c.pMax), mean_predicted: r6(c.meanPredicted), positives: c.positives, observed_rate: r6(c.observedRate) })),
      rse: r6(x.rse),
      rse_szabo_huberman: r6(x.rse_szabo_huberman),
      rse_no_growth: r6(x.rse_no_growth),
      rse_vs_szabo_huberman: r6(x.rse_vs_szabo_huberman),
      guard: { ...x.guard, auc_model_predictions: r6(x.guard.auc_model_predictions), auc_naive_predictions: r6(x.guard.auc_naive_predictions) },
      last_fit: x.last_fit && {
        day: ordinalToIso(x.last_fit.day),
        kind: x.last_fit.kind,
        samples: x.last_fit.samples,
        positives: x.last_fit.positives,
        bias: r6(x.last_fit.model.bias),
        coef: Object.fromEntries(names.map((n, i) => [n, r6(x.last_fit!.model.coef[i])])),
        collapsed: x.last_fit.guard.collapsed,
        served: x.last_fit.scorer.kind === "naive" ? { naive: x.last_fit.scorer.score, a: r6(x.last_fit.scorer.a), b: r6(x.last_fit.scorer.b) } : "model",
        guard: { decision: x.last_fit.guard.decision, naive: x.last_fit.guard.naive, reason: x.last_fit.guard.reason, holdout: { ...x.last_fit.guard.holdout, first_day: x.last_fit.guard.holdout.first_day === null ? null : ordinalToIso(x.last_fit.guard.holdout.first_day) }, auc_model: r6(x.last_fit.guard.auc_model), auc_naive: Object.fromEntries(Object.entries(x.last_fit.guard.auc_naive).map(([k, v]) => [k, r6(v)])) },
        szabo_huberman_beta: r6(x.last_fit.beta),
        decay_rho: x.last_fit.decay.rho.map(r6),
        decay_samples: x.last_fit.decay.samples,
      },
    };
  }
  return { command: "backtest", feeds: args.feeds, horizon: r.horizon, days: r.days, levels };
}

function fmt(x: number | null, digits = 4): string {
  return x === null || !Number.isFinite(x) ? "n/a" : x.toFixed(digits);
}

export function reportText(r: BacktestReport): string {
  const out: string[] = [`backtest: ${r.days.count} days (${r.days.first ?? "-"} .. ${r.days.last ?? "-"}), horizon H=${r.horizon}`];
  for (const [name, rep] of Object.entries(r.levels)) {
    if (!rep) continue;
    out.push("", `[${name} level]`);
    if (!rep.available) {
      out.push(`  unavailable: ${rep.reason}`);
      continue;
    }
    const x = rep as LevelReport;
    const p = x.predictions;
    out.push(
      `  predictions made ${p.made}: scored ${p.scored}, unscored ${p.unscored} (not observed at d+H ${p.unscored_not_observed}, day missing ${p.unscored_day_missing}), outcome after the last day ${p.pending_at_end}`,
      `  not predicted: warm-up (no training point yet) ${p.warmup_skipped}, without enough history ${p.no_history} of ${p.candidates} candidates`,
      `  breakouts ${x.positives}, base rate ${fmt(x.base_rate)}`,
      `  auc ${fmt(x.auc, 3)} (se ${fmt(x.auc_se, 3)}; before ${x.auc_by_half.split_day === null ? "-" : ordinalToIso(x.auc_by_half.split_day)}: ${fmt(x.auc_by_half.first, 3)} on ${x.auc_by_half.first_positives} breakouts, from then on: ${fmt(x.auc_by_half.second, 3)} on ${x.auc_by_half.second_positives})`,
      `  naive scores on the same points (no fit): ${Object.entries(x.auc_naive).map(([k, v]) => `${k} ${fmt(v ?? NaN, 3)}`).join(", ") || "-"}`,
      `  guard: ${x.guard.refits} refits → model ${x.guard.model}, naive fallback ${x.guard.naive}, unmeasured ${x.guard.unmeasured} (naive score served: ${Object.entries(x.guard.naive_by_score).map(([k, v]) => `${k} ${v}`).join(", ") || "none"}), collapsed fits ${x.guard.collapsed}; scored predictions by ${Object.entries(x.guard.scored_by_scorer).map(([k, v]) => `${k} ${v}`).join(", ") || "-"}`,
      ...(x.last_fit ? [`  last refit (${ordinalToIso(x.last_fit.day)}): ${x.last_fit.guard.decision === "naive" ? `NAIVE FALLBACK to ${x.last_fit.guard.naive}` : x.last_fit.guard.decision}: ${x.last_fit.guard.reason}; held-out ${x.last_fit.guard.holdout.days} days, ${x.last_fit.guard.holdout.positives} breakouts: model ${fmt(x.last_fit.guard.auc_model, 3)}${Object.entries(x.last_fit.guard.auc_naive).map(([k, v]) => `, ${k} ${fmt(v ?? NaN, 3)}`).join("")}`] : []),
      `  brier ${fmt(x.brier, 5)} (always the training base rate: ${fmt(x.brier_base_rate, 5)})`,
      `  rse ${fmt(x.rse, 5)} | szabo-huberman ${fmt(x.rse_szabo_huberman, 5)} | no growth ${fmt(x.rse_no_growth, 5)} | vs szabo-huberman ${Number.isFinite(x.rse_vs_szabo_huberman) ? (x.rse_vs_szabo_huberman * 100).toFixed(1) + "%" : "n/a"}`,
      "  calibration (deciles of predicted probability):",
      "    bin     n   p range            mean p   breakouts  observed",
      ...x.calibration.map((c) => `    ${String(c.bin).padStart(3)} ${String(c.n).padStart(5)}   ${fmt(c.pMin)}-${fmt(c.pMax)}    ${fmt(c.meanPredicted)}   ${String(c.positives).padStart(9)}  ${fmt(c.observedRate)}`),
    );
  }
  return out.join("\n");
}

function progressLine(day: string, i: number, n: number, info: Partial<Record<Level, StepInfo>>): string {
  const parts = Object.entries(info).map(([lv, s]) => `${lv}: ${s!.candidates} candidates, ${s!.predicted} predicted, ${s!.warmup} warm-up, ${s!.scored} scored`);
  return `[${i + 1}/${n}] ${day}: ${parts.join("; ")}`;
}

export async function cmdBacktest(argv: string[]): Promise<void> {
  let args: BacktestArgs | "help";
  try {
    args = parseBacktestArgs(argv);
  } catch (e) {
    if (e instanceof BacktestUsage) fail(e.message);
    throw e;
  }
  if (args === "help") {
    console.log(BACKTEST_HELP);
    return;
  }
  const days = listFeedDays(args.feeds);
  if (!days.length) fail(`no YYYY-MM-DD folders in ${args.feeds}`);
  const t0 = performance.now();
  let report: BacktestReport;
  try {
    report = runBacktest(feedDays(args.feeds), { horizon: args.horizon, levels: args.levels, onDay: (day, i, info) => console.error(progressLine(day, i, days.length, info)) });
  } catch (e) {
    fail((e as Error).message.split("\n")[0]);
  }
  console.error(`backtest done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(args.json ? JSON.stringify(reportJson(report, args)) : reportText(report));
}

if (import.meta.main) await cmdBacktest(process.argv.slice(2));
