/**
 * Kaggle "Trending YouTube Video Statistics" CSV → the daily feed layout read by `ingest --feeds`
 * and `backtest --feeds`: OUT/YYYY-MM-DD/youtube-RR-all.json, one YouTube Data API v3 `videos.list`
 * response per trending day (kind youtube#videoListResponse). The CSV has no publish time, so
 * `snippet.publishedAt` is omitted (never invented); counts are decimal strings as the API sends
 * them; items keep the CSV's row order (= chart position). The region RR comes from the file name
 * (GBvideos.csv → GB; anything else US). Deterministic: same CSV → same files.
 * Usage: bun scripts/kaggle-to-feeds.ts [CSV] [OUT]   (defaults: data/youtube-us-2017.csv .tmp/feeds2017)
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseKaggleCsv } from "../src/feeds/kaggle.ts";
import type { VideoObs } from "../src/feeds/types.ts";

export interface VideoListResponse {
  kind: "youtube#videoListResponse";
  etag: string;
  items: {
    kind: "youtube#video";
    etag: string;
    id: string;
    snippet: { title: string; channelTitle: string; categoryId?: string; tags?: string[] };
    statistics: { viewCount: string };
  }[];
  pageInfo: { totalResults: number; resultsPerPage: number };
}

/** FNV-1a of a string as 8 hex digits (a stable stand-in for the API's opaque etags). */
function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

export function toVideoList(list: VideoObs[]): VideoListResponse {
  const items = list.map((o) => {
    const snippet: VideoListResponse["items"][number]["snippet"] = { title: o.title, channelTitle: o.channelTitle };
    if (o.categoryId !== null) snippet.categoryId = String(o.categoryId);
    if (o.tags.length) snippet.tags = o.tags;
    return { kind: "youtube#video" as const, etag: fnv(o.id + "|" + o.views), id: o.id, snippet, statistics: { viewCount: String(o.views) } };
  });
  return { kind: "youtube#videoListResponse", etag: fnv(items.map((i) => i.etag).join()), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } };
}

/** Converts the CSV text; returns day → JSON text (what gets written) and the parser's skip tally. */
export function kaggleToFeeds(csvText: string): { files: Map<string, string>; skipped: Record<string, number>; rows: number } {
  const r = parseKaggleCsv(csvText);
  const files = new Map<string, string>();
  for (const [day, list] of r.days) files.set(day, JSON.stringify(toVideoList(list), null, 1) + "\n");
  return { files, skipped: r.skipped, rows: r.rows };
}

if (import.meta.main) {
  const [csv = "data/youtube-us-2017.csv", out = ".tmp/feeds2017"] = process.argv.slice(2);
  const region = /(^|\/)([A-Z]{2})videos\.csv$/.exec(csv)?.[2] ?? "US";
  if (csv === "--help" || csv === "-h") {
    console.log("Usage: bun scripts/kaggle-to-feeds.ts [CSV] [OUT]   (defaults: data/youtube-us-2017.csv .tmp/feeds2017)");
    process.exit(0);
  }
  const { files, skipped, rows } = kaggleToFeeds(readFileSync(csv, "utf8"));
  for (const [day, text] of files) {
    mkdirSync(join(out, day), { recursive: true });
    writeFileSync(join(out, day, `youtube-${region}-all.json`), text);
  }
  const sk = Object.entries(skipped).map(([k, v]) => `${k}=${v}`).join(", ") || "none";
  console.error(`${rows} rows → ${files.size} days in ${out} (skipped: ${sk})`);
}
