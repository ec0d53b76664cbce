/**
 * Published descriptions (spec section 9): /openapi.json (OpenAPI 3.1.0, version 1.0.0) has every
 * registry path with its params and 200/401/429 responses; /llms.txt lists every path; /docs is
 * HTML; /healthz needs no key; /readyz is 200 with a snapshot and 503 without. The external lint
 * (Redocly) runs in scripts/lint-openapi.sh, not here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ENDPOINTS, choicesOf, props, requiredParams, url } from "../helpers/endpoints.ts";
import { NICHES, TREND_SOURCES } from "../../src/domain/enums.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { tempDir } from "../helpers/tmp.ts";
import { FIRST_DAY } from "../helpers/vault.ts";

let s: TestServer;
let doc: any;
beforeAll(async () => {
  s = startServer({ publicBaseUrl: "https://api.example.test" });
  const r = await s.get("/openapi.json");
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("application/json");
  doc = await r.json();
}, 60_000);
afterAll(() => s.stop());

describe("/openapi.json", () => {
  test("OpenAPI 3.1.0, info.version 1.0.0, one server, apiKey header security", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(typeof doc.info.title).toBe("string");
    expect(doc.servers).toEqual([{ url: "https://api.example.test" }]);
    const schemes = Object.values(doc.components.securitySchemes) as any[];
    expect(schemes).toContainEqual(expect.objectContaining({ type: "apiKey", in: "header", name: "x-service-api-key" }));
    expect(doc.security.length).toBeGreaterThan(0);
    expect(JSON.stringify(doc)).not.toMatch(/"scheme"\s*:\s*"bearer"/i);
  });

  test("exactly the registry's paths, all GET, all under /api/public, no version segment", () => {
    expect(Object.keys(doc.paths).sort()).toEqual(ENDPOINTS.map((e) => e.path).sort());
    for (const [p, item] of Object.entries<any>(doc.paths)) {
      expect(p.startsWith("/api/public/")).toBe(true);
      expect(p).not.toMatch(/\/v\d+\//);
      expect(Object.keys(item)).toEqual(["get"]);
    }
  });

  test.each(ENDPOINTS.map((e) => [e.path, e] as const))("%s: params (names, required, in query) and 200/401/429 responses", (path, ep) => {
    const op = doc.paths[path].get;
    expect(typeof op.operationId).toBe("string");
    const params = op.parameters as any[];
    expect(params.map((p) => p.name).sort()).toEqual(Object.keys(props(ep)).sort());
    for (const p of params) {
      expect(p.in).toBe("query");
      expect(p.required).toBe(requiredParams(ep).includes(p.name));
      expect(p.schema).toBeDefined();
      if ((props(ep) as any)[p.name].maxLength !== undefined) expect(p.schema.maxLength).toBe((props(ep) as any)[p.name].maxLength);
    }
    for (const code of ["200", "401", "429"]) expect(op.responses[code]).toBeDefined();
    if (ep.kind !== "free") expect(op.responses["402"]).toBeDefined();
    expect(op.responses["429"].headers["Retry-After"]).toBeDefined();
    expect(op.responses["200"].headers["X-RateLimit-Tier"]).toBeDefined();
    expect(op.responses["200"].content["application/json"].schema).toBeDefined();
    // The cost is stated.
    expect(op.description).toMatch(ep.cost === 0 ? /free/i : new RegExp(`${ep.cost} credit`));
    // The 200 schema is the envelope (except usage), with `data`.
    const okSchema = op.responses["200"].content["application/json"].schema;
    if (ep.kind !== "free") expect(Object.keys(okSchema.properties).sort()).toEqual(["confidence", "credits_remaining", "credits_used", "data"]);
  });

  test("every $ref resolves", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ptr of refs) {
      expect(ptr.startsWith("#/")).toBe(true);
      const target = ptr.slice(2).split("/").reduce((o: any, k) => o?.[k], doc);
      expect(target).toBeDefined();
    }
  });
});

test("/llms.txt lists every path and points to /openapi.json", async () => {
  const r = await s.get("/llms.txt");
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("text/plain");
  const txt = await r.text();
  for (const ep of ENDPOINTS) expect(txt).toContain(ep.path);
  expect(txt).toContain("https://api.example.test/openapi.json");
  expect(txt).toContain("x-service-api-key");
});

test("/docs returns an HTML page that loads /openapi.json, with every asset served here (works offline)", async () => {
  const r = await s.get("/docs");
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("text/html");
  const html = await r.text();
  expect(html.toLowerCase()).toContain("<html");
  const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThanOrEqual(2); // Swagger UI's stylesheet and script
  for (const ref of refs) {
    expect(ref.startsWith("/")).toBe(true); // no CDN (issue 13): a page that needs the internet is blank without it
    const a = await s.get(ref);
    expect(a.status).toBe(200);
    expect((await a.text()).length).toBeGreaterThan(0);
  }
  expect(html).toMatch(/SwaggerUIBundle\(\{[^<]*"url":"\/openapi\.json"/); // the page (from @elysiajs/openapi) points at our document
  expect((await (await s.get("/docs/swagger-ui-bundle.js")).text())).toContain("SwaggerUIBundle");
});

test("descriptions need no key and spend nothing; /healthz 200 without key", async () => {
  for (const p of ["/openapi.json", "/llms.txt", "/docs", "/healthz"]) expect((await s.get(p)).status).toBe(200);
  const h = await s.json("/healthz");
  expect(h.body.status).toBe("ok");
});

describe("/readyz", () => {
  test("200 when a snapshot is loaded (and names it)", async () => {
    const r = await s.json("/readyz");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ready", wallet: "ok" });
    expect(r.body.snapshot > FIRST_DAY).toBe(true);
  });

  test("503 when the snapshot dir is empty; /healthz still 200", async () => {
    const t = startServer({ snapshotDir: tempDir("no-snapshots") });
    try {
      const r = await t.json("/readyz");
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ status: "not_ready", snapshot: null });
      expect((await t.json("/healthz")).status).toBe(200);
    } finally {
      t.stop();
    }
  });

  test("503 when the snapshot dir does not exist", async () => {
    const t = startServer({ snapshotDir: tempDir("x") + "/missing" });
    try {
      expect((await t.json("/readyz")).status).toBe(503);
    } finally {
      t.stop();
    }
  });
});

describe("what /openapi.json declares and what the server accepts agree (issue 12)", () => {
  // A validating proxy checks each query parameter against its schema in the served document; the
  // server must never accept a value that the document refuses, and for the choice parameters
  // (niche, source) it accepts exactly what the document accepts.
  const Ajv2020 = require("ajv/dist/2020").default;
  const ajv = new Ajv2020({ strict: false });
  const textLike = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.constantFrom(...NICHES, ...TREND_SOURCES).chain((v) => fc.array(fc.boolean(), { minLength: v.length, maxLength: v.length }).map((up) => [...v].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join(""))),
    fc.constantFrom("", " tech", "Tech ", "Nope", "😀😀😀😀", "x".repeat(121), " " + "iPhone X review ".repeat(8).slice(0, 119) + " "),
  );
  for (const ep of ENDPOINTS.filter((e) => e.kind !== "free")) {
    for (const [name, prop] of Object.entries(props(ep))) {
      if (prop.type === "integer") continue; // a proxy's integer parsing of "05" or " 5" is its own business
      test(`${ep.path} ${name}`, async () => {
        const acc = s.account({ plan: "agency", credits: 1_000_000, burst: 1_000_000, dailyCap: 1_000_000, intelCap: 1_000_000 });
        const schema = (doc.paths[ep.path].get.parameters as any[]).find((p) => p.name === name).schema;
        const check = ajv.compile(schema);
        const choice = choicesOf(prop) !== undefined;
        await fc.assert(
          fc.asyncProperty(textLike, async (v) => {
            const r = await s.json(url(ep, { [name]: v }), acc.apiKey);
            const declared = check(v) as boolean;
            if (r.status === 200) expect({ v, declared }).toEqual({ v, declared: true });
            if (choice) expect({ v, status: r.status }).toEqual({ v, status: declared ? 200 : 400 });
          }),
          { numRuns: 60 },
        );
      });
    }
  }
});
