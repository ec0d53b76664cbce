import { expect, test } from "bun:test";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { detectFeedKind, type FeedKind } from "../../src/feeds/detect.ts";

const fx = (n: string) => readFileSync(join(import.meta.dir, "../fixtures/feeds", n), "utf8");

test.each<[string, FeedKind]>([
  ["gtrends-current.xml", "gtrends"],
  ["gtrends-legacy-daily.xml", "gtrends"],
  ["news-rss.xml", "news"],
  ["news-atom.xml", "news"],
  ["youtube-videos-list.json", "youtube"],
  ["youtube-videos-list-page2.json", "youtube"],
  ["broken.xml", "news"],
  ["README.md", "unknown"],
])("%s → %s", (file, kind) => expect(detectFeedKind(fx(file))).toBe(kind));

test("youtube by shape when kind is absent; other JSON is unknown", () => {
  expect(detectFeedKind('{"items":[{"id":"x","snippet":{},"statistics":{}}]}')).toBe("youtube");
  expect(detectFeedKind('{"items":[{"id":"x"}]}')).toBe("unknown");
  expect(detectFeedKind('{"error":{"code":403}}')).toBe("unknown");
  expect(detectFeedKind("{not json")).toBe("unknown");
});

test("XML prolog, comments, DOCTYPE and BOM are skipped before the root", () => {
  expect(detectFeedKind('\uFEFF<?xml version="1.0"?>\n<!-- c --><!DOCTYPE feed [<!ENTITY a "b">]>\n<feed xmlns="http://www.w3.org/2005/Atom"/>')).toBe("news");
  expect(detectFeedKind('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"></rdf:RDF>')).toBe("news");
  expect(detectFeedKind("<!DOCTYPE html><html><body>consent</body></html>")).toBe("unknown");
  expect(detectFeedKind("")).toBe("unknown");
});

test("an RSS feed merely mentioning trends.google.com is still news", () => {
  expect(detectFeedKind('<rss><channel><link>https://trends.google.com/trending/rss?geo=US</link></channel></rss>')).toBe("news");
});

test("property: never throws, always one of the four kinds", () => {
  fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), (s) => ["youtube", "gtrends", "news", "unknown"].includes(detectFeedKind(s))));
});
