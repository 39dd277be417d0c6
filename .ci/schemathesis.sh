#!/usr/bin/env bash
# Contract check: schemathesis (from PyPI, in a virtualenv made here) drives the running
# server from openapi.yaml; no 5xx, and every response must conform to the spec.
# Usage: .ci/schemathesis.sh [seconds]   (needs target/debug/hermes: cargo build -p hermes-api)
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
RUST_LOG=warn,actix_http::h1::dispatcher=off target/debug/hermes serve --bind "127.0.0.1:$port" --data-dir "$data" \
  > "$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fsS "$url/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "$url/health" >/dev/null || { echo "server did not start:"; cat "$data/server.log"; exit 1; }

# A user with a token, and a game of theirs, so authorised paths are exercised too.
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
curl -fsS "$url/users" -H 'content-type: application/json' \
  -d '{"email":"st@example.org","display_name":"Schemathesis","password":"a long password"}' >/dev/null
token="$(curl -fsS "$url/auth/login" -H 'content-type: application/json' \
  -d '{"email":"st@example.org","password":"a long password"}' | json access_token)"
curl -fsS "$url/games" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d '{"kind":"gods","seats":2}' >/dev/null

status=0
"$venv/bin/st" run openapi.yaml --url "$url" \
  -H "Authorization: Bearer $token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-time "$budget" --workers 2 --warnings off || status=$?
if grep -E ' ERROR |panicked' "$data/server.log"; then
  echo "the server logged errors during the run" >&2
  exit 1
fi
exit $status
