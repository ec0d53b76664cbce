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
    "Hook (`hook:<type>`) and structure (`struct:<name>`) patterns validated over the last 14 days of the vault by convergence (≥ 3 creators), persistence (≥ 3 days) and amplification (items beat their niche's median velocity by ≥ 10%), ranked by strength, at most 10. Each item shows what a person can check: `measured` (the creators, days and amplification ratio behind `evidence`) and `examples` (up to 3 real titles that used it, one per creator, with views and date). Empty when nothing is validated.",
  query: LimitOnlyQuery,
  data: T.Array(PatternSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [{ pattern: "struct:colon_split", kind: "structure", hookType: null, daysPresent: 14, creatorsCount: 31, strength: 0.62, evidence: { convergence: true, persistence: true, amplification: true }, examples: [{ title: "iPhone X: Hands-On Impressions", creator: "Marques Brownlee", views: 4125069, date: "2017-10-22" }], measured: { creators: 31, days: 14, amplification: 1.42 } }],
  handle(q, { snap, now }) {
    const ps = validatedPatterns(snap, null, now).slice(0, q.limit ?? 10).map(patternOut);
    return { data: ps };
  },
});
