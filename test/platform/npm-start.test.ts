/**
 * `npm start` (the README's start command) must stop when it is told to: npm does not pass SIGTERM
 * through `sh -c` to a grandchild, so the start script execs bun (issue 13, item 13). This test
 * starts the real `npm start`, waits for the real server, sends SIGTERM to npm only, and checks that
 * the server process is gone and its port closed.
 */
import { afterAll, expect, test } from "bun:test";
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { REPO, smallVault } from "../helpers/vault.ts";
import { tempDir } from "../helpers/tmp.ts";
import { freePort } from "../helpers/proc.ts";

const children: number[] = [];
afterAll(() => {
  for (const pid of children) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
});

const hasNpm = spawnSync("npm", ["--version"], { stdio: "ignore" }).status === 0;

test.if(hasNpm)("SIGTERM to `npm start` stops the server it started", async () => {
  const port = freePort();
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", WALLET_DB: join(tempDir("npmstart"), "w.sqlite"), SNAPSHOT_DIR: smallVault(), LOG_LEVEL: "silent", NODE_ENV: "production", PATH: `${join(REPO, "node_modules/.bin")}:${process.env.PATH}` };
  const npm = spawn("npm", ["start", "--silent"], { cwd: REPO, env, stdio: "ignore" });
  children.push(npm.pid!);
  const exited = new Promise<number | null>((r) => npm.on("exit", (code) => r(code)));
  const up = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 20_000;
  while (!(await up())) {
    expect(Date.now()).toBeLessThan(deadline);
    await Bun.sleep(100);
  }
  npm.kill("SIGTERM");
  await exited;
  // The server must be gone too, not orphaned: the port closes within a few seconds.
  const stopBy = Date.now() + 10_000;
  while (await up()) {
    expect(Date.now()).toBeLessThan(stopBy);
    await Bun.sleep(100);
  }
  expect(await up()).toBe(false);
}, 40_000);
