/**
 * Pattern validation (viral-patterns, brief, hook-rescue, grade). Over a window of recent days,
 * a title pattern (`hook:<type>` or `struct:<name>`) is validated when all three hold:
 *   convergence    used by at least MIN_CREATORS distinct creators;
 *   persistence    present on at least MIN_DAYS distinct days;
 *   amplification  the median of its items' velocity / their niche's median velocity ≥ 1 + MARGIN.
 * strength ∈ [0,1] = 0.35·min(1, creators/10) + 0.25·min(1, days/window) + 0.40·min(1, (lift−1)/1),
 * with lift clipped at ≥ 1 (a pattern that underperforms has no amplification part).
 * `hook:plain` (no hook) is never a pattern worth proposing and is excluded.
 */
export const MIN_CREATORS = 3;
export const MIN_DAYS = 3;
export const AMPLIFICATION_MARGIN = 0.1;
export const STRENGTH_WEIGHTS = { creators: 0.35, days: 0.25, lift: 0.4 } as const;

export interface PatternItem {
  patterns: string[];
  creator: string;
  /** Day ordinals on which the item was observed in the window. */
  days: number[];
  niche: string | null;
  velocity: number;
  /** What a person can check: the item's title, creator, latest views and latest day in the window. */
  ref?: PatternExample;
}

export interface PatternExample {
  title: string;
  creator: string;
  views: number;
  date: string;
}

/** Examples shown per pattern: the items that beat their niche median most, one per creator. */
export const MAX_EXAMPLES = 3;

export interface PatternStat {
  pattern: string;
  kind: "hook" | "structure";
  hookType: string | null;
  daysPresent: number;
  creatorsCount: number;
  itemsCount: number;
  lift: number;
  strength: number;
  evidence: { convergence: boolean; persistence: boolean; amplification: boolean };
  validated: boolean;
  examples: PatternExample[];
}

export function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export function patternKind(p: string): { kind: "hook" | "structure"; hookType: string | null } {
  return p.startsWith("hook:") ? { kind: "hook", hookType: p.slice(5) } : { kind: "structure", hookType: null };
}

/** Strongest items first (ratio desc, then views desc, then title), at most one per creator. */
function pickExamples(refs: { ratio: number; ref: PatternExample }[]): PatternExample[] {
  const sorted = [...refs].sort((x, y) => y.ratio - x.ratio || y.ref.views - x.ref.views || (x.ref.title < y.ref.title ? -1 : x.ref.title > y.ref.title ? 1 : 0));
  const out: PatternExample[] = [];
  const creators = new Set<string>();
  for (const { ref } of sorted) {
    if (creators.has(ref.creator)) continue;
    creators.add(ref.creator);
    out.push(ref);
    if (out.length === MAX_EXAMPLES) break;
  }
  return out;
}

export function validatePatterns(items: PatternItem[], windowDays: number): PatternStat[] {
  const byNiche = new Map<string, number[]>();
  for (const it of items) {
    const k = it.niche ?? "*";
    let l = byNiche.get(k);
    if (!l) byNiche.set(k, (l = []));
    l.push(it.velocity);
  }
  const nicheMedian = new Map([...byNiche].map(([k, l]) => [k, median(l)]));
  const acc = new Map<string, { days: Set<number>; creators: Set<string>; ratios: number[]; refs: { ratio: number; ref: PatternExample }[] }>();
  for (const it of items) {
    const base = nicheMedian.get(it.niche ?? "*") ?? 0;
    const ratio = base > 0 ? it.velocity / base : 1;
    for (const p of new Set(it.patterns)) {
      if (p === "hook:plain") continue;
      let a = acc.get(p);
      if (!a) acc.set(p, (a = { days: new Set(), creators: new Set(), ratios: [], refs: [] }));
      for (const d of it.days) a.days.add(d);
      if (it.creator) a.creators.add(it.creator);
      a.ratios.push(ratio);
      if (it.ref) a.refs.push({ ratio, ref: it.ref });
    }
  }
  const out: PatternStat[] = [];
  for (const [pattern, a] of acc) {
    const lift = median(a.ratios);
    const evidence = { convergence: a.creators.size >= MIN_CREATORS, persistence: a.days.size >= MIN_DAYS, amplification: lift >= 1 + AMPLIFICATION_MARGIN };
    const strength =
      STRENGTH_WEIGHTS.creators * Math.min(1, a.creators.size / 10) +
      STRENGTH_WEIGHTS.days * Math.min(1, a.days.size / Math.max(1, windowDays)) +
      STRENGTH_WEIGHTS.lift * Math.min(1, Math.max(0, lift - 1));
    out.push({ pattern, ...patternKind(pattern), daysPresent: a.days.size, creatorsCount: a.creators.size, itemsCount: a.ratios.length, lift: round3(lift), strength: round3(strength), evidence, validated: evidence.convergence && evidence.persistence && evidence.amplification, examples: pickExamples(a.refs) });
  }
  return out.sort((x, y) => y.strength - x.strength || (x.pattern < y.pattern ? -1 : 1));
}
