#!/usr/bin/env bash
# Build the Trend Intel container image: FROM scratch, no base image from any registry.
#
#   bash scripts/container-build.sh            # -> localhost/trend-intel:latest
#
# Steps: 1) `bun build --compile src/cli.ts` into a staging rootfs (.tmp/container/rootfs),
# 2) copy exactly the shared libraries the executable needs (ldd, with their paths, plus the ELF
# loader), the CA bundle, /etc/passwd+group for uid 65534, the demo snapshots (snapshots/*.msgpack
# -> /opt/trend-intel/demo-snapshots), 3) `podman build` (or `docker build`) with ./Containerfile,
# 4) print the image size.
#
# Environment (all optional):
#   IMAGE=localhost/trend-intel:latest    tag to build
#   CONTAINER_ENGINE=podman|docker        default: podman if installed, else docker
#   TREND_INTEL_EXE=/path/to/exe          use this already-compiled executable instead of compiling src/cli.ts
#   TREND_INTEL_SNAPSHOTS=dir             where the demo *.msgpack files come from (default: ./snapshots)
#   CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
#   CONTAINER_SANDBOX=auto|1|0            podman only: use the sandbox engine settings (runc, cgroupfs,
#                                         no default ulimits) through CONTAINERS_CONF. auto = on when
#                                         CONTAINERS_CONF is unset and runc is installed. These settings
#                                         only configure the engine on this machine; nothing goes in the image.
set -euo pipefail
umask 022

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

IMAGE="${IMAGE:-localhost/trend-intel:latest}"
WORK="$ROOT/.tmp/container"
STAGE="$WORK/rootfs"
CA_BUNDLE="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
SNAP_SRC="${TREND_INTEL_SNAPSHOTS:-$ROOT/snapshots}"

log() { printf '[container-build] %s\n' "$*" >&2; }
die() { printf '[container-build] ERROR: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- engine
ENGINE="${CONTAINER_ENGINE:-}"
if [ -z "$ENGINE" ]; then
  if command -v podman >/dev/null 2>&1; then ENGINE=podman
  elif command -v docker >/dev/null 2>&1; then ENGINE=docker
  else die "neither podman nor docker is installed (Debian: apt-get install -y podman runc)"; fi
fi
ENGINE_ARGS=()
if [ "$ENGINE" = podman ]; then
  SANDBOX="${CONTAINER_SANDBOX:-auto}"
  if [ "$SANDBOX" = auto ]; then
    if [ -z "${CONTAINERS_CONF:-}" ] && command -v runc >/dev/null 2>&1; then SANDBOX=1; else SANDBOX=0; fi
  fi
  if [ "$SANDBOX" = 1 ]; then
    mkdir -p "$WORK"
    if [ -z "${CONTAINERS_CONF:-}" ]; then
      cat >"$WORK/containers.conf" <<'EOF'
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
EOF
      export CONTAINERS_CONF="$WORK/containers.conf"
    fi
    command -v runc >/dev/null 2>&1 && ENGINE_ARGS+=(--runtime runc)
  fi
fi

# ---------------------------------------------------------------- bun
BUN="${BUN:-}"
if [ -z "$BUN" ]; then
  if [ -x "$ROOT/node_modules/.bin/bun" ]; then BUN="$ROOT/node_modules/.bin/bun"
  elif command -v bun >/dev/null 2>&1; then BUN="$(command -v bun)"
  else die "bun not found (run npm ci first)"; fi
fi

# ---------------------------------------------------------------- stage rootfs
rm -rf "$STAGE"
mkdir -p "$STAGE"
EXE="$STAGE/trend-intel"
if [ -n "${TREND_INTEL_EXE:-}" ]; then
  log "using prebuilt executable $TREND_INTEL_EXE"
  cp "$TREND_INTEL_EXE" "$EXE"
else
  [ -f src/cli.ts ] || die "src/cli.ts not found"
  log "compiling src/cli.ts with $("$BUN" --version 2>/dev/null || echo bun)"
  # No .env / bunfig.toml autoload: inside the image the configuration is the environment only.
  "$BUN" build --compile src/cli.ts --outfile "$EXE" \
    --no-compile-autoload-dotenv --no-compile-autoload-bunfig >&2
fi
chmod 0755 "$EXE"

# Shared libraries: exactly what ldd reports, copied (dereferenced) to the same paths, plus the loader.
if ldd_out="$(ldd "$EXE" 2>&1)"; then
  libs="$(printf '%s\n' "$ldd_out" | awk '
    $2 == "=>" && $3 ~ /^\// { print $3; next }
    $1 ~ /^\// { print $1 }')"
  [ -n "$libs" ] || die "ldd listed no libraries: $ldd_out"
  interp="$(readelf -l "$EXE" 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p' || true)"
  for lib in $libs $interp; do
    [ -e "$STAGE$lib" ] && continue
    mkdir -p "$STAGE$(dirname "$lib")"
    cp -L "$lib" "$STAGE$lib"
    chmod 0755 "$STAGE$lib"
    log "lib $lib"
  done
else
  case "$ldd_out" in
    *"not a dynamic executable"*|*"statically linked"*) log "executable is static: no libraries to copy" ;;
    *) die "ldd failed: $ldd_out" ;;
  esac
fi

# /etc: CA bundle for the live fetch, a user and group for uid/gid 65534, name-service order.
mkdir -p "$STAGE/etc/ssl/certs"
[ -f "$CA_BUNDLE" ] || die "CA bundle $CA_BUNDLE not found (Debian: apt-get install -y ca-certificates)"
cp -L "$CA_BUNDLE" "$STAGE/etc/ssl/certs/ca-certificates.crt"
printf 'root:x:0:0:root:/:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' >"$STAGE/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$STAGE/etc/group"
printf 'hosts: files dns\n' >"$STAGE/etc/nsswitch.conf"

# Demo snapshots (read-only seed; the server copies them into an empty /data/snapshots).
mkdir -p "$STAGE/opt/trend-intel/demo-snapshots"
shopt -s nullglob
snaps=("$SNAP_SRC"/*.msgpack)
shopt -u nullglob
[ "${#snaps[@]}" -gt 0 ] || die "no demo snapshots in $SNAP_SRC/*.msgpack"
cp "${snaps[@]}" "$STAGE/opt/trend-intel/demo-snapshots/"
chmod 0644 "$STAGE"/opt/trend-intel/demo-snapshots/*
log "demo snapshots: ${#snaps[@]} file(s)"

# Mount points. /data/* are chowned to 65534 by the Containerfile (COPY --chown) so that a fresh
# named volume starts owned by the runtime user. /tmp exists (empty, 1777) for an optional tmpfs.
mkdir -p "$STAGE/data/wallet" "$STAGE/data/snapshots" "$STAGE/data/feeds" "$STAGE/tmp"
chmod 1777 "$STAGE/tmp"
chmod 0755 "$STAGE/data" "$STAGE/data/wallet" "$STAGE/data/snapshots" "$STAGE/data/feeds"

log "staged rootfs: $(du -sh "$STAGE" | cut -f1) in $STAGE"

# ---------------------------------------------------------------- build the image
# --format docker keeps HEALTHCHECK (the OCI image format has no field for it).
BUILD_ARGS=(build -f "$ROOT/Containerfile" -t "$IMAGE")
[ "$ENGINE" = podman ] && BUILD_ARGS+=(--format docker)
old_id="$("$ENGINE" "${ENGINE_ARGS[@]}" image inspect --format '{{.Id}}' "$IMAGE" 2>/dev/null || true)"
log "$ENGINE ${BUILD_ARGS[*]} $WORK"
"$ENGINE" "${ENGINE_ARGS[@]}" "${BUILD_ARGS[@]}" "$WORK" >&2
new_id="$("$ENGINE" "${ENGINE_ARGS[@]}" image inspect --format '{{.Id}}' "$IMAGE")"
# Drop the image this tag pointed to before, so rebuilds do not pile up ~120 MB dangling images
# (kept if a container still uses it or another tag names it).
if [ -n "$old_id" ] && [ "$old_id" != "$new_id" ]; then
  "$ENGINE" "${ENGINE_ARGS[@]}" rmi "$old_id" >/dev/null 2>&1 && log "removed previous image ${old_id:0:12}" || true
fi

bytes="$("$ENGINE" "${ENGINE_ARGS[@]}" image inspect --format '{{.Size}}' "$IMAGE")"
mib="$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')"
echo "image $IMAGE size: $bytes bytes ($mib MiB)"
