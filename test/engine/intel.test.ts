/**
 * Brief intelligence on random small vaults built with the real ingest (test/helpers/randvault.ts):
 * alert transparency for every niche and for all, one alert per story, alerts sorted by vaultScore,
 * the alert log, receipts (most recent measured alerts, never chosen by growth), the track record
 * over every measured alert, and the moment. One property also runs through the real server.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { NICHES, type Niche } from "../../src/domain/enums.ts";
import { currentAlerts, measureAlerts, moment, receiptsAndRecord, MOMENT_FLOOR, type Receipt } from "../../src/engine/intel.ts";
import { selectReceipts, SCORE_GATE, BRIEF_TOP_N, PRIME_SCORE, PRIME_BREAKOUT } from "../../src/rules/alerts.ts";
import { dayOrdinal, type VaultBody } from "../../src/vault/model.ts";
import { buildIndexes } from "../../src/engine/indexes.ts";
import { writeSnapshot } from "../../src/vault/snapshot.ts";
import { randVault, type RandVault } from "../helpers/randvault.ts";
import { startServer } from "../helpers/server.ts";
import { tempDir } from "../helpers/tmp.ts";

const SCOPES: (Niche | undefined)[] = [undefined, ...NICHES];

/** Live items of the day in the niche (each video on today's chart, each search of today), counted independently. */
function liveItems(body: VaultBody, niche: Niche | undefined, storyNiche: (id: string | null) => Niche | null): number {
  const today = dayOrdinal(body.date);
  let n = 0;
  const ok = (sid: string | null) => {
    const sn = storyNiche(sid);
    return sn !== null && (!niche || sn === niche);
  };
  for (const v of body.videos) if (v.d[v.d.length - 1] === today && ok(v.storyId)) n++;
  for (const q of body.searches) if (q.d[q.d.length - 1] === today && ok(q.storyId)) n++;
  return n;
}

describe("alerts on random vaults", () => {
  test("transparency adds up for all niches and each niche; ≤ topN alerts, one per story, sorted by vaultScore desc, all gated", () => {
    fc.assert(
      fc.property(randVault, ({ last, idx }: RandVault) => {
        const storyNiche = (id: string | null) => (id ? idx.storyById.get(id)?.niche ?? null : null);
        for (const topN of [BRIEF_TOP_N, 10]) {
          for (const niche of SCOPES) {
            const { alerts, transparency: t } = currentAlerts(last, idx.storyById, niche, topN);
            expect(t.alertsConsidered).toBe(t.alertsShown + t.excludedNotAccelerating + t.excludedBelowTopCut + t.excludedBelowScoreGate);
            expect(t.alertsConsidered).toBe(liveItems(last, niche, storyNiche));
            expect(t.alertsShown).toBe(alerts.length);
            expect(alerts.length).toBeLessThanOrEqual(topN);
            expect(new Set(alerts.map((a) => a.storyId)).size).toBe(alerts.length);
            for (let i = 1; i < alerts.length; i++) expect(alerts[i - 1].vaultScore).toBeGreaterThanOrEqual(alerts[i].vaultScore);
            for (const a of alerts) {
              const s = idx.storyById.get(a.storyId)!;
              expect(s.momentum).toBe("accelerating");
              expect(a.vaultScore).toBeGreaterThanOrEqual(SCORE_GATE);
              if (niche) expect(a.niche).toBe(niche);
              expect(["early", "peak_momentum"]).toContain(a.phase);
              expect(a.phase).toBe(a.daysTracked <= 3 ? "early" : "peak_momentum");
              expect(a.tier).toBe(a.vaultScore >= PRIME_SCORE && s.breakoutProbability >= PRIME_BREAKOUT ? "PRIME" : "STRONG");
              expect(a.source).toBe(s.source === "youtube" ? "youtube" : "radar-snapshots");
              expect(a.storyFirstSeen).toBe(s.rec.firstSeen);
              expect(a.storyAgeDays).toBe(dayOrdinal(last.date) - dayOrdinal(s.rec.firstSeen));
            }
          }
          // The all-niches answer shows the best stories of the niche answers.
          const all = currentAlerts(last, idx.storyById, undefined, topN).alerts;
          const perNiche = SCOPES.slice(1).flatMap((n) => currentAlerts(last, idx.storyById, n, topN).alerts);
          for (const a of all) expect(perNiche.map((x) => x.storyId)).toContain(a.storyId);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("the alert log records, each day, the stories that day's briefs show (all niches and each niche), once each", () => {
    fc.assert(
      fc.property(randVault, ({ bodies }: RandVault) => {
        bodies.forEach((body, i) => {
          const idx = buildIndexes(body);
          const today = body.alertLog.filter((e) => e.date === body.date);
          expect(new Set(today.map((e) => e.storyId)).size).toBe(today.length);
          const shown = new Set(SCOPES.flatMap((n) => currentAlerts(body, idx.storyById, n, BRIEF_TOP_N).alerts.map((a) => a.storyId)));
          expect(new Set(today.map((e) => e.storyId))).toEqual(shown);
          for (const e of today) {
            const lead = idx.storyById.get(e.storyId)!.leadVideo;
            expect(e.videoId).toBe(lead?.id ?? null);
            expect(e.viewsAtAlert).toBe(lead ? lead.v[lead.v.length - 1] : null);
          }
          // Earlier days' entries are carried forward unchanged.
          if (i > 0) expect(body.alertLog.filter((e) => e.date < body.date)).toEqual(bodies[i - 1].alertLog);
        });
      }),
      { numRuns: 30 },
    );
  });
});

/** Measured alerts computed independently from the log. */
function expectedMeasured(body: VaultBody): { storyId: string; alertDate: string; growthPct: number; daysMeasured: number }[] {
  const byId = new Map(body.videos.map((v) => [v.id, v]));
  const out = [];
  for (const e of body.alertLog) {
    if (e.date >= body.date || !e.videoId || !e.viewsAtAlert || e.viewsAtAlert <= 0) continue;
    const v = byId.get(e.videoId);
    if (!v) continue;
    const daysMeasured = v.d[v.d.length - 1] - dayOrdinal(e.date);
    if (daysMeasured < 1) continue;
    out.push({ storyId: e.storyId, alertDate: e.date, daysMeasured, growthPct: (v.v[v.v.length - 1] / e.viewsAtAlert - 1) * 100 });
  }
  return out;
}

const key = (r: { alertDate: string; storyId: string }) => `${r.alertDate}|${r.storyId}`;

describe("receipts and track record on random vaults", () => {
  test("receipts = the 5 most recent measured alerts (alertDate desc, storyId); trackRecord counts all of them", () => {
    let sawReceipts = 0;
    fc.assert(
      fc.property(randVault, ({ last, idx }: RandVault) => {
        const all = measureAlerts(last, idx.videoById);
        const exp = expectedMeasured(last);
        const expKeys = exp.map(key).sort((a, b) => (a.split("|")[0] !== b.split("|")[0] ? (a < b ? 1 : -1) : a < b ? -1 : 1)).slice(0, 5);
        expect(selectReceipts(all).map(key)).toEqual(expKeys);
        const { receipts, trackRecord } = receiptsAndRecord(all);
        expect(receipts.map((r) => r.alertDate)).toEqual(expKeys.map((k) => k.split("|")[0]));
        expect(trackRecord.alertsMeasured).toBe(exp.length);
        for (const r of receipts) {
          expect(r.daysMeasured).toBeGreaterThanOrEqual(1);
          expect(Math.abs(r.growthPct - (r.viewsLast / r.viewsFirst - 1) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        }
        if (exp.length) {
          // "grew" is judged on growthPct as shown (one decimal): +0.04% shows as 0 and does not count.
          const shown = (g: number) => Math.round(g * 10) / 10;
          expect(trackRecord.shareGrew!).toBeCloseTo(exp.filter((e) => shown(e.growthPct) > 0).length / exp.length, 3);
        }
        sawReceipts += receipts.length;
      }),
      { numRuns: 60 },
    );
    expect(sawReceipts).toBeGreaterThan(0); // the generator does produce measured alerts
  });

  test("altering or permuting growth (views at alert time) and reordering the log never changes which receipts are selected", () => {
    fc.assert(
      fc.property(randVault, fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 40, maxLength: 40 }), fc.integer({ min: 0, max: 39 }), ({ last, idx }: RandVault, views, rot) => {
        const sel = (b: VaultBody) => selectReceipts(measureAlerts(b, idx.videoById)).map(key);
        const base = sel(last);
        const log = last.alertLog;
        const altered = { ...last, alertLog: log.map((e, i) => (e.viewsAtAlert != null && e.viewsAtAlert > 0 ? { ...e, viewsAtAlert: views[i % views.length] } : e)) };
        const positive = log.filter((e) => e.viewsAtAlert != null && e.viewsAtAlert > 0).map((e) => e.viewsAtAlert!);
        let k = rot;
        const permuted = { ...last, alertLog: log.map((e) => (e.viewsAtAlert != null && e.viewsAtAlert > 0 ? { ...e, viewsAtAlert: positive[k++ % positive.length] } : e)) };
        const r = rot % Math.max(1, log.length);
        const reordered = { ...last, alertLog: [...log.slice(r), ...log.slice(0, r)].reverse() };
        expect(sel(altered)).toEqual(base);
        expect(sel(permuted)).toEqual(base);
        expect(sel(reordered)).toEqual(base);
        // and the track record still counts the same alerts
        expect(receiptsAndRecord(measureAlerts(altered, idx.videoById)).trackRecord.alertsMeasured).toBe(receiptsAndRecord(measureAlerts(last, idx.videoById)).trackRecord.alertsMeasured);
      }),
      { numRuns: 40 },
    );
  });
});

describe("moment on random vaults", () => {
  test("the live video story with velocityPrev ≥ MOMENT_FLOOR that rose, with the largest velocityNow / velocityPrev (> 1), or null", () => {
    fc.assert(
      fc.property(randVault, ({ idx }: RandVault) => {
        for (const niche of SCOPES) {
          const m = moment(idx.stories, niche);
          const eligible = idx.stories.filter((s) => s.live && s.source === "youtube" && (!niche || s.niche === niche) && s.prevVelocity >= MOMENT_FLOOR && s.velocity > s.prevVelocity);
          if (!eligible.length) {
            expect(m).toBeNull();
            continue;
          }
          const best = Math.max(...eligible.map((s) => s.velocity / s.prevVelocity));
          expect(m).not.toBeNull();
          // ratio is rounded to 2 decimals: off by at most half a cent (toBeCloseTo(…, 2) wants strictly less).
          expect(Math.abs(m!.ratio - best)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(m!.velocityPrev).toBeGreaterThanOrEqual(MOMENT_FLOOR);
          expect(eligible.map((s) => s.rec.name)).toContain(m!.topic);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("through the real server", () => {
  test("/brief for all and every niche: transparency adds up, ≤ 5 alerts, one per story, sorted; receipts by date", async () => {
    const samples = fc.sample(randVault, { numRuns: 6, seed: 20171011 });
    for (const rv of samples) {
      const dir = tempDir("randvault");
      for (const b of rv.bodies) writeSnapshot(dir, b);
      const s = startServer({ snapshotDir: dir });
      try {
        const { apiKey } = s.account({ plan: "agency", credits: 100_000 });
        for (const niche of SCOPES) {
          const r = await s.json(`/api/public/brief${niche ? `?niche=${niche}` : ""}`, apiKey);
          expect(r.status).toBe(200);
          const d = r.body.data;
          const t = d.transparency;
          expect(t.alertsConsidered).toBe(t.alertsShown + t.excludedNotAccelerating + t.excludedBelowTopCut + t.excludedBelowScoreGate);
          expect(d.alerts.length).toBe(t.alertsShown);
          expect(d.alerts.length).toBeLessThanOrEqual(5);
          expect(new Set(d.alerts.map((a: any) => a.storyId)).size).toBe(d.alerts.length);
          for (let i = 1; i < d.alerts.length; i++) expect(d.alerts[i - 1].vaultScore).toBeGreaterThanOrEqual(d.alerts[i].vaultScore);
          for (let i = 1; i < d.receipts.length; i++) expect(d.receipts[i - 1].alertDate >= d.receipts[i].alertDate).toBe(true);
          if (!niche) expect(d.trackRecord.alertsMeasured).toBe(expectedMeasured(rv.last).length);
        }
      } finally {
        s.stop();
      }
    }
  });
});

// Keep the type import used (Receipt is the shape the brief strips storyId from).
export type _R = Receipt;
