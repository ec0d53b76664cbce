/**
 * viral_score (virality-score endpoint), 0..100: 0.7 × vaultScore + 30 × breakoutProbability.
 * The story's present strength dominates; the breakout odds add up to 30 points.
 */
export const VIRAL_WEIGHTS = { vaultScore: 0.7, breakout: 30 } as const;

export function viralScoreOf(vaultScore: number, breakoutProbability: number): number {
  const s = VIRAL_WEIGHTS.vaultScore * vaultScore + VIRAL_WEIGHTS.breakout * breakoutProbability;
  return Math.round(Math.max(0, Math.min(100, s)) * 10) / 10;
}
