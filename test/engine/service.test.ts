/**
 * Story contexts (src/engine/service.ts) over the shipped demo vault: a one-channel story carries how many videos its
 * channel has and what share of them are titled in capitals, counted from the vault's columns; the same counts taken
 * from its records must agree.
 */
import { expect, test } from "bun:test";
import { Engine } from "../../src/engine/engine.ts";
import { storyContext } from "../../src/engine/service.ts";
import { isShouting } from "../../src/rules/english.ts";
import { log } from "../../src/log.ts";

test("a one-channel story's context counts its channel's videos and their titles in capitals, as the records do", () => {
  log.setQuiet(true);
  const engine = new Engine("snapshots");
  engine.refresh();
  const snap = engine.current!;
  const byChannel = new Map<string, { videos: number; shouted: number }>();
  for (const v of snap.body.videos) {
    const e = byChannel.get(v.channelTitle) ?? { videos: 0, shouted: 0 };
    e.videos++;
    if (isShouting(v.title)) e.shouted++;
    byChannel.set(v.channelTitle, e);
  }
  let checked = 0, loud = 0, quiet = 0;
  for (const s of snap.idx.stories) {
    const ctx = storyContext(snap, s);
    const chans = new Set(ctx.channels ?? []);
    if (chans.size !== 1) {
      expect(ctx.channelVideos).toBeUndefined();
      continue;
    }
    const want = byChannel.get([...chans][0])!;
    expect(ctx.channelVideos).toBe(want.videos);
    expect(ctx.channelShouting).toBeCloseTo(want.shouted / want.videos, 12);
    if (want.videos >= 3 && want.shouted * 2 >= want.videos) loud++;
    if (want.videos >= 3 && want.shouted === 0) quiet++;
    checked++;
  }
  // The demo vault holds both kinds of regular channel (Grace Helbig titles in capitals; BuzzFeedVideo does not).
  expect(checked).toBeGreaterThan(500);
  expect(loud).toBeGreaterThan(5);
  expect(quiet).toBeGreaterThan(5);
});
