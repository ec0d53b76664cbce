#!/usr/bin/env sh
# Lint the OpenAPI document the server serves (/openapi.json) with Redocly (network: fetches @redocly/cli via npx once).
# Not part of `bun test`. Usage: [PUBLIC_BASE_URL=https://...] scripts/lint-openapi.sh [extra redocly lint args]
# Exit status is Redocly's: non-zero when the document has errors.
set -eu
cd "$(dirname "$0")/.."
BUN="${BUN:-./node_modules/.bin/bun}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT INT TERM
# The document exactly as the server serves it (@elysiajs/openapi over the real routes), in-process
# on an empty wallet and an empty snapshot dir: /openapi.json needs neither.
"$BUN" -e '
  const { createServerApp } = await import("./src/server.ts");
  const dir = process.argv[1].replace(/\/openapi\.json$/, "");
  const s = createServerApp({ walletPath: dir + "/wallet.sqlite", snapshotDir: dir + "/snapshots", publicBaseUrl: process.argv[2], requestLog: false });
  const r = await s.app.handle(new Request("http://localhost/openapi.json"));
  if (r.status !== 200) throw new Error("GET /openapi.json: " + r.status);
  await Bun.write(process.argv[1], JSON.stringify(await r.json(), null, 2));
  s.close();
' "$OUT/openapi.json" "${PUBLIC_BASE_URL:-https://trend-intel.invalid}"
echo "generated $OUT/openapi.json ($(wc -c < "$OUT/openapi.json") bytes)"
npx --yes @redocly/cli@2.77.0 lint "$OUT/openapi.json" "$@"
