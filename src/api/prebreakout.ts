/** GET /api/public/prebreakout?niche= — current alerts, early phase first (5 credits). */
import { Type as T } from "@sinclair/typebox";
import { defineEndpoint } from "./endpoint.ts";
import { NicheQuery } from "./params.ts";
import { PrebreakoutSchema } from "./intel-shapes.ts";
import { currentAlerts } from "../engine/intel.ts";
import { MAX_ITEMS } from "../engine/indexes.ts";

export const prebreakout = defineEndpoint({
  name: "prebreakout",
  path: "/api/public/prebreakout",
  kind: "intelligence",
  cost: 5,
  summary: "Pre-breakout signals",
  description: "Stories with a live, accelerating signal and vaultScore ≥ 40 (the brief's alert gate, top 10), across niches or in one, `early` phase first, then by vaultScore. At most 10.",
  query: NicheQuery,
  data: T.Array(PrebreakoutSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [{ topic: "iPhone X", creator: "Apple", source: "youtube", niche: "Tech", hookType: "plain", velocity: 1200000, acceleration: 300000, daysTracked: 2, vaultScore: 71.5, tier: "STRONG", confidence: "medium", phase: "early", velocityUnit: "views/day", url: "https://www.youtube.com/watch?v=K4wEI5zhHB0", storyId: "st_0123456789ab" }],
  handle(q, { snap }) {
    const { alerts } = currentAlerts(snap.body, snap.idx.storyById, q.niche, MAX_ITEMS);
    const ordered = [...alerts].sort((a, b) => (a.phase === "early" ? 0 : 1) - (b.phase === "early" ? 0 : 1) || b.vaultScore - a.vaultScore);
    const data = ordered.slice(0, q.limit ?? MAX_ITEMS).map((a) => ({
      topic: a.topic, creator: a.creator, source: a.source, niche: a.niche, hookType: a.hookType, velocity: a.velocity, acceleration: a.acceleration, daysTracked: a.daysTracked,
      vaultScore: a.vaultScore, tier: a.tier, confidence: a.confidence, phase: a.phase, velocityUnit: a.velocityUnit, url: a.url, storyId: a.storyId,
    }));
    return { data };
  },
});
