#!/usr/bin/env bash
# Drive dist/mcp.js once with the MCP Inspector CLI: tools/list, then one tools/call of get_usage.
#
#   scripts/mcp-inspector.sh                 # throwaway API server + wallet in a temp dir, demo vault
#   SERVICE_API_KEY=svc_live_... SERVICE_API_BASE_URL=http://127.0.0.1:8787 scripts/mcp-inspector.sh
#                                            # against a server you already run
#
# Env: INSPECTOR_PKG (default @modelcontextprotocol/inspector), BUN (default node_modules/.bin/bun),
#      OUT_DIR (where the raw JSON outputs are kept; default a temp dir, path printed at the end).
# Needs node and npx (the Inspector is fetched from the npm registry by `npx --yes`).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
BUN="${BUN:-$ROOT/node_modules/.bin/bun}"
PKG="${INSPECTOR_PKG:-@modelcontextprotocol/inspector}"
WORK="$(mktemp -d -t trend-intel-inspector-work.XXXXXX)"   # wallet, server log: removed on exit
OUT_DIR="${OUT_DIR:-$(mktemp -d -t trend-intel-inspector.XXXXXX)}"
mkdir -p "$OUT_DIR"
SERVER_PID=""

cleanup() {
  if [[ -n "$SERVER_PID" ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# 1. The bundle (same command as the build:mcp script).
"$BUN" build src/mcp/main.ts --target=node --outfile dist/mcp.js >/dev/null
echo "built dist/mcp.js ($(wc -c <dist/mcp.js) bytes)"

# 2. An API server and a key, unless both were given.
if [[ -z "${SERVICE_API_KEY:-}" || -z "${SERVICE_API_BASE_URL:-}" ]]; then
  SNAPS="$ROOT/snapshots"
  if ! ls "$SNAPS"/*.msgpack >/dev/null 2>&1; then
    SNAPS="$WORK/snapshots"
    LOG_LEVEL=silent "$BUN" src/cli.ts ingest --kaggle-csv data/youtube-us-2017.csv --snapshots "$SNAPS" >/dev/null
  fi
  PORT="$("$BUN" -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  NODE_ENV=production LOG_LEVEL=silent HOST=127.0.0.1 "$BUN" src/cli.ts serve --port "$PORT" --db "$WORK/wallet.sqlite" --snapshots "$SNAPS" >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "API server exited:" >&2; cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.1
  done
  ACCOUNT="$("$BUN" src/cli.ts accounts create --plan pro --credits 100 --json --db "$WORK/wallet.sqlite")"
  SERVICE_API_KEY="$(printf '%s' "$ACCOUNT" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).api_key))')"
  SERVICE_API_BASE_URL="http://127.0.0.1:$PORT"
  echo "throwaway API server at $SERVICE_API_BASE_URL (pro account, 100 credits)"
fi
KEY_SHOWN="${SERVICE_API_KEY:0:12}..."

run() { # run <name> <inspector args...>: print the exact command (key elided), keep the raw output
  local name="$1"; shift
  echo
  echo "\$ npx --yes $PKG --cli node dist/mcp.js -e SERVICE_API_KEY=$KEY_SHOWN -e SERVICE_API_BASE_URL=$SERVICE_API_BASE_URL $*"
  npx --yes "$PKG" --cli node dist/mcp.js \
    -e "SERVICE_API_KEY=$SERVICE_API_KEY" -e "SERVICE_API_BASE_URL=$SERVICE_API_BASE_URL" \
    "$@" >"$OUT_DIR/$name.json" 2>"$OUT_DIR/$name.stderr" || { echo "inspector failed:" >&2; cat "$OUT_DIR/$name.stderr" >&2; exit 1; }
}

# 3. tools/list
run tools-list --method tools/list
node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log(`${r.tools.length} tools:`);
for (const t of r.tools) {
  const p = t.inputSchema.properties || {};
  const args = Object.keys(p).map((k) => {
    const s = p[k];
    const req = (t.inputSchema.required || []).includes(k) ? "" : "?";
    const b = s.enum ? `enum(${s.enum.length})` : s.minLength != null ? `${s.minLength}..${s.maxLength} chars` : s.minimum != null ? `${s.minimum}..${s.maximum}` : s.type;
    return `${k}${req}: ${b}`;
  });
  const cost = (t.description.match(/Cost: (free|\d+ credits?)/) || [])[1] || "?";
  console.log(`  ${t.name.padEnd(22)} ${cost.padEnd(10)} readOnly=${t.annotations.readOnlyHint} openWorld=${t.annotations.openWorldHint} idempotent=${t.annotations.idempotentHint}  (${args.join(", ") || "no arguments"})`);
}' "$OUT_DIR/tools-list.json"

# 4. tools/call get_usage (free)
run get-usage --method tools/call --tool-name get_usage
node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log(`isError=${!!r.isError}; content[0].type=${r.content[0].type}; structuredContent=${JSON.stringify(r.structuredContent)}`);
console.log(`text content equals structuredContent: ${JSON.stringify(JSON.parse(r.content[0].text)) === JSON.stringify(r.structuredContent)}`);
' "$OUT_DIR/get-usage.json"

V="$(find "${npm_config_cache:-$HOME/.npm}/_npx" -path '*/node_modules/@modelcontextprotocol/inspector/package.json' 2>/dev/null | head -1)"
[[ -n "$V" ]] && echo "inspector version: $(node -p "require('$V').version")"
echo
echo "raw outputs: $OUT_DIR/tools-list.json, $OUT_DIR/get-usage.json"
