#!/usr/bin/env bash
# A build with nothing changed compiles nothing, and a new commit still shows in
# GET /health's `commit`. Run where it once broke: a clone whose refs are loose (no
# `.git/packed-refs`, as in any repository made with `git init` and never packed). The
# clone is a scratch copy of HEAD; it shares this checkout's target directory, so the
# dependencies compile once for both. What decides whether a build reruns (the build
# script's `rerun-if-changed` paths) is the same in every profile, so CI checks the dev
# profile the test command has already built the dependencies of; `release` checks the
# release build (which compiles every dependency again, minutes on two cores).
# Usage: .ci/rebuild.sh [dev|release]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
scratch="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

git clone -q "$root" "$scratch/src"
cd "$scratch/src"
git config user.email ci@hermes.invalid
git config user.name ci
# On a branch (a clone of a detached HEAD is detached too), whose ref a clone keeps loose
# while it packs the others: drop the packed ones.
git symbolic-ref -q HEAD >/dev/null || git checkout -q -B rebuild-check
rm -f .git/packed-refs
test -f .git/refs/heads/"$(git symbolic-ref --short HEAD)"
test ! -e .git/packed-refs

profile="${1:-dev}"
case "$profile" in
  dev) bin_dir=debug ;;
  release) bin_dir=release ;;
  *) echo "usage: $0 [dev|release]" >&2; exit 2 ;;
esac
build() { cargo build --profile "$profile" -p hermes-api 2>&1 | tee "$scratch/build.log"; }

health_commit() {
  local data port url
  data="$scratch/data-$1"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  url="http://127.0.0.1:$port"
  RUST_LOG=warn "$CARGO_TARGET_DIR/$bin_dir/hermes" serve --bind "127.0.0.1:$port" --data-dir "$data" \
    > "$scratch/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do
    curl -fsS "$url/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -fsS "$url/health" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("commit") or "")'
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
}

echo "-- first $profile build (unpacked refs)"
build
echo "-- the same build again: nothing may compile"
build
if grep -E '^\s*Compiling ' "$scratch/build.log"; then
  echo "FAIL: a second build with nothing changed compiled the crates above" >&2
  exit 1
fi
want="$(git rev-parse --short=12 HEAD)"
got="$(health_commit 1)"
if [ "$got" != "$want" ]; then
  echo "FAIL: GET /health says commit '$got', HEAD is $want" >&2
  exit 1
fi

echo "-- a new commit: the build runs again and /health shows it"
git commit -q --allow-empty -m "a commit to see in /health"
build
want="$(git rev-parse --short=12 HEAD)"
got="$(health_commit 2)"
if [ "$got" != "$want" ]; then
  echo "FAIL: after a new commit GET /health says '$got', HEAD is $want" >&2
  exit 1
fi
echo "ok: the second build compiled nothing; /health follows the commit ($want)"
