/** GET /api/public/grade?draft= — score a draft title with visible components (5 credits). */
import { defineEndpoint } from "./endpoint.ts";
import { GradeQuery } from "./params.ts";
import { GradeSchema } from "./intel-shapes.ts";
import { gradeContext } from "../engine/service.ts";
import { lru } from "../engine/cache.ts";
import { GRADE_MAX, grade as gradeDraft } from "../rules/grade.ts";

export const GRADE_NOTE = "score is the sum of the component points, computed in code. pattern_validation is the effect of the draft's patterns measured on the Upworthy 2013 A/B tests (CC BY 4.0), with the vault's proof when the pattern is validated there; topic_momentum is measured from the vault; length_fit is a rule; hook_mechanics is a learned headline model trained on the same A/B tests. The component weights were fitted on those tests, and every component is scaled down for non-words, repeated words and capitals. Rewrites are drafted from templates and each grades higher than the draft.";

export const grade = defineEndpoint({
  name: "grade",
  path: "/api/public/grade",
  kind: "intelligence",
  cost: 5,
  summary: "Grade a draft title",
  description:
    `Scores \`draft\` (4-200 characters) 0-100 as the sum of components: pattern_validation (max ${GRADE_MAX.pattern_validation}, measured), hook_mechanics (max ${GRADE_MAX.hook_mechanics}, ai_judged), length_fit (max ${GRADE_MAX.length_fit}, rule), topic_momentum (max ${GRADE_MAX.topic_momentum}, measured); maxes fitted on Upworthy A/B tests, every component scaled down for non-words, repetition and capitals. verdict: post_it ≥ 70, revise ≥ 50, rework ≥ 30, else rethink. Up to 3 rewrites that apply validated patterns the draft lacks, each grading higher than the draft.`,
  query: GradeQuery,
  data: GradeSchema,
  confidence: "aiEstimated",
  freeText: ["draft"],
  example: {
    status: "ok", draft: "iphone x review", score: 41.2, verdict: "rework",
    components: [
      { key: "pattern_validation", points: 0, max: GRADE_MAX.pattern_validation, basis: "measured", detail: "uses no validated pattern" },
      { key: "hook_mechanics", points: 14.1, max: GRADE_MAX.hook_mechanics, basis: "ai_judged" },
      { key: "length_fit", points: 9.4, max: GRADE_MAX.length_fit, basis: "rule" },
      { key: "topic_momentum", points: 10.7, max: GRADE_MAX.topic_momentum, basis: "measured", detail: "matches \"iPhone X\"" },
    ],
    rewrites: [{ text: "iphone x review: what actually matters", pattern: "struct:colon_split", proof: { validated_across_creators: 12, days_active: 9, strength: 0.55 }, score: 63.5 }],
    note: GRADE_NOTE,
  },
  handle(q, { snap, now }) {
    // Graded once per snapshot and draft: the grade is a pure function of both.
    const dataJson = lru(snap, "grade", q.draft, () => JSON.stringify({ status: "ok", draft: q.draft, ...gradeDraft(q.draft, gradeContext(snap, now)), note: GRADE_NOTE }));
    return { dataJson };
  },
});
