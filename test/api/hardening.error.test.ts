/**
 * Defects found by an adversarial test and a first-time user (issue 13), each on the real server
 * with a real wallet: HEAD and other methods (405, nothing billed), invalid percent-encoding (400,
 * nothing billed), `limit` above 10 on every endpoint, lengths in characters (code points), and a
 * 402 `topup_url` that exists.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ENDPOINTS, PAID, lengthBounded, url } from "../helpers/endpoints.ts";
import { startServer, walletState, type TestServer } from "../helpers/server.ts";
import { badEncoding } from "../../src/api/query.ts";
import { charLength } from "../../src/api/params.ts";
import fc from "fast-check";

let s: TestServer;
beforeAll(() => {
  s = startServer({ topupUrl: undefined });
}, 60_000);
afterAll(() => s.stop());

const roomy = () => s.account({ plan: "agency", credits: 100_000, burst: 100_000, dailyCap: 100_000, intelCap: 100_000 });

async function expectNoSpend(accountId: string, fn: () => Promise<void>): Promise<void> {
  const before = walletState(s.admin, accountId);
  await fn();
  expect(walletState(s.admin, accountId)).toEqual(before);
}

describe("methods other than GET", () => {
  for (const method of ["HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
    test(`${method} on every endpoint → 405 with Allow: GET and the JSON error body, nothing billed`, async () => {
      const acc = roomy();
      await expectNoSpend(acc.accountId, async () => {
        for (const ep of ENDPOINTS) {
          const r = await s.app.handle(new Request(`http://localhost${url(ep)}`, { method, headers: { "x-service-api-key": acc.apiKey } }));
          expect(r.status).toBe(405);
          expect(r.headers.get("allow")).toBe("GET");
          if (method !== "HEAD") expect(await r.json()).toMatchObject({ error: "method_not_allowed" });
        }
      });
    });
  }
  test("unknown paths stay 404 for any method", async () => {
    const r = await s.app.handle(new Request("http://localhost/api/public/nope", { method: "POST" }));
    expect(r.status).toBe(404);
  });
});

describe("invalid percent-encoding", () => {
  const bad = ["%e2%82", "%ff", "%zz", "abc%", "%e2%82%28"];
  for (const ep of PAID()) {
    const params = Object.keys(ep.query.properties);
    const textParam = params.find((p) => !["limit", "niche", "source"].includes(p));
    if (!textParam) continue;
    test(`${ep.path}?${textParam}=<invalid> → 400 invalid_param naming it, nothing billed`, async () => {
      const acc = roomy();
      await expectNoSpend(acc.accountId, async () => {
        for (const v of bad) {
          const r = await s.json(`${ep.path}?${textParam}=${v}`, acc.apiKey);
          expect(r.status).toBe(400);
          expect(r.body).toMatchObject({ error: "invalid_param", param: textParam });
          expect(JSON.stringify(r.body)).not.toContain("I tried");
        }
      });
    });
  }
  test("badEncoding: never flags a validly encoded query; flags the first invalid component by name", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 20 })), (d) => {
        const qs = Object.entries(d).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
        expect(badEncoding(`http://x/p?${qs}`)).toBeNull();
      }),
    );
    expect(badEncoding("http://x/p?topic=%e2%82")).toBe("topic");
    expect(badEncoding("http://x/p?q=a+b%20c")).toBeNull();
  });

  test("valid encodings reach the handler decoded ('+' and %20 are spaces)", async () => {
    const acc = roomy();
    const r = await s.json("/api/public/forecast?q=iphone+x%20review", acc.apiKey);
    expect(r.status).toBe(200);
    expect(r.body.data.query).toBe("iphone x review");
  });
});

describe("limit above 10 is refused on every endpoint that takes parameters", () => {
  for (const ep of PAID()) {
    test(`${ep.path}?limit=11 → 400 invalid_param (limit), nothing billed; limit=10 is accepted`, async () => {
      const acc = roomy();
      await expectNoSpend(acc.accountId, async () => {
        for (const v of ["11", "100", "0", "x"]) {
          const r = await s.json(url(ep, { limit: v }), acc.apiKey);
          expect(r.status).toBe(400);
          expect(r.body).toMatchObject({ error: "invalid_param", param: "limit" });
        }
      });
      expect((await s.json(url(ep, { limit: "10" }), acc.apiKey)).status).toBe(200);
    });
  }
});

describe("lengths count characters (code points), not UTF-16 units", () => {
  for (const ep of ENDPOINTS) {
    for (const b of lengthBounded(ep)) {
      test(`${ep.path} ${b.name}: ${b.min}..${b.max} characters with astral characters`, async () => {
        const acc = roomy();
        if (b.min > 1) {
          // "😀😀" is 2 characters (4 UTF-16 units): below a minimum of 4
          const short = "😀".repeat(b.min - 1);
          const r = await s.json(url(ep, { [b.name]: short }), acc.apiKey);
          expect(r.status).toBe(400);
          expect(r.body).toMatchObject({ error: "invalid_param", param: b.name });
        }
        // b.max characters of which 60 are emoji (more than b.max UTF-16 units): accepted
        const atMax = [..."iPhone X 😀 review ".repeat(30)].slice(0, b.max).join("").trim();
        expect(charLength(atMax)).toBeLessThanOrEqual(b.max);
        expect(atMax.length).toBeGreaterThan(charLength(atMax));
        const ok = await s.json(url(ep, { [b.name]: atMax }), acc.apiKey);
        expect(ok.status).toBe(200);
        const over = "😀".repeat(b.max + 1);
        const r = await s.json(url(ep, { [b.name]: over }), acc.apiKey);
        expect(r.status).toBe(400);
      });
    }
  }
});

describe("402 topup_url", () => {
  test("the default topup_url is a page this server serves (how an operator adds credits)", async () => {
    const acc = s.account({ plan: "pro", credits: 0 });
    const r = await s.json(url(PAID()[0]), acc.apiKey);
    expect(r.status).toBe(402);
    const path = new URL(r.body.topup_url).pathname;
    const page = await s.get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("credits add");
  });
});
