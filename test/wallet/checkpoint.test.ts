/**
 * Checkpoints off the event loop (issue 12): the server's connection never checkpoints
 * (wal_autocheckpoint 0); the worker of src/wallet/checkpoint.ts does, so the write-ahead log is
 * still copied back and restarted instead of growing without bound. Without the worker nothing
 * restarts it (the control case), so the test can fail.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { JOURNAL_SIZE_LIMIT, openWallet } from "../../src/wallet/db.ts";
import { startCheckpointer } from "../../src/wallet/checkpoint.ts";
import { createAccount } from "../../src/wallet/keys.ts";
import { tempDir } from "../helpers/tmp.ts";

const ROWS = 600;

/** ROWS committed transactions of one ledger row each (several WAL pages per commit). */
function write(db: ReturnType<typeof openWallet>, accountId: string, from: number): void {
  const ins = db.query("INSERT INTO ledger (account_id, key_id, endpoint, cost, calls, status, at) VALUES (?, 'key_x', 'trends', 1, 1, 200, ?)");
  const upd = db.query("UPDATE accounts SET credits = credits - 1 WHERE id = ?");
  for (let i = 0; i < ROWS; i++) db.transaction(() => (ins.run(accountId, from + i), upd.run(accountId))).immediate();
}

/** The WAL header's salt-1 (offset 16), which SQLite changes each time the log restarts from its start. */
function salt(path: string): number {
  return readFileSync(path + "-wal").readUInt32BE(16);
}

/**
 * Commit one small write every 50 ms, up to `tries` times, until the log restarts: the writer
 * restarts it only once a checkpoint has copied all of it back, and this connection never checkpoints.
 */
async function restarts(db: ReturnType<typeof openWallet>, path: string, accountId: string, tries: number): Promise<boolean> {
  const before = salt(path);
  // A real change: SQLite writes nothing for an UPDATE that leaves the row as it was.
  const ins = db.query("INSERT INTO ledger (account_id, key_id, endpoint, cost, calls, status, at) VALUES (?, 'key_x', 'usage', 0, 1, 200, ?)");
  for (let i = 0; i < tries; i++) {
    await Bun.sleep(50);
    ins.run(accountId, i);
    if (salt(path) !== before) return true;
  }
  return false;
}

async function walGrowth(withWorker: boolean): Promise<{ first: number; after: number; restarted: boolean; credits: number }> {
  const path = join(tempDir("ckpt"), "w.sqlite");
  const db = openWallet(path, { busyTimeoutMs: 0 });
  db.exec("PRAGMA wal_autocheckpoint = 0");
  const { accountId } = createAccount(db, { plan: "pro", credits: 10_000 });
  const worker = withWorker ? startCheckpointer(path) : null;
  try {
    write(db, accountId, 0);
    const first = Bun.file(path + "-wal").size;
    const restarted = await restarts(db, path, accountId, withWorker ? 200 : 20);
    const after = Bun.file(path + "-wal").size;
    const credits = (db.query("SELECT credits FROM accounts WHERE id = ?").get(accountId) as { credits: number }).credits;
    return { first, after, restarted, credits };
  } finally {
    worker?.stop();
    db.close();
  }
}

test("with the checkpoint worker, the log is copied back and restarted, and cut back to journal_size_limit", async () => {
  const w = await walGrowth(true);
  expect(w.first).toBeGreaterThan(JOURNAL_SIZE_LIMIT);
  expect(w.restarted).toBe(true);
  expect(w.after).toBeLessThanOrEqual(JOURNAL_SIZE_LIMIT);
  expect(w.credits).toBe(10_000 - ROWS); // nothing lost on the way
}, 20_000);

test("control: without it (autocheckpoint 0) the log is never restarted and keeps its size", async () => {
  const w = await walGrowth(false);
  expect(w.restarted).toBe(false);
  expect(w.after).toBeGreaterThan(JOURNAL_SIZE_LIMIT);
});
