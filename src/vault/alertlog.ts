/**
 * The alert log: each day's snapshot records the alerts that day's brief shows, so later
 * snapshots can measure them (receipts). Computed with the same rules the server uses.
 */
import { NICHES } from "../domain/enums.ts";
import { buildStoryViews } from "../engine/storyview.ts";
import { alertLogEntries } from "../engine/intel.ts";
import type { VaultBody } from "./model.ts";

export function withAlertLog(body: VaultBody): VaultBody {
  const videoById = new Map(body.videos.map((v) => [v.id, v]));
  const views = buildStoryViews(body, videoById);
  const entries = alertLogEntries(body, new Map(views.map((s) => [s.rec.id, s])), NICHES);
  const kept = body.alertLog.filter((e) => e.date !== body.date);
  return { ...body, alertLog: [...kept, ...entries] };
}
