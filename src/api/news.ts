/** GET /api/public/news?topic= — news of the matched story, or the latest across niches (1 credit). */
import { Type as T } from "@sinclair/typebox";
import { defineEndpoint } from "./endpoint.ts";
import { NewsQuery } from "./params.ts";
import { matchCached } from "../engine/service.ts";

export const NewsItemSchema = T.Object({ title: T.String(), url: T.String(), source: T.String(), publishedAt: T.String({ format: "date-time" }) });

export const news = defineEndpoint({
  name: "news",
  path: "/api/public/news",
  kind: "data",
  cost: 1,
  summary: "News for a topic",
  description:
    "Newest first, at most 10. With `topic`: the news items of the fuzzy-matched story (an empty array when the topic matches no story or the story has no news). Without: the latest in-niche news across niches. The shipped 2017 demo vault holds no news feed, so it answers an empty array.",
  query: NewsQuery,
  data: T.Array(NewsItemSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: ["topic"],
  example: [{ title: "Apple's iPhone X goes on sale", url: "https://example.com/iphone-x", source: "Example News", publishedAt: "2017-11-03T08:00:00Z" }],
  handle(q, { snap }) {
    let items = snap.idx.latestNews;
    if (q.topic) {
      const m = matchCached(snap, q.topic);
      items = m ? snap.idx.newsByStory.get(m.story.rec.id) ?? [] : [];
    }
    return { data: q.limit ? items.slice(0, q.limit) : items };
  },
});
