/** `trend-intel ingest ...`: raw feeds → one immutable snapshot per day (see src/vault). */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { parseKaggleCsv } from "./feeds/kaggle.ts";
import { buildDay, type DayInput } from "./vault/ingest.ts";
import { withAlertLog } from "./engine/alertlog.ts";
import { listSnapshots, readSnapshotFile, snapshotPath, writeSnapshot } from "./vault/snapshot.ts";
import { listFeedDays, readFeedDay } from "./vault/feeddir.ts";
import type { VaultBody } from "./vault/model.ts";
import type { SkipTally } from "./feeds/types.ts";

const HELP = `Usage:
  trend-intel ingest --kaggle-csv FILE [--snapshots OUT]   split the Kaggle trending CSV by day
  trend-intel ingest --feeds DIR [--snapshots OUT] [--rebuild]
                                                           replay DIR/YYYY-MM-DD/ folders in date order
                                                           (only days newer than OUT's newest snapshot,
                                                           unless --rebuild)
  trend-intel ingest fetch [--date YYYY-MM-DD] [--feeds DIR] [--regions US] [--categories 28,27]
                           [--geos US] [--news URL,...] [--timeout-ms 10000] [--retries 3]
OUT defaults to $SNAPSHOT_DIR or snapshots/. Day N is built from the newest snapshot before day N
in OUT plus day N's feeds; re-running over the same inputs gives byte-identical snapshots.
fetch writes DIR/DATE/ (DIR defaults to $FEEDS_DIR or feeds/) and needs YOUTUBE_API_KEY for YouTube.`;

function fail(msg: string): never {
  console.error(`error: ${msg}`);
  process.exit(2);
}

/** The newest snapshot strictly before `day`, or null when building from scratch. */
function previous(out: string, day: string): VaultBody | null {
  for (const d of listSnapshots(out)) if (d < day) return readSnapshotFile(snapshotPath(out, d)).body;
  return null;
}

function fmtSkips(s: SkipTally): string {
  const e = Object.entries(s);
  return e.length ? e.map(([k, v]) => `${k}=${v}`).join(", ") : "none";
}

/** Build each day in order on top of the previous one; prints one progress line per day. */
export function ingestDays(days: DayInput[], out: string, log: (s: string) => void = (s) => console.error(s)): string[] {
  const written: string[] = [];
  let prev: VaultBody | null = days.length ? previous(out, days[0].day) : null;
  days.forEach((input, i) => {
    const t0 = performance.now();
    const body = withAlertLog(buildDay(prev, input));
    written.push(writeSnapshot(out, body));
    log(`[${i + 1}/${days.length}] ${input.day}: ${input.observations.length} observations, ${body.videos.length} videos, ${body.searches.length} searches, ${body.news.length} news, ${body.stories.length} stories, ${body.alertLog.filter((e) => e.date === input.day).length} alerts logged; skipped: ${fmtSkips(input.skipped)} (${Math.round(performance.now() - t0)} ms)`);
    prev = body;
  });
  return written;
}

export async function cmdIngest(argv: string[]): Promise<void> {
  if (argv[0] === "fetch") return cmdFetch(argv.slice(1));
  let a;
  try {
    a = parseArgs({ args: argv, options: { "kaggle-csv": { type: "string" }, feeds: { type: "string" }, snapshots: { type: "string" }, rebuild: { type: "boolean" }, help: { type: "boolean" } }, strict: true });
  } catch (e) {
    fail((e as Error).message.split("\n")[0]);
  }
  if (a.values.help) {
    console.log(HELP);
    return;
  }
  const out = a.values.snapshots ?? process.env.SNAPSHOT_DIR ?? "snapshots";
  const csv = a.values["kaggle-csv"];
  const feeds = a.values.feeds;
  if (!!csv === !!feeds) fail("give exactly one of --kaggle-csv FILE or --feeds DIR (see --help)");
  let days: DayInput[];
  if (csv) {
    let text: string;
    try {
      text = readFileSync(csv, "utf8");
    } catch (e) {
      fail(`cannot read ${csv}: ${(e as Error).message}`);
    }
    const r = parseKaggleCsv(text, { onProgress: (d, t) => process.stderr.write(`\rparsing ${d}/${t} rows`) });
    process.stderr.write("\n");
    console.error(`parsed ${r.rows} rows into ${r.days.size} days; skipped: ${fmtSkips(r.skipped)}`);
    const entries = [...r.days];
    days = entries.map(([day, obs], i) => ({ day, observations: obs, inputs: [`${csv.split("/").pop()}#${day}`], skipped: i === 0 ? r.skipped : {} }));
  } else {
    let list: string[];
    try {
      list = listFeedDays(feeds!);
    } catch (e) {
      fail((e as Error).message);
    }
    if (!list.length) fail(`no YYYY-MM-DD folders in ${feeds}`);
    if (!a.values.rebuild) {
      // Daily use: only days newer than the newest snapshot already in OUT (a replay is byte-identical anyway).
      const newest = listSnapshots(out)[0];
      const skipped = newest ? list.filter((d) => d <= newest).length : 0;
      if (skipped) console.error(`skipping ${skipped} day(s) already built (newest snapshot ${newest}); --rebuild to replay them`);
      list = newest ? list.filter((d) => d > newest) : list;
      if (!list.length) {
        console.log(`nothing to do: every feed day is already in ${out}/`);
        return;
      }
    }
    days = list.map((d) => readFeedDay(feeds!, d));
  }
  const written = ingestDays(days, out);
  console.log(`wrote ${written.length} snapshot(s) to ${out}/ (newest ${days[days.length - 1].day})`);
}

async function cmdFetch(argv: string[]): Promise<void> {
  let a;
  try {
    a = parseArgs({
      args: argv,
      options: { date: { type: "string" }, feeds: { type: "string" }, regions: { type: "string" }, categories: { type: "string" }, geos: { type: "string" }, news: { type: "string" }, "timeout-ms": { type: "string" }, retries: { type: "string" }, help: { type: "boolean" } },
      strict: true,
    });
  } catch (e) {
    fail((e as Error).message.split("\n")[0]);
  }
  if (a.values.help) {
    console.log(HELP);
    return;
  }
  const { fetchDay, NetworkOfflineError } = await import("./feeds/fetch.ts");
  const list = (s: string | undefined, d: string) => (s ?? d).split(",").map((x) => x.trim()).filter(Boolean);
  const date = a.values.date && a.values.date !== "today" ? a.values.date : new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`--date must be YYYY-MM-DD, got '${date}'`);
  const num = (s: string | undefined, name: string, d: number) => {
    if (s === undefined) return d;
    if (!/^\d+$/.test(s)) fail(`--${name} must be a whole number`);
    return Number(s);
  };
  try {
    const r = await fetchDay({
      date,
      outDir: a.values.feeds ?? process.env.FEEDS_DIR ?? "feeds",
      youtubeApiKey: process.env.YOUTUBE_API_KEY || undefined,
      regions: list(a.values.regions, process.env.FETCH_REGIONS ?? "US"),
      categories: list(a.values.categories, process.env.FETCH_CATEGORIES ?? "28,27,25,26,22").map((c) => (c === "all" ? null : Number(c))),
      geos: list(a.values.geos, process.env.FETCH_GEOS ?? "US"),
      newsFeeds: list(a.values.news, process.env.NEWS_FEEDS ?? ""),
      timeoutMs: num(a.values["timeout-ms"], "timeout-ms", 10_000),
      retries: num(a.values.retries, "retries", 3),
      log: (m) => console.error(m),
    });
    console.log(`fetched ${r.written.length} file(s) for ${date}; ${r.failed.length} failed; ${r.empty.length} empty`);
    for (const f of r.failed) console.error(`  failed: ${f.url}: ${f.reason}`);
    if (r.written.length === 0) process.exit(1);
  } catch (e) {
    if (e instanceof NetworkOfflineError) fail(e.message);
    throw e;
  }
}

