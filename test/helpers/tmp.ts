/**
 * Temp dirs for tests: one root per test process, removed at exit. Every wallet, vault and CLI
 * working file of the suites lives under it, never in the repo.
 */
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let root: string | null = null;

function rootDir(): string {
  if (!root) {
    root = mkdtempSync(join(tmpdir(), "trend-intel-test-"));
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
