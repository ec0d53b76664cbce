#!/usr/bin/env bash
# End-to-end test of the Trend Intel container image (podman).
#
#   bash scripts/container-test.sh
#
# Builds the image (scripts/container-build.sh), runs it read-only as uid 65534 with a fresh wallet
# volume and an empty snapshot volume, and checks over loopback: readiness (time-to-ready), the
# image healthcheck, key creation with `podman exec ... accounts create`, a billed call, /usage,
# a bad key, a clean SIGTERM stop within 10 s, and persistence across a restart on the same volumes.
# Writes the figures to $RESULTS_FILE when set (the record: RESULTS_FILE=bench/RESULTS.container.md). Prints "container test: N passed, M failed"; exits non-zero on
# any failure. If podman cannot run a container on this machine it prints "SKIP: <reason>" and
# exits 0.
#
# Environment (optional): IMAGE, SKIP_BUILD=1 (test an existing image), TREND_INTEL_EXE and
# TREND_INTEL_SNAPSHOTS (passed to container-build.sh), CONTAINER_SANDBOX (see container-build.sh),
# READY_TIMEOUT (default 30 s), RESULTS_FILE (default none: `npm test` must leave the tree clean).
set -uo pipefail
umask 022

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
IMAGE="${IMAGE:-localhost/trend-intel:latest}"
READY_TIMEOUT="${READY_TIMEOUT:-30}"
RESULTS_FILE="${RESULTS_FILE:-}"
BUN="${BUN:-$ROOT/node_modules/.bin/bun}"
[ -x "$BUN" ] || BUN="$(command -v bun || true)"

say() { printf '[container-test] %s\n' "$*"; }
skip() { echo "SKIP: $*"; exit 0; }

# ---------------------------------------------------------------- podman available?
if ! command -v podman >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    say "podman missing: apt-get install -y podman runc"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc >/dev/null 2>&1 ||
      { apt-get update -qq >/dev/null 2>&1 &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc >/dev/null 2>&1; } || true
  fi
  command -v podman >/dev/null 2>&1 || skip "podman is not installed and could not be installed (apt-get install -y podman runc)"
fi
command -v curl >/dev/null 2>&1 || skip "curl is not installed"
[ -n "$BUN" ] || skip "bun not found (run npm ci first)"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/trend-intel-ctest.XXXXXX")"
CTR="trend-intel-test-$$"
PODMAN=(podman)
# Sandbox engine settings (runc, cgroupfs, no default ulimits): environment of this script only.
SANDBOX="${CONTAINER_SANDBOX:-auto}"
if [ "$SANDBOX" = auto ]; then
  if [ -z "${CONTAINERS_CONF:-}" ] && command -v runc >/dev/null 2>&1; then SANDBOX=1; else SANDBOX=0; fi
fi
if [ "$SANDBOX" = 1 ]; then
  if [ -z "${CONTAINERS_CONF:-}" ]; then
    printf '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\n' >"$TMP/containers.conf"
    export CONTAINERS_CONF="$TMP/containers.conf"
  fi
  command -v runc >/dev/null 2>&1 && PODMAN+=(--runtime runc)
fi
export CONTAINER_SANDBOX="$SANDBOX" CONTAINER_ENGINE=podman IMAGE

cleanup() {
  "${PODMAN[@]}" rm -f -t 0 "$CTR" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT

"${PODMAN[@]}" info >"$TMP/info.log" 2>&1 || skip "podman cannot run here: 'podman info' failed: $(tail -n 3 "$TMP/info.log" | tr '\n' ' ')"

PASS=0
FAIL=0
declare -a SUMMARY=()
ok() { PASS=$((PASS + 1)); SUMMARY+=("PASS  $1"); echo "PASS  $1"; }
ko() { FAIL=$((FAIL + 1)); SUMMARY+=("FAIL  $1"); echo "FAIL  $1"; }
check() { local name="$1"; shift; if "$@"; then ok "$name"; else ko "$name"; fi; }
now_ms() { date +%s%3N; }
# json_get FILE EXPR: evaluate a JS expression on the parsed JSON `j`; prints "" on any error.
json_get() { "$BUN" -e 'try { const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); const v = (0, eval)("(j) => (" + process.argv[2] + ")")(j); console.log(v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v)); } catch { console.log(""); }' "$1" "$2" 2>/dev/null; }
finish() {
  echo
  for line in "${SUMMARY[@]}"; do echo "  $line"; done
  echo "container test: $PASS passed, $FAIL failed"
  [ "$FAIL" -eq 0 ]
  exit $?
}

# ---------------------------------------------------------------- build
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  say "building $IMAGE"
  b0=$(now_ms)
  if bash "$ROOT/scripts/container-build.sh" >"$TMP/build.out" 2>"$TMP/build.err"; then
    BUILD_S=$(awk -v ms=$(($(now_ms) - b0)) 'BEGIN { printf "%.1f", ms / 1000 }')
    ok "image built in ${BUILD_S} s: $(tail -n 1 "$TMP/build.out")"
  else
    tail -n 30 "$TMP/build.err"
    ko "image build (scripts/container-build.sh)"
    finish
  fi
fi
SIZE_BYTES="$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE" 2>/dev/null || echo 0)"
SIZE_MIB=$(awk -v b="$SIZE_BYTES" 'BEGIN { printf "%.1f", b / 1048576 }')

# ---------------------------------------------------------------- can podman run a container at all?
# The ELF loader of the image prints its version without the app: a failure here is the runtime's.
LOADER="$("${PODMAN[@]}" image inspect "$IMAGE" >/dev/null 2>&1 && ls "$ROOT"/.tmp/container/rootfs/lib64/ld-linux*.so* "$ROOT"/.tmp/container/rootfs/lib/ld-linux*.so* 2>/dev/null | head -n 1)"
LOADER="${LOADER#"$ROOT"/.tmp/container/rootfs}"
if [ -n "$LOADER" ]; then
  if ! "${PODMAN[@]}" run --rm --no-healthcheck --network host --entrypoint "$LOADER" "$IMAGE" --version >"$TMP/probe.log" 2>&1; then
    if grep -qiE 'OCI runtime|runc|crun|cgroup|namespace|unshare|netns|operation not permitted|cannot set up|pivot_root|mount' "$TMP/probe.log"; then
      skip "podman cannot run a container here: $(grep -v 'systemd' "$TMP/probe.log" | head -n 3 | tr '\n' ' ')"
    fi
    cat "$TMP/probe.log"
    ko "image starts its ELF loader ($LOADER --version)"
    finish
  fi
fi

# ---------------------------------------------------------------- image metadata
IMG_USER="$("${PODMAN[@]}" image inspect --format '{{.Config.User}}' "$IMAGE" 2>/dev/null)"
IMG_HC="$("${PODMAN[@]}" image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE" 2>/dev/null)"
check "image runs as non-root user 65534 (User=$IMG_USER)" [ "${IMG_USER%%:*}" = 65534 ]
check "image has HEALTHCHECK [/trend-intel healthcheck]" grep -q '"/trend-intel","healthcheck"' <<<"$IMG_HC"

# ---------------------------------------------------------------- volumes, port
WALLET_DIR="$TMP/wallet"
SNAP_DIR="$TMP/snapshots"
mkdir -p "$WALLET_DIR" "$SNAP_DIR"
chown 65534:65534 "$WALLET_DIR" "$SNAP_DIR"
chmod 0750 "$WALLET_DIR" "$SNAP_DIR"
PORT="$("$BUN" -e 'const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") }); console.log(s.port); s.stop(true);')"
BASE="http://127.0.0.1:$PORT"
say "port $PORT, volumes $WALLET_DIR $SNAP_DIR"

start_ctr() {
  "${PODMAN[@]}" run -d --name "$CTR" --read-only --read-only-tmpfs=false --network host \
    -e PORT="$PORT" \
    -v "$WALLET_DIR:/data/wallet" -v "$SNAP_DIR:/data/snapshots" \
    "$IMAGE" >"$TMP/run.log" 2>&1
}
# wait_ready: polls /readyz every 100 ms up to READY_TIMEOUT s; sets READY_MS.
wait_ready() {
  local t0="$1" deadline=$(($1 + READY_TIMEOUT * 1000)) code
  READY_MS=""
  while [ "$(now_ms)" -lt "$deadline" ]; do
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE/readyz" 2>/dev/null)"
    if [ "$code" = 200 ]; then READY_MS=$(($(now_ms) - t0)); return 0; fi
    [ "$("${PODMAN[@]}" inspect -f '{{.State.Running}}' "$CTR" 2>/dev/null)" = true ] || return 1
    sleep 0.1
  done
  return 1
}
# get PATH [KEY] -> body in $TMP/body, status in $CODE
get() {
  local hdr=()
  [ -n "${2:-}" ] && hdr=(-H "x-service-api-key: $2")
  CODE="$(curl -s -o "$TMP/body" -w '%{http_code}' --max-time 15 "${hdr[@]}" "$BASE$1" 2>/dev/null)"
}

# ---------------------------------------------------------------- first start
t0=$(now_ms)
if ! start_ctr; then
  cat "$TMP/run.log"
  ko "container starts (podman run --read-only --network host)"
  finish
fi
if wait_ready "$t0"; then
  READY1_MS=$READY_MS
  ok "/readyz = 200 after ${READY1_MS} ms (read-only rootfs, uid 65534, empty volumes)"
else
  "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -n 40
  ko "/readyz = 200 within ${READY_TIMEOUT} s"
  finish
fi

get /healthz
check "/healthz = 200" [ "$CODE" = 200 ]

seeded=$(find "$SNAP_DIR" -type f -name '*.msgpack' | wc -l)
check "demo vault seeded into the empty snapshot volume ($seeded .msgpack files)" [ "$seeded" -gt 0 ]

owner="$(stat -c %u "$WALLET_DIR/wallet.sqlite" 2>/dev/null || echo none)"
check "wallet.sqlite created on the wallet volume, owned by uid 65534 (uid=$owner)" [ "$owner" = 65534 ]

if "${PODMAN[@]}" healthcheck run "$CTR" >"$TMP/hc.log" 2>&1; then ok "podman healthcheck run: healthy"
else cat "$TMP/hc.log"; ko "podman healthcheck run: healthy"; fi

# ---------------------------------------------------------------- key, billed call, usage, bad key
"${PODMAN[@]}" exec "$CTR" /trend-intel accounts create --plan pro --json >"$TMP/acct.json" 2>"$TMP/acct.err"
API_KEY="$(json_get "$TMP/acct.json" 'j.api_key')"
ACCOUNT_ID="$(json_get "$TMP/acct.json" 'j.account_id')"
if [[ "$API_KEY" == svc_live_* && -n "$ACCOUNT_ID" ]]; then
  ok "podman exec ... accounts create --plan pro --json -> account $ACCOUNT_ID, svc_live_ key"
else
  cat "$TMP/acct.json" "$TMP/acct.err"
  ko "podman exec ... accounts create --plan pro --json prints {account_id, api_key: svc_live_...}"
  finish
fi

get /api/public/usage "$API_KEY"
USAGE0="$(json_get "$TMP/body" 'j.credits_remaining')"
cp "$TMP/body" "$TMP/usage0.json"
get "/api/public/trends?source=youtube" "$API_KEY"
T_CODE=$CODE
ENVELOPE="$(json_get "$TMP/body" 'Array.isArray(j.data) && "confidence" in j && typeof j.credits_used === "number" && typeof j.credits_remaining === "number"')"
T_ITEMS="$(json_get "$TMP/body" 'j.data.length')"
T_USED="$(json_get "$TMP/body" 'j.credits_used')"
T_LEFT="$(json_get "$TMP/body" 'j.credits_remaining')"
if [ "$T_CODE" = 200 ] && [ "$ENVELOPE" = true ]; then
  ok "/api/public/trends?source=youtube = 200, envelope {data[$T_ITEMS], confidence, credits_used=$T_USED, credits_remaining=$T_LEFT}"
else
  head -c 600 "$TMP/body"; echo
  ko "/api/public/trends?source=youtube = 200 with envelope (got $T_CODE)"
fi
get /api/public/usage "$API_KEY"
U_CODE=$CODE
USAGE1="$(json_get "$TMP/body" 'j.credits_remaining')"
cp "$TMP/body" "$TMP/usage1.json"
if [ "$U_CODE" = 200 ] && [[ "$USAGE0" =~ ^[0-9]+$ && "$USAGE1" =~ ^[0-9]+$ ]] && [ "$USAGE1" -eq $((USAGE0 - 1)) ]; then
  ok "/api/public/usage = 200, credits_remaining $USAGE0 -> $USAGE1 (decreased by 1)"
else
  head -c 600 "$TMP/usage0.json"; echo; head -c 600 "$TMP/body"; echo
  ko "/api/public/usage credits_remaining decreased by 1 (got $U_CODE, $USAGE0 -> $USAGE1)"
fi

get "/api/public/trends?source=youtube" "svc_live_not_a_real_key_0000000000000000"
ERR="$(json_get "$TMP/body" 'j.error')"
if [ "$CODE" = 401 ] && [ "$ERR" = unauthorized ]; then ok "bad key -> 401 {\"error\":\"unauthorized\"}"
else head -c 300 "$TMP/body"; echo; ko "bad key -> 401 unauthorized (got $CODE, error=$ERR)"; fi

# ---------------------------------------------------------------- SIGTERM stop
s0=$(now_ms)
"${PODMAN[@]}" stop -t 10 "$CTR" >/dev/null 2>&1
STOP_MS=$(($(now_ms) - s0))
EXIT_CODE="$("${PODMAN[@]}" inspect -f '{{.State.ExitCode}}' "$CTR" 2>/dev/null)"
"${PODMAN[@]}" logs "$CTR" >"$TMP/logs1.txt" 2>&1
if [ "$STOP_MS" -lt 10000 ] && [ "$EXIT_CODE" = 0 ]; then
  ok "podman stop -t 10 (SIGTERM): exited 0 in ${STOP_MS} ms"
else
  tail -n 20 "$TMP/logs1.txt"
  ko "podman stop -t 10 (SIGTERM): clean exit 0 within 10 s (exit=$EXIT_CODE after ${STOP_MS} ms)"
fi
check "logs mention the shutdown" grep -qiE 'shut ?down|sigterm|stopp|closing|bye' "$TMP/logs1.txt"
"${PODMAN[@]}" rm -f "$CTR" >/dev/null 2>&1

# ---------------------------------------------------------------- restart on the same volumes
t0=$(now_ms)
if start_ctr && wait_ready "$t0"; then
  READY2_MS=$READY_MS
  ok "restart on the same volumes: /readyz = 200 after ${READY2_MS} ms"
  get /api/public/usage "$API_KEY"
  USAGE2="$(json_get "$TMP/body" 'j.credits_remaining')"
  if [ "$CODE" = 200 ] && [ -n "$USAGE1" ] && [ "$USAGE2" = "$USAGE1" ]; then
    ok "after restart the account and key still work, same balance ($USAGE2)"
  else
    head -c 300 "$TMP/body"; echo
    ko "after restart the account still exists with the same balance (got $CODE, $USAGE2 vs $USAGE1)"
  fi
  "${PODMAN[@]}" stop -t 10 "$CTR" >/dev/null 2>&1
else
  READY2_MS=""
  "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -n 30
  ko "restart on the same volumes: /readyz = 200 within ${READY_TIMEOUT} s"
fi

# ---------------------------------------------------------------- results file
if [ -n "$RESULTS_FILE" ]; then
  mkdir -p "$(dirname "$RESULTS_FILE")"
  {
    echo "# Container results"
    echo
    echo "Measured by \`bash scripts/container-test.sh\` (npm run container:test) on $(date -u '+%Y-%m-%d %H:%M UTC'),"
    echo "$(podman --version), OCI runtime $(if [[ " ${PODMAN[*]} " == *" --runtime runc "* ]]; then runc --version | head -n 1; else "${PODMAN[@]}" info --format '{{.Host.OCIRuntime.Name}} {{.Host.OCIRuntime.Version}}' 2>/dev/null | head -n 1; fi), $(nproc) cores, kernel $(uname -r)."
    echo "Image: \`$IMAGE\` (FROM scratch: bun --compile executable + ldd libraries + loader + CA bundle + demo snapshots)."
    echo
    echo "| metric | value |"
    echo "| --- | --- |"
    echo "| image size | $SIZE_BYTES bytes ($SIZE_MIB MiB) |"
    echo "| time-to-ready, first start (empty volumes: wallet created, demo vault seeded) | ${READY1_MS:-n/a} ms |"
    echo "| time-to-ready, restart on the same volumes | ${READY2_MS:-n/a} ms |"
    echo "| podman stop -t 10 (SIGTERM) to exit | ${STOP_MS:-n/a} ms, exit code ${EXIT_CODE:-n/a} |"
    echo
    echo "Time-to-ready is from \`podman run -d\` to the first \`GET /readyz\` = 200 (polled every 100 ms over loopback,"
    echo "\`--network host --read-only --read-only-tmpfs=false\`, uid 65534)."
    echo
    echo "Checks: $PASS passed, $FAIL failed"
    echo
    for line in "${SUMMARY[@]}"; do echo "- $line"; done
  } >"$RESULTS_FILE"
  say "wrote ${RESULTS_FILE#"$ROOT"/}"
fi

finish
