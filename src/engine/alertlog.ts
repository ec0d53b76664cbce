/**
 * The alert log: each day's snapshot records the alerts that day's brief shows, so later
 * snapshots can measure them (receipts). Computed with the same rules the server uses; it lives in
 * the engine (not the vault) because it reads the engine's story views, and the vault layer sits
 * below the engine.
 */
import { NICHES } from "../domain/enums.ts";
import { buildStoryViews } from "./storyview.ts";
import { alertLogEntries } from "./intel.ts";
import { dayOrdinal, type VaultBody } from "../vault/model.ts";

export function withAlertLog(body: VaultBody): VaultBody {
  // Only stories with an item on today's chart can be alerted (alertCandidates), and a story's
  // figures do not depend on other stories: views are built for those alone.
  const today = dayOrdinal(body.date);
  const live = new Set<string>();
  for (const v of body.videos) if (v.storyId && v.d[v.d.length - 1] === today) live.add(v.storyId);
  for (const q of body.searches) if (q.storyId && q.d[q.d.length - 1] === today) live.add(q.storyId);
  const videoById = new Map(body.videos.map((v) => [v.id, v]));
  const views = buildStoryViews(body, videoById, live);
  const entries = alertLogEntries(body, new Map(views.map((s) => [s.rec.id, s])), NICHES);
  const kept = body.alertLog.filter((e) => e.date !== body.date);
  return { ...body, alertLog: [...kept, ...entries] };
}
