/**
 * The references of the HTTP benchmark, answering a precomputed JSON body: (a) a bare Bun.serve (the
 * runtime's limit), or with ELYSIA=1 (a') one Elysia route returning the same body (the framework's
 * own cost, so the gap between it and the real server is our per-request work).
 */
import { Elysia } from "elysia";
const body = await Bun.file(process.env.BODY_FILE!).text();
const headers = { "content-type": "application/json; charset=utf-8" };
const port = Number(process.env.PORT ?? 0);
if (process.env.ELYSIA === "1") {
  const app = new Elysia().get("/", () => new Response(body, { headers })).listen({ port, hostname: "127.0.0.1" });
  console.log(`ready ${app.server?.port}`);
} else {
  const server = Bun.serve({ port, hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });
  console.log(`ready ${server.port}`);
}
export {};
