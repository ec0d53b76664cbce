/**
 * The story assignment in src/vault/cluster.ts scores only the stories that can pass the join rule
 * (postings of strong terms). It must give exactly what the old scan of every story sharing a word
 * gave: the old code is kept in cluster.reference.ts and both run on the demo vault's days, on the
 * 2017 data set and on random inputs.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parseCsvRecords } from "../../src/feeds/csv.ts";
import { assignStories, storyId, type ClusterItem, type StorySeed } from "../../src/vault/cluster.ts";
import { mergeDay } from "../../src/vault/ingest.ts";
import { readSnapshotFile, snapshotPath } from "../../src/vault/snapshot.ts";
import { clusterInput } from "../../src/vault/stories.ts";
import { assignStories as referenceAssign } from "./cluster.reference.ts";
import { DEMO_DAYS, kaggleDays, vaultDir } from "../helpers/vault.ts";

type Out = { assignment: [string, string][]; stories: StorySeed[] };
const norm = (r: { assignment: Map<string, string>; stories: StorySeed[] }): Out => ({
  assignment: [...r.assignment].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  stories: r.stories,
});
const both = (existing: StorySeed[], items: ClusterItem[], day: string) => ({
  fast: norm(assignStories(existing, items, day)),
  ref: norm(referenceAssign(existing, items, day)),
});

describe("fast story assignment equals the reference", () => {
  test("on every day of the demo vault, from the previous day's snapshot", () => {
    const dir = vaultDir(DEMO_DAYS);
    const days = kaggleDays();
    let joined = 0, founded = 0;
    for (let i = 0; i < days.length; i++) {
      const prev = i > 0 ? readSnapshotFile(snapshotPath(dir, days[i - 1].day)).body : null;
      const merged = mergeDay(prev, days[i]);
      const { items, existing } = clusterInput(merged);
      const { fast, ref } = both(existing, items, merged.date);
      expect(fast).toEqual(ref);
      // And the snapshot the vault holds for that day carries that assignment.
      const snap = readSnapshotFile(snapshotPath(dir, days[i].day)).body;
      const got = new Map(fast.assignment);
      for (const v of snap.videos) if (got.has("v:" + v.id)) expect(v.storyId).toBe(got.get("v:" + v.id)!);
      const ids = new Set(existing.map((s) => s.id));
      for (const [, id] of fast.assignment) if (ids.has(id)) joined++;
      else founded++;
    }
    // The comparison covered both paths: joins to older stories and new stories.
    expect(joined).toBeGreaterThan(100);
    expect(founded).toBeGreaterThan(1000);
  }, 120_000);

  test("on the 2017 data set day by day, with and without channels (query-like items)", async () => {
    const rows = parseCsvRecords(await Bun.file(new URL("../../data/youtube-us-2017.csv", import.meta.url)).text()).records;
    const byDay = new Map<string, ClusterItem[]>();
    const seen = new Set<string>();
    for (const r of rows) {
      if (!/^\d{2}\.\d{2}$/.test(r.date) || seen.has(r.video_id)) continue;
      seen.add(r.video_id);
      const day = `2017-${r.date.slice(3, 5)}-${r.date.slice(0, 2)}`;
      byDay.set(day, [...(byDay.get(day) ?? []), { key: r.video_id, title: r.title, weight: Number(r.views), channel: r.channel_title }]);
    }
    for (const withChannel of [true, false]) {
      let fastStories: StorySeed[] = [], refStories: StorySeed[] = [];
      for (const day of [...byDay.keys()].sort()) {
        const items = byDay.get(day)!.map((it) => (withChannel ? it : { ...it, channel: undefined }));
        const f = assignStories(fastStories, items, day);
        const r = referenceAssign(refStories, items, day);
        expect(norm(f)).toEqual(norm(r));
        fastStories = f.stories;
        refStories = r.stories;
      }
    }
  }, 60_000);

  // A small vocabulary makes shared terms, glued pairs ("iphone x" ~ "iphonex"), years, format words
  // and ties frequent; existing stories may hold any terms, repeated ones included.
  const VOCAB = ["iphone", "x", "iphonex", "apple", "trailer", "2017", "irma", "hurricane", "star", "wars", "starwars", "jedi", "last", "new", "review", "8", "plus", "nfl", "bears", "packers", "game", "taylor", "swift", "look", "ready", "for", "it"];
  const SEPS = [" ", " ", " ", " - ", " | ", ": ", " (", ") "];
  const title = fc.array(fc.tuple(fc.constantFrom(...VOCAB), fc.constantFrom(...SEPS)), { minLength: 1, maxLength: 8 }).map((ws) => ws.map(([w, s]) => w + s).join("").trim());
  const item = fc.record({
    key: fc.constantFrom(...Array.from({ length: 30 }, (_, i) => `k${i}`)),
    title,
    weight: fc.integer({ min: 0, max: 4 }),
    channel: fc.option(fc.constantFrom("Apple", "NFL", "Star Wars", "Taylor Swift", "CNN"), { nil: undefined }),
  });
  const STEMS = ["iphon", "x", "iphonex", "appl", "2017", "irma", "hurrican", "star", "war", "starwar", "jedi", "last", "8", "plu", "nfl", "bear", "packer", "game", "taylor", "swift", "readi", "trailer"];
  const seed = fc.record({ terms: fc.array(fc.constantFrom(...STEMS), { minLength: 1, maxLength: 8 }), firstSeen: fc.constantFrom("2017-09-01", "2017-09-02") });

  test("on random items and stories (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(seed, { maxLength: 25 }), fc.array(item, { maxLength: 40 }), fc.boolean(), (seeds, items, rerun) => {
        const day = "2017-09-03";
        const existing: StorySeed[] = seeds.map((s, i) => ({ id: `st_old${i}`, ...s }));
        // A re-run of the same day finds stories the day's items founded.
        if (rerun && items.length) existing.push({ id: storyId(day, items[0].key), terms: ["irma"], firstSeen: day });
        const { fast, ref } = both(existing, items, day);
        expect(fast).toEqual(ref);
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
