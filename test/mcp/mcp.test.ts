/**
 * End to end: the REAL API server (`bun src/cli.ts serve`, real wallet file in a temp dir, the demo
 * vault), the REAL MCP build (dist/mcp.js, rebuilt here when missing or stale) run by plain `node`,
 * driven by the SDK's Client over StdioClientTransport. No mocks.
 *
 * Credits are checked the way an agent would: get_usage before and after each call (1 for data
 * tools, 5 for intelligence tools, 0 for get_usage, 7 for service_content_brain). A tool whose REST
 * endpoint is not implemented yet answers not_found and its test FAILS on purpose (nothing here is
 * skipped): the test states the contract, not the current state of the server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { NICHES, TREND_SOURCES } from "../../src/domain/enums.ts";
import { TOOLS, inputJsonSchema } from "../../src/mcp/tools.ts";

const ROOT = resolve(import.meta.dir, "../..");
const BUN = process.execPath;
const DIST = join(ROOT, "dist", "mcp.js");
/** The Node binary that runs dist/mcp.js (e.g. MCP_TEST_NODE=/path/to/node18 to check the Node 18 floor). */
const NODE = process.env.MCP_TEST_NODE || "node";

const TOOL_NAMES = [
  "get_trends",
  "forecast",
  "virality_score",
  "get_news",
  "opportunities",
  "prebreakout",
  "get_brief",
  "get_viral_patterns",
  "rescue_hooks",
  "grade_draft",
  "get_usage",
  "service_content_brain",
];

// ---------------------------------------------------------------------------------------------
// Build, server, accounts, clients

/** Newest mtime of everything the bundle is built from. */
function newestSource(): number {
  const files = [
    ...readdirSync(join(ROOT, "src/mcp")).map((f) => join(ROOT, "src/mcp", f)),
    ...["params.ts", "contracts.ts", "shapes.ts", "intel-shapes.ts"].map((f) => join(ROOT, "src/api", f)),
    join(ROOT, "src/rules/grade-weights.json"),
    join(ROOT, "src/domain/enums.ts"),
    join(ROOT, "node_modules/@modelcontextprotocol/sdk/package.json"),
    join(ROOT, "node_modules/@sinclair/typebox/package.json"),
  ];
  return Math.max(...files.filter((f) => existsSync(f)).map((f) => statSync(f).mtimeMs));
}

/** `bun build src/mcp/main.ts --target=node --outfile dist/mcp.js` when dist/mcp.js is missing or stale. */
function ensureBuild(): void {
  if (existsSync(DIST) && statSync(DIST).mtimeMs >= newestSource()) return;
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  const tmp = join(ROOT, "dist", `.mcp.${process.pid}.js`);
  const r = Bun.spawnSync([BUN, "build", "src/mcp/main.ts", "--target=node", "--outfile", tmp], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`bun build failed (${r.exitCode}):\n${r.stderr.toString()}${r.stdout.toString()}`);
  renameSync(tmp, DIST); // atomic: a concurrent run never sees half a file
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
}

let tmp: string;
let wallet: string;
let api: ReturnType<typeof Bun.spawn> | null = null;
let apiStderr = "";
let baseUrl: string;
const clients: Client[] = [];

function cli(args: string[]): string {
  const r = Bun.spawnSync([BUN, "src/cli.ts", ...args, "--db", wallet], { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, LOG_LEVEL: "silent" } });
  if (r.exitCode !== 0) throw new Error(`trend-intel ${args.join(" ")} failed: ${r.stderr.toString()}`);
  return r.stdout.toString();
}

function createAccount(flags: string[]): { account_id: string; api_key: string } {
  return JSON.parse(cli(["accounts", "create", "--plan", "pro", ...flags, "--json"]));
}

/** The demo vault: snapshots/ of the repo, built from the Kaggle CSV when missing. */
function demoVault(): string {
  const dir = join(ROOT, "snapshots");
  if (existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(".msgpack"))) return dir;
  const out = join(tmp, "snapshots");
  const r = Bun.spawnSync([BUN, "src/cli.ts", "ingest", "--kaggle-csv", "data/youtube-us-2017.csv", "--snapshots", out], { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, LOG_LEVEL: "silent" } });
  if (r.exitCode !== 0) throw new Error(`ingest failed: ${r.stderr.toString()}`);
  return out;
}

async function startApi(): Promise<void> {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  api = Bun.spawn([BUN, "src/cli.ts", "serve", "--port", String(port), "--db", wallet, "--snapshots", demoVault()], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", HOST: "127.0.0.1", PUBLIC_BASE_URL: baseUrl },
    stdout: "pipe",
    stderr: "pipe",
  });
  (async () => {
    for await (const chunk of api!.stderr as ReadableStream<Uint8Array>) apiStderr += new TextDecoder().decode(chunk);
  })();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`API server exited with ${api.exitCode}:\n${apiStderr}`);
    try {
      const r = await fetch(`${baseUrl}/readyz`);
      if (r.status === 200) return;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error(`API server not ready within 30 s:\n${apiStderr}`);
}

interface Mcp {
  client: Client;
  stderr: () => string;
  transportErrors: Error[];
}

async function connect(env: Record<string, string>): Promise<Mcp> {
  const transport = new StdioClientTransport({ command: NODE, args: [DIST], env: { PATH: process.env.PATH ?? "", ...env }, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "trend-intel-mcp-test", version: "1.0.0" });
  const transportErrors: Error[] = [];
  client.onerror = (e) => transportErrors.push(e); // a non-protocol line on stdout lands here
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr, transportErrors };
}

const connectKey = (key: string, base = baseUrl) => connect({ SERVICE_API_KEY: key, SERVICE_API_BASE_URL: base });

type Result = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, any> };

async function call(m: Mcp, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  return (await m.client.callTool({ name, arguments: args })) as unknown as Result;
}

/** Text content and structuredContent carry the same JSON. */
function body(r: Result): Record<string, any> {
  expect(r.content).toHaveLength(1);
  expect(r.content[0].type).toBe("text");
  const parsed = JSON.parse(r.content[0].text);
  expect(r.structuredContent).toEqual(parsed);
  return parsed;
}

function ok(r: Result): Record<string, any> {
  const b = body(r);
  if (r.isError) throw new Error(`expected success, got tool error: ${JSON.stringify(b)}`);
  return b;
}

function toolError(r: Result, code: string): Record<string, any> {
  const b = body(r);
  expect(r.isError).toBe(true);
  expect(b.error).toBe(code);
  expect(typeof b.message).toBe("string");
  expect(typeof b.hint).toBe("string");
  return b;
}

async function usage(m: Mcp) {
  const r = await call(m, "get_usage");
  return ok(r) as { tier: string; credits_remaining: number; rate_limit: Record<string, number> };
}

// ---------------------------------------------------------------------------------------------

let main: Mcp;
let mainAccount: { account_id: string; api_key: string };
/** A title from the vault, so forecast / virality match a story (no match costs 0 credits). */
let knownTitle = "iphone x";

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "trend-intel-mcp-"));
  wallet = join(tmp, "wallet.sqlite");
  ensureBuild();
  await startApi();
  mainAccount = createAccount(["--credits", "1000", "--burst", "600", "--daily-cap", "5000", "--intel-cap", "200"]);
  main = await connectKey(mainAccount.api_key);
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  if (api) {
    api.kill("SIGTERM");
    await Promise.race([api.exited, Bun.sleep(5000)]);
    if (api.exitCode === null) api.kill("SIGKILL");
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("tools/list", () => {
  test("exactly the 12 tools of spec 4.1, with model-facing descriptions and annotations", async () => {
    const { tools } = await main.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(tools).toHaveLength(12);
    const costs: Record<string, number> = { get_usage: 0, service_content_brain: 7, get_trends: 1, forecast: 1, virality_score: 1, get_news: 1 };
    for (const t of tools) {
      const cost = costs[t.name] ?? 5;
      expect(t.description!.length).toBeGreaterThan(120);
      expect(t.description).toContain(cost === 0 ? "free" : `${cost} credit`);
      expect(t.inputSchema.type).toBe("object");
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.annotations?.destructiveHint).toBe(false);
      expect(typeof t.annotations?.openWorldHint).toBe("boolean");
      expect(t.annotations?.idempotentHint).toBe(cost === 0); // metered calls debit again when repeated
      expect(JSON.stringify(t.inputSchema)).not.toContain("Symbol");
    }
  });

  test("input schemas carry the REST routes' enums and bounds", async () => {
    const { tools } = await main.client.listTools();
    const by = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema as any]));
    const trends = by.get_trends.properties;
    expect(trends.niche.enum).toEqual([...NICHES]);
    expect(trends.source.enum).toEqual([...TREND_SOURCES]);
    expect(trends.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 10 });
    for (const name of ["opportunities", "prebreakout", "get_brief", "service_content_brain"]) expect(by[name].properties.niche.enum).toEqual([...NICHES]);
    expect(by.rescue_hooks.properties.topic).toMatchObject({ type: "string", minLength: 4, maxLength: 120 });
    expect(by.rescue_hooks.required).toEqual(["topic"]);
    expect(by.grade_draft.properties.draft).toMatchObject({ type: "string", minLength: 4, maxLength: 200 });
    expect(by.grade_draft.required).toEqual(["draft"]);
    expect(by.forecast.required).toEqual(["q"]);
    expect(by.virality_score.required).toEqual(["q"]);
    expect(by.service_content_brain.properties.topic).toMatchObject({ type: "string", minLength: 1, maxLength: 200 });
    expect(by.service_content_brain.required ?? []).toEqual([]);
    expect(by.get_usage.properties).toEqual({});
    for (const s of Object.values(by)) expect(s.additionalProperties).toBe(false);
  });

  test("tool table matches the endpoint registry (path, operation, cost, kind, query schema)", async () => {
    const { ENDPOINTS } = await import("../../src/api/registry.ts");
    const byPath = new Map(ENDPOINTS.map((e) => [e.path, e]));
    const missing: string[] = [];
    for (const t of TOOLS) {
      if (!t.path) continue;
      const ep = byPath.get(t.path);
      if (!ep) {
        missing.push(`${t.name} → ${t.path}`);
        continue;
      }
      expect(ep.name).toBe(t.operation!);
      expect(ep.cost).toBe(t.cost);
      expect(ep.kind).toBe(t.kind as any);
      expect(inputJsonSchema(t.input).properties).toEqual(inputJsonSchema(ep.query).properties as any);
      expect(t.input.required ?? []).toEqual(ep.query.required ?? []);
    }
    expect(missing).toEqual([]); // endpoints not in the registry yet
  });
});

describe("each tool once: result = JSON body as text and structuredContent; credits move by the cost", () => {
  /** Call as the main account; check the debit via get_usage and the envelope. */
  async function metered(name: string, args: Record<string, unknown>, cost: number, intel: boolean) {
    const before = await usage(main);
    const r = await call(main, name, args);
    const b = ok(r);
    const after = await usage(main);
    if (cost > 0 && b.confidence === "pending" && b.credits_used === 0) {
      // forecast / virality-score charge nothing when `q` matches no story in the vault
      throw new Error(`${name} ${JSON.stringify(args)} matched nothing in the vault (confidence pending, 0 credits), so the ${cost}-credit debit cannot be checked: ${JSON.stringify(b.data)}`);
    }
    expect(before.credits_remaining - after.credits_remaining).toBe(cost);
    expect(b.credits_used).toBe(cost);
    expect(b.credits_remaining).toBe(after.credits_remaining);
    expect(after.rate_limit.calls_today - before.rate_limit.calls_today).toBe(1);
    expect(after.rate_limit.intel_calls_today - before.rate_limit.intel_calls_today).toBe(intel ? 1 : 0);
    expect(["observed", "aiEstimated", "pending"]).toContain(b.confidence);
    return b;
  }

  test("get_usage: free (0 credits), usage object without envelope", async () => {
    const a = await usage(main);
    const b = await usage(main);
    expect(a.tier).toBe("pro");
    expect(b.credits_remaining).toBe(a.credits_remaining);
    expect(b.rate_limit.calls_today).toBe(a.rate_limit.calls_today);
    expect(Object.keys(b.rate_limit).sort()).toEqual(["burst_per_min", "calls_remaining", "calls_today", "daily_cap", "intel_calls_today", "intel_daily_cap"]);
  });

  test("get_trends: 1 credit (source and niche read case-insensitively, like the REST route)", async () => {
    const b = await metered("get_trends", { source: "YouTube", limit: 3 }, 1, false);
    expect(Array.isArray(b.data)).toBe(true);
    expect(b.data.length).toBeGreaterThan(0);
    expect(b.data.length).toBeLessThanOrEqual(3);
    for (const item of b.data) expect(item.source).toBe("youtube");
    knownTitle = b.data[0].title;
  });

  test("forecast: 1 credit", async () => {
    const b = await metered("forecast", { q: knownTitle }, 1, false);
    expect(b.data.query).toBe(knownTitle);
    expect(typeof b.data.matchedTopic).toBe("string");
  });

  test("virality_score: 1 credit", async () => {
    const b = await metered("virality_score", { q: knownTitle }, 1, false);
    expect(typeof b.data.viral_score).toBe("number");
  });

  test("get_news: 1 credit", async () => {
    const b = await metered("get_news", { limit: 5 }, 1, false);
    expect(Array.isArray(b.data)).toBe(true);
  });

  test("opportunities: 5 credits", async () => {
    const b = await metered("opportunities", {}, 5, true);
    expect(Array.isArray(b.data)).toBe(true);
  });

  test("prebreakout: 5 credits", async () => {
    const b = await metered("prebreakout", {}, 5, true);
    expect(Array.isArray(b.data)).toBe(true);
  });

  test("get_brief: 5 credits", async () => {
    const b = await metered("get_brief", {}, 5, true);
    expect(typeof b.data).toBe("object");
  });

  test("get_viral_patterns: 5 credits", async () => {
    const b = await metered("get_viral_patterns", {}, 5, true);
    expect(Array.isArray(b.data)).toBe(true);
  });

  test("rescue_hooks: 5 credits", async () => {
    const b = await metered("rescue_hooks", { topic: "iPhone X review" }, 5, true);
    expect(b.confidence).toBe("aiEstimated");
  });

  test("grade_draft: 5 credits", async () => {
    const b = await metered("grade_draft", { draft: "I tried the iPhone X for 7 days: here is what nobody tells you" }, 5, true);
    expect(b.confidence).toBe("aiEstimated");
  });
});

describe("service_content_brain", () => {
  test("7 credits through exactly trends (1) + opportunities (5) + forecast (1) of the best opportunity", async () => {
    const before = await usage(main);
    const r = await call(main, "service_content_brain", {});
    const b = ok(r);
    const after = await usage(main);
    expect(b.errors).toEqual([]);
    expect(b.partial).toBe(false);
    expect(b.combined.map((c: any) => [c.call, c.credits_used, c.ok])).toEqual([
      ["trends", 1, true],
      ["opportunities", 5, true],
      ["forecast", 1, true],
    ]);
    expect(b.credits_used).toBe(7);
    expect(before.credits_remaining - after.credits_remaining).toBe(7);
    expect(after.rate_limit.calls_today - before.rate_limit.calls_today).toBe(3);
    expect(after.rate_limit.intel_calls_today - before.rate_limit.intel_calls_today).toBe(1);
    expect(b.credits_remaining).toBe(after.credits_remaining);
    expect(b.topic_source).toBe("best_opportunity");
    expect(b.topic).toBe(b.best_opportunity.topic);
    expect(b.forecast.query).toBe(b.topic);
    expect(b.combined[2].path).toBe(`/api/public/forecast?${new URLSearchParams({ q: b.topic })}`);
  });

  test("with a topic and niche: forecasts that topic, passes the niche on", async () => {
    const before = await usage(main);
    const b = ok(await call(main, "service_content_brain", { topic: knownTitle, niche: "tech", source: "youtube" }));
    const after = await usage(main);
    expect(b.topic).toBe(knownTitle);
    expect(b.topic_source).toBe("argument");
    expect(b.niche).toBe("Tech");
    expect(b.combined.map((c: any) => c.path)).toEqual([
      "/api/public/trends?niche=Tech&source=youtube",
      "/api/public/opportunities?niche=Tech",
      `/api/public/forecast?${new URLSearchParams({ q: knownTitle })}`,
    ]);
    expect(b.credits_used).toBe(7);
    expect(before.credits_remaining - after.credits_remaining).toBe(7);
  });

  test("partial: a wallet of 3 credits gets trends and the forecast; the opportunities 402 is in `errors`", async () => {
    const acc = createAccount(["--credits", "3"]);
    const m = await connectKey(acc.api_key);
    const r = await call(m, "service_content_brain", { topic: knownTitle, source: "youtube" });
    const b = body(r);
    expect(r.isError).toBeFalsy();
    expect(b.partial).toBe(true);
    expect(b.combined.map((c: any) => [c.call, c.status, c.credits_used])).toEqual([
      ["trends", 200, 1],
      ["opportunities", 402, 0],
      ["forecast", 200, 1],
    ]);
    expect(b.errors).toHaveLength(1);
    expect(b.errors[0]).toMatchObject({ call: "opportunities", error: "insufficient_credits", status: 402, credits_remaining: 2 });
    expect(typeof b.errors[0].topup_url).toBe("string");
    expect(b.credits_used).toBe(2);
    expect((await usage(m)).credits_remaining).toBe(1);
  });

  test("nothing succeeds (empty wallet): a tool error; later calls are not made", async () => {
    const acc = createAccount(["--credits", "0"]);
    const m = await connectKey(acc.api_key);
    const b = toolError(await call(m, "service_content_brain", {}), "insufficient_credits");
    expect(b.credits_remaining).toBe(0);
    expect(typeof b.topup_url).toBe("string");
    expect(b.combined).toHaveLength(1);
    expect(b.combined[0]).toMatchObject({ call: "trends", status: 402, credits_used: 0 });
    expect(b.errors.map((e: any) => [e.call, e.error])).toEqual([
      ["trends", "insufficient_credits"],
      ["opportunities", "skipped"],
      ["forecast", "skipped"],
    ]);
    expect(b.credits_used).toBe(0);
  });
});

describe("argument validation happens before any HTTP call (no credit, no rate slot)", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["get_trends", { niche: "Gaming" }, "niche"],
    ["get_trends", { source: "tiktok" }, "source"],
    ["get_trends", { limit: 11 }, "limit"],
    ["get_trends", { nich: "AI" }, "nich"],
    ["forecast", {}, "q"],
    ["forecast", { q: "x".repeat(201) }, "q"],
    ["virality_score", { q: 42 }, "q"],
    ["rescue_hooks", { topic: "abc" }, "topic"],
    ["rescue_hooks", { topic: "x".repeat(121) }, "topic"],
    ["grade_draft", { draft: "no" }, "draft"],
    ["grade_draft", { draft: "x".repeat(201) }, "draft"],
    ["opportunities", { niche: "Gaming" }, "niche"],
    ["get_usage", { page: 2 }, "page"],
    ["service_content_brain", { niche: "Sports" }, "niche"],
  ];
  test.each(cases)("%s %j → invalid_param on '%s'", async (name, args, param) => {
    const before = await usage(main);
    const b = toolError(await call(main, name, args), "invalid_param");
    expect(b.param).toBe(param);
    const after = await usage(main);
    expect(after.credits_remaining).toBe(before.credits_remaining);
    expect(after.rate_limit.calls_today).toBe(before.rate_limit.calls_today);
  });

  test("an unknown tool is a protocol error", async () => {
    await expect(main.client.callTool({ name: "get_everything", arguments: {} })).rejects.toThrow(/Unknown tool/);
  });
});

describe("HTTP errors become tool errors an agent can act on", () => {
  test("401 (bad key): unauthorized", async () => {
    const m = await connectKey("svc_live_not_a_real_key_000000000000000");
    const b = toolError(await call(m, "get_trends", {}), "unauthorized");
    expect(b.status).toBe(401);
    expect(b.hint).toContain("SERVICE_API_KEY");
    toolError(await call(m, "get_usage"), "unauthorized");
  });

  test("402 (empty wallet): insufficient_credits with credits_remaining and topup_url", async () => {
    const acc = createAccount(["--credits", "0"]);
    const m = await connectKey(acc.api_key);
    const b = toolError(await call(m, "get_trends", {}), "insufficient_credits");
    expect(b.status).toBe(402);
    expect(b.credits_remaining).toBe(0);
    expect(b.topup_url).toMatch(/^https?:\/\//);
    expect((await usage(m)).credits_remaining).toBe(0);
  });

  test("429 (burst 1, second call): rate_limited with scope and retry_after", async () => {
    const acc = createAccount(["--credits", "50", "--burst", "1"]);
    const m = await connectKey(acc.api_key);
    ok(await call(m, "get_trends", { source: "youtube", limit: 1 }));
    const b = toolError(await call(m, "get_trends", { source: "youtube", limit: 1 }), "rate_limited");
    expect(b.status).toBe(429);
    expect(b.scope).toBe("burst");
    expect(Number.isInteger(b.retry_after)).toBe(true);
    expect(b.retry_after).toBeGreaterThanOrEqual(1);
    expect(b.retry_after).toBeLessThanOrEqual(60);
    expect((await usage(m)).credits_remaining).toBe(49); // the refused call spent nothing
  });

  test("network failure: service unreachable at the configured address", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const m = await connectKey(mainAccount.api_key, dead);
    const b = toolError(await call(m, "get_usage"), "service_unreachable");
    expect(b.status).toBeNull();
    expect(b.message).toContain(dead);
    expect(b.message).toMatch(/unreachable/);
  });
});

describe("process contract", () => {
  function runBare(env: Record<string, string>) {
    const r = Bun.spawnSync([NODE, DIST], { env: { PATH: process.env.PATH ?? "", ...env }, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 20_000 });
    return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
  }

  test("missing SERVICE_API_KEY: message on stderr, exit 1, empty stdout", () => {
    const r = runBare({ SERVICE_API_BASE_URL: "http://127.0.0.1:8787" });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("SERVICE_API_KEY is not set");
  });

  test("missing SERVICE_API_BASE_URL: message on stderr, exit 1, empty stdout", () => {
    const r = runBare({ SERVICE_API_KEY: "svc_live_x" });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("SERVICE_API_BASE_URL is not set");
  });

  test("both missing: both named; a malformed base URL is refused too", () => {
    const r = runBare({});
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("SERVICE_API_KEY");
    expect(r.stderr).toContain("SERVICE_API_BASE_URL");
    const bad = runBare({ SERVICE_API_KEY: "svc_live_x", SERVICE_API_BASE_URL: "127.0.0.1:8787" });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain("http://");
  });

  test("the bundle is Node-only (no Bun API) and stdout carried nothing but protocol", async () => {
    const src = await Bun.file(DIST).text();
    expect(src.startsWith("#!/usr/bin/env node")).toBe(true);
    expect(src).not.toMatch(/\bBun\.(spawn|file|serve|write|sleep|env)\b/);
    expect(src).not.toContain('from "bun:');
    for (const c of clients) expect(c).toBeDefined();
    expect(main.transportErrors).toEqual([]);
  });
});
