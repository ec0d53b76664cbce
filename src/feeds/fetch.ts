/**
 * Live fetcher behind `ingest fetch`: pulls today's YouTube charts, Google Trends RSS and news
 * feeds into `<outDir>/<date>/` so the offline ingest path can replay them later. The feeds only
 * expose "now", so `date` names the snapshot; it cannot fetch the past.
 *
 * Bodies are written even when they parse to zero items (the raw file is evidence of what the
 * endpoint said), but such files are reported in `empty`.
 */
import { createHash } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseTrendsRss } from "./gtrends.ts";
import { parseNewsFeed } from "./news.ts";
import type { SkipTally } from "./types.ts";
import { parseVideosList } from "./youtube-api.ts";

export interface FetchDayOptions {
  /** YYYY-MM-DD; names the output folder. */
  date: string;
  /** Feeds root; files go to `outDir/date/`. */
  outDir: string;
  youtubeApiKey?: string;
  regions: string[];
  /** YouTube category ids; null = all categories. Empty is treated as [null]. */
  categories: (number | null)[];
  geos: string[];
  newsFeeds: string[];
  youtubeBase?: string;
  trendsBase?: string;
  timeoutMs?: number;
  /** Extra attempts after the first for 5xx, 429, timeouts and network errors. */
  retries?: number;
  /** Base delay: attempt k waits backoffMs·2^(k-1) plus up to backoffMs of jitter. */
  backoffMs?: number;
  /** Jitter source in [0,1); injectable so tests are deterministic. */
  random?: () => number;
  concurrency?: number;
  log?: (msg: string) => void;
  fetchImpl?: typeof fetch;
}

export interface FetchDayResult {
  written: string[];
  failed: { url: string; reason: string }[];
  /** Written files whose body parsed to zero items, with the parser's skip tally. */
  empty: { file: string; skipped: SkipTally }[];
}

/** Thrown when every request failed at the network level; carries the per-URL failures. */
export class NetworkOfflineError extends Error {
  constructor(message: string, readonly failed: { url: string; reason: string }[]) {
    super(message);
    this.name = "NetworkOfflineError";
  }
}

type Outcome = { ok: true; body: string } | { ok: false; kind: "network" | "timeout" | "http"; reason: string };
type Ctx = Required<Omit<FetchDayOptions, "youtubeApiKey" | "fetchImpl">> & { fetchImpl: typeof fetch; key?: string; outcomes: Outcome[] };

/** API keys must never reach logs, file names or returned reasons. */
export function redact(s: string, key?: string): string {
  let out = s.replace(/([?&]key=)[^&#\s"'<>:;,)]*/gi, "$1REDACTED");
  if (key && key.length >= 4) out = out.split(key).join("REDACTED");
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function withParams(base: string, params: Record<string, string | undefined>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.href;
}

/** Short human-readable reason from an error body (YouTube puts it in error.errors[0].reason). */
function errorDetail(body: string): string {
  try {
    const e = JSON.parse(body)?.error;
    const r = e?.errors?.[0]?.reason ?? e?.message;
    if (typeof r === "string") return `: ${r.slice(0, 120)}`;
  } catch {}
  return "";
}

/** One URL with timeout + retries. 4xx other than 429 is the caller's fault, so it is not retried. */
async function request(url: string, c: Ctx): Promise<Outcome> {
  const shown = redact(url, c.key);
  let last: Outcome = { ok: false, kind: "network", reason: "not attempted" };
  let retryAfterMs = 0;
  for (let attempt = 0; attempt <= c.retries; attempt++) {
    if (attempt > 0) {
      const delay = Math.max(c.backoffMs * 2 ** (attempt - 1) + Math.floor(c.random() * c.backoffMs), retryAfterMs);
      c.log(`retry ${attempt}/${c.retries} in ${delay}ms: ${shown} (${last.ok ? "" : last.reason})`);
      await sleep(delay);
      retryAfterMs = 0;
    }
    const ac = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => ((timedOut = true), ac.abort()), c.timeoutMs);
    try {
      const res = await c.fetchImpl(url, { signal: ac.signal, headers: { "user-agent": "trend-intel/1.0 (feed fetcher)" } });
      const body = await res.text();
      if (res.ok) {
        c.log(`GET ${shown} -> ${res.status} (${body.length} chars)`);
        return { ok: true, body };
      }
      last = { ok: false, kind: "http", reason: redact(`HTTP ${res.status}${errorDetail(body)}`, c.key) };
      if (res.status >= 400 && res.status < 500 && res.status !== 429) break;
      const ra = Number(res.headers.get("retry-after"));
      if (Number.isFinite(ra) && ra > 0) retryAfterMs = Math.min(ra * 1000, 60_000);
    } catch (e) {
      last = timedOut
        ? { ok: false, kind: "timeout", reason: `timed out after ${c.timeoutMs}ms` }
        : { ok: false, kind: "network", reason: redact(`network error: ${(e as Error)?.message ?? String(e)}`, c.key) };
    } finally {
      clearTimeout(timer);
    }
  }
  c.log(`FAILED ${shown}: ${last.ok ? "" : last.reason}`);
  return last;
}

async function writeAtomic(path: string, data: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** Stable file-name slug for a news URL; a hash suffix disambiguates feeds that slug alike. */
export function newsSlug(url: string, all: string[] = [url]): string {
  const slugOf = (u: string) =>
    redact(u).replace(/^[a-z]+:\/\//i, "").replace(/^www\./i, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "") || "feed";
  const s = slugOf(url);
  const clash = all.some((o) => o !== url && slugOf(o) === s);
  return clash ? `${s}-${createHash("sha1").update(url).digest("hex").slice(0, 8)}` : s;
}

interface Job {
  label: string;
  file: string;
  fetch: () => Promise<string | null>;
  count: (body: string) => { n: number; skipped: SkipTally };
}

/** Follow nextPageToken up to 4 pages and merge them into one videoListResponse. */
async function youtubeBody(c: Ctx, base: string, region: string, cat: number | null, failed: FetchDayResult["failed"]): Promise<string | null> {
  let merged: Record<string, unknown> | null = null;
  const items: unknown[] = [];
  let token: string | undefined;
  for (let page = 0; page < 4; page++) {
    const url = withParams(`${base.replace(/\/+$/, "")}/videos`, {
      part: "snippet,statistics", chart: "mostPopular", regionCode: region,
      videoCategoryId: cat === null ? undefined : String(cat), maxResults: "50", pageToken: token, key: c.key,
    });
    const out = await request(url, c);
    if (page === 0) c.outcomes.push(out);
    if (!out.ok) {
      failed.push({ url: redact(url, c.key), reason: out.reason });
      break;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(out.body);
    } catch {
      doc = null;
    }
    if (typeof doc !== "object" || doc === null || !Array.isArray((doc as { items?: unknown }).items)) {
      if (page === 0) return out.body; // keep the odd body as evidence; it will be reported empty
      failed.push({ url: redact(url, c.key), reason: "page is not a videoListResponse" });
      break;
    }
    const d = doc as Record<string, unknown>;
    merged ??= d;
    items.push(...(d.items as unknown[]));
    token = typeof d.nextPageToken === "string" && d.nextPageToken ? d.nextPageToken : undefined;
    if (!token) break;
  }
  if (!merged) return null;
  const { nextPageToken: _n, prevPageToken: _p, ...rest } = merged;
  return JSON.stringify({ ...rest, items }, null, 2);
}

const CODE = /^[A-Za-z0-9-]{1,10}$/;

export async function fetchDay(opts: FetchDayOptions): Promise<FetchDayResult> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.date) || Number.isNaN(Date.parse(`${opts.date}T00:00:00Z`))) {
    throw new Error(`fetchDay: date must be YYYY-MM-DD, got ${JSON.stringify(opts.date)}`);
  }
  const key = opts.youtubeApiKey?.trim() || undefined;
  const c: Ctx = {
    date: opts.date, outDir: opts.outDir, regions: opts.regions, categories: opts.categories.length ? opts.categories : [null],
    geos: opts.geos, newsFeeds: [...new Set(opts.newsFeeds)],
    youtubeBase: opts.youtubeBase ?? "https://www.googleapis.com/youtube/v3",
    trendsBase: opts.trendsBase ?? "https://trends.google.com/trending/rss",
    timeoutMs: opts.timeoutMs ?? 15_000, retries: Math.max(0, opts.retries ?? 3), backoffMs: opts.backoffMs ?? 500,
    random: opts.random ?? Math.random, concurrency: Math.max(1, opts.concurrency ?? 4),
    log: opts.log ? (m) => opts.log!(redact(m, key)) : (m) => console.error(redact(m, key)),
    fetchImpl: opts.fetchImpl ?? fetch, key, outcomes: [],
  };
  const dir = join(c.outDir, c.date);
  const res: FetchDayResult = { written: [], failed: [], empty: [] };
  const jobs: Job[] = [];

  if (c.regions.length && !key) {
    c.log(`YouTube skipped: no API key (set YOUTUBE_API_KEY); ${c.regions.length * c.categories.length} chart(s) not fetched`);
    res.failed.push({ url: `${c.youtubeBase}/videos`, reason: "skipped: YOUTUBE_API_KEY not set" });
  }
  for (const region of key ? c.regions : []) {
    for (const cat of c.categories) {
      if (!CODE.test(region) || (cat !== null && !(Number.isInteger(cat) && cat >= 0))) {
        res.failed.push({ url: `youtube ${region}/${cat}`, reason: "invalid region or category" });
        continue;
      }
      jobs.push({
        label: `youtube ${region}/${cat ?? "all"}`, file: `youtube-${region}-${cat ?? "all"}.json`,
        fetch: () => youtubeBody(c, c.youtubeBase, region, cat, res.failed),
        count: (b) => tally(parseVideosList(b, region)),
      });
    }
  }
  for (const geo of c.geos) {
    if (!CODE.test(geo)) {
      res.failed.push({ url: `gtrends ${geo}`, reason: "invalid geo code" });
      continue;
    }
    jobs.push({ label: `gtrends ${geo}`, file: `gtrends-${geo}.xml`, fetch: () => simple(withParams(c.trendsBase, { geo }), c, res.failed), count: (b) => tally(parseTrendsRss(b, geo)) });
  }
  for (const url of c.newsFeeds) {
    jobs.push({ label: `news ${redact(url, key)}`, file: `news-${newsSlug(url, c.newsFeeds)}.xml`, fetch: () => simple(url, c, res.failed), count: (b) => tally(parseNewsFeed(b)) });
  }

  await mkdir(dir, { recursive: true });
  const written: (string | null)[] = new Array(jobs.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i];
      const body = await job.fetch();
      if (body === null) continue;
      const path = join(dir, job.file);
      try {
        await writeAtomic(path, body);
        written[i] = path;
      } catch (e) {
        res.failed.push({ url: job.label, reason: `write failed: ${(e as Error).message}` });
        continue;
      }
      const { n, skipped } = job.count(body);
      if (n === 0) {
        res.empty.push({ file: path, skipped });
        c.log(`WARNING ${job.file}: body parsed to zero items ${JSON.stringify(skipped)}`);
      } else c.log(`wrote ${job.file} (${n} items)`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(c.concurrency, jobs.length) }, worker));
  res.written = written.filter((p): p is string => p !== null);

  if (c.outcomes.length > 0 && c.outcomes.every((o) => !o.ok && o.kind === "network")) {
    const first = c.outcomes[0] as { reason: string };
    const msg = `all ${c.outcomes.length} request(s) failed with network errors; the network seems offline (first: ${first.reason})`;
    c.log(msg);
    throw new NetworkOfflineError(redact(msg, key), res.failed);
  }
  return res;
}

function tally(r: { items: unknown[]; skipped: SkipTally }) {
  return { n: r.items.length, skipped: r.skipped };
}

async function simple(url: string, c: Ctx, failed: FetchDayResult["failed"]): Promise<string | null> {
  const out = await request(url, c);
  c.outcomes.push(out);
  if (out.ok) return out.body;
  failed.push({ url: redact(url, c.key), reason: out.reason });
  return null;
}
