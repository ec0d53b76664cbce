/** GET /api/public/viral-patterns — validated title patterns, strongest first (5 credits). */
import { Type as T } from "@sinclair/typebox";
import { defineEndpoint } from "./endpoint.ts";
import { LimitOnlyQuery } from "./params.ts";
import { PatternSchema } from "./intel-shapes.ts";
import { validatedPatterns } from "../engine/service.ts";
import { patternOut } from "../engine/intel.ts";

export const viralPatterns = defineEndpoint({
  name: "viral-patterns",
  path: "/api/public/viral-patterns",
  kind: "intelligence",
  cost: 5,
  summary: "Validated viral title patterns",
  description:
    "Hook (`hook:<type>`) and structure (`struct:<name>`) patterns validated over the last 14 days of the vault by convergence (≥ 3 creators), persistence (≥ 3 days) and amplification (items beat their niche's median velocity by ≥ 10%), ranked by strength, at most 10. Empty when nothing is validated.",
  query: LimitOnlyQuery,
  data: T.Array(PatternSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [{ pattern: "struct:colon_split", kind: "structure", hookType: null, daysPresent: 14, creatorsCount: 31, strength: 0.62, evidence: { convergence: true, persistence: true, amplification: true } }],
  handle(q, { snap, now }) {
    const ps = validatedPatterns(snap, null, now).slice(0, q.limit ?? 10).map(patternOut);
    return { data: ps };
  },
});
