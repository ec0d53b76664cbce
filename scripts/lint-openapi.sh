#!/usr/bin/env sh
# Lint the generated OpenAPI document with Redocly (network: fetches @redocly/cli via npx once).
# Not part of `bun test`. Usage: [PUBLIC_BASE_URL=https://...] scripts/lint-openapi.sh [extra redocly lint args]
# Exit status is Redocly's: non-zero when the document has errors.
set -eu
cd "$(dirname "$0")/.."
BUN="${BUN:-./node_modules/.bin/bun}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT INT TERM
"$BUN" -e '
  const { buildOpenApi } = await import("./src/api/openapi.ts");
  const { ENDPOINTS } = await import("./src/api/registry.ts");
  await Bun.write(process.argv[1], JSON.stringify(buildOpenApi(ENDPOINTS, process.argv[2]), null, 2));
' "$OUT/openapi.json" "${PUBLIC_BASE_URL:-https://trend-intel.invalid}"
echo "generated $OUT/openapi.json ($(wc -c < "$OUT/openapi.json") bytes)"
npx --yes @redocly/cli@2.77.0 lint "$OUT/openapi.json" "$@"
