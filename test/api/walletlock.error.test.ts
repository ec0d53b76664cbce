/**
 * Over a real loopback port, with the wallet's write lock held by ANOTHER PROCESS (a child bun
 * process with its own bun:sqlite connection in BEGIN IMMEDIATE, as the CLI or the web
 * application): /healthz, /openapi.json, /llms.txt, /docs, /readyz and /usage answer while the lock
 * is held; a paid call is served when the lock ends before its deadline, and otherwise answers
 * 503 wallet_busy with Retry-After while the lock is still held, charging nothing. Deadlines are
 * real here (the default, or a generous one where the lock must end first, so a slow machine
 * cannot turn the test); the test only checks what answered before the holder released.
 */
import { afterAll, expect, test } from "bun:test";
import { startServer, untilMeterWaiting, walletState, type TestServer } from "../helpers/server.ts";
import { Output } from "../helpers/proc.ts";

const TRENDS = "/api/public/trends?source=youtube";
const big = { burst: 1_000_000, dailyCap: 1_000_000, intelCap: 1_000_000 };

/** The server under test (its meter's deadline varies per test) and its base URL. */
let s: TestServer;
let base: string;
const servers: TestServer[] = [];
function serve(busyWaitMs?: number): void {
  s = startServer(busyWaitMs ? { meter: { busyWaitMs } } : {});
  s.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${s.app.server!.port}`;
  servers.push(s);
}
afterAll(async () => {
  for (const t of servers) {
    await t.app.server?.stop(true);
    t.stop();
  }
});

const HOLDER = `
import { Database } from "bun:sqlite";
const db = new Database(process.argv[1]);
db.exec("PRAGMA busy_timeout = 5000");
db.exec("BEGIN IMMEDIATE");
console.log("locked");
for await (const line of console) if (line.trim() === "release") break;
db.exec("COMMIT");
console.log("released");
db.close();
`;

/** Another process that holds the wallet's write lock until told to release it. */
async function holdLockInChild() {
  const proc = Bun.spawn([process.execPath, "-e", HOLDER, s.walletPath], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  const out = new Output(proc.stdout);
  await out.waitFor(/locked/, proc.exited);
  let released = false;
  return {
    released: () => released,
    async release() {
      proc.stdin.write("release\n");
      proc.stdin.flush();
      await out.waitFor(/released/, proc.exited);
      released = true;
      await proc.exited;
    },
  };
}

function tracked<T>(p: Promise<T>) {
  let done = false;
  return { p: p.finally(() => (done = true)), settled: () => done };
}

async function get(path: string, key?: string) {
  const r = await fetch(base + path, { headers: key ? { "x-service-api-key": key } : {} });
  const text = await r.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: r.status, body, headers: r.headers };
}


test("lock released before the deadline: every other route answers meanwhile, then the paid call is served and charged once", async () => {
  serve(60_000);
  const a = s.account({ plan: "agency", credits: 10, ...big });
  const holder = await holdLockInChild();
  const paid = tracked(get(TRENDS, a.apiKey));
  await untilMeterWaiting(s.deps.meter, 1);
  for (const p of ["/healthz", "/openapi.json", "/llms.txt", "/docs", "/readyz"]) {
    const r = await get(p);
    expect([p, r.status]).toEqual([p, 200]);
  }
  const usage = await get("/api/public/usage", a.apiKey);
  expect(usage.status).toBe(200);
  expect(usage.body.credits_remaining).toBe(10);
  expect(holder.released()).toBe(false);
  expect(paid.settled()).toBe(false);
  await holder.release();
  const r = await paid.p;
  expect(r.status).toBe(200);
  expect(r.body.credits_remaining).toBe(9);
  expect(walletState(s.admin, a.accountId)).toMatchObject({ credits: 9, ledgerCalls: 1 });
});

test("lock held past the deadline (the default, under 1 s): 503 wallet_busy with Retry-After before the lock is released, nothing charged", async () => {
  serve();
  const a = s.account({ plan: "agency", credits: 10, ...big });
  const before = walletState(s.admin, a.accountId);
  const holder = await holdLockInChild();
  const r = await get(TRENDS, a.apiKey);
  expect(holder.released()).toBe(false);
  expect(r.status).toBe(503);
  expect(r.body.error).toBe("wallet_busy");
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(r.body.retry_after).toBe(Number(r.headers.get("retry-after")));
  await holder.release();
  expect(walletState(s.admin, a.accountId)).toEqual(before);
  expect((await get(TRENDS, a.apiKey)).status).toBe(200);
});
