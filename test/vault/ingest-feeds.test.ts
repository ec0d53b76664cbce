/**
 * The real feed ingest end to end: a temp feeds dir with 3 days (YYYY-MM-DD folders) built from the
 * hand-written fixtures (YouTube videos.list JSON, Google Trends RSS current + legacy, news RSS +
 * Atom) with different traffic/view numbers per day, replayed by the REAL CLI
 * (`bun src/cli.ts ingest --feeds DIR --snapshots OUT`) as a child process; then the vault and the
 * real server over it: searches, news, stories joining a search with its news and videos, /trends
 * google items with the feed's bucket text, /news newest first; byte-identical re-runs; a malformed
 * file is reported and skipped without losing the valid ones.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listSnapshots, readSnapshotFile, snapshotPath } from "../../src/vault/snapshot.ts";
import type { VaultBody } from "../../src/vault/model.ts";
import { REPO } from "../helpers/vault.ts";
import { cli, type CliResult } from "../helpers/cli.ts";
import { tempDir } from "../helpers/tmp.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

const FIX = join(REPO, "test/fixtures/feeds");
const DAYS = ["2017-10-29", "2017-10-30", "2017-10-31"];
/** iPhone X's Google Trends bucket per day (the fixture says 2M+). */
const IPHONE_TRAFFIC = ["200K+", "500K+", "2M+"];
/** View counts grow day by day (convex for the iPhone X review). */
const VIEW_FACTOR = [0.4, 0.6, 1];

const fixture = (f: string) => readFileSync(join(FIX, f), "utf8");

function writeFeeds(dir: string): void {
  DAYS.forEach((day, i) => {
    const d = join(dir, day);
    mkdirSync(d, { recursive: true });
    const yt = JSON.parse(fixture("youtube-videos-list.json"));
    for (const it of yt.items) if (it.statistics && /^\d+$/.test(it.statistics.viewCount)) it.statistics.viewCount = String(Math.round(Number(it.statistics.viewCount) * VIEW_FACTOR[i]));
    writeFileSync(join(d, "youtube-US-28.json"), JSON.stringify(yt, null, 1));
    const gt = fixture("gtrends-current.xml");
    expect(gt).toContain("<ht:approx_traffic>2M+</ht:approx_traffic>");
    writeFileSync(join(d, "trends-us.xml"), gt.replace("<ht:approx_traffic>2M+</ht:approx_traffic>", `<ht:approx_traffic>${IPHONE_TRAFFIC[i]}</ht:approx_traffic>`));
    cpSync(join(FIX, "gtrends-legacy-daily.xml"), join(d, "trends-gb.xml"));
    cpSync(join(FIX, "news-rss.xml"), join(d, "news-rss.xml"));
    cpSync(join(FIX, "news-atom.xml"), join(d, "news-atom.xml"));
  });
}

/** Title → bucket text of every titled item of a Trends RSS file, read independently of the parser. */
function buckets(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  const dec = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").trim();
  for (const item of xml.split("<item>").slice(1)) {
    const t = /<title>([\s\S]*?)<\/title>/.exec(item.split("<ht:news_item>")[0]);
    const b = /<ht:approx_traffic>([\s\S]*?)<\/ht:approx_traffic>/.exec(item);
    if (t && b) out.set(dec(t[1]), dec(b[1]));
  }
  return out;
}

const files = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".msgpack")).sort();
const body = (dir: string, day: string): VaultBody => readSnapshotFile(snapshotPath(dir, day)).body;

let feeds: string;
let out: string;
let run: CliResult;
beforeAll(async () => {
  feeds = tempDir("feeds");
  writeFeeds(feeds);
  out = tempDir("feedvault");
  run = await cli(["ingest", "--feeds", feeds, "--snapshots", out]);
});

test("the CLI writes one snapshot per feed day", () => {
  expect(run.stderr).not.toContain("error:");
  expect(run.code).toBe(0);
  expect(listSnapshots(out).sort()).toEqual(DAYS);
  for (const day of DAYS) expect(run.stderr).toContain(day);
  const last = body(out, DAYS[2]);
  expect(last.days).toEqual(DAYS);
  expect(last.reports.map((r) => r.day)).toEqual(DAYS);
  // the fixture's documented oddities are tallied, not lost: a video without statistics, one with "n/a" views
  expect(last.reports[0].skipped["youtube:missing_views"]).toBe(1);
  expect(last.reports[0].skipped["youtube:bad_views"]).toBe(1);
});

describe("the vault", () => {
  test("holds videos, search items and news", () => {
    const b = body(out, DAYS[2]);
    // fxEqfxHear3 (no statistics) and fxMarioOdy4 ("n/a" views) are skipped
    expect(b.videos.map((v) => v.id).sort()).toEqual(["fxBtc6000xx", "fxIphX0rev1", "fxPixel2XL5"]);
    expect(b.searches.length).toBeGreaterThan(0);
    expect(b.news.length).toBeGreaterThan(0);
    const iphone = b.searches.find((q) => q.key === "iphone x|US")!;
    expect(iphone).toBeDefined();
    expect(iphone.t).toEqual([200_000, 500_000, 2_000_000]);
    expect(iphone.trafficText).toBe("2M+");
    const v = b.videos.find((x) => x.id === "fxIphX0rev1")!;
    expect(v.v).toEqual(VIEW_FACTOR.map((f) => Math.round(4821337 * f)));
    // news attached to a trend (ht:news_item) and from the RSS / Atom feeds are all there
    const urls = new Set(b.news.map((n) => n.url));
    expect(urls.has("https://www.theverge.com/2017/10/27/iphone-x-preorder-sold-out-fixture")).toBe(true);
    expect(urls.has("https://www.cnbc.com/2017/10/20/bitcoin-tops-6000-fixture.html")).toBe(true);
    expect(urls.has("https://www.theverge.com/2017/10/31/iphone-x-review-fixture")).toBe(true);
  });

  test("stories join a search query with its news items and the videos on the same subject", () => {
    const b = body(out, DAYS[2]);
    const s = b.stories.find((x) => x.searchKeys.includes("iphone x|US"))!;
    expect(s).toBeDefined();
    expect(s.videoIds).toContain("fxIphX0rev1");
    expect(s.newsUrls).toContain("https://www.theverge.com/2017/10/27/iphone-x-preorder-sold-out-fixture"); // the trend's own news item
    expect(s.newsUrls).toContain("https://www.theverge.com/2017/10/31/iphone-x-review-fixture"); // an Atom article
    expect(s.niche).toBe("Tech");
    expect(s.name).toMatch(/iphone x/i);
    // the story's daily search series sums its member searches (US "iphone x" + GB "apple iphone x")
    const members = b.searches.filter((q) => s.searchKeys.includes(q.key));
    expect(members.length).toBe(s.searchKeys.length);
    expect(s.series.search).toEqual(DAYS.map((_, i) => members.reduce((a, q) => a + q.t[i], 0)));
    expect(s.series.search[2] - s.series.search[1]).toBe(2_000_000 - 500_000);
    // every item points back at its story
    expect(b.searches.find((q) => q.key === "iphone x|US")!.storyId).toBe(s.id);
    expect(b.videos.find((v) => v.id === "fxIphX0rev1")!.storyId).toBe(s.id);
    // and a second subject: the Pixel 2 XL search with its video
    const p = b.stories.find((x) => x.searchKeys.includes("pixel 2 xl screen|US"))!;
    expect(p.videoIds).toContain("fxPixel2XL5");
    expect(p.id).not.toBe(s.id);
  });

  test("storyIds are stable across the three days", () => {
    const ids = DAYS.map((d) => body(out, d).searches.find((q) => q.key === "iphone x|US")!.storyId);
    expect(new Set(ids).size).toBe(1);
  });
});

describe("served by the real server", () => {
  let srv: TestServer;
  let key: string;
  beforeAll(() => {
    srv = startServer({ snapshotDir: out });
    key = srv.account({ plan: "agency", credits: 10_000 }).apiKey;
  });
  afterAll(() => srv.stop());

  test("/trends?source=google: non-empty, searchVolume = the feed's bucket text, views null", async () => {
    const r = await srv.json("/api/public/trends?source=google", key);
    expect(r.status).toBe(200);
    expect(r.body.confidence).toBe("observed");
    const items = r.body.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    const last = join(feeds, DAYS[2]);
    const expected = new Map([...buckets(readFileSync(join(last, "trends-us.xml"), "utf8")), ...buckets(readFileSync(join(last, "trends-gb.xml"), "utf8"))]);
    for (const it of items) {
      expect(it.source).toBe("google");
      expect(it.views).toBeNull();
      expect(expected.has(it.title)).toBe(true);
      expect(it.searchVolume).toBe(expected.get(it.title));
    }
    expect(items.find((it: any) => it.title === "iPhone X")?.searchVolume).toBe("2M+");
    expect(items.find((it: any) => it.title === "iPhone X")?.geos).toEqual(["US"]);
  });

  test("/news: non-empty, newest first, ≤ 10", async () => {
    const r = await srv.json("/api/public/news", key);
    expect(r.status).toBe(200);
    const items = r.body.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < items.length; i++) expect(Date.parse(items[i - 1].publishedAt)).toBeGreaterThanOrEqual(Date.parse(items[i].publishedAt));
    for (const it of items) expect(it.url).toMatch(/^https?:\/\//);
  });

  test("/news?topic=iphone x: the story's articles", async () => {
    const r = await srv.json("/api/public/news?topic=iphone%20x", key);
    expect(r.status).toBe(200);
    expect(r.body.data.map((n: any) => n.url)).toContain("https://www.theverge.com/2017/10/31/iphone-x-review-fixture");
  });
});

describe("determinism and malformed input", () => {
  test("re-running into a second dir gives byte-identical snapshots", async () => {
    const out2 = tempDir("feedvault2");
    const r = await cli(["ingest", "--feeds", feeds, "--snapshots", out2]);
    expect(r.code).toBe(0);
    expect(files(out2)).toEqual(files(out));
    for (const f of files(out)) expect(Buffer.compare(readFileSync(join(out2, f)), readFileSync(join(out, f)))).toBe(0);
  });

  test("a malformed file in a day folder is reported and skipped; the valid files of that day are all kept", async () => {
    const feeds3 = tempDir("feeds3");
    cpSync(feeds, feeds3, { recursive: true });
    cpSync(join(FIX, "broken.xml"), join(feeds3, DAYS[1], "broken.xml"));
    writeFileSync(join(feeds3, DAYS[1], "youtube-truncated.json"), fixture("youtube-videos-list.json").slice(0, 700));
    const out3 = tempDir("feedvault3");
    const r = await cli(["ingest", "--feeds", feeds3, "--snapshots", out3]);
    expect(r.code).toBe(0);
    expect(listSnapshots(out3).sort()).toEqual(DAYS);
    const line = r.stderr.split("\n").find((l) => l.includes(DAYS[1]))!;
    expect(line).toContain("malformed_xml");
    expect(line).toContain("unrecognised_file");
    const rep = body(out3, DAYS[2]).reports[1];
    expect(rep.skipped["news:malformed_xml"]).toBe(1);
    expect(rep.skipped["unrecognised_file"]).toBe(1);
    expect(rep.inputs).toContain("broken.xml:news");
    // everything valid is there, exactly as without the bad files
    for (const day of DAYS) {
      const a = body(out, day);
      const b = body(out3, day);
      expect(b.videos).toEqual(a.videos);
      expect(b.searches).toEqual(a.searches);
      expect(b.news).toEqual(a.news);
      expect(b.stories).toEqual(a.stories);
      expect(b.reports.map((x) => x.counts)).toEqual(a.reports.map((x) => x.counts));
    }
  });
});
