/** GET /api/public/opportunities?niche= — high-demand, low-supply stories (5 credits). */
import { route } from "./endpoint.ts";
import { OPPORTUNITIES } from "./contracts.ts";
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

export const opportunities = route(OPPORTUNITIES, (q, { snap, now }) => {
  const all = cached(snap, "opportunities", now, () => compute(snap));
  const data = (q.niche ? all.filter((o) => o.niche === q.niche) : all).slice(0, q.limit ?? MAX_ITEMS);
  return { data };
});
