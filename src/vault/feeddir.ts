/**
 * The daily feed folder layout: DIR/YYYY-MM-DD/ holds any mix of YouTube videos.list JSON, Google
 * Trends RSS and news RSS/Atom files, recognised by content (not by name). Files are read in name
 * order so a replay is deterministic.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, basename } from "node:path";
import { detectFeedKind } from "../feeds/detect.ts";
import { parseVideosList } from "../feeds/youtube-api.ts";
import { parseTrendsRss } from "../feeds/gtrends.ts";
import { parseNewsFeed } from "../feeds/news.ts";
import { addSkip, type Observation, type SkipTally } from "../feeds/types.ts";
import type { DayInput } from "./ingest.ts";

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function listFeedDays(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`feeds directory not found: ${dir}`);
  return readdirSync(dir)
    .filter((d) => DAY_RE.test(d) && statSync(join(dir, d)).isDirectory())
    .sort();
}

/** Region of a YouTube chart file from its name (youtube-US-28.json), default US. */
function regionOf(file: string): string {
  return /(?:^|[-_.])([A-Z]{2})(?=[-_.])/.exec(basename(file))?.[1] ?? "US";
}

function mergeSkips(into: SkipTally, from: SkipTally, prefix: string): void {
  for (const [k, v] of Object.entries(from)) addSkip(into, `${prefix}:${k}`, v);
}

export function readFeedDay(dir: string, day: string): DayInput {
  const folder = join(dir, day);
  const observations: Observation[] = [];
  const skipped: SkipTally = {};
  const inputs: string[] = [];
  for (const f of readdirSync(folder).sort()) {
    const path = join(folder, f);
    if (f.startsWith(".") || !statSync(path).isFile()) continue;
    const text = readFileSync(path, "utf8");
    const kind = detectFeedKind(text);
    inputs.push(`${f}:${kind}`);
    if (kind === "youtube") {
      const r = parseVideosList(text, regionOf(f));
      observations.push(...r.items);
      mergeSkips(skipped, r.skipped, "youtube");
    } else if (kind === "gtrends") {
      const r = parseTrendsRss(text);
      observations.push(...r.items);
      mergeSkips(skipped, r.skipped, "gtrends");
    } else if (kind === "news") {
      const r = parseNewsFeed(text);
      observations.push(...r.items);
      mergeSkips(skipped, r.skipped, "news");
    } else {
      addSkip(skipped, "unrecognised_file");
    }
  }
  return { day, observations, inputs, skipped };
}
