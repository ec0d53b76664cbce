import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { kaggleToFeeds } from "../../scripts/kaggle-to-feeds.ts";
import { parseVideosList } from "../../src/feeds/youtube-api.ts";
import { detectFeedKind } from "../../src/feeds/detect.ts";
import { parseKaggleCsv } from "../../src/feeds/kaggle.ts";
import { listFeedDays, readFeedDay } from "../../src/vault/feeddir.ts";
import { childEnv } from "../helpers/cli.ts";
import { kaggleCsvFirstDays, REPO } from "../helpers/vault.ts";
import { tempDir } from "../helpers/tmp.ts";

const BUN = process.execPath;

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const p = Bun.spawn([BUN, ...args], { cwd: REPO, env: childEnv(), stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, stdout, stderr };
}

let feeds: string | null = null;
/** The first 8 days of the real CSV converted by the real script (once per process). */
async function smallFeeds(): Promise<string> {
  if (feeds) return feeds;
  const dir = tempDir("bt");
  writeFileSync(join(dir, "in.csv"), kaggleCsvFirstDays(8));
  const r = await run(["scripts/kaggle-to-feeds.ts", join(dir, "in.csv"), join(dir, "feeds")]);
  expect(r.code).toBe(0);
  feeds = join(dir, "feeds");
  return feeds;
}

describe("scripts/kaggle-to-feeds.ts", () => {
  test("writes one videos.list response per day, with no invented publishedAt, counts as strings", () => {
    const csv = kaggleCsvFirstDays(3);
    const { files } = kaggleToFeeds(csv);
    expect([...files.keys()]).toEqual(["2017-09-13", "2017-09-14", "2017-09-15"]);
    const parsed = parseKaggleCsv(csv);
    for (const [day, text] of files) {
      expect(detectFeedKind(text)).toBe("youtube");
      const doc = JSON.parse(text);
      expect(doc.kind).toBe("youtube#videoListResponse");
      for (const it of doc.items) {
        expect("publishedAt" in it.snippet).toBe(false);
        expect(typeof it.statistics.viewCount).toBe("string");
        if ("categoryId" in it.snippet) expect(typeof it.snippet.categoryId).toBe("string");
      }
      // parseVideosList accepts every item (no publishedAt needed) and keeps the CSV's order and counts.
      const r = parseVideosList(text, "US");
      expect(r.skipped).toEqual({});
      const want = parsed.days.get(day)!;
      expect(r.items.map((o) => [o.id, o.views, o.categoryId, o.tags.length, o.publishedAt])).toEqual(want.map((o) => [o.id, o.views, o.categoryId, o.tags.length, null]));
    }
  });

  test("the written folder is read back by the feed-dir reader", async () => {
    const dir = await smallFeeds();
    const days = listFeedDays(dir);
    expect(days.length).toBe(8);
    expect(readdirSync(join(dir, days[0]))).toEqual(["youtube-US-all.json"]);
    const d = readFeedDay(dir, days[0]);
    expect(d.observations.length).toBe(200);
    expect(d.skipped).toEqual({});
  }, 60_000);
});

describe("backtest CLI", () => {
  test("--json prints one JSON object with the issue's figures; progress goes to stderr", async () => {
    const dir = await smallFeeds();
    const r = await run(["src/cli-backtest.ts", "--feeds", dir, "--horizon", "1", "--json"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n").length).toBe(1);
    const o = JSON.parse(r.stdout);
    expect(o.horizon).toBe(1);
    expect(o.days.count).toBe(8);
    for (const level of ["video", "story"]) {
      const x = o.levels[level];
      expect(x.available).toBe(true);
      expect(x.predictions.scored).toBeGreaterThan(0);
      expect(x.predictions.made).toBe(x.predictions.scored + x.predictions.unscored + x.predictions.pending_at_end);
      for (const k of ["base_rate", "auc", "brier", "rse", "rse_szabo_huberman", "rse_no_growth"]) expect(k in x).toBe(true);
      expect(x.calibration.length).toBe(10);
    }
    expect(r.stderr).toContain("[8/8] 2017-09-20");
  }, 120_000);

  test("--level video and a text report", async () => {
    const dir = await smallFeeds();
    const r = await run(["src/cli-backtest.ts", "--feeds", dir, "--horizon", "2", "--level", "video"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("[video level]");
    expect(r.stdout).not.toContain("[story level]");
    expect(r.stdout).toContain("szabo-huberman");
  }, 120_000);

  test("bad use exits 2 with a one-line error; --help exits 0", async () => {
    const dir = await smallFeeds();
    const empty = tempDir("empty");
    mkdirSync(join(empty, "not-a-day"));
    for (const args of [[], ["--feeds", join(dir, "nope")], ["--feeds", dir, "--horizon", "0"], ["--feeds", dir, "--horizon", "x"], ["--feeds", dir, "--level", "all"], ["--feeds", dir, "--frobnicate"], ["--feeds", empty]]) {
      const r = await run(["src/cli-backtest.ts", ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n").length).toBe(1);
      expect(r.stderr.startsWith("error: ")).toBe(true);
    }
    const h = await run(["src/cli-backtest.ts", "--help"]);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain("--horizon");
  }, 120_000);

  test("the converted 2017 feeds reproduce the Kaggle-CSV replay exactly (same days, same counts)", async () => {
    const dir = await smallFeeds();
    const csv = parseKaggleCsv(kaggleCsvFirstDays(8));
    for (const day of listFeedDays(dir)) {
      const fromFeed = readFeedDay(dir, day).observations.map((o) => (o.kind === "video" ? `${o.id}:${o.views}` : ""));
      expect(fromFeed).toEqual(csv.days.get(day)!.map((o) => `${o.id}:${o.views}`));
    }
    expect(readFileSync(join(dir, "2017-09-13", "youtube-US-all.json"), "utf8").endsWith("\n")).toBe(true);
  }, 60_000);
});
