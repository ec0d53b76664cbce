/** GET /api/public/news?topic= — news of the matched story, or the latest across niches (1 credit). */
import { route } from "./endpoint.ts";
import { NEWS } from "./contracts.ts";
import { matchCached } from "../engine/service.ts";

export const news = route(NEWS, (q, { snap }) => {
  let items = snap.idx.latestNews;
  if (q.topic) {
    const m = matchCached(snap, q.topic);
    items = m ? snap.idx.newsByStory.get(m.story.rec.id) ?? [] : [];
  }
  return { data: q.limit ? items.slice(0, q.limit) : items };
});
