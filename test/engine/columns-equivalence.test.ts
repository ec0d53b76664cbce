/**
 * The engine over a v2 body reads columns (rankings, story views, matcher, alert candidates,
 * baseline, video lookups) instead of records; over a v1 body it reads records. Both paths must give
 * the same answers: random vaults with videos, searches and news, built by the real ingest, are
 * read both ways (the same body written as v1 and as v2) and every index compared (and the
 * hook-pattern items, which over v2 build only the videos of the pattern window).
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { decodeSnapshot, encodeSnapshot } from "../../src/vault/snapshot.ts";
import { vaultColumns } from "../../src/vault/columns.ts";
import { buildIndexes, warmIndexes } from "../../src/engine/indexes.ts";
import { currentAlerts, measureAlerts, measureBaseline, patternItems } from "../../src/engine/intel.ts";
import { NICHES } from "../../src/domain/enums.ts";
import { randVault } from "../helpers/randvault.ts";

const plain = <T>(x: T): T => structuredClone(x);

test("v2 columns and v1 records give the same indexes, alerts, receipts and baseline", () => {
  let withSearches = 0, withNews = 0, withAlerts = 0;
  fc.assert(
    fc.property(randVault, ({ last }) => {
      const v1 = decodeSnapshot(encodeSnapshot(last, { format: 1 })).body;
      const v2 = decodeSnapshot(encodeSnapshot(last)).body;
      expect(vaultColumns(v1)).toBeUndefined();
      expect(vaultColumns(v2)).toBeDefined();
      const a = buildIndexes(v2), b = buildIndexes(v1);
      expect([...a.trendsJson]).toEqual([...b.trendsJson]);
      warmIndexes(a);
      warmIndexes(b);
      expect(plain(a.stories)).toEqual(plain(b.stories));
      expect([...a.storyById.keys()]).toEqual([...b.storyById.keys()]);
      expect(a.latestNews).toEqual(b.latestNews);
      expect([...a.newsByStory]).toEqual([...b.newsByStory]);
      for (const s of b.stories) {
        expect(a.matcher.match(s.rec.name)).toEqual(b.matcher.match(s.rec.name));
        for (const id of s.rec.videoIds) expect(a.videoById.get(id)).toEqual(b.videoById.get(id));
      }
      expect(a.videoById.get("no such video")).toBeUndefined();
      expect(a.videoById.size).toBe(b.videoById.size);
      for (const n of [undefined, ...NICHES]) {
        expect(plain(currentAlerts(v2, a.storyById, n, 10))).toEqual(plain(currentAlerts(v1, b.storyById, n, 10)));
        expect(measureAlerts(v2, a.videoById, n, a.storyById)).toEqual(measureAlerts(v1, b.videoById, n, b.storyById));
        expect(measureBaseline(v2, n, a.storyById)).toEqual(measureBaseline(v1, n, b.storyById));
        expect(patternItems(v2, n)).toEqual(patternItems(v1, n));
      }
      // The v2 path did not need the vault's records.
      expect(Object.getOwnPropertyDescriptor(v2, "videos")!.get).toBeDefined();
      expect(Object.getOwnPropertyDescriptor(v2, "stories")!.get).toBeDefined();
      if (last.searches.length) withSearches++;
      if (last.news.length) withNews++;
      if (last.alertLog.length) withAlerts++;
    }),
    { numRuns: 40 },
  );
  // The generator did exercise searches, news and the alert log.
  expect(withSearches).toBeGreaterThan(5);
  expect(withNews).toBeGreaterThan(5);
  expect(withAlerts).toBeGreaterThan(5);
});
