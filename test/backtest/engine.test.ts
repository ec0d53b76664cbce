import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { BacktestEngine, type Candidate, type Frame, type Prediction } from "../../src/backtest/engine.ts";
import { chartPositions, replayDays, runBacktest, storyCandidates } from "../../src/backtest/driver.ts";
import { fitSzaboHuberman } from "../../src/backtest/baselines.ts";
import { RANK_RATIO, VIDEO_MODEL, breakoutProbability, chartPosOn, chartShockOf, fitBreakoutModel, storyChartContext } from "../../src/rules/breakout.ts";
import { buildDay } from "../../src/vault/ingest.ts";
import { buildStoryViews } from "../../src/engine/storyview.ts";
import type { DayInput } from "../../src/vault/ingest.ts";
import type { VideoObs } from "../../src/feeds/types.ts";
import { kaggleDays } from "../helpers/vault.ts";
import { dayOrdinal } from "../../src/vault/model.ts";

type Views = Record<string, number>;

function cand(id: string, members = [id]): Candidate {
  return { key: id, members, y: [], daysTracked: 2, ctx: null };
}

/** A frame where every observed video is a candidate (plus optional extra candidates). */
function frame(day: number, views: Views, extra: Candidate[] = []): Frame {
  return { day, views: new Map(Object.entries(views)), candidates: [...Object.keys(views).map((id) => cand(id)), ...extra] };
}

function run(h: number, frames: Frame[]): BacktestEngine {
  const e = new BacktestEngine({ horizon: h });
  for (const f of frames) e.step(f);
  return e;
}

describe("scoring and unscored counting", () => {
  test("an item not observed at d+H is counted as unscored, not dropped", () => {
    const e = run(1, [
      frame(0, { A: 100, B: 50 }),
      frame(1, { A: 200, B: 80 }), // A, B have history but no training point yet: warm-up
      frame(2, { A: 260, B: 100 }), // predictions for A and B
      frame(3, { A: 300 }), // B gone: its day-2 prediction is unscored
      frame(4, { A: 330 }), // A's day-4 prediction has no outcome day in the replay
    ]);
    const r = e.report();
    expect(r.predictions.warmup_skipped).toBe(2);
    expect(r.predictions.made).toBe(4);
    expect(r.predictions.scored).toBe(2);
    expect(r.predictions.unscored).toBe(1);
    expect(r.predictions.unscored_not_observed).toBe(1);
    expect(r.predictions.pending_at_end).toBe(1);
    expect(r.predictions.made).toBe(r.predictions.scored + r.predictions.unscored + r.predictions.pending_at_end);
    expect(e.scored.map((s) => [s.key, s.day, s.actual])).toEqual([
      ["A", 2, 300],
      ["A", 3, 330],
    ]);
  });

  test("a missing feed day makes its outcomes unscored (day_missing)", () => {
    const r = run(1, [frame(0, { A: 1 }), frame(1, { A: 2 }), frame(2, { A: 4 }), frame(4, { A: 9 })]).report();
    expect(r.predictions.made).toBe(1);
    expect(r.predictions.unscored_day_missing).toBe(1);
    expect(r.predictions.scored).toBe(0);
  });

  test("a story is scored only when every member fixed at d is observed at d+H", () => {
    const s = cand("s:1", ["a", "b"]);
    const e = run(1, [
      frame(0, { a: 10, b: 10 }, [s]),
      frame(1, { a: 20, b: 15 }, [s]),
      frame(2, { a: 25, b: 18 }, [s]),
      frame(3, { a: 40 }, []), // b not observed: s:1's day-2 prediction is unscored
    ]);
    const r = e.report();
    const storyPreds = e.predictions.filter((p) => p.key === "s:1");
    expect(storyPreds.length).toBe(1);
    expect(storyPreds[0].views).toBe(43);
    expect(e.scored.some((x) => x.key === "s:1")).toBe(false);
    expect(r.predictions.unscored).toBe(2); // s:1 and b
  });

  test("breakout labels follow the definition: gain over (d, d+H] >= 1.5 x gain over (d-H, d]", () => {
    const e = run(1, [frame(0, { A: 0, B: 0 }), frame(1, { A: 100, B: 100 }), frame(2, { A: 200, B: 200 }), frame(3, { A: 350, B: 349 })]);
    const by = Object.fromEntries(e.scored.map((s) => [s.key, s.breakout]));
    expect(by).toEqual({ A: 1, B: 0 });
  });

  test("for random presence patterns: made = scored + unscored + pending_at_end", () => {
    const arb = fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 1000 })), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(arb, fc.integer({ min: 1, max: 3 }), (days, h) => {
        const cum = [0, 0, 0, 0];
        const frames = days.map((row, d) => {
          const views: Views = {};
          row.forEach((g, i) => {
            if (g === null) return;
            cum[i] += g;
            views["v" + i] = cum[i] + 1;
          });
          return frame(d, views);
        });
        const r = run(h, frames).report();
        expect(r.predictions.made).toBe(r.predictions.scored + r.predictions.unscored + r.predictions.pending_at_end);
      }),
    );
  });
});

describe("baselines", () => {
  test("Szabo–Huberman β at day d is the mean log growth of points whose outcome day is <= d", () => {
    const series: Record<string, number[]> = { A: [100, 200, 300, 360, 400, 430], B: [10, 50, 90, 100, 130, 131], C: [5, 6, 9, 20, 21, 22] };
    const frames = [0, 1, 2, 3, 4, 5].map((d) => frame(d, Object.fromEntries(Object.entries(series).map(([k, v]) => [k, v[d]]))));
    const e = run(1, frames);
    for (const p of e.predictions) {
      const pts: { v: number; next: number }[] = [];
      for (const v of Object.values(series)) for (let t = 1; t + 1 <= p.day; t++) if (v[t] - v[t - 1] > 0) pts.push({ v: v[t], next: v[t + 1] });
      expect(p.projectedSH).toBeCloseTo(p.views * Math.exp(fitSzaboHuberman(pts)!), 9);
      expect(p.projectedNoGrowth).toBe(p.views);
    }
  });
});

describe("no look-ahead", () => {
  const snapshot = (ps: Prediction[], k: number) => ps.filter((p) => p.day <= k).map((p) => JSON.stringify(p));

  test("random frames: changing anything after day K leaves every prediction made at or before K unchanged", () => {
    const views = fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 10_000 }), { freq: 4 }), { minLength: 5, maxLength: 5 }), { minLength: 3, maxLength: 14 });
    fc.assert(
      fc.property(views, views, fc.integer({ min: 1, max: 2 }), fc.nat(), (a, b, h, kRaw) => {
        const k = kRaw % a.length;
        const build = (rows: (number | null)[][]) => {
          const cum = [1, 1, 1, 1, 1];
          return rows.map((row, d) => {
            const v: Views = {};
            row.forEach((g, i) => {
              if (g === null) return;
              cum[i] += g;
              v["v" + i] = cum[i];
            });
            return frame(d, v);
          });
        };
        const original = build(a);
        const mutated = [...original.slice(0, k + 1), ...build([...a.slice(0, k + 1), ...b]).slice(k + 1)];
        expect(snapshot(run(h, mutated).predictions, k)).toEqual(snapshot(run(h, original).predictions, k));
      }),
    );
  });

  test("real 2017 feeds: mutating or dropping later days does not change predictions made up to day K (video and story level)", () => {
    const days = kaggleDays().slice(0, 12);
    const K = 7;
    const copy = (d: DayInput): DayInput => ({ ...d, observations: d.observations.map((o) => ({ ...o })) });
    const mutate = (d: DayInput, i: number): DayInput => {
      const obs = (d.observations as VideoObs[]).filter((_, j) => (j + i) % 3 !== 0).map((o) => ({ ...o, views: o.views * 3 + 17, title: o.title + " remix" }));
      return { ...d, observations: obs.reverse() };
    };
    const base = replayDays(days.map(copy), { horizon: 1 });
    const changed = replayDays([...days.slice(0, K + 1).map(copy), ...days.slice(K + 1).map(mutate)], { horizon: 1 });
    const cut = replayDays(days.slice(0, K + 1).map(copy), { horizon: 1 });
    const dayK = dayOrdinal(days[K].day);
    expect(base.engines.get("video")!.predictions.some((p) => p.day === dayK)).toBe(true);
    expect(base.engines.get("video")!.predictions.some((p) => p.day > dayK)).toBe(true);
    for (const level of ["video", "story"] as const) {
      const ref = snapshot(base.engines.get(level)!.predictions, dayK);
      expect(ref.length).toBeGreaterThan(100);
      expect(snapshot(changed.engines.get(level)!.predictions, dayK)).toEqual(ref);
      expect(snapshot(cut.engines.get(level)!.predictions, dayK)).toEqual(ref);
    }
  }, 120_000);

  test("the model scoring day d is refitted on points with outcome <= d, never the committed weights", () => {
    const days = kaggleDays().slice(0, 10);
    const eng = replayDays(days, { horizon: 1, levels: ["video"] }).engines.get("video")!;
    const train = eng.trainingSet();
    const refit = fitBreakoutModel(train.map((t) => t.x.slice()), train.map((t) => t.label), { rankLabels: train.map((t) => (t.ratio >= RANK_RATIO ? 1 : 0)) });
    const last = eng.report().last_fit!;
    expect(last.samples).toBe(train.length);
    expect(last.model).toEqual(refit.model);
    expect(last.model.coef).not.toEqual(VIDEO_MODEL.coef);
  }, 60_000);
});

describe("driver helpers", () => {
  const obs = (id: string, region = "US"): VideoObs => ({ kind: "video", id, title: id, channelTitle: "", channelId: null, publishedAt: null, categoryId: null, tags: [], views: 1, region });

  test("chart position = rank / list length per region (0 = top), best over regions", () => {
    const p = chartPositions({ day: "2017-09-13", inputs: [], skipped: {}, observations: [obs("a"), obs("b"), obs("c"), obs("d"), obs("d", "GB"), obs("x", "GB")] });
    expect(Object.fromEntries(p)).toEqual({ a: 0, b: 0.25, c: 0.5, d: 0, x: 0.5 });
  });

  test("story members are its videos observed on d and on d-H", () => {
    const body = {
      videos: [
        { id: "a", d: [10, 11, 12], v: [1, 2, 3] },
        { id: "b", d: [12], v: [5] },
        { id: "c", d: [10, 12], v: [1, 9] },
      ],
      stories: [{ id: "s1", videoIds: ["a", "b", "c"], firstSeen: "1970-01-11", series: { video: [0, 1, 1] } }],
    } as any;
    expect(storyCandidates(body, 12, 1)[0].members).toEqual(["a"]);
    expect(storyCandidates(body, 12, 2)[0].members).toEqual(["a", "c"]);
    expect(storyCandidates(body, 12, 1)[0].daysTracked).toBe(3);
  });

  test("ingest records each video's chart position per day, as chartPositions reads the day", () => {
    const days = kaggleDays().slice(0, 3);
    let body: any = null;
    for (const d of days) body = buildDay(body, d);
    const pos = chartPositions(days[2]);
    const last = dayOrdinal(days[2].day);
    let n = 0;
    for (const v of body.videos) {
      expect(v.p.length).toBe(v.d.length);
      if (v.d[v.d.length - 1] === last) {
        expect(chartPosOn(v, last)).toBe(pos.get(v.id)!);
        n++;
      }
    }
    expect(n).toBe(pos.size);
  }, 60_000);

  test("a story candidate carries the chart context serving computes (storyview), from every video of the story", () => {
    const body = {
      videos: [
        { id: "a", d: [10, 11, 12], v: [1, 2, 3], p: [0.5, 0.4, 0.3], publishedAt: null },
        { id: "b", d: [12], v: [5], p: [0.1], publishedAt: null },
        { id: "c", d: [10, 11, 12], v: [1, 5, 9], p: [0.9, 0.2, 0.8], publishedAt: null },
      ],
      stories: [{ id: "s1", name: "s1", niche: null, terms: [], searchKeys: [], newsUrls: [], creators: [], videoIds: ["a", "b", "c"], firstSeen: "1970-01-11", series: { video: [1, 4, 14], search: [0, 0, 0], news: [0, 0, 0] } }],
    } as any;
    const c = storyCandidates(body, 12, 1)[0];
    expect(c.members).toEqual(["a", "c"]);
    expect(c.ctx).toEqual(storyChartContext(body.videos, 12, chartShockOf(body.videos, 12)));
    expect(c.ctx!.pos).toBe(0.1);
    expect(c.ctx!.posPrev).toBe(0.2);
    const views = buildStoryViews({ ...body, date: "1970-01-13", days: ["1970-01-11", "1970-01-12", "1970-01-13"] }, new Map(body.videos.map((v: any) => [v.id, v])));
    expect(views[0].breakoutProbability).toBe(breakoutProbability(views[0].y, views[0].daysTracked, views[0].views, undefined, c.ctx));
  });

  test("runBacktest reports both levels with the issue's fields", () => {
    const r = runBacktest(kaggleDays().slice(0, 8), { horizon: 1 });
    for (const level of ["video", "story"] as const) {
      const x = r.levels[level] as any;
      expect(x.available).toBe(true);
      for (const k of ["auc", "brier", "base_rate", "calibration", "rse", "rse_szabo_huberman", "rse_no_growth"]) expect(k in x).toBe(true);
      expect(x.predictions.scored).toBeGreaterThan(0);
    }
  }, 60_000);
});
