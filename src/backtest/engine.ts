/**
 * The replay engine of `backtest` (docs/rules.md). Frames are fed one day at a time, in
 * day order; the engine never sees a day before it is fed, so a prediction made at day d can only
 * depend on frames ≤ d (no look-ahead by construction, and test/backtest checks it).
 *
 * At each day d, in this order:
 *  1. record the day's cumulative views;
 *  2. resolve every pending point whose outcome day d+H is today: scored when all its member
 *     videos are observed today, otherwise counted as unscored (never dropped silently). Resolved
 *     points join the training sets;
 *  3. refit the breakout model, the decay model and the Szabo–Huberman β on training points only,
 *     i.e. points whose outcome day is ≤ d; the breakout refit goes through the guard (guard.ts),
 *     which serves the best naive score instead when the fit does not beat it on the most recent
 *     held-out days, and every decision is counted in the report;
 *  4. for every candidate with enough history (observed at d−H and d, positive gain over
 *     (d−H, d]) predict breakoutProbability and views at d+H (model, Szabo–Huberman, no growth),
 *     and queue the point for scoring at d+H. Before the first training point exists the candidate
 *     is queued for training only and counted as `warmup_skipped`.
 * An item is a set of member videos whose cumulative views are summed: one video at the video
 * level, the story's videos (fixed when the prediction is made) at the story level.
 */
import { NAIVE_SCORES, RANK_RATIO, breakoutFeatures, isBreakout, naiveScores, predictScorer, type BreakoutFitOptions, type BreakoutModel, type BreakoutScorer, type ChartContext, type NaiveName, type NaiveScores } from "../rules/breakout.ts";
import { guardedFit, type GuardDecision, type GuardPoint, type GuardReport } from "./guard.ts";
import { fitDecay, projectViews, type DecayModel, type DecayPoint } from "../rules/projection.ts";
import { auc, aucStandardError, brier, calibrationTable, rse, type CalibrationRow } from "../rules/metrics.ts";
import { fitSzaboHuberman, projectNoGrowth, projectSzaboHuberman } from "./baselines.ts";

export interface Candidate {
  /** Stable key, e.g. "v:VIDEO_ID" or "s:STORY_ID". */
  key: string;
  /** Video ids whose cumulative views make up the item's views. */
  members: string[];
  /** Daily gains up to d (oldest first): the breakout features' series. */
  y: number[];
  daysTracked: number;
  /** Chart context: the video's, or at the story level its best-placed video's (storyChartContext). */
  ctx?: ChartContext | null;
}

export interface Frame {
  /** Day ordinal (days since 1970-01-01). */
  day: number;
  /** Cumulative views of every video observed on this day. */
  views: ReadonlyMap<string, number>;
  candidates: Candidate[];
}

export interface Prediction {
  key: string;
  /** Day the prediction is made (ordinal). */
  day: number;
  /** Outcome day d+H. */
  target: number;
  views: number;
  /** Views gained over (d−H, d]. */
  before: number;
  /** Recent daily gain used by the projection. */
  gain: number;
  daysTracked: number;
  p: number;
  /** What produced p: the fitted model, or the naive score the guard fell back to. */
  scorer: "model" | NaiveName;
  /** The naive scores of the same point (what the guard compares the fit with). */
  naive: NaiveScores;
  /** Base rate of the training set at d (the climatology reference for Brier). */
  pBase: number;
  projected: number;
  projectedSH: number;
  projectedNoGrowth: number;
}

export interface Scored extends Prediction {
  actual: number;
  after: number;
  breakout: 0 | 1;
}

interface Pending {
  members: string[];
  target: number;
  v: number;
  before: number;
  x: number[];
  naive: NaiveScores;
  day: number;
  pred: Prediction | null;
}

interface PendingStep {
  members: string[];
  target: number;
  v: number;
  g: number;
  daysTracked: number;
}

interface TrainPoint extends GuardPoint {
  x: number[];
  label: 0 | 1;
  /** Gain ratio after/before (for the ranking labels). */
  ratio: number;
  v: number;
  next: number;
}

export interface EngineOptions {
  horizon: number;
  fit?: BreakoutFitOptions;
  /** Ranking labels = gain ratio ≥ this (default RANK_RATIO); BREAKOUT_RATIO trains on breakouts alone. */
  rankRatio?: number;
}

export interface StepInfo {
  day: number;
  candidates: number;
  predicted: number;
  warmup: number;
  resolved: number;
  scored: number;
  trainingPoints: number;
}

export interface FitSummary {
  day: number;
  kind: "logistic" | "base-rate";
  samples: number;
  positives: number;
  /** The fit on every training point (served only when the guard keeps it). */
  model: BreakoutModel;
  /** What the predictions of this day use. */
  scorer: BreakoutScorer;
  guard: GuardReport;
  beta: number;
  decay: DecayModel;
}

/** How the guard decided over the refits of a run (one refit per day with candidates and new outcomes). */
export interface GuardSummary {
  refits: number;
  model: number;
  naive: number;
  unmeasured: number;
  collapsed: number;
  /** Refits that served each naive score (decisions "naive" and "unmeasured"). */
  naive_by_score: Partial<Record<NaiveName, number>>;
  /** Scored predictions made by each scorer. */
  scored_by_scorer: Record<string, number>;
  /** AUC of the scored predictions made by the fitted model only / by naive fallbacks only. */
  auc_model_predictions: number;
  auc_naive_predictions: number;
}

export interface LevelReport {
  available: true;
  horizon: number;
  days: { first: number | null; last: number | null; frames: number };
  predictions: {
    made: number;
    scored: number;
    unscored: number;
    unscored_not_observed: number;
    unscored_day_missing: number;
    pending_at_end: number;
    warmup_skipped: number;
    candidates: number;
    no_history: number;
  };
  positives: number;
  base_rate: number;
  auc: number;
  /** AUC of each naive score (no fit) on the same scored points: what the served probability must beat. */
  auc_naive: Partial<Record<NaiveName, number>>;
  /** Hanley–McNeil standard error of auc. */
  auc_se: number;
  /** AUC of predictions made before / on-or-after `split_day` (the median prediction day of the scored points). */
  auc_by_half: { split_day: number | null; first: number; second: number; first_positives: number; second_positives: number };
  brier: number;
  brier_base_rate: number;
  calibration: CalibrationRow[];
  rse: number;
  rse_szabo_huberman: number;
  rse_no_growth: number;
  /** rse / rse_szabo_huberman − 1 (−0.2 = 20% below Szabo–Huberman). */
  rse_vs_szabo_huberman: number;
  guard: GuardSummary;
  last_fit: FitSummary | null;
}

export class BacktestEngine {
  readonly h: number;
  private readonly fitOpts: BreakoutFitOptions | undefined;
  private readonly rankRatio: number;
  private readonly history = new Map<string, Map<number, number>>();
  private pending: Pending[] = [];
  private steps: PendingStep[] = [];
  private readonly train: TrainPoint[] = [];
  private readonly decayTrain: DecayPoint[] = [];
  readonly predictions: Prediction[] = [];
  readonly scored: Scored[] = [];
  private dim = -1;
  private firstDay: number | null = null;
  private lastDay: number | null = null;
  private frames = 0;
  private fitCache: { n: number; nSteps: number; fit: FitSummary | null } = { n: -1, nSteps: -1, fit: null };
  private readonly counts = { candidates: 0, noHistory: 0, warmup: 0, notObserved: 0, dayMissing: 0 };
  private readonly guardCounts: Record<GuardDecision | "collapsed", number> & { refits: number; byScore: Partial<Record<NaiveName, number>> } = { refits: 0, model: 0, naive: 0, unmeasured: 0, collapsed: 0, byScore: {} };

  constructor(opts: EngineOptions) {
    if (!Number.isInteger(opts.horizon) || opts.horizon < 1) throw new Error(`horizon must be a whole number ≥ 1, got ${opts.horizon}`);
    this.h = opts.horizon;
    this.fitOpts = opts.fit;
    this.rankRatio = opts.rankRatio ?? RANK_RATIO;
  }

  /** Sum of the members' cumulative views on `day`, or null when any member was not observed then. */
  private sumAt(members: string[], day: number): number | null {
    let s = 0;
    for (const id of members) {
      const v = this.history.get(id)?.get(day);
      if (v === undefined) return null;
      s += v;
    }
    return s;
  }

  private fit(day: number): FitSummary | null {
    if (this.fitCache.n === this.train.length && this.fitCache.nSteps === this.decayTrain.length) return this.fitCache.fit;
    let fit: FitSummary | null = null;
    const beta = fitSzaboHuberman(this.train);
    const decay = fitDecay(this.decayTrain);
    if (this.train.length && beta !== null && decay !== null) {
      const g = guardedFit(this.train, this.fitOpts);
      const f = g.fit;
      fit = { day, kind: f.kind, samples: f.samples, positives: f.positives, model: f.model, scorer: g.scorer, guard: g.report, beta, decay };
      const c = this.guardCounts;
      c.refits++;
      c[g.report.decision]++;
      if (g.report.collapsed) c.collapsed++;
      if (g.report.naive) c.byScore[g.report.naive] = (c.byScore[g.report.naive] ?? 0) + 1;
    }
    this.fitCache = { n: this.train.length, nSteps: this.decayTrain.length, fit };
    return fit;
  }

  step(frame: Frame): StepInfo {
    const day = frame.day;
    if (this.lastDay !== null && day <= this.lastDay) throw new Error(`frames must come in increasing day order (${day} after ${this.lastDay})`);
    this.firstDay ??= day;
    this.lastDay = day;
    this.frames++;
    for (const [id, v] of frame.views) {
      let m = this.history.get(id);
      if (!m) this.history.set(id, (m = new Map()));
      m.set(day, v);
    }

    // 2. Resolve what is due (targets are queued in increasing order).
    let resolved = 0;
    let scoredNow = 0;
    let i = 0;
    for (; i < this.pending.length && this.pending[i].target <= day; i++) {
      const pt = this.pending[i];
      resolved++;
      const actual = pt.target === day ? this.sumAt(pt.members, day) : null;
      if (actual === null) {
        if (pt.pred) pt.target === day ? this.counts.notObserved++ : this.counts.dayMissing++;
        continue;
      }
      const after = actual - pt.v;
      const label: 0 | 1 = isBreakout(pt.before, after) ? 1 : 0;
      const ratio = after / pt.before;
      this.train.push({ x: pt.x, label, rank: ratio >= this.rankRatio ? 1 : 0, naive: pt.naive, day: pt.day, ratio, v: pt.v, next: actual });
      if (pt.pred) {
        this.scored.push({ ...pt.pred, actual, after, breakout: label });
        scoredNow++;
      }
    }
    this.pending = this.pending.slice(i);
    let j = 0;
    for (; j < this.steps.length && this.steps[j].target <= day; j++) {
      const s = this.steps[j];
      const next = s.target === day ? this.sumAt(s.members, day) : null;
      if (next !== null) this.decayTrain.push({ v: s.v, g: s.g, daysTracked: s.daysTracked, next });
    }
    this.steps = this.steps.slice(j);

    // 3. Fit on points whose outcome day is ≤ today, only when something needs predicting.
    const fit = frame.candidates.length ? this.fit(day) : null;
    const pBase = this.train.length ? this.train.reduce((a, t) => a + t.label, 0) / this.train.length : NaN;

    // 4. Predict.
    let predicted = 0;
    let warm = 0;
    for (const c of frame.candidates) {
      this.counts.candidates++;
      const v = this.sumAt(c.members, day);
      if (v === null || !c.members.length) {
        this.counts.noHistory++;
        continue;
      }
      const v1 = this.sumAt(c.members, day - 1);
      if (v1 !== null && v - v1 > 0) this.steps.push({ members: c.members, target: day + 1, v, g: v - v1, daysTracked: c.daysTracked });
      const vh = this.sumAt(c.members, day - this.h);
      if (vh === null || !(v - vh > 0)) {
        this.counts.noHistory++;
        continue;
      }
      const before = v - vh;
      let gain = before / this.h;
      for (let k = 1; k <= this.h; k++) {
        const vk = this.sumAt(c.members, day - k);
        if (vk !== null) {
          gain = Math.max(0, v - vk) / k;
          break;
        }
      }
      const x = breakoutFeatures(c.y, c.daysTracked, v, c.ctx);
      const naive = naiveScores(c.y, v, c.ctx);
      if (this.dim < 0) this.dim = x.length;
      else if (x.length !== this.dim) throw new Error(`candidate ${c.key} has ${x.length} features, expected ${this.dim} (mixing chart context and none in one level)`);
      let pred: Prediction | null = null;
      if (fit) {
        pred = {
          key: c.key,
          day,
          target: day + this.h,
          views: v,
          before,
          gain,
          daysTracked: c.daysTracked,
          p: predictScorer(fit.scorer, x, naive),
          scorer: fit.scorer.kind === "naive" ? fit.scorer.score : "model",
          naive,
          pBase,
          projected: projectViews(v, gain, c.daysTracked, this.h, fit.decay),
          projectedSH: projectSzaboHuberman(v, fit.beta),
          projectedNoGrowth: projectNoGrowth(v),
        };
        this.predictions.push(pred);
        predicted++;
      } else {
        this.counts.warmup++;
        warm++;
      }
      this.pending.push({ members: c.members, target: day + this.h, v, before, x, naive, day, pred });
    }
    return { day, candidates: frame.candidates.length, predicted, warmup: warm, resolved, scored: scoredNow, trainingPoints: this.train.length };
  }

  /** Points whose outcome is known (outcome day ≤ the last frame): what the next fit would see. */
  trainingSet(): readonly (GuardPoint & { ratio: number; v: number; next: number })[] {
    return this.train;
  }

  /** One-step points of the decay model whose outcome is known. */
  decaySet(): readonly DecayPoint[] {
    return this.decayTrain;
  }

  /** Scores everything resolved so far; pending points whose outcome day is after the last frame are counted, not scored. */
  report(): LevelReport {
    const s = this.scored;
    const p = s.map((x) => x.p);
    const y = s.map((x) => x.breakout);
    const actual = s.map((x) => x.actual);
    const positives = y.reduce<number>((a, b) => a + b, 0);
    const r = rse(s.map((x) => x.projected), actual);
    const rSH = rse(s.map((x) => x.projectedSH), actual);
    const pendingAtEnd = this.pending.filter((x) => x.pred).length;
    const a = auc(p, y);
    const split = s.length ? s.map((x) => x.day).sort((u, v) => u - v)[Math.floor(s.length / 2)] : null;
    const early = s.filter((x) => split !== null && x.day < split);
    const late = s.filter((x) => split !== null && x.day >= split);
    const half = (xs: Scored[]) => auc(xs.map((x) => x.p), xs.map((x) => x.breakout));
    const npos = (xs: Scored[]) => xs.reduce((acc, x) => acc + x.breakout, 0);
    const byScorer: Record<string, number> = {};
    for (const x of s) byScorer[x.scorer] = (byScorer[x.scorer] ?? 0) + 1;
    const bySModel = s.filter((x) => x.scorer === "model");
    const bySNaive = s.filter((x) => x.scorer !== "model");
    const gc = this.guardCounts;
    return {
      available: true,
      horizon: this.h,
      days: { first: this.firstDay, last: this.lastDay, frames: this.frames },
      predictions: {
        made: this.predictions.length,
        scored: s.length,
        unscored: this.counts.notObserved + this.counts.dayMissing,
        unscored_not_observed: this.counts.notObserved,
        unscored_day_missing: this.counts.dayMissing,
        pending_at_end: pendingAtEnd,
        warmup_skipped: this.counts.warmup,
        candidates: this.counts.candidates,
        no_history: this.counts.noHistory,
      },
      positives,
      base_rate: s.length ? positives / s.length : NaN,
      auc: a,
      auc_naive: Object.fromEntries(NAIVE_SCORES.filter((k) => s.length && s.every((x) => x.naive[k] !== null)).map((k) => [k, auc(s.map((x) => x.naive[k]!), y)])),
      auc_se: aucStandardError(a, positives, s.length - positives),
      auc_by_half: { split_day: split, first: half(early), second: half(late), first_positives: npos(early), second_positives: npos(late) },
      brier: brier(p, y),
      brier_base_rate: brier(s.map((x) => x.pBase), y),
      calibration: calibrationTable(p, y, 10),
      rse: r,
      rse_szabo_huberman: rSH,
      rse_no_growth: rse(s.map((x) => x.projectedNoGrowth), actual),
      rse_vs_szabo_huberman: r / rSH - 1,
      guard: { refits: gc.refits, model: gc.model, naive: gc.naive, unmeasured: gc.unmeasured, collapsed: gc.collapsed, naive_by_score: { ...gc.byScore }, scored_by_scorer: byScorer, auc_model_predictions: half(bySModel), auc_naive_predictions: half(bySNaive) },
      last_fit: this.fitCache.fit,
    };
  }
}
