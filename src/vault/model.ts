/**
 * The vault: everything the service knows, as of one day. One immutable snapshot per day holds the
 * whole history (series, stories, alert log), so a snapshot alone can answer every endpoint.
 * Days are written as ISO calendar dates; series are parallel arrays of day ordinals (days since
 * 1970-01-01) and values, oldest first.
 */
import type { Niche } from "../domain/enums.ts";
import type { SkipTally } from "../feeds/types.ts";

export interface VideoRec {
  id: string;
  title: string;
  channelTitle: string;
  channelId: string | null;
  categoryId: number | null;
  tags: string[];
  /** From the feed; null when the feed has none (Kaggle v1). Never invented. */
  publishedAt: string | null;
  /** First day the vault saw the video. */
  firstSeen: string;
  regions: string[];
  niche: Niche | null;
  storyId: string | null;
  /** Day ordinals of observations. */
  d: number[];
  /** Cumulative views on those days. */
  v: number[];
  /**
   * Chart position on those days (rank / list length in its region's list, 0 = top, best over
   * regions; null when unknown). Absent in vaults built before it was recorded. Breakout's chart
   * context reads it (docs/rules.md §6), at serving and in the backtest alike.
   */
  p?: (number | null)[];
}

export interface SearchRec {
  /** Normalised query + geo. */
  key: string;
  query: string;
  geo: string;
  firstSeen: string;
  niche: Niche | null;
  storyId: string | null;
  trafficText: string;
  publishedAt: string | null;
  d: number[];
  /** Traffic bucket lower bound per day. */
  t: number[];
}

export interface NewsRec {
  url: string;
  title: string;
  source: string;
  publishedAt: string | null;
  firstSeen: string;
  niche: Niche | null;
  storyId: string | null;
}

export interface StoryRec {
  id: string;
  name: string;
  niche: Niche | null;
  firstSeen: string;
  terms: string[];
  videoIds: string[];
  searchKeys: string[];
  newsUrls: string[];
  creators: string[];
  /** Daily series aligned with VaultBody.days (value per day, 0 when absent). */
  series: { video: number[]; search: number[]; news: number[] };
}

/** One alert shown by the brief on a given day (the alert log; receipts are measured from it). */
export interface AlertLogEntry {
  date: string;
  storyId: string;
  topic: string;
  phase: string;
  source: string;
  /** Lead video, when the alert is video-led: receipts re-measure its views. */
  videoId: string | null;
  viewsAtAlert: number | null;
}

export interface IngestDayReport {
  day: string;
  inputs: string[];
  counts: { videos: number; searches: number; news: number };
  skipped: SkipTally;
}

export interface VaultBody {
  date: string;
  days: string[];
  videos: VideoRec[];
  searches: SearchRec[];
  news: NewsRec[];
  stories: StoryRec[];
  alertLog: AlertLogEntry[];
  reports: IngestDayReport[];
}

export const DAY_MS = 86_400_000;

export function dayOrdinal(iso: string): number {
  return Math.floor(Date.parse(iso + "T00:00:00Z") / DAY_MS);
}

export function ordinalToIso(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function emptyVault(date: string): VaultBody {
  return { date, days: [], videos: [], searches: [], news: [], stories: [], alertLog: [], reports: [] };
}
