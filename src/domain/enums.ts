/** Closed value sets of the spec (section 2.2). One place, imported by schemas, rules and docs. */
export const NICHES = ["AI", "Crypto", "Tech", "Finance", "Business", "Health"] as const;
export type Niche = (typeof NICHES)[number];

export const TREND_SOURCES = ["google", "youtube"] as const;
export type TrendSource = (typeof TREND_SOURCES)[number];

export const HOOK_TYPES = [
  "list_preview",
  "question",
  "before_after",
  "confession",
  "contrarian",
  "story",
  "statistic",
  "empathy",
  "bold_claim",
  "plain",
] as const;
export type HookType = (typeof HOOK_TYPES)[number];

export const CONFIDENCE = ["observed", "aiEstimated", "pending"] as const;
export type Confidence = (typeof CONFIDENCE)[number];

export const COMPONENT_BASIS = ["measured", "ai_judged", "rule"] as const;
export type ComponentBasis = (typeof COMPONENT_BASIS)[number];
