/**
 * Where the per-call time goes (profile behind bench/RESULTS.http.md): the same /trends answer
 * served by progressively fuller handlers, each on its own path, so CPU µs per request can be read
 * per stage (server process CPU time from /proc / requests served by wrk).
 * Run: bash bench/profile/stages.sh
 */
import { Elysia } from "elysia";
import { createServerApp } from "../../src/server.ts";
import { createAccount } from "../../src/wallet/keys.ts";
import { readQuery, envelope } from "../../src/api/pipeline.ts";
import { trends } from "../../src/api/trends.ts";
import { rmSync } from "node:fs";
for (const f of ["/tmp/ti-stages.sqlite", ".tmp/wst.sqlite-wal", ".tmp/wst.sqlite-shm"]) rmSync(f, { force: true });
const s = createServerApp({ walletPath: "/tmp/ti-stages.sqlite", snapshotDir: "snapshots", requestLog: false });
const { apiKey } = createAccount(s.db, { plan: "agency", credits: 1e9, burst: 1e9, dailyCap: 1e9, intelCap: 1e9 });
await Bun.write("/tmp/ti-stages.key", apiKey);
const d = s.deps;
const H = { "content-type": "application/json; charset=utf-8" };
const enc = new TextEncoder(); const PRE = enc.encode('{"data":'); const DB = enc.encode(d.engine.current!.idx.trendsJson.get("youtube|*")!);
console.log("flat latin1?", /^[\x00-\xff]*$/.test(d.engine.current!.idx.trendsJson.get("youtube|*")!));
const app = new Elysia()
  .get("/a", ({ request }) => { const p = d.resolver.resolve(request.headers.get("x-service-api-key")); return new Response(d.engine.current!.idx.trendsJson.get("youtube|*")!, { headers: H }); })
  .get("/b", ({ request, query }) => { const p = d.resolver.resolve(request.headers.get("x-service-api-key"))!; const q = readQuery(trends, query as any, request.url); const r = trends.handle(q as any, { snap: d.engine.current!, now: Date.now() }); return new Response(envelope(r.dataJson!, "observed", 1, 5), { headers: H }); })
  .get("/c", async ({ request, query }) => { const p = d.resolver.resolve(request.headers.get("x-service-api-key"))!; const q = readQuery(trends, query as any, request.url); const r = trends.handle(q as any, { snap: d.engine.current!, now: Date.now() }); const c = await d.meter.charge({ accountId: p.accountId, keyId: p.keyId, endpoint: "trends", cost: 1, intel: false }); return new Response(envelope(r.dataJson!, "observed", 1, (c as any).creditsRemaining), { headers: H }); })
  .get("/d", ({ request }) => s.app.handle(request))
  .get("/b2", ({ request }) => { const p = d.resolver.resolve(request.headers.get("x-service-api-key"))!; const u = request.url; const i = u.indexOf("?"); const qs: Record<string,string> = {}; if (i >= 0) for (const kv of u.slice(i + 1).split("&")) { const j = kv.indexOf("="); qs[decodeURIComponent(j < 0 ? kv : kv.slice(0, j))] = j < 0 ? "" : decodeURIComponent(kv.slice(j + 1).replace(/\+/g, " ")); } const q = readQuery(trends, qs, u); const r = trends.handle(q as any, { snap: d.engine.current!, now: Date.now() }); return new Response(envelope(r.dataJson!, "observed", 1, 5), { headers: H }); })
  .get("/b3", ({ request }) => { const p = d.resolver.resolve(request.headers.get("x-service-api-key"))!; const q = readQuery(trends, { source: "youtube" }, request.url); const r = trends.handle(q as any, { snap: d.engine.current!, now: Date.now() }); return new Response(envelope(r.dataJson!, "observed", 1, 5), { headers: H }); })
  .get("/b4", ({ request }) => { const p = d.resolver.resolve(request.headers.get("x-service-api-key"))!; const q = readQuery(trends, { source: "youtube" }, request.url); const r = trends.handle(q as any, { snap: d.engine.current!, now: Date.now() }); const tail = enc.encode(`,"confidence":"observed","credits_used":1,"credits_remaining":${5}}`); const out = new Uint8Array(PRE.length + DB.length + tail.length); out.set(PRE, 0); out.set(DB, PRE.length); out.set(tail, PRE.length + DB.length); return new Response(out, { headers: H }); })
  .get("/b5", ({ request }) => { return new Response(envelope(d.engine.current!.idx.trendsJson.get("youtube|*")!, "observed", 1, 5), { headers: H }); })
  .listen({ port: 18901, hostname: "127.0.0.1" });
const bare = Bun.serve({ port: 18902, hostname: "127.0.0.1", fetch() { return new Response(d.engine.current!.idx.trendsJson.get("youtube|*")!, { headers: H }); } });
s.app.listen({ port: 18903, hostname: "127.0.0.1" });
console.log("ready");
