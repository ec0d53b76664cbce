#!/usr/bin/env node
/**
 * trend-intel-mcp: the MCP tool server (stdio transport) over the Trend Intel REST API.
 * Built with `bun build src/mcp/main.ts --target=node --outfile dist/mcp.js` and run by plain
 * Node 18+: no Bun API is used at run time.
 *
 * stdout carries the MCP protocol and nothing else, ever: console.log/info/debug are redirected to
 * stderr before anything runs, and every diagnostic goes to stderr. A missing or invalid
 * SERVICE_API_KEY / SERVICE_API_BASE_URL prints the problems on stderr and exits with code 1.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CONFIG_EXAMPLE, readConfig } from "./config.ts";
import { SERVER_NAME, SERVER_VERSION, createMcpServer } from "./server.ts";

const toStderr = (...a: unknown[]) => console.error(...a);
console.log = toStderr;
console.info = toStderr;
console.debug = toStderr;

const PROG = "trend-intel-mcp";

const HELP = `${PROG} ${SERVER_VERSION}: MCP tool server (stdio) for the Trend Intel API.

Environment:
  SERVICE_API_KEY         API key (svc_live_...), required
  SERVICE_API_BASE_URL    API server address, e.g. http://127.0.0.1:8787, required
  SERVICE_API_TIMEOUT_MS  per-request timeout in ms (default 30000)

MCP client config:
  ${CONFIG_EXAMPLE}
`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stderr.write(HELP);
    return;
  }
  if (argv.includes("--version")) {
    process.stderr.write(`${SERVER_VERSION}\n`);
    return;
  }
  const c = readConfig(process.env, `${PROG}/${SERVER_VERSION} (node ${process.version})`);
  if (!c.ok) {
    process.stderr.write(`${PROG}: cannot start:\n${c.problems.map((p) => `  - ${p}`).join("\n")}\nExample MCP client config:\n  ${CONFIG_EXAMPLE}\n`);
    process.exitCode = 1;
    return;
  }
  const server = createMcpServer(c.config);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = (code: number) => {
    if (closing) return;
    closing = true;
    server.close().finally(() => process.exit(code));
    setTimeout(() => process.exit(code), 2000).unref();
  };
  process.stdin.on("end", () => shutdown(0));
  process.stdin.on("close", () => shutdown(0));
  process.on("SIGINT", () => shutdown(0));
  process.on("SIGTERM", () => shutdown(0));
  await server.connect(transport);
}

process.on("uncaughtException", (e) => {
  process.stderr.write(`${PROG}: fatal: ${(e as Error)?.stack ?? e}\n`);
  process.exit(1);
});

main().catch((e) => {
  process.stderr.write(`${PROG}: fatal: ${(e as Error)?.stack ?? e}\n`);
  process.exit(1);
});
