/**
 * SYNTHETIC vault generator for the scale benchmark (bench/scale.ts). Nothing here is real data:
 * every title, channel, view count and query is made up, from a seeded PRNG, out of real words.
 *
 * Model (per tracked video i, all derived from hash(seed, i) so any day can be generated alone):
 * - first seen on day f_i, uniform over the 30 days, so the vault holds all N videos by day 30;
 * - observed on day f_i, then on each later day with probability max(0.15, 0.9^age): the chart
 *   keeps a fresh video, older ones are re-polled less often (≈ 0.34·N observations on day 30);
 * - cumulative views v0 + g0·Σ_{a≤age} r^a: log-normal start and first-day gain, decay r ∈ [0.6, 0.95];
 * - title: real words of data/youtube-us-2017.csv titles drawn by their frequency there (so "official",
 *   "trailer", "2017" are common, as in the real charts), 3-8 words; 45% of titles carry a topic phrase
 *   (2-3 words) from a pool of N/25 topics with Zipf popularity, so stories form as in real data;
 *   some carry a format tail ("Official Trailer", "(2017)") or a "| Channel" tail;
 * - channel from a pool of N/20 made-up two-word names; category from the Kaggle category ids;
 *   0-4 tags; publishedAt a few hours before first seen; region US (10% also GB).
 * Searches: 50 + N/2000 a day from the topic pool (Zipf), Google Trends buckets, 0-3 news items each.
 * News: 100 + N/1000 articles a day. Both share topic words with videos, so stories span sources.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseCsvRecords } from "../src/feeds/csv.ts";
import { STOPWORDS, tokens } from "../src/rules/text.ts";
import type { DayInput } from "../src/vault/ingest.ts";
import type { NewsObs, Observation, SearchObs, VideoObs } from "../src/feeds/types.ts";
import { mulberry32 } from "../scripts/prng.ts";

export const SYNTH_LABEL = "SYNTHETIC";
export const SYNTH_DAYS = 30;
/** First synthetic day (an arbitrary date; the label says what the data is). */
export const SYNTH_START = "2030-01-01";

/** 32-bit integer hash (murmur3 finaliser style) of two ints; the base of every per-item draw. */
function hash2(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32 seeded PRNG (scripts/prng.ts), re-exported for bench/scale.ts. */
export const prng = mulberry32;

/** Standard normal from two uniforms (Box-Muller). */
function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

interface Vocab {
  words: string[];
  /** Cumulative frequencies, for frequency-weighted draws. */
  cum: Float64Array;
}

let vocabCache: Vocab | null = null;

/** Words of the real 2017 titles (lower-case, 2+ letters or a number), with their frequency. */
export function vocabulary(): Vocab {
  if (vocabCache) return vocabCache;
  const csv = parseCsvRecords(readFileSync(join(import.meta.dir, "../data/youtube-us-2017.csv"), "utf8"));
  const freq = new Map<string, number>();
  const seen = new Set<string>();
  for (const r of csv.records) {
    // Each distinct video once, so one video charting 20 days does not weigh 20 times.
    if (seen.has(r.video_id)) continue;
    seen.add(r.video_id);
    for (const t of tokens(r.title)) if (/^([a-z]{2,}|\d{1,4})$/.test(t)) freq.set(t, (freq.get(t) ?? 0) + 1);
  }
  const words = [...freq.keys()].sort();
  const cum = new Float64Array(words.length);
  let s = 0;
  words.forEach((w, i) => (cum[i] = s += freq.get(w)!));
  return (vocabCache = { words, cum });
}

function pickWeighted(v: Vocab, r: number): string {
  const x = r * v.cum[v.cum.length - 1];
  let lo = 0, hi = v.cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.cum[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return v.words[lo];
}

const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
const CATEGORIES = [1, 2, 10, 15, 17, 19, 20, 22, 23, 24, 25, 26, 27, 28, 29, 43];
const FORMAT_TAILS = ["Official Trailer", "Official Video", "(Official Music Video)", "(2017)", "Review", "Highlights", "Reaction", "Live", "Full Episode", "Explained"];
const BUCKETS: [number, string][] = [[20_000, "20K+"], [50_000, "50K+"], [100_000, "100K+"], [200_000, "200K+"], [500_000, "500K+"], [1_000_000, "1M+"], [2_000_000, "2M+"]];
const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export function isoDay(start: string, k: number): string {
  return new Date(Date.parse(start + "T00:00:00Z") + k * 86_400_000).toISOString().slice(0, 10);
}

/** Zipf(1) rank in [0, n) from a uniform: inverse of the continuous approximation, H(n) ≈ ln n. */
function zipf(n: number, r: number): number {
  return Math.min(n - 1, Math.floor(Math.exp(r * Math.log(n + 1)) - 1));
}

export interface SynthOptions {
  videos: number;
  days?: number;
  seed?: number;
  start?: string;
}

/** A SYNTHETIC vault of `videos` tracked videos over `days` days; `day(k)` is day k's DayInput (0-based). */
export class SyntheticVault {
  readonly n: number;
  readonly days: number;
  readonly seed: number;
  readonly start: string;
  private vocab = vocabulary();
  private topics: string[][];
  private channels: string[];
  /** Per-video static attributes, built lazily once. */
  private first: Uint8Array;
  private titles: (string | undefined)[];

  constructor(o: SynthOptions) {
    this.n = o.videos;
    this.days = o.days ?? SYNTH_DAYS;
    this.seed = o.seed ?? 2030;
    this.start = o.start ?? SYNTH_START;
    const r = prng(this.seed);
    const nt = Math.max(50, Math.floor(this.n / 25));
    this.topics = [];
    for (let i = 0; i < nt; i++) {
      const k = 2 + (r() < 0.4 ? 1 : 0);
      const ws: string[] = [];
      // Topic words drawn uniformly from the vocabulary: mostly rarer words, like real subjects.
      for (let j = 0; j < k; j++) ws.push(this.vocab.words[Math.floor(r() * this.vocab.words.length)]);
      this.topics.push(ws);
    }
    const nc = Math.max(20, Math.floor(this.n / 20));
    this.channels = [];
    for (let i = 0; i < nc; i++) {
      const a = this.vocab.words[Math.floor(r() * this.vocab.words.length)];
      const b = this.vocab.words[Math.floor(r() * this.vocab.words.length)];
      this.channels.push(r() < 0.3 ? cap(a) + cap(b) : `${cap(a)} ${cap(b)}`);
    }
    this.first = new Uint8Array(this.n);
    for (let i = 0; i < this.n; i++) this.first[i] = hash2(this.seed, i) % this.days;
    this.titles = new Array(this.n);
  }

  /** Per-video PRNG, independent of the day. */
  private rv(i: number, salt = 0): () => number {
    return prng(hash2(this.seed ^ (0x5bd1e995 + salt), i));
  }

  videoId(i: number): string {
    let h = hash2(this.seed + 17, i), g = hash2(this.seed + 29, i);
    let s = "";
    for (let k = 0; k < 11; k++) {
      s += ID_CHARS[(k < 5 ? h : g) & 63];
      if (k < 5) h >>>= 6;
      else g >>>= 6;
    }
    // 11 chars like a YouTube id; the numeric suffix keeps ids unique whatever the hash does.
    return s.slice(0, 4) + i.toString(36).padStart(7, "0");
  }

  private title(i: number): string {
    let t = this.titles[i];
    if (t !== undefined) return t;
    const r = this.rv(i, 1);
    const ws: string[] = [];
    const k = 3 + Math.floor(r() * 6);
    for (let j = 0; j < k; j++) ws.push(pickWeighted(this.vocab, r()));
    if (r() < 0.45) {
      const topic = this.topics[zipf(this.topics.length, r())];
      ws.splice(Math.floor(r() * Math.min(2, ws.length)), 0, ...topic);
    }
    const caps = r();
    t = ws.map((w) => (caps < 0.1 ? w.toUpperCase() : caps < 0.7 ? cap(w) : w)).join(" ");
    const tail = r();
    if (tail < 0.15) t += " " + FORMAT_TAILS[Math.floor(r() * FORMAT_TAILS.length)];
    else if (tail < 0.3) t += " | " + this.channel(i);
    else if (tail < 0.35) t += " - " + FORMAT_TAILS[Math.floor(r() * FORMAT_TAILS.length)];
    this.titles[i] = t;
    return t;
  }

  private channelIdx(i: number): number {
    return hash2(this.seed + 3, i) % this.channels.length;
  }

  private channel(i: number): string {
    return this.channels[this.channelIdx(i)];
  }

  /** True when video i is observed on day k. */
  observed(i: number, k: number): boolean {
    const f = this.first[i];
    if (k < f) return false;
    if (k === f) return true;
    const p = Math.max(0.15, Math.pow(0.9, k - f));
    return hash2(this.seed * 31 + k, i) / 4294967296 < p;
  }

  private video(i: number, k: number): VideoObs {
    const r = this.rv(i, 2);
    const v0 = Math.exp(8 + 1.8 * gauss(r));
    const g0 = Math.exp(10 + 1.5 * gauss(r));
    const decay = 0.6 + 0.35 * r();
    const age = k - this.first[i];
    const views = Math.round(v0 + (g0 * (1 - Math.pow(decay, age + 1))) / (1 - decay));
    const nTags = Math.floor(r() * 5);
    const tags: string[] = [];
    for (let j = 0; j < nTags; j++) tags.push(pickWeighted(this.vocab, r()));
    const hoursBefore = 1 + Math.floor(r() * 40);
    const firstMs = Date.parse(this.start + "T00:00:00Z") + this.first[i] * 86_400_000;
    const ci = this.channelIdx(i);
    return {
      kind: "video",
      id: this.videoId(i),
      title: this.title(i),
      channelTitle: this.channels[ci],
      channelId: "UC" + ci.toString(36).padStart(22, "0"),
      publishedAt: new Date(firstMs - hoursBefore * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      categoryId: CATEGORIES[Math.floor(r() * CATEGORIES.length)],
      tags,
      views,
      region: r() < 0.1 && (hash2(k, i) & 1) ? "GB" : "US",
    };
  }

  /** Day k's DayInput (0 ≤ k < days). */
  day(k: number): DayInput {
    const day = isoDay(this.start, k);
    const obs: Observation[] = [];
    for (let i = 0; i < this.n; i++) if (this.observed(i, k)) obs.push(this.video(i, k));
    const r = prng(hash2(this.seed + 101, k));
    const nS = 50 + Math.floor(this.n / 2000);
    const dayMs = Date.parse(day + "T00:00:00Z");
    const article = (j: number, topic: string[] | null): NewsObs => {
      const ws = topic ? [...topic] : [];
      const m = 4 + Math.floor(r() * 6);
      for (let x = 0; x < m; x++) ws.push(pickWeighted(this.vocab, r()));
      return {
        kind: "news",
        title: ws.map(cap).join(" "),
        url: `https://news.synthetic.example/${day}/${j}`,
        source: `Synthetic ${cap(this.vocab.words[hash2(j, k) % this.vocab.words.length])} News`,
        publishedAt: new Date(dayMs + Math.floor(r() * 86_400_000)).toISOString().replace(/\.\d{3}Z$/, "Z"),
      };
    };
    let nid = 0;
    const seenQ = new Set<string>();
    for (let j = 0; j < nS; j++) {
      const topic = this.topics[zipf(this.topics.length, r())];
      const query = topic.join(" ");
      if (seenQ.has(query)) continue;
      seenQ.add(query);
      const [traffic, trafficText] = BUCKETS[Math.min(BUCKETS.length - 1, Math.floor(-Math.log(1 - r()) * 1.5))];
      const news: NewsObs[] = [];
      const nn = Math.floor(r() * 4);
      for (let x = 0; x < nn; x++) news.push(article(nid++, topic));
      const s: SearchObs = { kind: "search", query, trafficText, traffic, geo: "US", publishedAt: new Date(dayMs + Math.floor(r() * 86_400_000)).toISOString().replace(/\.\d{3}Z$/, "Z"), news };
      obs.push(s);
    }
    const nN = 100 + Math.floor(this.n / 1000);
    for (let j = 0; j < nN; j++) obs.push(article(nid++, r() < 0.3 ? this.topics[zipf(this.topics.length, r())] : null));
    return { day, observations: obs, inputs: [`${SYNTH_LABEL}-videos${this.n}-seed${this.seed}#${day}`], skipped: {} };
  }
}
