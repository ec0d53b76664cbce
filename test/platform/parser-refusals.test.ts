/**
 * Requests the runtime's HTTP parser refuses before any JavaScript runs (issue 13, item 10): a huge
 * header block and an unknown HTTP version. Bun answers them natively (no hook for a JSON body, see
 * docs/decisions.md); this test pins that they stay clean refusals — the right status, connection
 * closed — never a 500 and never a hang, on the real server over loopback.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect } from "node:net";
import { startServer, type TestServer } from "../helpers/server.ts";

let s: TestServer;
let port = 0;
beforeAll(() => {
  s = startServer();
  s.app.listen({ port: 0, hostname: "127.0.0.1" });
  port = s.app.server!.port!;
});
afterAll(() => {
  s.app.server?.stop(true);
  s.stop();
});

function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, "127.0.0.1", () => sock.write(request));
    let data = "";
    sock.setTimeout(5_000, () => reject(new Error(`no answer: ${data}`)));
    sock.on("data", (d) => (data += d.toString("latin1")));
    sock.on("end", () => resolve(data));
    sock.on("close", () => resolve(data));
    sock.on("error", reject);
  });
}

test("a 20 KB header block → 431, connection closed", async () => {
  const r = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
  expect(r).toMatch(/^HTTP\/1\.1 431 /);
});

test("an unknown HTTP version → 505, connection closed", async () => {
  const r = await raw("GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n");
  expect(r).toMatch(/^HTTP\/1\.1 505 /);
});
