/** GET /api/public/brief?niche= — the daily posting brief (5 credits), regenerated at most hourly. */
import { route } from "./endpoint.ts";
import { BRIEF, CONTRACT, TRACK_RECORD_RULE } from "./contracts.ts";
import { cached } from "../engine/cache.ts";
import { currentAlerts, measureAlerts, measureBaseline, moment, patternOut, receiptsAndRecord } from "../engine/intel.ts";
import { validatedPatterns } from "../engine/service.ts";
import { BRIEF_TOP_N } from "../rules/alerts.ts";

export const BRIEF_MAX_AGE_MS = 3_600_000;

export const brief = route(BRIEF, (q, { snap, now }) => {
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
});
