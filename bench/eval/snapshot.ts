/**
 * The newest snapshot of a vault, loaded as the server loads it, with the clock the text readers run at (noon of the
 * snapshot's day, so "this year" and "so far" read as they did that day). Shared by the text benches.
 */
import { Engine, type Loaded } from "../../src/engine/engine.ts";
import { log } from "../../src/log.ts";

export function openSnapshot(dir: string): { snap: Loaded; now: number } {
  log.setQuiet(true);
  const engine = new Engine(dir);
  engine.refresh();
  const snap = engine.current;
  if (!snap) throw new Error(`no snapshot in ${dir}`);
  return { snap, now: Date.parse(snap.body.date + "T12:00:00Z") };
}
