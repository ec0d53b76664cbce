/**
 * YouTube Data API v3 `videos.list` (chart=mostPopular) responses → VideoObs. The API sends
 * counts as decimal strings and omits `statistics` for some videos (e.g. hidden stats), so every
 * field is checked rather than trusted.
 */
import { addSkip, type ParseResult, type SkipTally, type VideoObs } from "./types.ts";
import { toIsoDate } from "./news.ts";

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

/** Non-negative integer from the API's string count (numbers tolerated for hand-merged files). */
function count(v: unknown): number | null {
  if (typeof v === "number") return Number.isSafeInteger(v) && v >= 0 ? v : null;
  if (typeof v === "string" && /^\d{1,16}$/.test(v.trim())) return Number(v.trim());
  return null;
}

/**
 * Duplicate ids are skipped (`duplicate_id`): a chart lists a video once, so a repeat is a
 * paging artifact from merging pages fetched while the chart shifted.
 */
export function parseVideosList(jsonText: string, region: string): ParseResult<VideoObs> {
  const items: VideoObs[] = [];
  const skipped: SkipTally = {};
  let doc: unknown;
  try {
    doc = JSON.parse(typeof jsonText === "string" ? jsonText.replace(/^\uFEFF/, "") : "");
  } catch {
    addSkip(skipped, "malformed_json");
    return { items, skipped };
  }
  if (!isObj(doc) || !Array.isArray(doc.items)) {
    addSkip(skipped, "not_a_video_list");
    return { items, skipped };
  }
  const seen = new Set<string>();
  for (const it of doc.items) {
    if (!isObj(it)) {
      addSkip(skipped, "missing_id");
      continue;
    }
    const id = str(it.id);
    const sn = isObj(it.snippet) ? it.snippet : {};
    const st = isObj(it.statistics) ? it.statistics : null;
    const title = str(sn.title);
    if (!id) addSkip(skipped, "missing_id");
    else if (!title) addSkip(skipped, "missing_title");
    else if (!st || st.viewCount === undefined || st.viewCount === null) addSkip(skipped, "missing_views");
    else if (count(st.viewCount) === null) addSkip(skipped, "bad_views");
    else if (seen.has(id)) addSkip(skipped, "duplicate_id");
    else {
      seen.add(id);
      const cat = typeof sn.categoryId === "string" || typeof sn.categoryId === "number" ? count(sn.categoryId) : null;
      items.push({
        kind: "video",
        id,
        title,
        channelTitle: typeof sn.channelTitle === "string" ? sn.channelTitle : "",
        channelId: str(sn.channelId),
        publishedAt: typeof sn.publishedAt === "string" ? toIsoDate(sn.publishedAt) : null,
        categoryId: cat,
        tags: Array.isArray(sn.tags) ? sn.tags.filter((t): t is string => typeof t === "string") : [],
        views: count(st.viewCount)!,
        region,
      });
    }
  }
  return { items, skipped };
}
