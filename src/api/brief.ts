/** GET /api/public/brief?niche= — the daily posting brief (5 credits), regenerated at most hourly. */
import { defineEndpoint } from "./endpoint.ts";
import { BriefQuery } from "./params.ts";
import { BriefSchema } from "./intel-shapes.ts";
import { cached } from "../engine/cache.ts";
import { currentAlerts, measureAlerts, measureBaseline, moment, patternOut, receiptsAndRecord } from "../engine/intel.ts";
import { validatedPatterns } from "../engine/service.ts";
import { BRIEF_TOP_N } from "../rules/alerts.ts";

export const BRIEF_MAX_AGE_MS = 3_600_000;
export const TRACK_RECORD_RULE =
  "Every earlier video-led alert in the vault's alert log, measured from its lead video's views at alert time to its latest observation; receipts shown are the 5 most recent measured alerts. baseline: the same measurement over every video live on the same alert days whose story was not alerted; liftPct = alerts' median growth minus the baseline's (percentage points).";
export const CONTRACT = "Every draft built from this brief must carry at least one verifiable number from it (a velocity, a view count, a growth percentage or a date).";

export const brief = defineEndpoint({
  name: "brief",
  path: "/api/public/brief",
  kind: "intelligence",
  cost: 5,
  summary: "Daily posting brief",
  description:
    "The day's brief: up to 5 phase-labelled pre-breakout alerts (one per story, full form), receipts (the most recent earlier alerts measured now — chosen by date, never by outcome), a track record over every measured alert, the strongest validated pattern, the day's steepest mover, and a transparency count of how alerts were selected. Regenerated at most hourly.",
  query: BriefQuery,
  data: BriefSchema,
  confidence: "observed",
  freeText: [],
  example: {
    date: "2017-10-11", generatedAt: "2026-11-25T12:00:00.000Z", contract: CONTRACT,
    alerts: [], receipts: [{ topic: "iPhone X", alertDate: "2017-10-09", viewsFirst: 1000000, viewsLast: 1500000, growthPct: 50, daysMeasured: 2, phase: "early" }],
    pattern: null, moment: null,
    transparency: { alertsConsidered: 20, alertsShown: 0, excludedNotAccelerating: 18, excludedBelowTopCut: 0, excludedBelowScoreGate: 2, note: "..." },
    trackRecord: { alertsMeasured: 12, shareGrew: 1, medianGrowthPct: 18.5, baseline: { itemsMeasured: 2400, shareGrew: 1, medianGrowthPct: 9.1 }, liftPct: 9.4, rule: "..." },
  },
  handle(q, { snap, now }) {
    const niche = q.niche;
    const data = cached(snap, `brief|${niche ?? "*"}`, now, () => {
      const { alerts, transparency } = currentAlerts(snap.body, snap.idx.storyById, niche, BRIEF_TOP_N);
      const { receipts, trackRecord } = receiptsAndRecord(
        measureAlerts(snap.body, snap.idx.videoById, niche, snap.idx.storyById),
        measureBaseline(snap.body, niche, snap.idx.storyById),
      );
      const p = validatedPatterns(snap, niche, now)[0] ?? validatedPatterns(snap, null, now)[0];
      return {
        date: snap.body.date,
        generatedAt: new Date(now).toISOString(),
        contract: CONTRACT,
        alerts,
        receipts,
        pattern: p ? patternOut(p) : null,
        moment: moment(snap.idx.stories, niche),
        transparency,
        trackRecord: { ...trackRecord, rule: TRACK_RECORD_RULE },
      };
    }, BRIEF_MAX_AGE_MS);
    return { data };
  },
});
