/**
 * Kaggle "Trending YouTube Video Statistics" (Mitchell J, v1, US file, CC0) → video observations
 * split by trending day. The file has no year (dates are DD.MM; the year is 2017) and no publish
 * time; malformed rows are counted by reason and skipped.
 */
import { parseCsv } from "./csv.ts";
import { addSkip, type SkipTally, type VideoObs } from "./types.ts";

const COLS = ["video_id", "title", "channel_title", "category_id", "tags", "views", "likes", "dislikes", "comment_total", "thumbnail_link", "date"];

export interface KaggleResult {
  days: Map<string, VideoObs[]>;
  skipped: SkipTally;
  rows: number;
}

function toIsoDay(ddmm: string, year: number): string | null {
  const m = /^(\d{2})\.(\d{2})$/.exec(ddmm);
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const dt = new Date(Date.UTC(year, mo - 1, d));
  if (dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return dt.toISOString().slice(0, 10);
}

export function parseKaggleCsv(text: string, opts: { year?: number; region?: string; onProgress?: (done: number, total: number) => void } = {}): KaggleResult {
  const year = opts.year ?? 2017;
  const region = opts.region ?? "US";
  const rows = parseCsv(text);
  const skipped: SkipTally = {};
  const days = new Map<string, VideoObs[]>();
  const seen = new Map<string, VideoObs>(); // day|id → obs, to resolve duplicate rows
  const header = rows[0] ?? [];
  if (header.join(",") !== COLS.join(",")) {
    addSkip(skipped, "unexpected_header", rows.length);
    return { days, skipped, rows: Math.max(0, rows.length - 1) };
  }
  const total = rows.length - 1;
  for (let r = 1; r < rows.length; r++) {
    if (opts.onProgress && r % 1000 === 0) opts.onProgress(r, total);
    const f = rows[r];
    if (f.length === 1 && f[0] === "") continue;
    if (f.length !== COLS.length) {
      addSkip(skipped, "wrong_column_count");
      continue;
    }
    const [id, title, channel, cat, tags, views, , , , , date] = f;
    if (!/^[\w-]{6,20}$/.test(id)) {
      addSkip(skipped, "bad_video_id");
      continue;
    }
    if (!title.trim()) {
      addSkip(skipped, "missing_title");
      continue;
    }
    const day = toIsoDay(date.trim(), year);
    if (!day) {
      addSkip(skipped, "bad_date");
      continue;
    }
    if (!/^\d+$/.test(views)) {
      addSkip(skipped, "bad_views");
      continue;
    }
    const obs: VideoObs = {
      kind: "video",
      id,
      title,
      channelTitle: channel,
      channelId: null,
      publishedAt: null,
      categoryId: /^\d+$/.test(cat) ? Number(cat) : null,
      tags: tags === "[none]" || tags === "" ? [] : tags.split("|").map((t) => t.replace(/^"|"$/g, "")).filter(Boolean),
      views: Number(views),
      region,
    };
    const k = day + "|" + id;
    const prev = seen.get(k);
    if (prev) {
      addSkip(skipped, "duplicate_row");
      if (obs.views > prev.views) Object.assign(prev, obs);
      continue;
    }
    seen.set(k, obs);
    let list = days.get(day);
    if (!list) days.set(day, (list = []));
    list.push(obs);
  }
  opts.onProgress?.(total, total);
  return { days: new Map([...days].sort((a, b) => (a[0] < b[0] ? -1 : 1))), skipped, rows: total };
}
