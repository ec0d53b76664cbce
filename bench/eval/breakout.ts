/**
 * Breakout evaluation on data the model was not fitted on (issue 10, docs/rules.md):
 *   1. cross-country: fit on one country's 40-day 2017 trending list, score on the other's (same
 *      weeks, different audience), both directions, H = 1, 2, 3 — the fit alone and the guarded
 *      scorer (fit or naive fallback, src/backtest/guard.ts), next to the in-sample figure;
 *   2. the naive scores on each country (no fit: last-day acceleration, inverse views, chart position);
 *   3. later days: fit on the first half of a country's days, score on the second half; and the
 *      rolling backtest (refit every day on earlier outcomes, `trend-intel backtest`) with its AUC
 *      on the second half of the scored days;
 *   4. story level: naive scores, the served rule (video scorer on the story's best-placed video)
 *      fitted on one country's videos and scored on the other's stories, and the rolling story backtest.
 * Every AUC comes with its breakouts; with fewer than 10 breakouts it is flagged as noise.
 * Usage: bun bench/eval/breakout.ts [--dir data/youtube-2017-v1] [--horizons 1,2,3] [--json]
 */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { countryPoints, kaggleInputs } from "../../scripts/fit-breakout.ts";
import { guardedFit, type GuardPoint } from "../../src/backtest/guard.ts";
import { runBacktest } from "../../src/backtest/driver.ts";
import type { LevelReport } from "../../src/backtest/engine.ts";
import { NAIVE_SCORES, fitBreakoutModel, predict, predictScorer } from "../../src/rules/breakout.ts";
import { auc, aucStandardError } from "../../src/rules/metrics.ts";

const MIN_POS = 10;
const a = parseArgs({ args: process.argv.slice(2), options: { dir: { type: "string" }, horizons: { type: "string" }, json: { type: "boolean" } } });
const dir = a.values.dir ?? "data/youtube-2017-v1";
const horizons = (a.values.horizons ?? "1,2,3").split(",").map(Number);
const countries = ["US", "GB"] as const;
const text = Object.fromEntries(countries.map((c) => [c, readFileSync(join(dir, `${c}videos.csv`), "utf8")])) as Record<(typeof countries)[number], string>;

interface Figure {
  auc: number;
  se: number;
  n: number;
  positives: number;
}
const fig = (p: number[], y: number[]): Figure => {
  const pos = y.reduce((s, v) => s + v, 0);
  const v = auc(p, y);
  return { auc: v, se: aucStandardError(v, pos, y.length - pos), n: y.length, positives: pos };
};
const fitOn = (pts: GuardPoint[]) => fitBreakoutModel(pts.map((p) => p.x.slice()), pts.map((p) => p.label), { rankLabels: pts.map((p) => p.rank) });
const labels = (pts: GuardPoint[]) => pts.map((p) => p.label as number);

const out: Record<string, unknown>[] = [];
for (const H of horizons) {
  const pts = Object.fromEntries(countries.map((c) => [c, countryPoints(text[c], c, H).points])) as Record<string, GuardPoint[]>;
  const naive: Record<string, Record<string, Figure>> = {};
  for (const c of countries) naive[c] = Object.fromEntries(NAIVE_SCORES.map((k) => [k, fig(pts[c].map((p) => p.naive[k] ?? 0), labels(pts[c]))]));
  const cross: Record<string, unknown>[] = [];
  for (const [tr, te] of [["US", "GB"], ["GB", "US"]]) {
    const f = fitOn(pts[tr]);
    const g = guardedFit(pts[tr]);
    cross.push({
      fit: tr,
      scored: te,
      model_in_sample: fig(pts[tr].map((p) => predict(f.model, p.x as number[])), labels(pts[tr])),
      model_held_out: fig(pts[te].map((p) => predict(f.model, p.x as number[])), labels(pts[te])),
      coef: f.model.coef.map((v) => Math.round(v * 1e4) / 1e4),
      collapsed: f.collapsed,
      guard: { decision: g.report.decision, naive: g.report.naive, auc_model: g.report.auc_model, auc_naive: g.report.auc_naive },
      guarded_held_out: fig(pts[te].map((p) => predictScorer(g.scorer, p.x as number[], p.naive)), labels(pts[te])),
    });
  }
  // Story level: the served rule (the video scorer on the story's best-placed video) fitted on one
  // country's video points, scored on the other country's story points; naive scores need no fit.
  const spts = Object.fromEntries(countries.map((c) => [c, countryPoints(text[c], c, H, "story").points])) as Record<string, GuardPoint[]>;
  const storyNaive: Record<string, Record<string, Figure>> = {};
  for (const c of countries) storyNaive[c] = Object.fromEntries(NAIVE_SCORES.map((k) => [k, fig(spts[c].map((p) => p.naive[k] ?? 0), labels(spts[c]))]));
  const storyCross: Record<string, unknown>[] = [];
  for (const [tr, te] of [["US", "GB"], ["GB", "US"]]) {
    const f = fitOn(pts[tr]);
    const g = guardedFit(pts[tr]);
    storyCross.push({
      fit: tr,
      scored: te,
      model_in_sample: fig(spts[tr].map((p) => predict(f.model, p.x as number[])), labels(spts[tr])),
      model_held_out: fig(spts[te].map((p) => predict(f.model, p.x as number[])), labels(spts[te])),
      guard: g.report.naive ?? g.report.decision,
      guarded_held_out: fig(spts[te].map((p) => predictScorer(g.scorer, p.x as number[], p.naive)), labels(spts[te])),
    });
  }
  const later: Record<string, unknown>[] = [];
  for (const c of countries) {
    const days = [...new Set(pts[c].map((p) => p.day))].sort((x, y) => x - y);
    const split = days[Math.floor(days.length / 2)];
    const early = pts[c].filter((p) => p.day < split);
    const late = pts[c].filter((p) => p.day >= split);
    const f = fitOn(early);
    const g = guardedFit(early);
    const run = runBacktest(kaggleInputs(text[c], c), { horizon: H, levels: ["video", "story"] });
    const bt = run.levels.video as LevelReport;
    const st = run.levels.story as LevelReport;
    later.push({
      country: c,
      split_day: split,
      model_in_sample: fig(early.map((p) => predict(f.model, p.x as number[])), labels(early)),
      model_later_days: fig(late.map((p) => predict(f.model, p.x as number[])), labels(late)),
      guarded_later_days: fig(late.map((p) => predictScorer(g.scorer, p.x as number[], p.naive)), labels(late)),
      guard_decision: g.report.naive ?? g.report.decision,
      rolling_backtest: { auc: bt.auc, se: bt.auc_se, scored: bt.predictions.scored, positives: bt.positives, second_half: bt.auc_by_half.second, second_half_positives: bt.auc_by_half.second_positives, guard: bt.guard, rse: bt.rse, rse_szabo_huberman: bt.rse_szabo_huberman, rse_vs_szabo_huberman: bt.rse_vs_szabo_huberman },
      rolling_story: { auc: st.auc, se: st.auc_se, scored: st.predictions.scored, positives: st.positives, auc_naive: st.auc_naive, second_half: st.auc_by_half.second, guard: st.guard, rse_vs_szabo_huberman: st.rse_vs_szabo_huberman },
    });
  }
  out.push({ horizon: H, naive, cross, later, story: { naive: storyNaive, cross: storyCross } });
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "n/a");
const cell = (x: Figure) => `${f3(x.auc)} (${x.positives}/${x.n}${x.positives < MIN_POS ? ", too few" : ""})`;
if (a.values.json) console.log(JSON.stringify(out, (_, v) => (typeof v === "number" && !Number.isFinite(v) ? null : v)));
else {
  const lines: string[] = [`# breakout evaluation (${dir}); AUC (breakouts/points); "too few" = fewer than ${MIN_POS} breakouts`];
  for (const r of out as any[]) {
    lines.push("", `## H=${r.horizon}`, "", "naive scores (no fit):", `| country | ${NAIVE_SCORES.join(" | ")} |`, "| --- | ---: | ---: | ---: |");
    for (const c of countries) lines.push(`| ${c} | ${NAIVE_SCORES.map((k) => cell(r.naive[c][k])).join(" | ")} |`);
    lines.push("", "cross-country (fit on one, score on the other):", "| fit → scored | model in-sample | model held-out | guard picks | guarded held-out | coef |", "| --- | ---: | ---: | --- | ---: | --- |");
    for (const x of r.cross) lines.push(`| ${x.fit} → ${x.scored} | ${cell(x.model_in_sample)} | ${cell(x.model_held_out)} | ${x.guard.naive ?? x.guard.decision} | ${cell(x.guarded_held_out)} | ${x.coef.join(", ")}${x.collapsed ? " (collapsed)" : ""} |`);
    lines.push("", "later days (same country):", "| country | fit first half: in-sample | second half | guarded second half (pick) | rolling backtest auc | its second half | guard refits model/naive/unmeasured | rse vs SH |", "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |");
    for (const x of r.later) {
      const b = x.rolling_backtest;
      lines.push(`| ${x.country} | ${cell(x.model_in_sample)} | ${cell(x.model_later_days)} | ${cell(x.guarded_later_days)} (${x.guard_decision}) | ${f3(b.auc)} (${b.positives}/${b.scored}) | ${f3(b.second_half)} (${b.second_half_positives}) | ${b.guard.model}/${b.guard.naive}/${b.guard.unmeasured} | ${Number.isFinite(b.rse_vs_szabo_huberman) ? (b.rse_vs_szabo_huberman * 100).toFixed(1) + "%" : "n/a"} |`);
    }
    lines.push("", "story level: naive scores (no fit; chartPos = best-placed member's position yesterday):", `| country | ${NAIVE_SCORES.join(" | ")} |`, "| --- | ---: | ---: | ---: |");
    for (const c of countries) lines.push(`| ${c} | ${NAIVE_SCORES.map((k) => cell(r.story.naive[c][k])).join(" | ")} |`);
    lines.push("", "story level, cross-country (fit on one country's video points, scored on the other's story points):", "| fit → scored | model on fit country's stories | model held-out | guard picks | guarded held-out |", "| --- | ---: | ---: | --- | ---: |");
    for (const x of r.story.cross) lines.push(`| ${x.fit} → ${x.scored} | ${cell(x.model_in_sample)} | ${cell(x.model_held_out)} | ${x.guard} | ${cell(x.guarded_held_out)} |`);
    lines.push("", "story level, rolling backtest:", "| country | auc (se) | naive on same points: chartPos / invViews / accel | its second half | guard refits model/naive/unmeasured | rse vs SH |", "| --- | ---: | --- | ---: | --- | ---: |");
    for (const x of r.later) {
      const b = x.rolling_story;
      lines.push(`| ${x.country} | ${f3(b.auc)} (${b.positives}/${b.scored}, se ${f3(b.se)}) | ${NAIVE_SCORES.map((k) => f3(b.auc_naive[k] ?? NaN)).join(" / ")} | ${f3(b.second_half)} | ${b.guard.model}/${b.guard.naive}/${b.guard.unmeasured} | ${(b.rse_vs_szabo_huberman * 100).toFixed(1)}% |`);
    }
  }
  console.log(lines.join("\n"));
}
