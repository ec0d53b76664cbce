/**
 * Intelligence built from one snapshot: validated patterns, alert candidates, alerts, receipts, the
 * moment. Pure functions of (VaultBody, Indexes); the brief endpoint caches their output.
 */
import type { Niche } from "../domain/enums.ts";
import type { AlertLogEntry, VaultBody, VideoRec } from "../vault/model.ts";
import { dayOrdinal, ordinalToIso } from "../vault/model.ts";
import { titlePatterns } from "../rules/structure.ts";
import { classifyHook } from "../rules/hook.ts";
import { validatePatterns, median, type PatternExample, type PatternItem, type PatternStat } from "../rules/patterns.ts";
import { alertConfidence, selectAlerts, selectReceipts, tier, trackRecordWithBaseline, BRIEF_TOP_N, type Transparency } from "../rules/alerts.ts";
import type { StoryView } from "./storyview.ts";
import { vaultColumns } from "../vault/columns.ts";

/** Days of history that pattern validation looks at. */
export const PATTERN_WINDOW_DAYS = 14;
/**
 * The moment needs a previous velocity of at least this many views/day, so 10 → 100 is not
 * "steepest". Low enough that a niche brief has a moment whenever one of its stories really moved.
 */
export const MOMENT_FLOOR = 1_000;

export interface Alert {
  topic: string;
  phase: string;
  creator: string;
  source: string;
  niche: string;
  hookType: string | null;
  velocity: number;
  velocityUnit: string;
  acceleration: number;
  daysTracked: number;
  vaultScore: number;
  tier: "PRIME" | "STRONG";
  confidence: "low" | "medium" | "high";
  url: string | null;
  storyAgeDays: number;
  storyFirstSeen: string;
  storyId: string;
}

export interface PatternOut {
  pattern: string;
  kind: "hook" | "structure";
  hookType: string | null;
  daysPresent: number;
  creatorsCount: number;
  strength: number;
  evidence: { convergence: boolean; persistence: boolean; amplification: boolean };
  /** Up to 3 real titles that used the pattern in the window (checkable by a person). */
  examples: PatternExample[];
  /** The figures behind evidence: distinct creators, days present, median velocity / niche median. */
  measured: { creators: number; days: number; amplification: number };
}

export function patternOut(p: PatternStat): PatternOut {
  return {
    pattern: p.pattern, kind: p.kind, hookType: p.hookType, daysPresent: p.daysPresent, creatorsCount: p.creatorsCount, strength: p.strength, evidence: p.evidence,
    examples: p.examples,
    measured: { creators: p.creatorsCount, days: p.daysPresent, amplification: p.lift },
  };
}

/** Pattern items: each video observed in the window, with its median daily gain there. */
export function patternItems(body: VaultBody, niche?: Niche): PatternItem[] {
  const today = dayOrdinal(body.date);
  const from = today - PATTERN_WINDOW_DAYS + 1;
  const out: PatternItem[] = [];
  for (const v of windowVideos(body, from, today)) {
    if (niche && v.niche !== niche) continue;
    const days: number[] = [];
    const gains: number[] = [];
    for (let i = 0; i < v.d.length; i++) {
      if (v.d[i] < from || v.d[i] > today) continue;
      days.push(v.d[i]);
      if (i > 0 && v.d[i] - v.d[i - 1] > 0) gains.push(Math.max(0, v.v[i] - v.v[i - 1]) / (v.d[i] - v.d[i - 1]));
    }
    if (!days.length || !gains.length) continue;
    let k = v.d.length - 1;
    while (k > 0 && v.d[k] > today) k--;
    const ref = { title: v.title, creator: v.channelTitle, views: v.v[k], date: ordinalToIso(v.d[k]) };
    out.push({ patterns: titlePatterns(v.title), creator: v.channelTitle, days, niche: v.niche, velocity: median(gains), ref });
  }
  return out;
}

/**
 * Videos observed between `from` and `to` (the only ones patternItems can use): all records of a v1
 * body; over v2 columns only those rows are built, in vault order.
 */
function windowVideos(body: VaultBody, from: number, to: number): Iterable<VideoRec> {
  const c = vaultColumns(body);
  if (!c) return body.videos;
  const off = c.col<Uint32Array>("v.d.off"), d = c.col<Int32Array>("v.d");
  const out: VideoRec[] = [];
  for (let r = 0; r < c.nVideos; r++) {
    for (let k = off[r]; k < off[r + 1]; k++)
      if (d[k] >= from && d[k] <= to) {
        out.push(c.videoAt(r));
        break;
      }
  }
  return out;
}

export function patternStats(body: VaultBody, niche?: Niche): PatternStat[] {
  return validatePatterns(patternItems(body, niche), Math.min(PATTERN_WINDOW_DAYS, body.days.length));
}

function videoUrl(v: VideoRec | null): string | null {
  return v ? `https://www.youtube.com/watch?v=${v.id}` : null;
}

export function alertOf(s: StoryView, lead: VideoRec | null): Alert {
  return {
    topic: s.rec.name,
    phase: s.phase,
    creator: lead?.channelTitle ?? "",
    source: s.source === "youtube" ? "youtube" : "radar-snapshots",
    niche: s.niche ?? "",
    hookType: lead ? classifyHook(lead.title) : null,
    velocity: Math.round(s.velocity * 100) / 100,
    velocityUnit: s.velocityUnit,
    acceleration: s.acceleration,
    daysTracked: s.daysTracked,
    vaultScore: s.vaultScore,
    tier: tier(s.vaultScore, s.breakoutProbability),
    confidence: alertConfidence(s.daysTracked, s.sourcesCount, s.rec.creators.length),
    url: videoUrl(lead),
    storyAgeDays: s.ageDays,
    storyFirstSeen: s.rec.firstSeen,
    storyId: s.rec.id,
  };
}

interface Cand {
  storyId: string;
  accelerating: boolean;
  vaultScore: number;
  velocity: number;
  story: StoryView;
  lead: VideoRec | null;
}

/** Today's live items, each carrying its story's figures (the alert candidates). */
export function alertCandidates(body: VaultBody, stories: Map<string, StoryView>, niche?: Niche): Cand[] {
  const today = dayOrdinal(body.date);
  const out: Cand[] = [];
  const push = (sid: string | null, lead: VideoRec | null) => {
    const s = sid ? stories.get(sid) : undefined;
    if (!s || !s.niche || (niche && s.niche !== niche)) return;
    out.push({ storyId: s.rec.id, accelerating: s.momentum === "accelerating", vaultScore: s.vaultScore, velocity: s.velocity, story: s, lead: lead ?? s.leadVideo });
  };
  const c = vaultColumns(body);
  if (c) {
    // Over v2 columns only today's chart is built (same records, same order).
    for (const i of c.rowsLastOn("v", today)) {
      const v = c.videoAt(i);
      push(v.storyId, v);
    }
    const sid = c.col<Uint32Array>("s.storyId");
    for (const i of c.rowsLastOn("s", today)) push(c.strOpt(sid[i]), null);
    return out;
  }
  for (const v of body.videos) if (v.d[v.d.length - 1] === today) push(v.storyId, v);
  for (const q of body.searches) if (q.d[q.d.length - 1] === today) push(q.storyId, null);
  return out;
}

export function currentAlerts(body: VaultBody, stories: Map<string, StoryView>, niche: Niche | undefined, topN: number): { alerts: Alert[]; transparency: Transparency } {
  const { shown, transparency } = selectAlerts(alertCandidates(body, stories, niche), topN);
  // The alert names its story's lead video, not the candidate that happened to rank first.
  return { alerts: shown.map((c) => alertOf(c.story, c.story.leadVideo)), transparency };
}

/** Alert log entries for the day's brief (all niches and each niche), recorded into the snapshot. */
export function alertLogEntries(body: VaultBody, stories: Map<string, StoryView>, niches: readonly Niche[]): AlertLogEntry[] {
  const seen = new Set<string>();
  const out: AlertLogEntry[] = [];
  // The day's candidates once, then per niche the ones of its stories (what currentAlerts would
  // collect for that niche, in the same order), instead of a walk over every video per niche.
  const all = alertCandidates(body, stories);
  for (const n of [undefined, ...niches]) {
    const { shown } = selectAlerts(n ? all.filter((c) => c.story.niche === n) : all.slice(), BRIEF_TOP_N);
    for (const a of shown.map((c) => alertOf(c.story, c.story.leadVideo))) {
      if (seen.has(a.storyId)) continue;
      seen.add(a.storyId);
      const lead = stories.get(a.storyId)?.leadVideo ?? null;
      out.push({ date: body.date, storyId: a.storyId, topic: a.topic, phase: a.phase, source: a.source, videoId: lead?.id ?? null, viewsAtAlert: lead ? lead.v[lead.v.length - 1] : null });
    }
  }
  return out.sort((x, y) => (x.storyId < y.storyId ? -1 : 1));
}

export interface Receipt {
  topic: string;
  alertDate: string;
  viewsFirst: number;
  viewsLast: number;
  growthPct: number;
  daysMeasured: number;
  phase: string;
  storyId: string;
}

/**
 * Every earlier video-led alert, measured now from its lead video's latest observation. The topic is
 * the story's current name when the story still exists (names improve as members arrive), else the
 * name logged at alert time.
 */
export function measureAlerts(body: VaultBody, videoById: { get(id: string): VideoRec | undefined }, niche?: Niche, stories?: Map<string, StoryView>): Receipt[] {
  const out: Receipt[] = [];
  for (const e of body.alertLog) {
    if (e.date >= body.date || !e.videoId || e.viewsAtAlert == null || e.viewsAtAlert <= 0) continue;
    if (niche && stories && stories.get(e.storyId)?.niche !== niche) continue;
    const v = videoById.get(e.videoId);
    if (!v) continue;
    const lastDay = v.d[v.d.length - 1];
    const daysMeasured = lastDay - dayOrdinal(e.date);
    const viewsLast = v.v[v.v.length - 1];
    const topic = stories?.get(e.storyId)?.rec.name || e.topic;
    out.push({ topic, alertDate: e.date, viewsFirst: e.viewsAtAlert, viewsLast, growthPct: Math.round((viewsLast / e.viewsAtAlert - 1) * 1000) / 10, daysMeasured, phase: e.phase, storyId: e.storyId });
  }
  return out;
}

/**
 * The baseline of the track record: on each day that has a measured video-led alert, every video
 * observed that day whose story was not alerted that day (same niche filter), measured the same way
 * as an alert: views that day → views at its latest observation.
 */
export function measureBaseline(body: VaultBody, niche?: Niche, stories?: Map<string, StoryView>): { daysMeasured: number; growthPct: number }[] {
  const alerted = new Map<number, Set<string>>();
  for (const e of body.alertLog) {
    if (e.date >= body.date || !e.videoId) continue;
    const d = dayOrdinal(e.date);
    let s = alerted.get(d);
    if (!s) alerted.set(d, (s = new Set()));
    s.add(e.storyId);
  }
  const out: { daysMeasured: number; growthPct: number }[] = [];
  if (!alerted.size) return out;
  const c = vaultColumns(body);
  if (c) {
    // The same walk over v2 columns: only the fields it reads, no records.
    const dOff = c.col<Uint32Array>("v.d.off"), d = c.col<Int32Array>("v.d"), vOff = c.col<Uint32Array>("v.v.off"), vv = c.col<Float64Array>("v.v");
    const sidCol = c.col<Uint32Array>("v.storyId"), nicheCol = c.col<Uint32Array>("v.niche");
    const strs = new Map<number, string | null>();
    const str = (k: number) => {
      let x = strs.get(k);
      if (x === undefined) strs.set(k, (x = c.strOpt(k)));
      return x;
    };
    for (let r = 0; r < c.nVideos; r++) {
      const storyId = str(sidCol[r]);
      if (niche && (storyId && stories ? stories.get(storyId)?.niche : str(nicheCol[r])) !== niche) continue;
      const d0 = dOff[r], n = dOff[r + 1] - d0, v0 = vOff[r], nv = vOff[r + 1] - v0;
      const lastDay = d[d0 + n - 1];
      for (let i = 0; i < n - 1; i++) {
        const ids = alerted.get(d[d0 + i]);
        if (i >= nv || !ids || (storyId && ids.has(storyId)) || !(vv[v0 + i] > 0)) continue;
        out.push({ daysMeasured: lastDay - d[d0 + i], growthPct: Math.round((vv[v0 + nv - 1] / vv[v0 + i] - 1) * 1000) / 10 });
      }
    }
    return out;
  }
  for (const v of body.videos) {
    if (niche && (v.storyId && stories ? stories.get(v.storyId)?.niche : v.niche) !== niche) continue;
    const lastDay = v.d[v.d.length - 1];
    for (let i = 0; i < v.d.length - 1; i++) {
      const ids = alerted.get(v.d[i]);
      if (!ids || (v.storyId && ids.has(v.storyId)) || !(v.v[i] > 0)) continue;
      out.push({ daysMeasured: lastDay - v.d[i], growthPct: Math.round((v.v[v.v.length - 1] / v.v[i] - 1) * 1000) / 10 });
    }
  }
  return out;
}

export function receiptsAndRecord(all: Receipt[], baseline: { daysMeasured: number; growthPct: number }[] = []) {
  return { receipts: selectReceipts(all).map(({ storyId: _s, ...r }) => r), trackRecord: trackRecordWithBaseline(all, baseline) };
}

export interface Moment {
  topic: string;
  source: string;
  url: string | null;
  velocityPrev: number;
  velocityNow: number;
  ratio: number;
}

/**
 * The steepest mover among live video stories: max velocityNow / velocityPrev > 1 with velocityPrev ≥
 * MOMENT_FLOOR; null only when no such story rose. Without a niche filter every story counts (the
 * moment names a story, not a niche item); with one, only that niche's stories.
 */
export function moment(stories: StoryView[], niche?: Niche): Moment | null {
  let best: StoryView | null = null;
  let bestRatio = 0;
  for (const s of stories) {
    if (!s.live || s.source !== "youtube" || (niche && s.niche !== niche)) continue;
    if (s.prevVelocity < MOMENT_FLOOR || s.velocity <= s.prevVelocity) continue; // a mover goes up
    const r = s.velocity / s.prevVelocity;
    if (r > bestRatio || (r === bestRatio && best && s.rec.id < best.rec.id)) {
      best = s;
      bestRatio = r;
    }
  }
  if (!best) return null;
  return { topic: best.rec.name, source: "youtube", url: videoUrl(best.leadVideo), velocityPrev: Math.round(best.prevVelocity), velocityNow: Math.round(best.velocity), ratio: Math.round(bestRatio * 100) / 100 };
}
