/**
 * Imports run from a higher layer to a lower one (README, "Architecture"): domain → rules → feeds →
 * vault → engine | wallet → api → server.ts, mcp, cli. Read from the source text of every module,
 * so a new upward import fails here, naming the file.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { Glob } from "bun";
import { REPO } from "../helpers/vault.ts";

const RANK: Record<string, number> = { domain: 0, rules: 1, feeds: 2, vault: 3, engine: 4, wallet: 4, api: 5, mcp: 6, backtest: 6 };
/** Leaf modules at src/ that import nothing from the layers, usable from any of them. */
const LEAVES = new Set(["src/log.ts", "src/errors.ts"]);

function layerOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 2 ? parts[1] : file; // src/<layer>/... or a top-level src/*.ts
}

test("no module imports from a higher layer (or across engine ↔ wallet)", () => {
  const bad: string[] = [];
  for (const f of new Glob("src/**/*.ts").scanSync(REPO)) {
    const from = layerOf(f);
    const text = readFileSync(join(REPO, f), "utf8");
    for (const m of text.matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)) {
      const target = relative(REPO, normalize(join(REPO, dirname(f), m[1])));
      const to = layerOf(target);
      if (to === from || LEAVES.has(target)) continue;
      const rf = RANK[from], rt = RANK[to];
      if (rt === undefined) {
        if (rf !== undefined) bad.push(`${f} → ${target} (a top-level module)`);
        continue;
      }
      if (rf !== undefined && rt >= rf) bad.push(`${f} → ${target}`);
    }
  }
  expect(bad).toEqual([]);
});
