#!/usr/bin/env bash
# Contract check: schemathesis (from PyPI, in a virtualenv made here) drives the running
# server from openapi.yaml; no 5xx, every response must conform to the spec, and the server
# takes what the spec allows and refuses what it forbids (the checks: .ci/schemathesis.toml).
#
# Phases: examples, coverage, fuzzing, then stateful: schemathesis chains calls along the
# spec's OpenAPI `links` (POST /games → GET /games/{id}, join, turns, log…; POST /tokens →
# DELETE /tokens/{id}; POST /decks → GET /decks/{id}…), so the game routes see real ids.
# Every call is authenticated as a registered user (a personal API token, which does not
# expire during the run), who also owns a game from the start.
#
# The event streams (streamMyEvents, streamGameEvents, and the pages' pageGameEvents,
# lobbyEvents) are left out: a stream never ends, so every call would time out;
# api/tests/api/stream.rs holds them to the spec.
#
# Usage: .ci/schemathesis.sh [seconds]   (needs target/debug/hermes: cargo build -p hermes-api)
# The seconds are the budget of the whole run; fuzzing and stateful testing repeat until it
# is spent.
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${1:-180}"
venv="target/schemathesis-venv"
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
fi
data="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:$port"
# actix_http logs each request it cannot even parse (schemathesis sends NUL bytes and
# broken headers) at error level and answers 400; those lines are not server errors.
# Webhooks: the server calls nothing (schemathesis makes hooks to whatever URL passes the
# checks, a public address literal included); loopback and private ones are refused anyway.
HERMES_WEBHOOK_DELIVER=false HERMES_WEBHOOK_ALLOW_PRIVATE=false \
RUST_LOG=warn,actix_http::h1::dispatcher=off target/debug/hermes serve --bind "127.0.0.1:$port" --data-dir "$data" \
  > "$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fsS "$url/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "$url/health" >/dev/null || { echo "server did not start:"; cat "$data/server.log"; exit 1; }

# A user: registered, logged in, with a personal API token for the run and a game of theirs.
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
curl -fsS "$url/users" -H 'content-type: application/json' \
  -d '{"email":"st@example.org","display_name":"Schemathesis","password":"a long password"}' >/dev/null
access="$(curl -fsS "$url/auth/login" -H 'content-type: application/json' \
  -d '{"email":"st@example.org","password":"a long password"}' | json access_token)"
token="$(curl -fsS "$url/tokens" -H "authorization: Bearer $access" -H 'content-type: application/json' \
  -d '{"name":"schemathesis"}' | json token)"
curl -fsS "$url/games" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d '{"kind":"gods","seats":2}' >/dev/null

status=0
# A login hashes its password (argon2id, slow on purpose): on a loaded 2-core machine a
# few at once take more than schemathesis's default 10 s.
# The checks are in .ci/schemathesis.toml.
"$venv/bin/st" --config-file .ci/schemathesis.toml run openapi.yaml --url "$url" \
  -H "Authorization: Bearer $token" \
  --phases examples,coverage,fuzzing,stateful \
  --exclude-operation-id streamMyEvents --exclude-operation-id streamGameEvents \
  --exclude-operation-id pageGameEvents --exclude-operation-id lobbyEvents \
  --max-time "$budget" --workers 2 --request-timeout 60 --warnings off --no-color \
  | tee "$data/st.log" || status=$?
# The stateful phase must have run scenarios: with links that lead nowhere it has none.
if ! grep -Eq 'Scenarios: +[1-9]' "$data/st.log"; then
  echo "the stateful phase ran no scenario" >&2
  status=1
fi
if grep -E ' ERROR |panicked' "$data/server.log"; then
  echo "the server logged errors during the run" >&2
  exit 1
fi
exit $status
