/** GET /api/public/viral-patterns — validated title patterns, strongest first (5 credits). */
import { route } from "./endpoint.ts";
import { VIRAL_PATTERNS } from "./contracts.ts";
import { validatedPatterns } from "../engine/service.ts";
import { patternOut } from "../engine/intel.ts";

export const viralPatterns = route(VIRAL_PATTERNS, (q, { snap, now }) => {
  const ps = validatedPatterns(snap, null, now).slice(0, q.limit ?? 10).map(patternOut);
  return { data: ps };
});
