/**
 * Opportunity scoring (high demand, low supply), all 0..100:
 *   demandScore  = 100 × weighted mean of the parts present:
 *                  video 0.7 × log10(1 + views/day)/7, search 0.2 × searchScore/100,
 *                  news 0.1 × min(1, articles in the last 3 days / 10)
 *   supplyScore  = 100 × (1 − exp(−(recentVideos + 2 × creators) / 12))
 *                  recentVideos: member videos first seen in the last 7 days
 *   opportunityScore = demandScore × (1 − 0.6 × supplyScore / 100)
 * conviction: HIGH ≥ 60 with ≥ 2 days tracked; MEDIUM ≥ 40; else LOW.
 * opportunityType (first that applies): `Search Gap` (search demand, no video yet), `Video Gap`
 * (demand ≥ 50, supply < 40), `Crowded` (supply ≥ 70), `Rising` (accelerating), `Steady`.
 */
export const DEMAND_WEIGHTS = { video: 0.7, search: 0.2, news: 0.1 } as const;
export const OPPORTUNITY_TYPES = ["Search Gap", "Video Gap", "Crowded", "Rising", "Steady"] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];

export interface DemandInput {
  videoVelocity: number | null;
  searchScore: number | null;
  recentArticles: number | null;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

export function demandScore(x: DemandInput): number {
  let s = 0;
  let w = 0;
  if (x.videoVelocity != null) {
    s += DEMAND_WEIGHTS.video * Math.min(1, Math.log10(1 + Math.max(0, x.videoVelocity)) / 7);
    w += DEMAND_WEIGHTS.video;
  }
  if (x.searchScore != null) {
    s += DEMAND_WEIGHTS.search * Math.min(1, Math.max(0, x.searchScore) / 100);
    w += DEMAND_WEIGHTS.search;
  }
  if (x.recentArticles != null) {
    s += DEMAND_WEIGHTS.news * Math.min(1, Math.max(0, x.recentArticles) / 10);
    w += DEMAND_WEIGHTS.news;
  }
  return w ? r1((100 * s) / w) : 0;
}

export function supplyScore(recentVideos: number, creators: number): number {
  return r1(100 * (1 - Math.exp(-(Math.max(0, recentVideos) + 2 * Math.max(0, creators)) / 12)));
}

export function opportunityScore(demand: number, supply: number): number {
  return r1(demand * (1 - (0.6 * supply) / 100));
}

export function conviction(opp: number, daysTracked: number): "HIGH" | "MEDIUM" | "LOW" {
  if (opp >= 60 && daysTracked >= 2) return "HIGH";
  if (opp >= 40) return "MEDIUM";
  return "LOW";
}

export function opportunityType(x: { demand: number; supply: number; hasVideo: boolean; hasSearch: boolean; accelerating: boolean }): OpportunityType {
  if (x.hasSearch && !x.hasVideo) return "Search Gap";
  if (x.demand >= 50 && x.supply < 40) return "Video Gap";
  if (x.supply >= 70) return "Crowded";
  if (x.accelerating) return "Rising";
  return "Steady";
}
