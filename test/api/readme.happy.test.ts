/**
 * The README's own examples, run as a first-time user would (issue 13, item 11): every request of the
 * "Endpoints" curl block plus the "Try" line that `serve` prints, with the demo account `serve`
 * creates (DEMO_ACCOUNT), against the shipped demo vault. Each must answer 200: no 429, no 402.
 * The requests are read from README.md itself, so the README and the demo account cannot drift.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_ACCOUNT } from "../../src/wallet/keys.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { demoVault } from "../helpers/randvault.ts";
import { REPO } from "../helpers/vault.ts";

let s: TestServer;
beforeAll(() => {
  s = startServer({ snapshotDir: demoVault() });
});
afterAll(() => s.stop());

function readmeRequests(): string[] {
  const md = readFileSync(join(REPO, "README.md"), "utf8");
  const out: string[] = [];
  for (const m of md.matchAll(/curl -s -H "\$K" "\$B(\/[^"]+)"/g)) out.push(`/api/public${m[1]}`);
  return out;
}

test("the README lists an example for every endpoint", () => {
  const paths = new Set(readmeRequests().map((r) => r.split("?")[0]));
  expect(paths.size).toBeGreaterThanOrEqual(11);
});

test("the demo account runs every README example once, plus the printed Try line: all 200", async () => {
  const { apiKey } = s.account({ ...DEMO_ACCOUNT });
  const reqs = ["/api/public/trends?source=youtube", ...readmeRequests()];
  const statuses: [string, number, string][] = [];
  for (const r of reqs) {
    const res = await s.json(r, apiKey);
    statuses.push([r, res.status, res.status === 200 ? "" : JSON.stringify(res.body)]);
  }
  expect(statuses.filter(([, st]) => st !== 200)).toEqual([]);
});

test("the README's per-niche table is what the demo vault serves (items, opportunities, alerts)", async () => {
  const md = readFileSync(join(REPO, "README.md"), "utf8");
  const rows = [...md.matchAll(/^\| (AI|Crypto|Tech|Finance|Business|Health) \| (\d+) \| (\d+) \| (\d+) \|/gm)];
  expect(rows.length).toBe(6);
  const { apiKey } = s.account({ plan: "agency", credits: 10_000, burst: 10_000, dailyCap: 10_000, intelCap: 10_000 });
  for (const [, niche, items, opps, alerts] of rows) {
    const t = await s.json(`/api/public/trends?source=youtube&niche=${niche}`, apiKey);
    const o = await s.json(`/api/public/opportunities?niche=${niche}`, apiKey);
    const b = await s.json(`/api/public/brief?niche=${niche}`, apiKey);
    expect([niche, t.body.data.length, o.body.data.length, b.body.data.alerts.length]).toEqual([niche, Number(items), Number(opps), Number(alerts)]);
  }
});
