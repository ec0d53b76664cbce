/**
 * What only the PostgreSQL store has (issue 15): versioned migrations run by whichever process
 * connects first (several at once included) and refusal of a schema newer than the build; a
 * database error that is not an outage is a 500 that leaks nothing and charges nothing. Against a
 * real server (test/helpers/pg.ts); skips with the reason only when none can be started.
 */
import { describe, expect, test } from "bun:test";
import { pgCluster, type PgCluster } from "../helpers/pg.ts";
import { TestClock } from "../helpers/server.ts";
import { smallVault } from "../helpers/vault.ts";
import { PgStore } from "../../src/wallet/pg/store.ts";
import { PG_SCHEMA_VERSION } from "../../src/wallet/pg/conn.ts";
import { createPgServerApp } from "../../src/server.ts";
import { log } from "../../src/log.ts";

const c = await pgCluster();
if ("skip" in c) console.warn(`[pg-store] ${c.skip}`);

describe.skipIf("skip" in c)("PostgreSQL store", () => {
  const pg = c as PgCluster;

  test("processes opening a new wallet at once all succeed and migrate it exactly once", async () => {
    const url = await pg.createDb("migrate");
    const stores = await Promise.all(Array.from({ length: 4 }, () => PgStore.open(url)));
    const rows = await stores[0].sql`SELECT version FROM wallet_schema ORDER BY version`;
    expect(rows.map((r: { version: number }) => r.version)).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
    const a = await stores[1].createAccount({ plan: "pro", credits: 7 });
    expect((await stores[2].getAccount(a.accountId))!.credits).toBe(7);
    await Promise.all(stores.map((s) => s.close()));
    // Opening again is a no-op.
    const again = await PgStore.open(url);
    expect((await again.sql`SELECT COUNT(*)::int AS n FROM wallet_schema`)[0].n).toBe(PG_SCHEMA_VERSION);
    await again.close();
  });

  test("a wallet migrated by a newer build is refused, not written", async () => {
    const url = await pg.createDb("newer");
    const s = await PgStore.open(url);
    await s.sql`INSERT INTO wallet_schema (version, at) VALUES (${PG_SCHEMA_VERSION + 1}::int, 0)`;
    await s.close();
    await expect(PgStore.open(url)).rejects.toThrow(/newer than this build/);
  });

  test("a database error that is not an outage: 500 internal_error with nothing of it in the body, nothing charged", async () => {
    const url = await pg.createDb("broken");
    log.setQuiet(true);
    const clock = new TestClock();
    const s = await createPgServerApp({ walletUrl: url, snapshotDir: smallVault(), clock: clock.now, requestLog: false });
    const admin = await PgStore.open(url);
    try {
      const a = await admin.createAccount({ plan: "pro", credits: 10, now: clock.now() });
      const get = () => s.app.handle(new Request("http://localhost/api/public/trends?source=youtube", { headers: { "x-service-api-key": a.apiKey } }));
      expect((await get()).status).toBe(200);
      await admin.sql.unsafe("ALTER TABLE ledger RENAME TO ledger_gone");
      const r = await get();
      expect(r.status).toBe(500);
      const body = await r.text();
      expect(JSON.parse(body).error).toBe("internal_error");
      expect(body).not.toMatch(/ledger|relation|postgres|SELECT|INSERT/i);
      expect((await admin.getAccount(a.accountId))!.credits).toBe(9); // the failed batch rolled back
      await admin.sql.unsafe("ALTER TABLE ledger_gone RENAME TO ledger");
      expect((await get()).status).toBe(200); // the replica's connection is still usable
      expect((await admin.getAccount(a.accountId))!.credits).toBe(8);
    } finally {
      await s.close();
      await admin.close();
      log.setQuiet(process.env.LOG_LEVEL === "silent");
    }
  });
});
