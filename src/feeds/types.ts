/**
 * What every raw-feed parser emits. Parsers are pure: text in, observations out, plus a tally of
 * what was skipped and why. They never throw on bad input (only on programmer error).
 */

/** One video as seen on one day (YouTube Data API `videos.list` item or a Kaggle CSV row). */
export interface VideoObs {
  kind: "video";
  id: string;
  title: string;
  channelTitle: string;
  channelId: string | null;
  /** ISO 8601 timestamp from the feed, or null when the feed has none (Kaggle v1 file). */
  publishedAt: string | null;
  categoryId: number | null;
  tags: string[];
  /** Cumulative view count on that day. */
  views: number;
  /** Region code of the chart the video was seen on, e.g. "US". */
  region: string;
}

/** One Google Trends trending search as seen on one day. */
export interface SearchObs {
  kind: "search";
  query: string;
  /** The feed's bucket text, kept verbatim for `searchVolume`, e.g. "200K+". */
  trafficText: string;
  /** The bucket's lower bound as a number, e.g. 200000. */
  traffic: number;
  geo: string;
  /** ISO 8601 timestamp (from RFC 822 pubDate), or null when absent/unparseable. */
  publishedAt: string | null;
  /** The feed's ht:news_item children, as news observations. */
  news: NewsObs[];
}

/** One news article (RSS item, Atom entry, or a Google Trends ht:news_item). */
export interface NewsObs {
  kind: "news";
  title: string;
  url: string;
  /** Outlet name, e.g. "The Verge"; the feed's title when the item carries none. */
  source: string;
  /** ISO 8601 timestamp, or null when absent/unparseable. */
  publishedAt: string | null;
}

export type Observation = VideoObs | SearchObs | NewsObs;

/** Count of skipped rows/items by reason; nothing valid is ever dropped. */
export interface SkipTally {
  [reason: string]: number;
}

export interface ParseResult<T> {
  items: T[];
  skipped: SkipTally;
}

export function addSkip(t: SkipTally, reason: string, n = 1): void {
  t[reason] = (t[reason] ?? 0) + n;
}
