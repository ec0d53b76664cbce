/**
 * Keys (spec section 5, docs/wallet.md): `svc_live_` + at least 32 base62 characters from a CSPRNG,
 * only the SHA-256 is stored. The whole wallet file (and its -wal / -shm) is scanned for any
 * plaintext key or secret part after creating, regenerating and using keys. Regenerate and revoke
 * take effect on the very next request.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { nextTurn, startServer, type TestServer } from "../helpers/server.ts";
import { createAccount, generateKey, hashKey, isWellFormedKey, regenerateKey, revokeKeys, KEY_PREFIX } from "../../src/wallet/keys.ts";
import { openWallet } from "../../src/wallet/db.ts";
import { tempDir } from "../helpers/tmp.ts";
import { join } from "node:path";

const KEY_RE = /^svc_live_[0-9A-Za-z]{32,}$/;

let s: TestServer;
beforeAll(() => {
  s = startServer();
}, 60_000);
afterAll(() => s.stop());

test("key format: svc_live_ + ≥32 base62 characters; keys are distinct and well spread", () => {
  expect(KEY_PREFIX).toBe("svc_live_");
  const keys = new Set<string>();
  const counts = new Map<string, number>();
  for (let i = 0; i < 2000; i++) {
    const k = generateKey();
    expect(k).toMatch(KEY_RE);
    expect(isWellFormedKey(k)).toBe(true);
    keys.add(k);
    for (const c of k.slice(KEY_PREFIX.length)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  expect(keys.size).toBe(2000);
  // All 62 symbols appear, none wildly over-represented (uniform sampling, no modulo bias to speak of).
  expect(counts.size).toBe(62);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  for (const n of counts.values()) expect(Math.abs(n / total - 1 / 62)).toBeLessThan(0.006);
});

test("keys from createAccount and regenerateKey have the format; the stored hash is SHA-256 hex", () => {
  const a = createAccount(s.admin, { plan: "pro" });
  expect(a.apiKey).toMatch(KEY_RE);
  const row = s.admin.query("SELECT key_hash FROM api_keys WHERE account_id = ?").get(a.accountId) as { key_hash: string };
  expect(row.key_hash).toBe(createHash("sha256").update(a.apiKey).digest("hex"));
  expect(row.key_hash).toBe(hashKey(a.apiKey));
  const k2 = regenerateKey(s.admin, a.accountId);
  expect(k2).toMatch(KEY_RE);
  expect(k2).not.toBe(a.apiKey);
});

test("the whole database file, -wal and -shm hold no plaintext key nor any secret part", async () => {
  const dir = tempDir("keyscan");
  const path = join(dir, "wallet.sqlite");
  const t = startServer({ walletPath: path });
  const keys: string[] = [];
  try {
    for (const plan of ["free", "pro", "builder", "agency"] as const) {
      const a = t.account({ plan });
      keys.push(a.apiKey);
      expect((await t.json("/api/public/trends?source=youtube", a.apiKey)).status).toBe(200);
      expect((await t.json("/api/public/usage", a.apiKey)).status).toBe(200);
      for (let i = 0; i < 3; i++) keys.push(regenerateKey(t.admin, a.accountId));
      expect((await t.json("/api/public/trends", keys[keys.length - 1])).status).toBe(200);
    }
    // Also a CLI-style connection that is opened, used and closed.
    const cli = openWallet(path);
    const c = createAccount(cli, { plan: "pro" });
    keys.push(c.apiKey, regenerateKey(cli, c.accountId));
    cli.close();

    const scan = () => {
      const files = [path, path + "-wal", path + "-shm"].filter(existsSync);
      expect(files).toContain(path);
      const blobs = files.map((f) => readFileSync(f));
      for (const k of keys) {
        const secret = k.slice(KEY_PREFIX.length);
        for (const needle of [k, secret, secret.slice(0, 20), secret.slice(-20)]) {
          for (const b of blobs) {
            expect(b.includes(Buffer.from(needle, "utf8"))).toBe(false);
            expect(b.includes(Buffer.from(needle, "utf16le"))).toBe(false);
          }
        }
      }
      return blobs;
    };
    const blobs = scan(); // while the WAL still holds recent pages
    // Sanity: the scan does see what is stored (the hashes are there).
    expect(blobs.some((b) => b.includes(Buffer.from(hashKey(keys[0]), "utf8")))).toBe(true);
    t.admin.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    scan(); // and after a checkpoint into the main file
  } finally {
    t.stop();
  }
});

test("regenerate → the old key is 401 at once, the new key works, balance carries over", async () => {
  const a = s.account({ plan: "pro", credits: 50 });
  expect((await s.json("/api/public/trends?source=youtube", a.apiKey)).status).toBe(200);
  const k2 = regenerateKey(s.admin, a.accountId);
  await nextTurn();
  for (const p of ["/api/public/trends?source=youtube", "/api/public/usage"]) {
    const old = await s.json(p, a.apiKey);
    expect([old.status, old.body.error]).toEqual([401, "unauthorized"]);
  }
  const fresh = await s.json("/api/public/trends?source=youtube", k2);
  expect(fresh.status).toBe(200);
  expect(fresh.body.credits_remaining).toBe(48);
  // Regenerating twice: only the newest works.
  const k3 = regenerateKey(s.admin, a.accountId);
  await nextTurn();
  expect((await s.json("/api/public/usage", k2)).status).toBe(401);
  expect((await s.json("/api/public/usage", k3)).status).toBe(200);
});

test("regenerate while requests with the old key are in flight: none of them is charged after the switch", async () => {
  const a = s.account({ plan: "agency", credits: 1000, burst: 100_000, dailyCap: 100_000 });
  const inflight = Array.from({ length: 50 }, () => s.json("/api/public/trends?source=youtube", a.apiKey));
  const k2 = regenerateKey(s.admin, a.accountId); // commits before the meter's batch runs
  const rs = await Promise.all(inflight);
  const served = rs.filter((r) => r.status === 200).length;
  for (const r of rs) expect([200, 401]).toContain(r.status);
  const st = s.admin.query("SELECT credits FROM accounts WHERE id = ?").get(a.accountId) as { credits: number };
  const ledger = s.admin.query("SELECT COALESCE(SUM(calls), 0) AS n FROM ledger WHERE account_id = ?").get(a.accountId) as { n: number };
  expect(st.credits).toBe(1000 - served);
  expect(ledger.n).toBe(served);
  expect((await s.json("/api/public/trends?source=youtube", a.apiKey)).status).toBe(401);
  expect((await s.json("/api/public/trends?source=youtube", k2)).status).toBe(200);
});

test("revoke → 401 at once on every path; the account's other state is kept", async () => {
  const a = s.account({ plan: "builder", credits: 20 });
  expect((await s.json("/api/public/usage", a.apiKey)).status).toBe(200);
  expect(revokeKeys(s.admin, a.accountId)).toBe(1);
  await nextTurn();
  for (const p of ["/api/public/trends", "/api/public/usage"]) expect((await s.json(p, a.apiKey)).status).toBe(401);
  const row = s.admin.query("SELECT credits FROM accounts WHERE id = ?").get(a.accountId) as { credits: number };
  expect(row.credits).toBe(20);
  // A regenerate after a revoke issues a working key again.
  const k = regenerateKey(s.admin, a.accountId);
  expect((await s.json("/api/public/usage", k)).body.credits_remaining).toBe(20);
});

test("a revoke made on the server's own connection is also enforced (the meter re-checks the key)", async () => {
  const a = s.account({ plan: "pro" });
  expect((await s.json("/api/public/trends", a.apiKey)).status).toBe(200);
  revokeKeys(s.db, a.accountId);
  const r = await s.json("/api/public/trends", a.apiKey);
  expect(r.status).toBe(401);
});
