/**
 * One wallet suite, two stores (issue 15): the real server in-process on the SQLite wallet file or
 * on a PostgreSQL database of the test cluster (test/helpers/pg.ts), with the same test clock, an
 * admin WalletStore (a separate connection, as the CLI holds) and the same small helpers. A suite
 * written against `BackendServer` runs unchanged on both.
 */
import { join } from "node:path";
import { createPgServerApp } from "../../src/server.ts";
import { SqliteStore, type WalletStore } from "../../src/wallet/store.ts";
import { PgStore } from "../../src/wallet/pg/store.ts";
import type { CreateAccountOpts } from "../../src/wallet/keys.ts";
import type { ChargingMeter } from "../../src/wallet/meter.ts";
import { log } from "../../src/log.ts";
import { requester, startServer, TestClock } from "./server.ts";
import { smallVault } from "./vault.ts";
import { pgCluster } from "./pg.ts";
import { tempDir } from "./tmp.ts";

export interface BackendServer {
  store: WalletStore;
  clock: TestClock;
  meter: ChargingMeter;
  get(pathAndQuery: string, key?: string | null): Promise<Response>;
  json(pathAndQuery: string, key?: string | null): Promise<{ status: number; body: any; headers: Headers }>;
  account(o: Partial<CreateAccountOpts>): Promise<{ accountId: string; apiKey: string }>;
  /** Every text value of every wallet table (to prove a key is stored only as its hash). */
  dump(): Promise<string>;
  /** The account's ledger rows, oldest first. */
  ledger(accountId: string): Promise<{ endpoint: string; cost: number; calls: number }[]>;
  /** Run SQL on a separate connection, as another writer (a web application) would. */
  exec(sql: string): Promise<void>;
  stop(): Promise<void>;
}

export interface Backend {
  name: "sqlite" | "postgres";
  /** Why this backend cannot run here (only PostgreSQL, only when it cannot be started). */
  skip?: string;
  start(): Promise<BackendServer>;
}

const TABLES = ["accounts", "api_keys", "ledger", "credit_grants"];
const SQLITE_TABLES = [...TABLES, "rate_counters"];

function wrap(app: { handle(r: Request): Promise<Response> }, clock: TestClock) {
  return { ...requester(app), clock };
}

const sqlite: Backend = {
  name: "sqlite",
  async start() {
    const s = startServer({ walletPath: join(tempDir("be"), "wallet.sqlite") });
    const store = new SqliteStore(s.admin);
    return {
      ...wrap(s.app, s.clock),
      store,
      meter: s.deps.meter,
      account: (o) => store.createAccount({ plan: "pro", now: s.clock.now(), ...o }),
      async ledger(id) {
        return s.admin.query("SELECT endpoint, cost, calls FROM ledger WHERE account_id = ? ORDER BY id").all(id) as { endpoint: string; cost: number; calls: number }[];
      },
      async exec(sql) {
        s.admin.exec(sql);
      },
      async dump() {
        return SQLITE_TABLES.map((t) => JSON.stringify(s.admin.query(`SELECT * FROM ${t}`).all())).join("\n");
      },
      async stop() {
        s.stop();
      },
    };
  },
};

/** The two backends; PostgreSQL carries `skip` when no cluster can be started here. */
export async function backends(): Promise<Backend[]> {
  const c = await pgCluster();
  const postgres: Backend = {
    name: "postgres",
    skip: "skip" in c ? c.skip : undefined,
    async start() {
      if ("skip" in c) throw new Error(c.skip);
      const url = await c.createDb("suite");
      const clock = new TestClock();
      log.setQuiet(true);
      const s = await createPgServerApp({ walletUrl: url, snapshotDir: smallVault(), clock: clock.now, requestLog: false, authFailLimit: 1_000_000, topupUrl: "https://billing.example.test/topup" });
      const store = await PgStore.open(url);
      return {
        ...wrap(s.app, clock),
        store,
        meter: s.deps.meter,
        account: (o) => store.createAccount({ plan: "pro", now: clock.now(), ...o }),
        async ledger(id) {
          return [...(await store.sql`SELECT endpoint, cost::float8 AS cost, calls FROM ledger WHERE account_id = ${id} ORDER BY id`)] as { endpoint: string; cost: number; calls: number }[];
        },
        async exec(sql) {
          await store.sql.unsafe(sql);
        },
        async dump() {
          const out: string[] = [];
          for (const t of TABLES) out.push(JSON.stringify([...(await store.sql.unsafe(`SELECT * FROM ${t}`))]));
          return out.join("\n");
        },
        async stop() {
          await s.close();
          await store.close();
          log.setQuiet(process.env.LOG_LEVEL === "silent");
        },
      };
    },
  };
  return [sqlite, postgres];
}
