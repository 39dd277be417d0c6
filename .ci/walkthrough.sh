#!/usr/bin/env bash
# The walkthrough of docs/clients/api.md, run for real: start the server on a fresh data directory and
# play a whole two-player game of Gods with docs/examples/play-by-curl.sh and a whole
# three-player game of Dreams with docs/examples/dreams-by-curl.sh.
# Usage: .ci/walkthrough.sh   (needs target/debug/hermes: cargo build -p hermes-api)
set -euo pipefail
cd "$(dirname "$0")/.."
data="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:$port"
RUST_LOG=warn target/debug/hermes serve --bind "127.0.0.1:$port" --data-dir "$data" \
  > "$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fsS "$url/health" >/dev/null 2>&1 && break
  sleep 0.1
done
docs/examples/play-by-curl.sh "$url" | tail -5
docs/examples/dreams-by-curl.sh "$url" | tail -4
if grep -E ' ERROR |panicked' "$data/server.log"; then
  echo "the server logged errors during the walkthrough" >&2
  exit 1
fi
