/**
 * Shared by the HTTP benchmarks (bench/http.ts, bench/http-pg.ts): start a server process, wait until
 * it answers, and run wrk against a URL (one thread, `conn` connections, `dur` seconds, an API key
 * header when given), read back as req/s, p50/p99 in ms and non-2xx count.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await Bun.sleep(50);
  }
  throw new Error(`not ready: ${url}`);
}

export function start(cmd: string[], env: Record<string, string>): ChildProcess {
  return spawn(cmd[0], cmd.slice(1), { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
}

/** wrk's latency figure ("812.00us", "1.21ms", "2.00s") in ms. */
export function toMs(s: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(s)!;
  const v = Number(m[1]);
  return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
}

/** A wrk run with these settings. Asynchronous, so samplers of the caller keep running meanwhile. */
export function wrkWith(conn: number, dur: number): (url: string, key?: string) => Promise<Run> {
  return async (url, key) => {
    const args = ["-t1", `-c${conn}`, `-d${dur}s`, "--latency", ...(key ? ["-H", `x-service-api-key: ${key}`] : []), url];
    const proc = Bun.spawn(["wrk", ...args], { stdout: "pipe", stderr: "inherit" });
    const out = await new Response(proc.stdout).text();
    await proc.exited;
    return {
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
      p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? "0ms"),
      p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "0ms"),
      non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
    };
  };
}
