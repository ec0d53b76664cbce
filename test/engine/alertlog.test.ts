/**
 * withAlertLog builds story views only for stories with an item on today's chart (the only ones
 * alertCandidates can return). Its log must equal the one computed from every story's view.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { withAlertLog } from "../../src/engine/alertlog.ts";
import { buildStoryViews } from "../../src/engine/storyview.ts";
import { alertLogEntries } from "../../src/engine/intel.ts";
import { NICHES } from "../../src/domain/enums.ts";
import { randVault } from "../helpers/randvault.ts";
import { readSnapshotFile, listSnapshots, snapshotPath } from "../../src/vault/snapshot.ts";
import { fullVault } from "../helpers/vault.ts";

function fromAllViews(body: Parameters<typeof withAlertLog>[0]) {
  const views = buildStoryViews(body, new Map(body.videos.map((v) => [v.id, v])));
  return alertLogEntries(body, new Map(views.map((s) => [s.rec.id, s])), NICHES);
}

test("random vaults: the log from today's live stories alone equals the log from every story", () => {
  let nonEmpty = 0;
  fc.assert(
    fc.property(randVault, ({ bodies }) => {
      for (const b of bodies) {
        const logged = withAlertLog(b).alertLog.filter((e) => e.date === b.date);
        expect(logged).toEqual(fromAllViews(b));
        if (logged.length) nonEmpty++;
      }
    }),
    // (80 runs: with 30, 2 of 60 seeds gave 5 or fewer days with a logged alert and the check below failed a clean-clone CI
    // run; with 80 the fewest over 60 seeds was 23.)
    { numRuns: 80 },
  );
  expect(nonEmpty).toBeGreaterThan(5);
});

test("demo vault: every day's logged alerts equal the log from every story", () => {
  const dir = fullVault();
  let total = 0;
  for (const d of listSnapshots(dir)) {
    const body = readSnapshotFile(snapshotPath(dir, d)).body;
    const logged = body.alertLog.filter((e) => e.date === d);
    expect(logged).toEqual(fromAllViews(body));
    total += logged.length;
  }
  expect(total).toBeGreaterThan(10);
});
