/** Capture the structured log lines (src/log.ts, JSON on stderr) emitted while `fn` runs. */
import { log } from "../../src/log.ts";
import { logsQuietWhileServing } from "./server.ts";

export async function captureLogs<T>(fn: () => T | Promise<T>): Promise<{ result: T; lines: any[] }> {
  const chunks: string[] = [];
  const orig = process.stderr.write;
  log.setQuiet(false);
  (process.stderr as any).write = (c: any) => (chunks.push(String(c)), true);
  try {
    const result = await fn();
    return { result, lines: chunks.join("").split("\n").filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return { raw: l }; } }) };
  } finally {
    (process.stderr as any).write = orig;
    log.setQuiet(logsQuietWhileServing());
  }
}
