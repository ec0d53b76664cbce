/** GET /api/public/grade?draft= — score a draft title with visible components (5 credits). */
import { route } from "./endpoint.ts";
import { GRADE, GRADE_NOTE } from "./contracts.ts";
import { gradeContext } from "../engine/service.ts";
import { lru } from "../engine/cache.ts";
import { grade as gradeDraft } from "../rules/grade.ts";

export const grade = route(GRADE, (q, { snap, now }) => {
  // Graded once per snapshot and draft: the grade is a pure function of both.
  const dataJson = lru(snap, "grade", q.draft, () => JSON.stringify({ status: "ok", draft: q.draft, ...gradeDraft(q.draft, gradeContext(snap, now)), note: GRADE_NOTE }));
  return { dataJson };
});
