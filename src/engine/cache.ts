/**
 * Per-snapshot memo: derived answers (validated patterns per niche, briefs, fuzzy matches, graded
 * drafts) are computed at most once per snapshot and key, and dropped with the snapshot. Every
 * answer is a pure function of (snapshot, input), so a cached answer is the answer.
 * `maxAgeMs` bounds staleness where freshness matters (the brief is regenerated at most hourly);
 * `lru` bounds memory for caches keyed by caller input.
 */
import type { Loaded } from "./engine.ts";

const memo = new WeakMap<Loaded, Map<string, { at: number; value: unknown }>>();

export function cached<T>(snap: Loaded, key: string, now: number, compute: () => T, maxAgeMs = Infinity): T {
  let m = memo.get(snap);
  if (!m) memo.set(snap, (m = new Map()));
  const hit = m.get(key);
  if (hit && now - hit.at < maxAgeMs) return hit.value as T;
  const value = compute();
  m.set(key, { at: now, value });
  return value;
}

/** Entries kept per input-keyed cache (per snapshot and namespace). */
export const LRU_CAP = 5_000;

const lrus = new WeakMap<Loaded, Map<string, Map<string, unknown>>>();

/** Least-recently-used memo for caller-keyed inputs (a Map keeps insertion order: re-insert on hit). */
export function lru<T>(snap: Loaded, ns: string, key: string, compute: () => T, cap = LRU_CAP): T {
  let byNs = lrus.get(snap);
  if (!byNs) lrus.set(snap, (byNs = new Map()));
  let m = byNs.get(ns) as Map<string, T> | undefined;
  if (!m) byNs.set(ns, (m = new Map()));
  if (m.has(key)) {
    const v = m.get(key)!;
    m.delete(key);
    m.set(key, v);
    return v;
  }
  const v = compute();
  m.set(key, v);
  if (m.size > cap) m.delete(m.keys().next().value!);
  return v;
}
