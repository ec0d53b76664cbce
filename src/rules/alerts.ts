/**
 * Alert selection for the brief and /prebreakout. Candidates are the live items of the day (each
 * video on today's chart, each search of today), each carrying its story's figures. In order:
 *   1. not accelerating (story momentum ≠ accelerating)      → excludedNotAccelerating
 *   2. vaultScore below the quality floor SCORE_GATE (40)      → excludedBelowScoreGate
 *   3. ranked by vaultScore, then velocity, then storyId; the first candidate of each story is
 *      kept until TOP_N stories are shown; later candidates of a shown story (duplicates) and
 *      everything past TOP_N                                   → excludedBelowTopCut
 * So alertsConsidered = alertsShown + excludedNotAccelerating + excludedBelowTopCut +
 * excludedBelowScoreGate, always (property-tested).
 * tier: PRIME when vaultScore ≥ 70 and breakoutProbability ≥ 2 × the breakout base rate of the
 * fitted data (breakoutProbability is a calibrated probability; breakouts are rare, ~2%), else STRONG.
 * confidence: high when tracked ≥ 5 days and ≥ 2 sources or ≥ 3 creators; medium when tracked ≥ 3
 * days or ≥ 2 creators; else low.
 */
import { BASE_RATE } from "./breakout.ts";

export const SCORE_GATE = 40;
export const BRIEF_TOP_N = 5;
export const PRIME_SCORE = 70;
/** Twice the base rate: "more than twice as likely as a typical tracked item to break out". */
export const PRIME_BREAKOUT = Math.round(2 * BASE_RATE * 1000) / 1000;

export interface AlertCandidate {
  storyId: string;
  accelerating: boolean;
  vaultScore: number;
  velocity: number;
}

export interface Transparency {
  alertsConsidered: number;
  alertsShown: number;
  excludedNotAccelerating: number;
  excludedBelowTopCut: number;
  excludedBelowScoreGate: number;
  note: string;
}

export function selectAlerts<C extends AlertCandidate>(cands: C[], topN = BRIEF_TOP_N, gate = SCORE_GATE): { shown: C[]; transparency: Transparency } {
  let notAccel = 0;
  let belowGate = 0;
  let belowCut = 0;
  const ranked: C[] = [];
  for (const c of cands) {
    if (!c.accelerating) notAccel++;
    else if (c.vaultScore < gate) belowGate++;
    else ranked.push(c);
  }
  ranked.sort((a, b) => b.vaultScore - a.vaultScore || b.velocity - a.velocity || (a.storyId < b.storyId ? -1 : a.storyId > b.storyId ? 1 : 0));
  const seen = new Set<string>();
  const shown: C[] = [];
  for (const c of ranked) {
    if (seen.has(c.storyId) || shown.length >= topN) {
      belowCut++;
      continue;
    }
    seen.add(c.storyId);
    shown.push(c);
  }
  return {
    shown,
    transparency: {
      alertsConsidered: cands.length,
      alertsShown: shown.length,
      excludedNotAccelerating: notAccel,
      excludedBelowTopCut: belowCut,
      excludedBelowScoreGate: belowGate,
      note: `Candidates are today's live items. Shown: accelerating, vaultScore >= ${gate}, top ${topN} by vaultScore, one per story; duplicates of a shown story count as below the top cut.`,
    },
  };
}

export function tier(vaultScore: number, breakoutProbability: number): "PRIME" | "STRONG" {
  return vaultScore >= PRIME_SCORE && breakoutProbability >= PRIME_BREAKOUT ? "PRIME" : "STRONG";
}

export function alertConfidence(daysTracked: number, sources: number, creators: number): "low" | "medium" | "high" {
  if (daysTracked >= 5 && (sources >= 2 || creators >= 3)) return "high";
  if (daysTracked >= 3 || creators >= 2) return "medium";
  return "low";
}

/** Receipts: the most recent measured alerts (alertDate desc, then storyId) — never chosen by outcome. */
export interface ReceiptCandidate {
  storyId: string;
  alertDate: string;
  daysMeasured: number;
  growthPct: number;
}

export function selectReceipts<R extends ReceiptCandidate>(rs: R[], n = 5): R[] {
  return rs
    .filter((r) => r.daysMeasured >= 1)
    .sort((a, b) => (a.alertDate < b.alertDate ? 1 : a.alertDate > b.alertDate ? -1 : a.storyId < b.storyId ? -1 : a.storyId > b.storyId ? 1 : 0))
    .slice(0, n);
}

/** Median of finite numbers (0 for none). */
function med(xs: number[]): number {
  const g = [...xs].sort((a, b) => a - b);
  const mid = g.length >> 1;
  return g.length % 2 ? g[mid] : (g[mid - 1] + g[mid]) / 2;
}

export interface GrowthSummary {
  count: number;
  shareGrew: number | null;
  medianGrowthPct: number | null;
}

/** Share of items that grew and their median growth (%), over items measured for ≥ 1 day. */
export function growthSummary(rs: { daysMeasured: number; growthPct: number }[]): GrowthSummary {
  const m = rs.filter((r) => r.daysMeasured >= 1);
  if (!m.length) return { count: 0, shareGrew: null, medianGrowthPct: null };
  return {
    count: m.length,
    shareGrew: Math.round((m.filter((r) => r.growthPct > 0).length / m.length) * 1000) / 1000,
    medianGrowthPct: Math.round(med(m.map((r) => r.growthPct)) * 10) / 10,
  };
}

export function trackRecord(rs: ReceiptCandidate[]): { alertsMeasured: number; shareGrew: number | null; medianGrowthPct: number | null } {
  const g = growthSummary(rs);
  return { alertsMeasured: g.count, shareGrew: g.shareGrew, medianGrowthPct: g.medianGrowthPct };
}

/**
 * The alerts' record next to doing nothing: `baseline` is the same measurement over items that were
 * live on the same alert days but not alerted, and liftPct = alerts' median growth − the baseline's
 * (percentage points; null when either side has no measured item). Cumulative views never fall, so
 * shareGrew alone is ~1 for everything; the lift is the figure that says whether alerts beat chance.
 */
export function trackRecordWithBaseline(alerts: ReceiptCandidate[], baseline: { daysMeasured: number; growthPct: number }[]) {
  const a = trackRecord(alerts);
  const b = growthSummary(baseline);
  const liftPct = a.medianGrowthPct === null || b.medianGrowthPct === null ? null : Math.round((a.medianGrowthPct - b.medianGrowthPct) * 10) / 10;
  return { ...a, baseline: { itemsMeasured: b.count, shareGrew: b.shareGrew, medianGrowthPct: b.medianGrowthPct }, liftPct };
}
