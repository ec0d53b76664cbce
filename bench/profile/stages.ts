/**
 * Where the per-call time goes (profile behind bench/RESULTS.http.md): the same /trends answer
 * served by progressively fuller handlers, each on its own path, so the server's CPU µs per request
 * can be read per stage (process CPU time from /proc ÷ requests served by wrk). Each stage adds one
 * piece of the real path (src/server.ts, src/api/pipeline.ts) to the one before it.
 * Run: bash bench/profile/stages.sh
 */
import { Elysia } from "elysia";
import { createServerApp } from "../../src/server.ts";
import { createAccount } from "../../src/wallet/keys.ts";
import { identify, readQuery, type Identified } from "../../src/api/pipeline.ts";
import { trends } from "../../src/api/trends.ts";
import { rmSync } from "node:fs";

const DIR = "/tmp/ti-stages";
rmSync(DIR, { recursive: true, force: true });
const s = createServerApp({ walletPath: `${DIR}/wallet.sqlite`, snapshotDir: "snapshots", requestLog: false, usageGuardPerMin: 1e9 });
const { apiKey } = createAccount(s.db, { plan: "agency", credits: 1e9, burst: 1e9, dailyCap: 1e9, intelCap: 1e9 });
await Bun.write(`${DIR}/key`, apiKey);
const d = s.deps;
const H = { "content-type": "application/json; charset=utf-8" };
const data = d.engine.current!.idx.trendsJson.get("youtube|*")!;
const addr = () => "local";
const route = { query: trends.query, transform(c: any) { c.query = readQuery(trends, c.query, c.request.url); } };
const answer = (query: any, principal: any, remaining: number) => {
  const r = trends.handle(query, { snap: d.engine.current!, now: Date.now(), principal, wallet: d.wallet });
  return new Response(d.envelopes.body(d.engine.current, r.dataJson!, "observed", 1, remaining), { headers: H });
};
// A promise settled on the next turn, shared by everything that arrived in this one (what the
// group commit does, without SQLite).
let waiters: (() => void)[] = [];
const nextTurn = () =>
  new Promise<void>((res) => {
    if (waiters.push(res) === 1) setImmediate(() => { const w = waiters; waiters = []; for (const f of w) f(); });
  });

new Elysia({ normalize: false })
  .get("/elysia", () => new Response(data, { headers: H }))
  .get("/resolve", ({ request }) => { d.resolver.resolve(request.headers.get("x-service-api-key")); return new Response(data, { headers: H }); })
  .use(
    new Elysia({ normalize: false })
      .derive(function identity({ request }) { const o = {} as Identified; identify(d, request, addr, o); return o; })
      .get("/derive", ({ principal }) => new Response(data, { headers: H }))
      .get("/validate", ({ principal, query }) => new Response(data, { headers: H }), route)
      .get("/async", async ({ principal, query }) => new Response(data, { headers: H }), route)
      .get("/handler", async ({ principal, query }) => answer(query, principal, 5), route)
      .get("/turn", async ({ principal, query }) => { await nextTurn(); return answer(query, principal, 5); }, route)
      .get("/charge", async ({ principal, query }) => {
        const c = await d.meter.charge({ accountId: principal.accountId, keyId: principal.keyId, endpoint: "trends", cost: 1, intel: false });
        return answer(query, principal, c.ok ? c.creditsRemaining : -1);
      }, route),
  )
  .listen({ port: 18901, hostname: "127.0.0.1" });
Bun.serve({ port: 18902, hostname: "127.0.0.1", fetch: () => new Response(data, { headers: H }) });
s.app.listen({ port: 18903, hostname: "127.0.0.1" });
setInterval(() => Bun.write(`${DIR}/meter.json`, JSON.stringify(d.meter.stats)), 1000);
console.log("ready");
