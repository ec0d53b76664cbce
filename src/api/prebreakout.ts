/** GET /api/public/prebreakout?niche= — current alerts, early phase first (5 credits). */
import { route } from "./endpoint.ts";
import { PREBREAKOUT } from "./contracts.ts";
import { currentAlerts } from "../engine/intel.ts";
import { MAX_ITEMS } from "../engine/indexes.ts";

export const prebreakout = route(PREBREAKOUT, (q, { snap }) => {
  const { alerts } = currentAlerts(snap.body, snap.idx.storyById, q.niche, MAX_ITEMS);
  const ordered = [...alerts].sort((a, b) => (a.phase === "early" ? 0 : 1) - (b.phase === "early" ? 0 : 1) || b.vaultScore - a.vaultScore);
  const data = ordered.slice(0, q.limit ?? MAX_ITEMS).map((a) => ({
    topic: a.topic, creator: a.creator, source: a.source, niche: a.niche, hookType: a.hookType, velocity: a.velocity, acceleration: a.acceleration, daysTracked: a.daysTracked,
    vaultScore: a.vaultScore, tier: a.tier, confidence: a.confidence, phase: a.phase, velocityUnit: a.velocityUnit, url: a.url, storyId: a.storyId,
  }));
  return { data };
});
