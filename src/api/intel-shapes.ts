/** Response shapes of the intelligence endpoints (spec 2.3), for validation in tests and OpenAPI. */
import { Type as T } from "@sinclair/typebox";

const Str = T.String();
const Int = T.Integer();
const Num = T.Number();
const NullStr = T.Union([T.String(), T.Null()]);

export const EvidenceSchema = T.Object({ convergence: T.Boolean(), persistence: T.Boolean(), amplification: T.Boolean() });
export const PatternExampleSchema = T.Object({ title: Str, creator: Str, views: Int, date: Str });
export const PatternMeasuredSchema = T.Object(
  { creators: Int, days: Int, amplification: Num },
  { description: "The figures behind evidence: distinct creators, days present in the window, median velocity / niche median velocity" },
);
export const PatternSchema = T.Object({
  pattern: Str, kind: T.Union([T.Literal("hook"), T.Literal("structure")]), hookType: NullStr, daysPresent: Int, creatorsCount: Int, strength: T.Number({ minimum: 0, maximum: 1 }), evidence: EvidenceSchema,
  examples: T.Array(PatternExampleSchema, { maxItems: 3, description: "Up to 3 real titles that used the pattern in the window" }),
  measured: PatternMeasuredSchema,
});
export const ProofSchema = T.Object({ validated_across_creators: Int, days_active: Int, strength: T.Number({ minimum: 0, maximum: 1 }) });

export const AlertSchema = T.Object({
  topic: Str, phase: Str, creator: Str, source: Str, niche: Str, hookType: NullStr, velocity: Num, velocityUnit: Str, acceleration: Num,
  daysTracked: Int, vaultScore: Num, tier: Str, confidence: Str, url: NullStr, storyAgeDays: Int, storyFirstSeen: Str, storyId: Str,
});
export const PrebreakoutSchema = T.Object({
  topic: Str, creator: Str, source: Str, niche: Str, hookType: NullStr, velocity: Num, acceleration: Num, daysTracked: Int, vaultScore: Num, tier: Str, confidence: Str, phase: Str,
  velocityUnit: Str, url: NullStr, storyId: Str,
});
export const ReceiptSchema = T.Object({ topic: Str, alertDate: Str, viewsFirst: Int, viewsLast: Int, growthPct: Num, daysMeasured: Int, phase: T.Optional(Str) });
export const MomentSchema = T.Object({ topic: Str, source: T.Optional(Str), url: T.Optional(NullStr), velocityPrev: Num, velocityNow: Num, ratio: Num });
export const TransparencySchema = T.Object({ alertsConsidered: Int, alertsShown: Int, excludedNotAccelerating: Int, excludedBelowTopCut: Int, excludedBelowScoreGate: Int, note: Str });
const NullNum = T.Union([Num, T.Null()]);
export const TrackRecordSchema = T.Object({
  alertsMeasured: Int,
  shareGrew: NullNum,
  medianGrowthPct: NullNum,
  baseline: T.Object(
    { itemsMeasured: Int, shareGrew: NullNum, medianGrowthPct: NullNum },
    { description: "The same measurement over items live on the same alert days that were not alerted" },
  ),
  liftPct: T.Union([Num, T.Null()], { description: "Alerts' median growth minus the baseline's, in percentage points; null when either side has none" }),
  rule: Str,
});

export const BriefSchema = T.Object({
  date: Str,
  generatedAt: Str,
  contract: Str,
  alerts: T.Array(AlertSchema, { maxItems: 10 }),
  receipts: T.Array(ReceiptSchema, { maxItems: 10 }),
  pattern: T.Union([PatternSchema, T.Null()], { description: "Strongest validated pattern; null when none is validated" }),
  moment: T.Union([MomentSchema, T.Null()], { description: "Steepest mover; null when no live story clears the floor" }),
  transparency: TransparencySchema,
  trackRecord: TrackRecordSchema,
});

export const OpportunitySchema = T.Object({
  topic: Str, niche: Str, opportunityScore: Num, demandScore: Num, supplyScore: Num, conviction: Str, opportunityType: Str,
  possibleMonetization: T.Array(T.Object({ model: Str, basis: Str, disclaimer: Str })),
  storyId: Str,
});

export const HookSchema = T.Object({ text: Str, pattern: Str, proof: ProofSchema });
export const HookRescueSchema = T.Object({ status: Str, topic: Str, matchedTopic: NullStr, niche: NullStr, hooks: T.Array(HookSchema, { maxItems: 5 }), note: Str });

export const ComponentSchema = T.Object({ key: Str, points: Num, max: Num, basis: T.Union([T.Literal("measured"), T.Literal("ai_judged"), T.Literal("rule")]), proof: T.Optional(ProofSchema), detail: T.Optional(Str) });
export const GradeSchema = T.Object({
  status: Str, draft: Str, score: Num, verdict: Str, components: T.Array(ComponentSchema),
  rewrites: T.Array(T.Object({ text: Str, pattern: Str, proof: ProofSchema, score: T.Optional(Num) }), { maxItems: 3 }),
  note: Str,
});
