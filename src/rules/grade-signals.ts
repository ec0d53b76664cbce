/**
 * The per-component signals of `/grade`, each mapped to [0, 1], shared by the grade (src/rules/grade.ts)
 * and by the script that fits their weights on Upworthy A/B tests (scripts/fit-grade.ts), so the
 * recorded accuracy comes from exactly the arithmetic that grades a draft. Pure.
 */
import { HOOK_PRIORITY } from "./hook.ts";
import { STRUCTURES, titlePatterns } from "./structure.ts";

/** Every pattern id a title can carry: one hook type and any number of structures. */
export const PATTERN_IDS: string[] = [...HOOK_PRIORITY.map((h) => `hook:${h}`), ...STRUCTURES.map((s) => `struct:${s}`)];

/** Sum of the A/B-measured log-odds of the patterns the title carries (0 for a pattern without a weight). */
export function patternLogit(text: string, weights: Record<string, number>): number {
  let s = 0;
  for (const p of titlePatterns(text)) s += weights[p] ?? 0;
  return s;
}

/** σ(x / spread): a logit scaled so that one spread (a standard deviation over real headlines) is one unit. */
export function squash(x: number, spread: number): number {
  const v = 1 / (1 + Math.exp(-x / (spread > 0 ? spread : 1)));
  return Number.isFinite(v) ? v : 0.5;
}

export interface LengthRule {
  /** Characters from which a title earns the full share (longer headlines won the A/B tests up to here). */
  full: number;
  /** Longest length with the full share: the longest headlines in the A/B data. */
  plateauEnd: number;
  /** Share falls linearly to 0 here (the longest draft the API accepts); not measured, no headline was this long. */
  zeroAt: number;
}

/** Share of the length_fit points in [0, 1]: rises linearly to `full`, flat to `plateauEnd`, falls to 0 at `zeroAt`. */
export function lengthShare(chars: number, rule: LengthRule): number {
  if (!(chars > 0)) return 0;
  if (chars < rule.full) return chars / rule.full;
  if (chars <= rule.plateauEnd) return 1;
  return Math.max(0, 1 - (chars - rule.plateauEnd) / (rule.zeroAt - rule.plateauEnd));
}
