/**
 * vaultScore 0–100: how strong a story is in the vault right now, as a published weighted blend.
 *   level       0.40  log-scaled current activity (10^7 views/day = 1)
 *   momentum    0.30  relative last change, mapped from [-1, +1] to [0, 1] (no activity at all = 0)
 *   breadth     0.15  distinct creators and sources: min(1, (creators + sources - 1) / 5)
 *   persistence 0.15  days tracked: min(1, days / 7)
 * Weights sum to 1; each part is in [0, 1], so the score is in [0, 100].
 */
export const VAULT_WEIGHTS = { level: 0.4, momentum: 0.3, breadth: 0.15, persistence: 0.15 } as const;

export interface VaultScoreInput {
  y: number[];
  creators: number;
  sources: number;
  daysTracked: number;
}

export function vaultScoreParts(x: VaultScoreInput): Record<keyof typeof VAULT_WEIGHTS, number> {
  const n = x.y.length;
  const cur = n ? Math.max(0, x.y[n - 1]) : 0;
  const prev = n >= 2 ? Math.max(0, x.y[n - 2]) : cur;
  // Nothing gained now and before: no momentum at all (a story gone quiet is not "steady").
  const rel = prev > 0 ? (cur - prev) / prev : cur > 0 ? 1 : -1;
  return {
    level: Math.min(1, Math.log10(1 + cur) / 7),
    momentum: Math.max(0, Math.min(1, (rel + 1) / 2)),
    breadth: Math.max(0, Math.min(1, (x.creators + x.sources - 1) / 5)),
    persistence: Math.max(0, Math.min(1, x.daysTracked / 7)),
  };
}

export function vaultScore(x: VaultScoreInput): number {
  const p = vaultScoreParts(x);
  const s = 100 * (VAULT_WEIGHTS.level * p.level + VAULT_WEIGHTS.momentum * p.momentum + VAULT_WEIGHTS.breadth * p.breadth + VAULT_WEIGHTS.persistence * p.persistence);
  return Math.round(s * 10) / 10;
}
