/**
 * Temp dirs for tests: one root per test process (named with its pid), never in the repo. bun test
 * runs no exit hooks, so each new root first removes the roots of test processes that are gone;
 * at most the last run's root is left behind.
 */
import { mkdtempSync, rmSync, mkdirSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PREFIX = "trend-intel-test-";
let root: string | null = null;

/** Whether process pid still exists (EPERM: it does, owned by someone else). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function sweepStale(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(/^trend-intel-test-(\d+)-/.exec(name)?.[1]);
    // Old-style roots without a pid, and roots of processes that have exited.
    if (!pid || (pid !== process.pid && !alive(pid))) {
      try {
        rmSync(join(tmpdir(), name), { recursive: true, force: true });
      } catch {}
    }
  }
}

function rootDir(): string {
  if (!root) {
    sweepStale();
    root = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
    const r = root;
    process.on("exit", () => {
      try {
        rmSync(r, { recursive: true, force: true });
      } catch {}
    });
  }
  return root;
}

let seq = 0;
/** A fresh empty directory under the per-process temp root. */
export function tempDir(label = "t"): string {
  const d = join(rootDir(), `${label}-${++seq}`);
  mkdirSync(d, { recursive: true });
  return d;
}
