/** Run the REAL CLI (`bun src/cli.ts ...`) as a child process. */
import { join } from "node:path";
import { REPO } from "./vault.ts";

export const BUN = process.execPath;
export const CLI = join(REPO, "src/cli.ts");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A clean environment for the child: no NODE_ENV=test leaking from bun test, logs silent unless asked. */
export function childEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of ["NODE_ENV", "PORT", "HOST", "WALLET_DB", "SNAPSHOT_DIR", "SNAPSHOT_SEED_DIR", "SOURCE_DATE_EPOCH", "PUBLIC_BASE_URL", "TOPUP_URL", "AUTH_FAIL_LIMIT"]) delete env[k];
  env.LOG_LEVEL = "silent";
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Run one CLI command to completion. A command still running after `timeoutMs` is killed and the call throws. */
export async function cli(args: string[], env: Record<string, string | undefined> = {}, cwd = REPO, timeoutMs = 20_000): Promise<CliResult> {
  const p = Bun.spawn([BUN, CLI, ...args], { cwd, env: childEnv(env), stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    p.kill("SIGKILL");
  }, timeoutMs);
  try {
    const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    if (timedOut) throw new Error(`cli ${args.join(" ")} did not exit within ${timeoutMs} ms; stderr: ${stderr}`);
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}
