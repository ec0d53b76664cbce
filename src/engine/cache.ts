/**
 * Per-snapshot memo: derived answers (validated patterns per niche, briefs) are computed at most
 * once per snapshot and key, and dropped with the snapshot. `maxAgeMs` bounds staleness (the brief
 * is regenerated at most hourly).
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
