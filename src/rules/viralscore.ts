/**
 * viral_score (virality-score endpoint), 0..100 = 0.7 × vaultScore + 30 × min(1, p / (5 × base rate)),
 * p = breakoutProbability (a calibrated probability; the base rate of breakouts is ~2%, so odds five
 * times the base rate earn the full 30 points). The story's present strength dominates.
 */
import { BASE_RATE } from "./breakout.ts";

export const VIRAL_WEIGHTS = { vaultScore: 0.7, breakout: 30, fullAtBaseRateMultiple: 5 } as const;

export function breakoutPoints(p: number, baseRate = BASE_RATE): number {
  const full = VIRAL_WEIGHTS.fullAtBaseRateMultiple * baseRate;
  return VIRAL_WEIGHTS.breakout * Math.max(0, Math.min(1, full > 0 ? p / full : 0));
}

export function viralScoreOf(vaultScore: number, breakoutProbability: number): number {
  const s = VIRAL_WEIGHTS.vaultScore * vaultScore + breakoutPoints(breakoutProbability);
  return Math.round(Math.max(0, Math.min(100, s)) * 10) / 10;
}
