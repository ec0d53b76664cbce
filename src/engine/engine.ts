/**
 * Holds the current snapshot and its indexes, and swaps them atomically when a newer valid snapshot
 * appears (fs.watch plus a poll, since watch is unreliable on some volumes). A snapshot that fails
 * its checks is refused with a logged reason; the previous one keeps serving.
 */
import { watch, type FSWatcher, statSync } from "node:fs";
import { listSnapshots, readSnapshotFile, snapshotPath, type SnapshotHeader } from "../vault/snapshot.ts";
import type { VaultBody } from "../vault/model.ts";
import { buildIndexes, warmIndexes, type Indexes } from "./indexes.ts";
import { log } from "../log.ts";

export interface Loaded {
  header: SnapshotHeader;
  body: VaultBody;
  idx: Indexes;
  loadedAt: number;
  file: string;
}

/** Delay before a first-loaded snapshot's remaining indexes are built (see refresh). */
export const WARM_AFTER_MS = 500;

export class Engine {
  current: Loaded | null = null;
  /** file → identity (mtime, size, inode) of the version refused, so a bad file is not retried forever but a replacement is. */
  private refused = new Map<string, string>();
  private watcher: FSWatcher | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private listeners: ((l: Loaded) => void)[] = [];

  constructor(readonly dir: string) {}

  onLoad(fn: (l: Loaded) => void): void {
    this.listeners.push(fn);
  }

  /** Load the newest valid snapshot newer than the current one. Returns true if it swapped. */
  refresh(): boolean {
    for (const date of listSnapshots(this.dir)) {
      if (this.current && date <= this.current.header.date) return false;
      const file = snapshotPath(this.dir, date);
      let ident = "";
      try {
        const st = statSync(file);
        ident = `${st.mtimeMs}|${st.size}|${st.ino}`;
      } catch {
        continue;
      }
      if (this.refused.get(file) === ident) continue;
      try {
        const t0 = performance.now();
        const { header, body } = readSnapshotFile(file);
        const idx = buildIndexes(body);
        // Replacing a snapshot that is being served: build every index before the swap, so no request
        // waits. The first load builds only what /trends needs, so a starting server answers at once;
        // the rest is built on first use or WARM_AFTER_MS later, whichever comes first.
        const first = !this.current;
        if (!first) warmIndexes(idx);
        const loaded: Loaded = { header, body, idx, loadedAt: Date.now(), file };
        this.current = loaded; // single reference swap: a request sees the old or the new, never a mix
        log.info("snapshot_loaded", { date, videos: header.counts.videos, stories: header.counts.stories, ms: Math.round(performance.now() - t0) });
        if (first) setTimeout(() => this.warm(loaded), WARM_AFTER_MS).unref?.();
        for (const fn of this.listeners) fn(loaded);
        return true;
      } catch (e) {
        this.refused.set(file, ident);
        log.warn("snapshot_refused", { file, reason: e instanceof Error ? e.message : String(e) });
      }
    }
    return false;
  }

  private warm(l: Loaded): void {
    if (this.current !== l) return; // already replaced (a replacement is warmed before its swap)
    const t0 = performance.now();
    try {
      warmIndexes(l.idx);
      log.info("indexes_warmed", { date: l.header.date, ms: Math.round(performance.now() - t0) });
    } catch (e) {
      log.error("indexes_failed", { date: l.header.date, reason: e instanceof Error ? e.message : String(e) });
    }
  }

  /** Watch the directory and poll every `pollMs` as a fallback. */
  start(pollMs = 5000): void {
    try {
      this.watcher = watch(this.dir, () => this.refresh());
    } catch {
      this.watcher = null;
    }
    this.timer = setInterval(() => this.refresh(), pollMs);
    this.timer.unref?.();
  }

  stop(): void {
    this.watcher?.close();
    if (this.timer) clearInterval(this.timer);
  }
}
