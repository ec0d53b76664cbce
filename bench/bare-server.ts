/** (a) of the HTTP benchmark: a bare Bun.serve answering a precomputed JSON body (the runtime's limit). */
const body = await Bun.file(process.env.BODY_FILE!).text();
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: "127.0.0.1",
  fetch() {
    return new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } });
  },
});
console.log(`ready ${server.port}`);
export {};
