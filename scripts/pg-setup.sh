#!/usr/bin/env bash
# PostgreSQL for the wallet's PostgreSQL tests (issue 15): the server binaries from the Debian
# package `postgresql`, installed when missing (as root, with apt-get; like the container test does
# for podman), and a `postgres` user for test/helpers/pg.ts to run throw-away clusters as (the
# server refuses to run as root). Starts nothing: each test process runs its own cluster on a free
# loopback port in a temp dir. Prints one line; exits 0 when the binaries are there afterwards,
# 1 when they are not (the PostgreSQL tests then skip with the reason).
set -uo pipefail

have_pg() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; }
say() { printf '[pg-setup] %s\n' "$*"; }

if ! have_pg; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    say "PostgreSQL server binaries missing: apt-get install -y postgresql"
    # No default cluster: the package would otherwise create and start one on port 5432.
    mkdir -p /etc/postgresql-common
    [ -f /etc/postgresql-common/createcluster.conf ] || echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
    install() {
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o Dpkg::Options::=--force-confold postgresql >/dev/null 2>&1
    }
    install || { apt-get update -qq >/dev/null 2>&1 && install; } || true
  fi
fi
if ! have_pg; then
  say "PostgreSQL is not installed and could not be installed (apt-get install -y postgresql)"
  exit 1
fi
if [ "$(id -u)" = 0 ] && ! id -u "${PG_TEST_USER:-postgres}" >/dev/null 2>&1; then
  useradd --system --home-dir /var/lib/postgresql --shell /bin/sh "${PG_TEST_USER:-postgres}" || true
fi
say "PostgreSQL $(ls /usr/lib/postgresql | sort -n | tail -1) ready for the tests"
