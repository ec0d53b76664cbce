/**
 * Draft grading. Four components, each with its basis; `max` values add up to 100 and are fitted on
 * Upworthy A/B tests by scripts/fit-grade.ts (src/rules/grade-weights.json; figures in
 * bench/RESULTS.headline.md, checked by `bun bench/eval/grade.ts`):
 *   pattern_validation measured  A/B-measured log-odds of the hook type and structures the draft uses,
 *                                scaled to [0, 1]; proof = the vault's evidence for its strongest
 *                                validated pattern, when it uses one
 *   hook_mechanics     ai_judged the learned headline model (src/rules/headline.ts), scaled to [0, 1]
 *   length_fit         rule      rises with length to the A/B-fitted `full` length, flat to the longest
 *                                tested headline, then falls to 0 at 200 characters
 *   topic_momentum     measured  vaultScore/100 of the story the draft matches (0 if none); fixed max,
 *                                since A/B pairs never match a tracked story
 * Every component's points are multiplied by the readability factor (src/rules/readability.ts), so
 * nonsense, repetition and shouting score low whatever the learned parts make of them.
 * score = sum of points (computed here, never by a model). Verdict bands: ≥ 70 post_it, ≥ 50 revise,
 * ≥ 30 rework, else rethink. Rewrites apply validated patterns the draft lacks and are kept only
 * when they grade strictly higher than the draft (at most 3, best first).
 */
import { titlePatterns } from "./structure.ts";
import { headlineLogit } from "./headline.ts";
import { rewritable, rewriteFor } from "./rewrite.ts";
import type { TopicContext } from "./subject.ts";
import type { PatternStat } from "./patterns.ts";
import { type LengthRule, lengthShare, patternLogit, squash } from "./grade-signals.ts";
import { readability, readabilityNote } from "./readability.ts";
import weights from "./grade-weights.json";

export type ComponentKey = "pattern_validation" | "hook_mechanics" | "length_fit" | "topic_momentum";
export const GRADE_MAX: Readonly<Record<ComponentKey, number>> = Object.freeze({ ...weights.max });
export const LENGTH_RULE: Readonly<LengthRule> = Object.freeze({ ...weights.length });
/** A/B-measured log-odds per pattern id (hook:<type>, struct:<name>), fitted on Upworthy training tests. */
export const PATTERN_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({ ...weights.pattern.weights });
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
  match: (text: string) => { topic: string; vaultScore: number; story?: TopicContext } | null;
  year: number;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
/** Points for a share in [0, 1] of a max, after the readability factor; one decimal, within [0, max]. */
const pts = (max: number, share: number, factor: number) => Math.min(max, Math.max(0, r1(max * share * factor)));

export function proofOf(p: PatternStat): Proof {
  return { validated_across_creators: p.creatorsCount, days_active: p.daysPresent, strength: p.strength };
}

/** length_fit points of a draft of `len` characters, before the readability factor. */
export function lengthPoints(len: number): number {
  return pts(GRADE_MAX.length_fit, lengthShare(len, LENGTH_RULE), 1);
}

/** Share in [0, 1] of pattern_validation: the draft's A/B pattern log-odds, centred and scaled over real headlines. */
export function patternShare(draft: string): number {
  return squash(patternLogit(draft, PATTERN_WEIGHTS) - weights.pattern.centre, weights.pattern.spread);
}

/** Share in [0, 1] of hook_mechanics: the headline model's logit scaled by its spread over real headlines. */
export function hookShare(draft: string): number {
  return squash(headlineLogit(draft), weights.hook.spread);
}

export function verdict(score: number): string {
  for (const [min, v] of VERDICTS) if (score >= min) return v;
  return "rethink";
}

const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(2)}`;

export function components(draft: string, ctx: GradeContext): Component[] {
  const used = titlePatterns(draft);
  const uses = new Set(used);
  const best = ctx.validated.find((p) => uses.has(p.pattern));
  const m = ctx.match(draft);
  const read = readability(draft);
  const q = read.factor;
  const note = readabilityNote(read);
  const withNote = (d: string) => (note ? `${d}; ${note}` : d);
  const ab = used.filter((p) => (PATTERN_WEIGHTS[p] ?? 0) !== 0).map((p) => `${p} ${signed(PATTERN_WEIGHTS[p])}`);
  const pvDetail = `A/B log-odds: ${ab.length ? ab.join(", ") : "none"}${best ? `; vault-validated: ${best.pattern}` : ""}`;
  const pv: Component = { key: "pattern_validation", points: pts(GRADE_MAX.pattern_validation, patternShare(draft), q), max: GRADE_MAX.pattern_validation, basis: "measured", detail: withNote(pvDetail) };
  if (best) pv.proof = proofOf(best);
  const hm: Component = { key: "hook_mechanics", points: pts(GRADE_MAX.hook_mechanics, hookShare(draft), q), max: GRADE_MAX.hook_mechanics, basis: "ai_judged" };
  if (note) hm.detail = note;
  const lf: Component = { key: "length_fit", points: pts(GRADE_MAX.length_fit, lengthShare([...draft].length, LENGTH_RULE), q), max: GRADE_MAX.length_fit, basis: "rule" };
  if (note) lf.detail = note;
  const tmDetail = m ? `matches "${m.topic}"` : "matches no tracked story";
  const tm: Component = { key: "topic_momentum", points: m ? pts(GRADE_MAX.topic_momentum, m.vaultScore / 100, q) : 0, max: GRADE_MAX.topic_momentum, basis: "measured", detail: withNote(tmDetail) };
  return [pv, hm, lf, tm];
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
  // The draft's subject, reframed (src/rules/rewrite.ts): never the whole draft inside a template.
  const m = ctx.match(draft);
  // One subject for every pattern: extracting it (casing, tone, genre over the story's titles) is the costly part.
  const subject = rewritable(draft, { year: ctx.year, storyName: m?.topic ?? null, story: m?.story });
  if (!subject) return out;
  for (const p of ctx.validated) {
    if (uses.has(p.pattern)) continue;
    const text = rewriteFor(p.pattern, draft, subject, ctx.year);
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
