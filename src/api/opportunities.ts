/** GET /api/public/opportunities?niche= — high-demand, low-supply stories (5 credits). */
import { Type as T } from "@sinclair/typebox";
import { defineEndpoint } from "./endpoint.ts";
import { NicheQuery } from "./params.ts";
import { OpportunitySchema } from "./intel-shapes.ts";
import { cached } from "../engine/cache.ts";
import { conviction, demandScore, opportunityScore, opportunityType, supplyScore } from "../rules/opportunity.ts";
import { possibleMonetization } from "../rules/monetization.ts";
import { MAX_ITEMS } from "../engine/indexes.ts";
import { searchScore } from "../engine/storyview.ts";
import { dayOrdinal } from "../vault/model.ts";
import type { Loaded } from "../engine/engine.ts";

const RECENT_DAYS = 7;

function compute(snap: Loaded) {
  const today = dayOrdinal(snap.body.date);
  const news = snap.body.news;
  const newsByStory = new Map<string, number>();
  for (const n of news) if (n.storyId && today - dayOrdinal(n.firstSeen) < 3) newsByStory.set(n.storyId, (newsByStory.get(n.storyId) ?? 0) + 1);
  const out = [];
  for (const s of snap.idx.stories) {
    if (!s.niche || !s.live) continue;
    const hasVideo = s.rec.videoIds.length > 0;
    const hasSearch = s.rec.searchKeys.length > 0;
    const lastSearch = s.rec.series.search[s.rec.series.search.length - 1] ?? 0;
    const demand = demandScore({
      videoVelocity: hasVideo ? s.rec.series.video[s.rec.series.video.length - 1] ?? 0 : null,
      searchScore: hasSearch ? searchScore(lastSearch) : null,
      recentArticles: s.rec.newsUrls.length ? newsByStory.get(s.rec.id) ?? 0 : null,
    });
    const recentVideos = s.rec.videoIds.filter((id) => {
      const v = snap.idx.videoById.get(id);
      return v && today - dayOrdinal(v.firstSeen) < RECENT_DAYS;
    }).length;
    const supply = supplyScore(recentVideos, s.rec.creators.length);
    const opp = opportunityScore(demand, supply);
    // Spec 1: never pad with filler. A story with no demand today is no opportunity, so it is left
    // out and the answer is shorter rather than topped up with score-0 rows.
    if (!(opp > 0)) continue;
    out.push({
      topic: s.rec.name,
      niche: s.niche,
      opportunityScore: opp,
      demandScore: demand,
      supplyScore: supply,
      conviction: conviction(opp, s.daysTracked),
      opportunityType: opportunityType({ demand, supply, hasVideo, hasSearch, accelerating: s.momentum === "accelerating" }),
      possibleMonetization: possibleMonetization(s.niche),
      storyId: s.rec.id,
    });
  }
  return out.sort((a, b) => b.opportunityScore - a.opportunityScore || (a.storyId < b.storyId ? -1 : 1));
}

export const opportunities = defineEndpoint({
  name: "opportunities",
  path: "/api/public/opportunities",
  kind: "intelligence",
  cost: 5,
  summary: "Ranked content opportunities",
  description:
    "Live stories ranked by opportunityScore = demandScore × (1 − 0.6 × supplyScore/100): demand from view velocity (plus search traffic and news volume when present), supply from how many recent videos and distinct creators already cover it. Stories with no opportunity today (score 0) are left out, so fewer than 10 rows means fewer opportunities. Each carries conviction, an opportunityType and possible monetization paths — estimates, never a guarantee of income. At most 10.",
  query: NicheQuery,
  data: T.Array(OpportunitySchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [{ topic: "iPhone X", niche: "Tech", opportunityScore: 48.2, demandScore: 80.3, supplyScore: 66.7, conviction: "MEDIUM", opportunityType: "Rising", possibleMonetization: [{ model: "Affiliate links to reviewed gear", basis: "estimate", disclaimer: "Estimate of common monetization paths in this niche; not a guarantee of income." }], storyId: "st_0123456789ab" }],
  handle(q, { snap, now }) {
    const all = cached(snap, "opportunities", now, () => compute(snap));
    const data = (q.niche ? all.filter((o) => o.niche === q.niche) : all).slice(0, q.limit ?? MAX_ITEMS);
    return { data };
  },
});
