/** GET /api/public/trends — ranked trend items per source and niche (1 credit). */
import { route } from "./endpoint.ts";
import { TRENDS } from "./contracts.ts";
import { trendKey } from "../engine/indexes.ts";

export const trends = route(TRENDS, (q, { snap }) => {
  const key = trendKey(q.source ?? "google", q.niche);
  const items = snap.idx.trends.get(key) ?? [];
  if (q.limit && q.limit < items.length) return { data: items.slice(0, q.limit) };
  return { dataJson: snap.idx.trendsJson.get(key) ?? "[]" };
});
