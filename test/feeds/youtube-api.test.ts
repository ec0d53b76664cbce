import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseVideosList } from "../../src/feeds/youtube-api.ts";

const fixture = readFileSync(join(import.meta.dir, "../fixtures/feeds/youtube-videos-list.json"), "utf8");

describe("parseVideosList", () => {
  test("maps the fixture page and tallies skips by reason", () => {
    const r = parseVideosList(fixture, "US");
    expect(r.items.map((v) => v.id)).toEqual(["fxIphX0rev1", "fxBtc6000xx", "fxPixel2XL5"]);
    expect(r.skipped).toEqual({ missing_views: 1, bad_views: 1 });
    expect(r.items[0]).toEqual({
      kind: "video",
      id: "fxIphX0rev1",
      title: "iPhone X Review: The Future is Now!",
      channelTitle: "Fixture Tech Reviews",
      channelId: "UCfixtureTechReviews00001",
      publishedAt: "2017-10-31T13:00:01.000Z",
      categoryId: 28,
      tags: ["iphone x", "apple", "review", "face id"],
      views: 4821337,
      region: "US",
    });
    expect(r.items[1].tags).toEqual([]);
  });

  test("malformed JSON → zero items and malformed_json", () => {
    expect(parseVideosList('{"kind": "youtube#videoListResponse", "items": [', "US")).toEqual({ items: [], skipped: { malformed_json: 1 } });
    expect(parseVideosList("", "US").skipped).toEqual({ malformed_json: 1 });
  });

  test("valid JSON that is not a video list", () => {
    expect(parseVideosList('{"error":{"code":403}}', "US").skipped).toEqual({ not_a_video_list: 1 });
    expect(parseVideosList("[1,2]", "US").skipped).toEqual({ not_a_video_list: 1 });
  });

  test("each missing field has its own reason; odd fields degrade to null", () => {
    const doc = {
      items: [
        { snippet: { title: "no id" }, statistics: { viewCount: "1" } },
        { id: "a", snippet: {}, statistics: { viewCount: "1" } },
        { id: "b", snippet: { title: "no stats" } },
        { id: "c", snippet: { title: "neg" }, statistics: { viewCount: "-5" } },
        { id: "d", snippet: { title: "ok", categoryId: "x", publishedAt: "yesterday", tags: ["t", 3] }, statistics: { viewCount: "0" } },
        { id: "d", snippet: { title: "dup" }, statistics: { viewCount: "2" } },
        null,
      ],
    };
    const r = parseVideosList(JSON.stringify(doc), "GB");
    expect(r.skipped).toEqual({ missing_id: 2, missing_title: 1, missing_views: 1, bad_views: 1, duplicate_id: 1 });
    expect(r.items).toEqual([
      { kind: "video", id: "d", title: "ok", channelTitle: "", channelId: null, publishedAt: null, categoryId: null, tags: ["t"], views: 0, region: "GB" },
    ]);
  });

  test("property: never throws, items always well-typed", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ items: [v] }))), (s) => {
        const r = parseVideosList(s, "US");
        for (const v of r.items) expect(Number.isSafeInteger(v.views) && v.views >= 0).toBe(true);
        return Array.isArray(r.items);
      }),
      { numRuns: 500 },
    );
  });
});
