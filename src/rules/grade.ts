/**
 * Draft grading. Components (max adds up to 100), each with its basis:
 *   pattern_validation 40 measured  40 × strength of the strongest validated pattern the draft uses
 *   hook_mechanics     30 ai_judged the learned headline model (Upworthy A/B tests) × 30
 *   length_fit         15 rule      15 within 40–70 characters, minus 15 per 40 characters outside
 *   topic_momentum     15 measured  15 × vaultScore/100 of the story the draft matches (0 if none)
 * score = sum of points (computed here, never by a model). Verdict bands: ≥ 70 post_it, ≥ 50 revise,
 * ≥ 30 rework, else rethink. Rewrites apply validated patterns the draft lacks and are kept only
 * when they grade strictly higher than the draft (at most 3, best first).
 */
import { titlePatterns } from "./structure.ts";
import { hookMechanicsPoints } from "./headline.ts";
import { applyTemplate } from "./templates.ts";
import type { PatternStat } from "./patterns.ts";

export const GRADE_MAX = { pattern_validation: 40, hook_mechanics: 30, length_fit: 15, topic_momentum: 15 } as const;
export const LENGTH_IDEAL: [number, number] = [40, 70];
export const VERDICTS = [
  [70, "post_it"],
  [50, "revise"],
  [30, "rework"],
  [0, "rethink"],
] as const;

export interface Proof {
  validated_across_creators: number;
  days_active: number;
  strength: number;
}

export interface Component {
  key: string;
  points: number;
  max: number;
  basis: "measured" | "ai_judged" | "rule";
  proof?: Proof;
  detail?: string;
}

export interface GradeContext {
  validated: PatternStat[];
  /** Story match for momentum: the matched story's name and vaultScore, or null. */
  match: (text: string) => { topic: string; vaultScore: number } | null;
  year: number;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

export function proofOf(p: PatternStat): Proof {
  return { validated_across_creators: p.creatorsCount, days_active: p.daysPresent, strength: p.strength };
}

export function lengthPoints(len: number): number {
  const [lo, hi] = LENGTH_IDEAL;
  const dist = len < lo ? lo - len : len > hi ? len - hi : 0;
  return r1(GRADE_MAX.length_fit * Math.max(0, 1 - dist / 40));
}

export function verdict(score: number): string {
  for (const [min, v] of VERDICTS) if (score >= min) return v;
  return "rethink";
}

export function components(draft: string, ctx: GradeContext): Component[] {
  const uses = new Set(titlePatterns(draft));
  const best = ctx.validated.find((p) => uses.has(p.pattern));
  const m = ctx.match(draft);
  return [
    best
      ? { key: "pattern_validation", points: r1(GRADE_MAX.pattern_validation * best.strength), max: GRADE_MAX.pattern_validation, basis: "measured", proof: proofOf(best), detail: best.pattern }
      : { key: "pattern_validation", points: 0, max: GRADE_MAX.pattern_validation, basis: "measured", detail: "uses no validated pattern" },
    { key: "hook_mechanics", points: hookMechanicsPoints(draft, GRADE_MAX.hook_mechanics), max: GRADE_MAX.hook_mechanics, basis: "ai_judged" },
    { key: "length_fit", points: lengthPoints([...draft].length), max: GRADE_MAX.length_fit, basis: "rule" },
    { key: "topic_momentum", points: m ? r1((GRADE_MAX.topic_momentum * m.vaultScore) / 100) : 0, max: GRADE_MAX.topic_momentum, basis: "measured", detail: m ? `matches "${m.topic}"` : "matches no tracked story" },
  ];
}

export function score(cs: Component[]): number {
  return r1(cs.reduce((a, c) => a + c.points, 0));
}

export interface Rewrite {
  text: string;
  pattern: string;
  proof: Proof;
  score: number;
}

export function rewrites(draft: string, draftScore: number, ctx: GradeContext, max = 3): Rewrite[] {
  const uses = new Set(titlePatterns(draft));
  const out: Rewrite[] = [];
  for (const p of ctx.validated) {
    if (uses.has(p.pattern)) continue;
    const text = applyTemplate(p.pattern, draft, ctx.year);
    if (!text || text.length > 200 || text === draft) continue;
    if (!titlePatterns(text).includes(p.pattern)) continue; // the rewrite must really carry the pattern
    const s = score(components(text, ctx));
    if (s > draftScore) out.push({ text, pattern: p.pattern, proof: proofOf(p), score: s });
  }
  return out.sort((a, b) => b.score - a.score || (a.pattern < b.pattern ? -1 : 1)).slice(0, max);
}

export function grade(draft: string, ctx: GradeContext) {
  const cs = components(draft, ctx);
  const s = score(cs);
  return { score: s, verdict: verdict(s), components: cs, rewrites: rewrites(draft, s, ctx) };
}
