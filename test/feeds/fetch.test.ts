import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fetchDay, NetworkOfflineError, newsSlug, redact } from "../../src/feeds/fetch.ts";
import { parseVideosList } from "../../src/feeds/youtube-api.ts";

const FIX = join(import.meta.dir, "../fixtures/feeds");
const KEY = "AIzaSyFIXTURE-secret-key-0123456789";
const hits: Record<string, number> = {};
const seenKeys: (string | null)[] = [];
let server: ReturnType<typeof Bun.serve>;
let base: string;
let root: string;

const file = (n: string, type: string) => new Response(Bun.file(join(FIX, n)), { headers: { "content-type": type } });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "feeds-fetch-"));
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const u = new URL(req.url);
      const route = u.pathname + (u.searchParams.get("geo") ? `?geo=${u.searchParams.get("geo")}` : "") + (u.searchParams.get("pageToken") ? `#${u.searchParams.get("pageToken")}` : "");
      hits[route] = (hits[route] ?? 0) + 1;
      switch (u.pathname) {
        case "/youtube/v3/videos": {
          seenKeys.push(u.searchParams.get("key"));
          if (u.searchParams.get("key") !== KEY) return Response.json({ error: { code: 400, message: "API key not valid.", errors: [{ reason: "keyInvalid" }] } }, { status: 400 });
          const ok = u.searchParams.get("part") === "snippet,statistics" && u.searchParams.get("chart") === "mostPopular" && u.searchParams.get("maxResults") === "50";
          if (!ok) return new Response("bad params", { status: 400 });
          return file(u.searchParams.get("pageToken") === "CAUQAA" ? "youtube-videos-list-page2.json" : "youtube-videos-list.json", "application/json");
        }
        case "/trending/rss":
          return file(u.searchParams.get("geo") === "GB" ? "gtrends-legacy-daily.xml" : "gtrends-current.xml", "application/rss+xml");
        case "/news/rss.xml":
          return file("news-rss.xml", "application/rss+xml");
        case "/news/atom.xml":
          return file("news-atom.xml", "application/atom+xml");
        case "/news/flaky.xml":
          return hits[route] <= 2 ? new Response("unavailable", { status: 503 }) : file("news-rss.xml", "application/rss+xml");
        case "/news/limited.xml":
          return hits[route] <= 1 ? new Response("slow down", { status: 429 }) : file("news-atom.xml", "application/atom+xml");
        case "/news/hang.xml":
          await Bun.sleep(3000);
          return file("news-rss.xml", "application/rss+xml");
        case "/news/consent.xml":
          return new Response("<!DOCTYPE html><html><body>Before you continue</body></html>", { headers: { "content-type": "text/html" } });
        default:
          return new Response("not found", { status: 404 });
      }
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  server.stop(true);
  await rm(root, { recursive: true, force: true });
});

const common = () => ({
  youtubeBase: `${base}/youtube/v3`,
  trendsBase: `${base}/trending/rss`,
  timeoutMs: 300,
  retries: 2,
  backoffMs: 5,
  random: () => 0,
});

describe("fetchDay against a loopback server", () => {
  const logs: string[] = [];
  let result: Awaited<ReturnType<typeof fetchDay>>;
  let elapsed = 0;
  const news = () => ["rss", "atom", "flaky", "limited", "hang", "missing", "consent"].map((n) => `${base}/news/${n}.xml`);

  beforeAll(async () => {
    const t0 = performance.now();
    result = await fetchDay({
      ...common(),
      date: "2017-10-31",
      outDir: root,
      youtubeApiKey: KEY,
      regions: ["US"],
      categories: [28],
      geos: ["US", "GB"],
      newsFeeds: news(),
      log: (m) => logs.push(m),
    });
    elapsed = performance.now() - t0;
  });

  test("writes one file per successful feed under outDir/date", async () => {
    const dir = join(root, "2017-10-31");
    const names = (await readdir(dir)).sort();
    const slug = (n: string) => `news-${newsSlug(`${base}/news/${n}.xml`, news())}.xml`;
    expect(names).toEqual(["gtrends-GB.xml", "gtrends-US.xml", "youtube-US-28.json", slug("atom"), slug("consent"), slug("flaky"), slug("limited"), slug("rss")].sort());
    expect(result.written.map((p) => p.slice(dir.length + 1)).sort()).toEqual(names);
    expect(await readFile(join(dir, "gtrends-US.xml"), "utf8")).toBe(await Bun.file(join(FIX, "gtrends-current.xml")).text());
  });

  test("follows nextPageToken and merges pages into one videoListResponse", async () => {
    expect(hits["/youtube/v3/videos"]).toBe(1);
    expect(hits["/youtube/v3/videos#CAUQAA"]).toBe(1);
    const body = await readFile(join(root, "2017-10-31", "youtube-US-28.json"), "utf8");
    const doc = JSON.parse(body);
    expect(doc.kind).toBe("youtube#videoListResponse");
    expect(doc.nextPageToken).toBeUndefined();
    expect(parseVideosList(body, "US").items.map((v) => v.id)).toEqual(["fxIphX0rev1", "fxBtc6000xx", "fxPixel2XL5", "fxCoinbase6"]);
  });

  test("retries 503 and 429, does not retry 404, gives up on timeouts", () => {
    expect(hits["/news/flaky.xml"]).toBe(3);
    expect(hits["/news/limited.xml"]).toBe(2);
    expect(hits["/news/missing.xml"]).toBe(1);
    expect(hits["/news/hang.xml"]).toBe(3);
    const reasons = Object.fromEntries(result.failed.map((f) => [f.url.replace(base, ""), f.reason]));
    expect(reasons).toEqual({ "/news/hang.xml": "timed out after 300ms", "/news/missing.xml": "HTTP 404" });
    expect(logs.filter((l) => l.startsWith("retry")).length).toBe(2 + 1 + 2);
  });

  test("the timeout cuts a hanging request short", () => {
    // Three 300 ms attempts vs. a server that would answer after 3 s.
    expect(elapsed).toBeLessThan(2500);
  });

  test("zero-item bodies are written but reported", () => {
    expect(result.empty).toHaveLength(1);
    expect(result.empty[0].file).toContain("consent");
    expect(result.empty[0].skipped).toEqual({ not_a_feed: 1 });
    expect(logs.some((l) => l.includes("WARNING") && l.includes("consent"))).toBe(true);
  });

  test("the API key reaches the server but never logs, names or results", () => {
    expect(seenKeys.every((k) => k === KEY)).toBe(true);
    const everything = JSON.stringify({ logs, result });
    expect(everything).not.toContain(KEY);
    expect(logs.some((l) => l.includes("key=REDACTED"))).toBe(true);
  });

  test("no temp files are left behind", async () => {
    expect((await readdir(join(root, "2017-10-31"))).filter((n) => n.includes(".tmp"))).toEqual([]);
  });
});

describe("fetchDay edge cases", () => {
  test("missing YouTube key: skipped with a clear message, recorded in failed, rest still fetched", async () => {
    const logs: string[] = [];
    const before = hits["/youtube/v3/videos"] ?? 0;
    const r = await fetchDay({ ...common(), date: "2017-11-01", outDir: root, regions: ["US", "GB"], categories: [null], geos: ["US"], newsFeeds: [], log: (m) => logs.push(m) });
    expect(hits["/youtube/v3/videos"] ?? 0).toBe(before);
    expect(r.failed).toEqual([{ url: `${base}/youtube/v3/videos`, reason: "skipped: YOUTUBE_API_KEY not set" }]);
    expect(logs.some((l) => /YouTube skipped.*YOUTUBE_API_KEY/.test(l))).toBe(true);
    expect(r.written.map((p) => p.split("/").pop())).toEqual(["gtrends-US.xml"]);
  });

  test("a rejected key is not retried and is redacted from the failure", async () => {
    const bad = "AIzaWRONG-key-987654321";
    const logs: string[] = [];
    const before = hits["/youtube/v3/videos"] ?? 0;
    const r = await fetchDay({ ...common(), date: "2017-11-02", outDir: root, youtubeApiKey: bad, regions: ["US"], categories: [null], geos: [], newsFeeds: [], log: (m) => logs.push(m) });
    expect(hits["/youtube/v3/videos"]).toBe(before + 1);
    expect(r.written).toEqual([]);
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0].reason).toBe("HTTP 400: keyInvalid");
    expect(r.failed[0].url).toContain("key=REDACTED");
    expect(r.failed[0].url).not.toContain("videoCategoryId");
    expect(JSON.stringify({ r, logs })).not.toContain(bad);
  });

  test("offline: every request refused → error saying the network seems offline", async () => {
    const tmp = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const dead = `http://127.0.0.1:${tmp.port}`;
    tmp.stop(true);
    const logs: string[] = [];
    const run = fetchDay({
      ...common(),
      retries: 1,
      date: "2017-11-03",
      outDir: root,
      youtubeApiKey: KEY,
      youtubeBase: `${dead}/youtube/v3`,
      trendsBase: `${dead}/trending/rss`,
      regions: ["US"],
      categories: [28],
      geos: ["US"],
      newsFeeds: [`${dead}/news/rss.xml`],
      log: (m) => logs.push(m),
    });
    const err = await run.then(() => null, (e) => e);
    expect(err).toBeInstanceOf(NetworkOfflineError);
    expect(err.message).toContain("network seems offline");
    expect(err.failed).toHaveLength(3);
    expect(JSON.stringify({ m: err.message, f: err.failed, logs })).not.toContain(KEY);
  });

  test("invalid date is a programmer error", async () => {
    await expect(fetchDay({ date: "31/10/2017", outDir: root, regions: [], categories: [], geos: [], newsFeeds: [] })).rejects.toThrow(/YYYY-MM-DD/);
  });
});

test("redact strips key= values and the literal key", () => {
  expect(redact("https://x/videos?part=a&key=SECRET&b=1")).toBe("https://x/videos?part=a&key=REDACTED&b=1");
  expect(redact("error mentioning SECRETKEY", "SECRETKEY")).toBe("error mentioning REDACTED");
});

test("newsSlug: readable, stable, disambiguated on clash", () => {
  expect(newsSlug("https://www.theverge.com/rss/index.xml")).toBe("theverge-com-rss-index-xml");
  const a = "https://x.test/feed?a=1";
  const b = "https://x.test/feed/a-1";
  expect(newsSlug(a, [a, b])).toMatch(/^x-test-feed-a-1-[0-9a-f]{8}$/);
  expect(newsSlug(a, [a, b])).not.toBe(newsSlug(b, [a, b]));
});
