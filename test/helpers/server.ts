/**
 * The REAL server in-process (createServerApp over a real sqlite file in a temp dir and real
 * snapshots), an injectable test clock, a second wallet connection that plays the CLI / web app,
 * and small readers of the wallet tables. No mocks.
 */
import { expect } from "bun:test";
import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { createServerApp, type AppOptions } from "../../src/server.ts";
import { openWallet } from "../../src/wallet/db.ts";
import { createAccount, type CreateAccountOpts } from "../../src/wallet/keys.ts";
import { log } from "../../src/log.ts";
import { tempDir } from "./tmp.ts";
import { smallVault } from "./vault.ts";

/**
 * Logs are quiet while any test server is alive (a test that checks a log line captures stderr
 * with captureLogs); the default (LOG_LEVEL) is restored when the last one stops, so other suites
 * in the same bun test process are not affected.
 */
let alive = 0;
const defaultQuiet = () => process.env.LOG_LEVEL === "silent";
export function logsQuietWhileServing(): boolean {
  return alive > 0 || defaultQuiet();
}

/** 2031-05-06T12:00:15Z: mid-minute, mid-day, far from any window edge. */
export const T0 = Date.UTC(2031, 4, 6, 12, 0, 15);

export class TestClock {
  constructor(public t: number = T0) {}
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
  set(t: number): void {
    this.t = t;
  }
}

/** `get` and `json` over an app's in-process handler, with the API key header (and any others). */
export function requester(app: { handle(r: Request): Promise<Response> }) {
  const get = (p: string, key?: string | null, headers: Record<string, string> = {}) => {
    const h = new Headers(headers);
    if (key != null) h.set("x-service-api-key", key);
    return app.handle(new Request(`http://localhost${p}`, { headers: h }));
  };
  const json = async (p: string, key?: string | null, headers?: Record<string, string>) => {
    const r = await get(p, key, headers);
    const text = await r.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: r.status, body, headers: r.headers };
  };
  return { get, json };
}

export type TestServer = ReturnType<typeof createServerApp> & {
  walletPath: string;
  snapshotDir: string;
  clock: TestClock;
  /** A separate connection to the same wallet file, as the CLI or the web application holds. */
  admin: Database;
  get(pathAndQuery: string, key?: string | null, headers?: Record<string, string>): Promise<Response>;
  json(pathAndQuery: string, key?: string | null, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  account(o: Partial<CreateAccountOpts> & { plan?: CreateAccountOpts["plan"] }): { accountId: string; apiKey: string };
  stop(): void;
};

export function startServer(o: Partial<AppOptions> & { clock?: TestClock } = {}): TestServer {
  const clock = o.clock ?? new TestClock();
  alive++;
  log.setQuiet(true);
  const dir = tempDir("srv");
  const walletPath = o.walletPath ?? join(dir, "wallet.sqlite");
  const snapshotDir = o.snapshotDir ?? smallVault();
  const s = createServerApp({
    requestLog: false,
    authFailLimit: 1_000_000,
    topupUrl: "https://billing.example.test/topup",
    ...o,
    walletPath,
    snapshotDir,
    clock: clock.now,
  });
  const admin = openWallet(walletPath);
  const { get, json } = requester(s.app);
  return {
    ...s,
    walletPath,
    snapshotDir,
    clock,
    admin,
    get,
    json,
    account: (a) => createAccount(admin, { plan: "pro", now: clock.now(), ...a }),
    stop() {
      s.close();
      try {
        admin.close();
      } catch {}
      if (--alive === 0) log.setQuiet(defaultQuiet());
    },
  };
}

/**
 * Let the event loop turn. The server re-reads the wallet's data_version once per event-loop turn
 * (src/wallet/auth.ts), so a change committed by another connection is seen by every request that
 * arrives after it in a later turn, as any request over the network does. In-process tests await
 * this between a wallet change (revoke, regenerate, review) and "the next request".
 */
export const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** Wallet state of one account, read through a separate connection. */
export function walletState(db: Database, accountId: string) {
  const a = db.query("SELECT credits FROM accounts WHERE id = ?").get(accountId) as { credits: number };
  const l = db.query("SELECT COALESCE(SUM(calls), 0) AS n, COALESCE(SUM(cost), 0) AS spent FROM ledger WHERE account_id = ?").get(accountId) as { n: number; spent: number };
  const counters = db.query("SELECT scope, window_start, count FROM rate_counters WHERE account_id = ? ORDER BY scope").all(accountId);
  return { credits: a.credits, ledgerCalls: l.n, ledgerSpent: l.spent, counters: JSON.stringify(counters) };
}

/**
 * Poll (bounded, 1 ms apart) until `n` requests wait in the meter and it has met the held lock
 * since: they are then inside a batch that is retrying on a timer.
 */
export async function untilMeterWaiting(m: { pending: number; stats: { busy: number } }, n: number): Promise<void> {
  let i = 0;
  while (i++ < 5000 && m.pending < n) await Bun.sleep(1);
  const target = m.stats.busy + 1;
  while (i++ < 5000 && m.stats.busy < target) await Bun.sleep(1);
  expect(m.pending).toBe(n);
  expect(m.stats.busy).toBeGreaterThanOrEqual(target);
}
