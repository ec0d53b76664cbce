/** GET /api/public/trends — ranked trend items per source and niche (1 credit). */
import { Type as T } from "@sinclair/typebox";
import { defineEndpoint } from "./endpoint.ts";
import { TrendsQuery } from "./params.ts";
import { TrendItemSchema } from "./shapes.ts";
import { trendKey } from "../engine/indexes.ts";

export const trends = defineEndpoint({
  name: "trends",
  path: "/api/public/trends",
  kind: "data",
  cost: 1,
  summary: "Trending topics",
  description:
    "Top trend items (at most 10) for one source (`google` search trends or `youtube` videos; default `google`), optionally in one niche, ranked by viralScore (see docs/rules.md). Only items classified into one of the six niches are served. An empty array means the vault holds no such data.",
  query: TrendsQuery,
  data: T.Array(TrendItemSchema, { maxItems: 10 }),
  confidence: "observed",
  freeText: [],
  example: [
    { title: "iPhone X — Introducing iPhone X — Apple", source: "youtube", niche: "Tech", viralScore: 85, searchVolume: "", views: 12345678, geos: ["US"], publishedAt: "2017-09-13T00:00:00Z" },
  ],
  handle(q, { snap }) {
    const key = trendKey(q.source ?? "google", q.niche);
    const items = snap.idx.trends.get(key) ?? [];
    if (q.limit && q.limit < items.length) return { data: items.slice(0, q.limit) };
    return { dataJson: snap.idx.trendsJson.get(key) ?? "[]" };
  },
});
