/**
 * Diagnostic scan behind bench/RESULTS.backtest.md §2b: single-feature AUCs (no fit) of candidate
 * story-level breakout signals on one 2017 country's story points, and breakouts by story size,
 * by "a member entered today", by days tracked and by day. Story points as in the backtest: members
 * = the story's videos observed on d and d−H, scored when all are observed on d+H.
 * Usage: bun bench/eval/breakout-story-scan.ts US|GB [H]   (writes nothing)
 */
import { readFileSync } from "node:fs";
import { kaggleInputs } from "../../scripts/fit-breakout.ts";
import { buildDay } from "../../src/vault/ingest.ts";
import { chartPositions, storyCandidates } from "../../src/backtest/driver.ts";
import { dayOrdinal, type VaultBody } from "../../src/vault/model.ts";
import { isBreakout, naiveScores } from "../../src/rules/breakout.ts";
import { auc } from "../../src/rules/metrics.ts";

const c = process.argv[2] ?? "GB", H = Number(process.argv[3] ?? 1);
const inputs = kaggleInputs(readFileSync(`data/youtube-2017-v1/${c}videos.csv`, "utf8"), c);
const hist = new Map<string, Map<number, number>>();
const posH = new Map<number, Map<string, number>>();
let body: VaultBody | null = null;
const rows: any[] = [];
const sumAt = (m: string[], d: number) => { let s = 0; for (const id of m) { const v = hist.get(id)?.get(d); if (v === undefined) return null; s += v; } return s; };
const pending: any[] = [];
for (const inp of inputs) {
  body = buildDay(body, inp);
  const day = dayOrdinal(inp.day);
  for (const v of body.videos) if (v.d[v.d.length - 1] === day) { let m = hist.get(v.id); if (!m) hist.set(v.id, m = new Map()); m.set(day, v.v[v.v.length - 1]); }
  posH.set(day, chartPositions(inp));
  const vids = new Map(body.videos.map((v) => [v.id, v]));
  for (const cand of storyCandidates(body, day, H)) {
    const m = cand.members;
    const v = sumAt(m, day)!, vh = sumAt(m, day - H);
    if (vh === null || !(v - vh > 0)) continue;
    const before = v - vh;
    const s = body.stories.find((x) => "s:" + x.id === cand.key)!;
    const pos = posH.get(day)!, pp = posH.get(day - 1);
    const mpos = Math.min(...m.map((id) => pos.get(id) ?? 1));
    const mposPrev = pp ? Math.min(...m.map((id) => pp.get(id) ?? 1)) : mpos;
    // like-for-like over members seen on d, d-1, d-2
    const ll = s.videoIds.filter((id) => [0, 1, 2].every((k) => hist.get(id)?.has(day - k)));
    const g1 = ll.reduce((a, id) => a + hist.get(id)!.get(day)! - hist.get(id)!.get(day - 1)!, 0);
    const g0 = ll.reduce((a, id) => a + hist.get(id)!.get(day - 1)! - hist.get(id)!.get(day - 2)!, 0);
    const llAcc = ll.length && g0 > 0 && g1 > 0 ? Math.log(g1 / g0) : ll.length && g0 > 0 ? -2 : 0;
    // members' own ratio over the label window
    const lead = m.reduce((b, id) => (hist.get(id)!.get(day)! > hist.get(b)!.get(day)! ? id : b), m[0]);
    const leadPos = pos.get(lead) ?? 1;
    const entered = s.videoIds.some((id) => vids.get(id)!.firstSeen === inp.day);
    const onToday = s.videoIds.filter((id) => hist.get(id)?.has(day)).length;
    const onPrev = s.videoIds.filter((id) => hist.get(id)?.has(day - 1)).length;
    const nv = naiveScores(cand.y, v);
    const dt = cand.daysTracked;
    const minTracked = Math.min(...m.map((id) => day - dayOrdinal(vids.get(id)!.firstSeen) + 1));
    const todays = body.videos.filter((x) => x.d[x.d.length - 1] === day && x.d.length >= 2 && x.d[x.d.length - 2] === day - 1);
    const gainOf = (id: string, dd: number) => { const h = hist.get(id)!; const a = h.get(dd), b = h.get(dd - 1); return a !== undefined && b !== undefined ? a - b : null; };
    const gains = todays.map((x) => gainOf(x.id, day)!).sort((a, b) => a - b);
    const allViews = body.videos.filter((x) => x.d[x.d.length - 1] === day).map((x) => x.v[x.v.length - 1]).sort((a, b) => a - b);
    const pct = (arr: number[], x: number) => { let lo = 0; for (const a of arr) if (a < x) lo++; return arr.length ? lo / arr.length : 0.5; };
    const leadGain = Math.max(...m.map((id) => gainOf(id, day) ?? -1));
    const gainPct = leadGain < 0 ? 0.5 : pct(gains, leadGain);
    const viewsPct = pct(allViews, Math.max(...m.map((id) => hist.get(id)!.get(day)!)));
    const medG = gains.length ? gains[gains.length >> 1] : 1;
    pending.push({ target: day + H, m, v, before, day, f: { accel: nv.accel, invViews: nv.invViews, mpos, mposPrev, leadPos, llAcc, nMem: m.length, nStory: s.videoIds.length, entered: entered ? 1 : 0, onToday, onPrev, dt, minTracked, negDt: -dt, negMinTracked: -minTracked, invGainPct: -gainPct, invViewsPct: -viewsPct, relGain: leadGain > 0 && medG > 0 ? -Math.log(leadGain / medG) : 0 } });
  }
  for (let i = pending.length - 1; i >= 0; i--) {
    const p = pending[i];
    if (p.target !== day) continue;
    const a = sumAt(p.m, day);
    pending.splice(i, 1);
    if (a === null) continue;
    rows.push({ ...p, y: isBreakout(p.before, a - p.v) ? 1 : 0 });
  }
}
const y = rows.map((r) => r.y);
console.log(c, "H", H, "n", rows.length, "pos", y.reduce((a, b) => a + b, 0));
for (const k of Object.keys(rows[0].f)) console.log(k.padEnd(14), auc(rows.map((r) => r.f[k]), y).toFixed(3));
// breakdown
const grp = (fn: (r: any) => string) => { const g: Record<string, [number, number]> = {}; for (const r of rows) { const k = fn(r); g[k] ??= [0, 0]; g[k][0]++; g[k][1] += r.y; } console.log(Object.entries(g).sort().map(([k, [n, p]]) => `${k}:${p}/${n}`).join("  ")); };
grp((r) => "nMem" + Math.min(r.f.nMem, 4));
grp((r) => "nStory" + Math.min(r.f.nStory, 6));
grp((r) => "entered" + r.f.entered);
grp((r) => "dt" + Math.min(r.f.dt, 8));
grp((r) => "day" + r.day);
