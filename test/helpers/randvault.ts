/**
 * Random small vaults for property tests, built through the REAL ingest (buildDay + withAlertLog),
 * plus a private copy of the shipped demo vault (snapshots/).
 *
 * A random vault has a few days, a few videos with random cumulative view series on random channels,
 * titles drawn from a small vocabulary (a handful of subjects × title formats) so that stories with
 * several members and repeated title patterns actually form, and optionally search trends (with
 * their attached news) and standalone news articles.
 */
import fc from "fast-check";
import { cpSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildDay } from "../../src/vault/ingest.ts";
import { withAlertLog } from "../../src/engine/alertlog.ts";
import { dayOrdinal, ordinalToIso, type VaultBody } from "../../src/vault/model.ts";
import { readSnapshotFile } from "../../src/vault/snapshot.ts";
import type { NewsObs, Observation, SearchObs, VideoObs } from "../../src/feeds/types.ts";
import { buildIndexes, type Indexes } from "../../src/engine/indexes.ts";
import { REPO, fullVault } from "./vault.ts";
import { tempDir } from "./tmp.ts";

/** Subjects: each names one niche with a title keyword (src/rules/niche.ts), two-word so stories can form. */
export const SUBJECTS = [
  { name: "iPhone X", niche: "Tech", category: 28 },
  { name: "Bitcoin price", niche: "Crypto", category: 27 },
  { name: "keto diet", niche: "Health", category: 26 },
  { name: "stock market", niche: "Finance", category: 25 },
  { name: "machine learning", niche: "AI", category: 28 },
  { name: "startup founder", niche: "Business", category: 22 },
] as const;

/** Title formats: several carry hook/structure patterns (question, confession, list, colon, pipe …). */
export const FORMATS = [
  (s: string) => `${s} review`,
  (s: string) => `I tried ${s} for a week`,
  (s: string) => `Is ${s} worth it?`,
  (s: string) => `7 things nobody tells you about ${s}`,
  (s: string) => `${s}: what nobody tells you`,
  (s: string) => `${s} | honest opinion`,
  (s: string) => `Why ${s} is overrated`,
  (s: string) => `${s} explained in 10 minutes!`,
] as const;

export const CHANNELS = ["Nova Labs", "Quill Daily", "Rook Media", "Tamsin Vlogs", "Ubuntu Ursula", "Wexford Wire", "Yarrow Yields"] as const;

export const BUCKETS = [
  { text: "1000+", n: 1000 },
  { text: "20K+", n: 20_000 },
  { text: "50,000+", n: 50_000 },
  { text: "200K+", n: 200_000 },
  { text: "2M+", n: 2_000_000 },
] as const;

export interface RandVideo {
  subject: number;
  format: number;
  channel: number;
  /** Day index of the first observation, and how many consecutive days it stays on the chart. */
  start: number;
  len: number;
  views0: number;
  /** Daily gains (as many as needed; extra entries are ignored). */
  gains: number[];
}

export interface RandSearch {
  subject: number;
  start: number;
  len: number;
  buckets: number[];
  news: number;
}

export interface RandNews {
  subject: number;
  day: number;
  n: number;
}

export interface RandVaultSpec {
  firstDay: string;
  days: number;
  videos: RandVideo[];
  searches: RandSearch[];
  news: RandNews[];
}

const MAX_DAYS = 5;

const gain = fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 3_000_000 }), fc.integer({ min: 50_000, max: 400_000 }));
/** Gains with a trend (growing or fading), so accelerating stories are common. */
const trendGains = fc
  .record({ exp: fc.double({ min: 1, max: 5.9, noNaN: true }), growth: fc.double({ min: 0.4, max: 3, noNaN: true }) })
  .map(({ exp, growth }) => Array.from({ length: MAX_DAYS }, (_, i) => Math.round(10 ** exp * growth ** i)));

export const randVideo: fc.Arbitrary<RandVideo> = fc.record({
  subject: fc.integer({ min: 0, max: SUBJECTS.length - 1 }),
  format: fc.integer({ min: 0, max: FORMATS.length - 1 }),
  channel: fc.integer({ min: 0, max: CHANNELS.length - 1 }),
  start: fc.integer({ min: 0, max: MAX_DAYS - 1 }),
  len: fc.integer({ min: 1, max: MAX_DAYS }),
  views0: fc.integer({ min: 100, max: 5_000_000 }),
  gains: fc.oneof(fc.array(gain, { minLength: MAX_DAYS, maxLength: MAX_DAYS }), trendGains),
});

export const randSearch: fc.Arbitrary<RandSearch> = fc.record({
  subject: fc.integer({ min: 0, max: SUBJECTS.length - 1 }),
  start: fc.integer({ min: 0, max: MAX_DAYS - 1 }),
  len: fc.integer({ min: 1, max: MAX_DAYS }),
  buckets: fc.array(fc.integer({ min: 0, max: BUCKETS.length - 1 }), { minLength: MAX_DAYS, maxLength: MAX_DAYS }),
  news: fc.integer({ min: 0, max: 2 }),
});

export const randNews: fc.Arbitrary<RandNews> = fc.record({
  subject: fc.integer({ min: 0, max: SUBJECTS.length - 1 }),
  day: fc.integer({ min: 0, max: MAX_DAYS - 1 }),
  n: fc.integer({ min: 1, max: 3 }),
});

export const randVaultSpec: fc.Arbitrary<RandVaultSpec> = fc.record({
  firstDay: fc.integer({ min: dayOrdinal("2017-01-01"), max: dayOrdinal("2030-12-01") }).map(ordinalToIso),
  days: fc.integer({ min: 2, max: MAX_DAYS }),
  videos: fc.array(randVideo, { minLength: 1, maxLength: 14 }),
  searches: fc.oneof(fc.constant([] as RandSearch[]), fc.array(randSearch, { maxLength: 4 })),
  news: fc.oneof(fc.constant([] as RandNews[]), fc.array(randNews, { maxLength: 4 })),
});

const HEADLINES = ["what we know so far", "sparks a debate", "hits a new record", "explained by experts"];

function newsObs(subject: number, tag: string, k: number, dayIso: string): NewsObs {
  const s = SUBJECTS[subject].name;
  return { kind: "news", title: `${s} ${HEADLINES[k % HEADLINES.length]}`, url: `https://news.example.test/${tag}/${k}`, source: `Outlet ${k % 3}`, publishedAt: `${dayIso}T0${k % 10}:00:00Z` };
}

/** Observations of each day of the spec (index = day index). */
export function dayObservations(spec: RandVaultSpec): { day: string; observations: Observation[] }[] {
  const first = dayOrdinal(spec.firstDay);
  const out: { day: string; observations: Observation[] }[] = [];
  for (let di = 0; di < spec.days; di++) {
    const day = ordinalToIso(first + di);
    const obs: Observation[] = [];
    spec.videos.forEach((v, i) => {
      if (di < v.start || di >= v.start + v.len) return;
      let views = v.views0;
      for (let k = v.start; k < di; k++) views += v.gains[(k - v.start) % v.gains.length];
      const subj = SUBJECTS[v.subject];
      const o: VideoObs = {
        kind: "video",
        id: `vid${String(i).padStart(3, "0")}`,
        title: FORMATS[v.format](subj.name),
        channelTitle: CHANNELS[v.channel],
        channelId: `UC${v.channel}`,
        publishedAt: `${ordinalToIso(first + v.start)}T12:00:00Z`,
        categoryId: subj.category,
        tags: [subj.name.toLowerCase()],
        views,
        region: "US",
      };
      obs.push(o);
    });
    spec.searches.forEach((q, i) => {
      if (di < q.start || di >= q.start + q.len) return;
      const b = BUCKETS[q.buckets[di - q.start]];
      const o: SearchObs = {
        kind: "search",
        query: SUBJECTS[q.subject].name.toLowerCase(),
        trafficText: b.text,
        traffic: b.n,
        geo: "US",
        publishedAt: `${day}T08:00:00Z`,
        news: Array.from({ length: q.news }, (_, k) => newsObs(q.subject, `q${i}d${di}`, k, day)),
      };
      obs.push(o);
    });
    spec.news.forEach((n, i) => {
      if (n.day !== di) return;
      for (let k = 0; k < n.n; k++) obs.push(newsObs(n.subject, `n${i}`, k, day));
    });
    out.push({ day, observations: obs });
  }
  return out;
}

/** Every day's vault (oldest first), built with the real ingest and alert log. */
export function buildRandVault(spec: RandVaultSpec): VaultBody[] {
  const bodies: VaultBody[] = [];
  let prev: VaultBody | null = null;
  for (const { day, observations } of dayObservations(spec)) {
    const body = withAlertLog(buildDay(prev, { day, observations, inputs: [`rand#${day}`], skipped: {} }));
    bodies.push(body);
    prev = body;
  }
  return bodies;
}

export interface RandVault {
  spec: RandVaultSpec;
  bodies: VaultBody[];
  /** The newest day's vault and its indexes (what the server would serve). */
  last: VaultBody;
  idx: Indexes;
}

/** Counterexamples print as their spec only (the built vault is derived from it). */
export const randVault: fc.Arbitrary<RandVault> = randVaultSpec.map((spec) => {
  const bodies = buildRandVault(spec);
  const last = bodies[bodies.length - 1];
  return { spec, bodies, last, idx: buildIndexes(last), [fc.toStringMethod]: () => `RandVault(${JSON.stringify(spec)})` };
});

/** Count of the shipped demo snapshots. */
export const DEMO_SNAPSHOTS = 40;

let demoDir: string | null = null;

/**
 * A private copy of the shipped demo vault (snapshots/, 40 days of real 2017 data), so a concurrent
 * `vault:build` in the repo cannot pull files from under a suite. If snapshots/ is incomplete or
 * unreadable at that moment, the same vault is rebuilt from the CSV with the real ingest instead.
 */
export function demoVault(): string {
  if (demoDir) return demoDir;
  const src = join(REPO, "snapshots");
  try {
    const files = readdirSync(src).filter((f) => /^\d{4}-\d{2}-\d{2}\.msgpack$/.test(f));
    if (files.length !== DEMO_SNAPSHOTS) throw new Error(`snapshots/ holds ${files.length} snapshots`);
    const dst = tempDir("demo");
    for (const f of files) cpSync(join(src, f), join(dst, f));
    readSnapshotFile(join(dst, files.sort()[files.length - 1])); // the one the server loads: checksum-verified
    demoDir = dst;
  } catch {
    demoDir = fullVault();
  }
  return demoDir;
}
