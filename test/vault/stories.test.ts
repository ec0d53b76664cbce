/**
 * Stories on real data: the shipped demo vault (snapshots/, 29 daily snapshots of 2017 US YouTube
 * trending data) and a fresh build of the first days of the same CSV with the current ingest code.
 *  - the "iPhone X" videos from many different channels share one storyId;
 *  - storyIds are stable across consecutive snapshots (an item never moves, a story never vanishes);
 *  - storyFirstSeen / storyAgeDays are consistent with the members and the snapshot day.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { listSnapshots, readSnapshotFile, snapshotPath } from "../../src/vault/snapshot.ts";
import { dayOrdinal, type VaultBody } from "../../src/vault/model.ts";
import { buildStoryViews } from "../../src/engine/storyview.ts";
import { alertOf } from "../../src/engine/intel.ts";
import { demoVault, DEMO_SNAPSHOTS } from "../helpers/randvault.ts";
import { vaultDir } from "../helpers/vault.ts";

let bodies: VaultBody[] = [];
beforeAll(() => {
  const dir = demoVault();
  bodies = listSnapshots(dir)
    .sort()
    .map((d) => readSnapshotFile(snapshotPath(dir, d)).body);
});

const IPHONE_X = /\biphone x\b/i;

/** The story holding most iPhone X videos, with its share and the channels in it. */
function iphoneStory(b: VaultBody) {
  const vids = b.videos.filter((v) => IPHONE_X.test(v.title));
  const by = new Map<string, typeof vids>();
  for (const v of vids) by.set(v.storyId!, [...(by.get(v.storyId!) ?? []), v]);
  const [id, members] = [...by].sort((a, b) => b[1].length - a[1].length)[0];
  return { id, members, total: vids.length, channels: new Set(members.map((v) => v.channelTitle)) };
}

describe("iPhone X", () => {
  test("demo vault: iPhone X videos from different channels share one storyId", () => {
    const last = bodies[bodies.length - 1];
    const s = iphoneStory(last);
    expect(s.total).toBeGreaterThanOrEqual(10);
    expect(s.channels.size).toBeGreaterThanOrEqual(5);
    for (const ch of ["Apple", "The Verge", "Marques Brownlee", "Unbox Therapy"]) expect(s.channels).toContain(ch);
    expect(s.members.length / s.total).toBeGreaterThanOrEqual(0.5);
    // the story is named after its subject and is a Tech story
    const story = last.stories.find((x) => x.id === s.id)!;
    expect(story.name).toMatch(IPHONE_X);
    expect(story.niche).toBe("Tech");
    expect(story.creators.length).toBeGreaterThanOrEqual(5);
    for (const v of s.members) expect(story.videoIds).toContain(v.id);
  });

  test("current ingest code, first 5 days of the CSV: the same grouping forms", () => {
    const dir = vaultDir(5);
    const b = readSnapshotFile(snapshotPath(dir, listSnapshots(dir)[0])).body;
    const s = iphoneStory(b);
    expect(s.channels.size).toBeGreaterThanOrEqual(5);
    expect(s.members.length / s.total).toBeGreaterThanOrEqual(0.5);
    for (const ch of ["Apple", "The Verge"]) expect(s.channels).toContain(ch);
  }, 30_000);
});

describe("stability across consecutive snapshots", () => {
  test("the demo vault has its 40 days", () => {
    expect(bodies.length).toBe(DEMO_SNAPSHOTS);
    expect(bodies.map((b) => b.date)).toEqual(bodies[bodies.length - 1].days);
  });

  test("every item keeps its storyId; every story keeps its id and firstSeen; none vanishes", () => {
    for (let i = 1; i < bodies.length; i++) {
      const a = bodies[i - 1];
      const b = bodies[i];
      const next = new Map(b.videos.map((v) => [v.id, v.storyId]));
      for (const v of a.videos) {
        expect(v.storyId).not.toBeNull();
        expect(next.get(v.id)).toBe(v.storyId);
      }
      const nextStories = new Map(b.stories.map((s) => [s.id, s]));
      for (const s of a.stories) {
        const t = nextStories.get(s.id);
        expect(t).toBeDefined();
        expect(t!.firstSeen).toBe(s.firstSeen);
        expect(t!.terms).toEqual(s.terms); // a story keeps its founding terms: no drift
        for (const id of s.videoIds) expect(t!.videoIds).toContain(id);
      }
      // the iPhone X story is the same story on both days
      if (a.videos.some((v) => IPHONE_X.test(v.title))) expect(iphoneStory(b).id).toBe(iphoneStory(a).id);
    }
  });

  test("the alert log carries every earlier entry forward unchanged", () => {
    for (let i = 1; i < bodies.length; i++) expect(bodies[i].alertLog.slice(0, bodies[i - 1].alertLog.length)).toEqual(bodies[i - 1].alertLog);
  });
});

describe("storyFirstSeen / storyAgeDays", () => {
  test("a story's firstSeen is the first day any of its members was seen, and a vault day", () => {
    for (const b of [bodies[0], bodies[Math.floor(bodies.length / 2)], bodies[bodies.length - 1]]) {
      const seen = new Map<string, string>();
      const add = (sid: string | null, day: string) => {
        if (!sid) return;
        const cur = seen.get(sid);
        if (!cur || day < cur) seen.set(sid, day);
      };
      for (const v of b.videos) add(v.storyId, v.firstSeen);
      for (const q of b.searches) add(q.storyId, q.firstSeen);
      for (const n of b.news) add(n.storyId, n.firstSeen);
      for (const s of b.stories) {
        expect(seen.get(s.id)).toBe(s.firstSeen);
        expect(b.days).toContain(s.firstSeen);
      }
    }
  });

  test("storyAgeDays = snapshot day − firstSeen, daysTracked = age + 1; alerts carry the same values", () => {
    const b = bodies[bodies.length - 1];
    const views = buildStoryViews(b, new Map(b.videos.map((v) => [v.id, v])));
    const today = dayOrdinal(b.date);
    for (const s of views) {
      expect(s.ageDays).toBe(today - dayOrdinal(s.rec.firstSeen));
      expect(s.daysTracked).toBe(s.ageDays + 1); // the demo days are consecutive
      const a = alertOf(s, s.leadVideo);
      expect(a.storyFirstSeen).toBe(s.rec.firstSeen);
      expect(a.storyAgeDays).toBe(s.ageDays);
      expect(a.storyId).toBe(s.rec.id);
      expect(a.phase).toBe(s.daysTracked <= 3 ? "early" : "peak_momentum");
    }
    // the alert log's entries name stories that exist, first seen on or before the alert
    const byId = new Map(b.stories.map((s) => [s.id, s]));
    for (const e of b.alertLog) {
      expect(byId.has(e.storyId)).toBe(true);
      expect(byId.get(e.storyId)!.firstSeen <= e.date).toBe(true);
    }
  });
});
