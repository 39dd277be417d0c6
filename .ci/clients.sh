#!/usr/bin/env bash
# Generated clients play whole games (tests/clients/README.md): a Python client generated
# by openapi-python-client and a TypeScript one typed by openapi-typescript and called
# through openapi-fetch, both made from openapi.yaml here and now (never committed, so the
# spec and the clients cannot drift apart). Each registers two players, creates a game of
# Gods, joins it and plays it to the end: every player waits on its event stream
# (`GET /stream`) for `your_turn`, builds its turn from `GET /games/{id}/legal` and sends
# it with submitTurn. The TypeScript client must pass `tsc --strict` with no type
# assertion and no `any`. Then three copies of the example bot (docs/examples/bot.py, on
# the generated Python client) play a game of Gods and one of Dreams, every seat a bot
# account (tests/clients/python/bots.py, docs/clients/bots.md).
#
# Caches only under target/ (the virtualenv, the generated code, pip's and npm's downloads,
# mypy's cache) and tests/clients/ts/node_modules (`npm ci` from the committed
# package-lock.json); tsx runs without its cache.
# Usage: .ci/clients.sh [python|ts]…   (both by default; builds target/debug/hermes)
set -euo pipefail
cd "$(dirname "$0")/.."
which=("$@")
[ "${#which[@]}" -gt 0 ] || which=(python ts)
want() { local w; for w in "${which[@]}"; do [ "$w" = "$1" ] && return 0; done; return 1; }

root="$PWD"
out="target/clients"
mkdir -p "$out"
started=$SECONDS

# Always build: a stale binary would answer an older spec (a no-op when up to date).
cargo build -p hermes-api
echo "clients: the server built at $((SECONDS - started)) s"

# The toolchains and the generated code, before the server starts.
if want python; then
  venv="target/clients-venv"
  # openapi-python-client's version is the one in requirements.txt; pip's own check
  # makes a stale virtualenv install it again.
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check --cache-dir "$out/pip-cache" \
    -r tests/clients/python/requirements.txt
  # The contract itself validates as OpenAPI 3.1 before anything is generated from it.
  "$venv/bin/openapi-spec-validator" openapi.yaml
  rm -rf "$out/python-pkg"
  "$venv/bin/openapi-python-client" generate --path openapi.yaml --output-path "$out/python-pkg/hermes_client" \
    --meta none --config tests/clients/python/generator.yaml > "$out/python-generate.log" 2>&1 \
    || { cat "$out/python-generate.log"; exit 1; }
  # The generator warns about what it cannot model (pictures, YAML, raw mail, text/plain
  # turns); any other warning is news.
  if grep -A3 '^WARNING' "$out/python-generate.log" | grep -Eiv \
      'WARNING parsing (GET /metrics|GET /openapi.yaml|POST /inbound/mail|POST /games/\{id\}/turns|GET /games/\{id\}/board\.(svg|png)|GET /decks/\{id\}/cards/\{n\}\.(svg|png)|GET /static/icon\.svg) |Unsupported content.type|^--$|^$'; then
    echo "openapi-python-client warned about more than the expected operations (above)" >&2
    exit 1
  fi
  # The play script, the example bot and its match are type-checked against the
  # generated package, strictly.
  MYPYPATH="$out/python-pkg" "$venv/bin/mypy" --strict --no-error-summary --cache-dir "$out/mypy-cache" \
    tests/clients/python/play.py tests/clients/python/bots.py docs/examples/bot.py
  echo "clients: the Python client generated and type-checked at $((SECONDS - started)) s"
fi
if want ts; then
  if ! command -v node >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
  fi
  (cd tests/clients/ts && npm ci --no-fund --no-audit --loglevel=error --cache "$root/$out/npm-cache")
  mkdir -p "$out/ts"
  tests/clients/ts/node_modules/.bin/openapi-typescript openapi.yaml -o "$out/ts/schema.d.ts" --silent --default-non-nullable false
  # No type assertion (`x as T`, `<T>x`), no non-null assertion (`x!`), no `any`, no
  # silenced error: what the types say is what the program gets.
  # Comments are blanked first (they may say "as"); `@ts-` is looked for in them too.
  if sed -E -e 's://.*$::' -e 's:^[[:space:]]*(/[*]|[*]).*$::' tests/clients/ts/play.ts \
      | grep -nE '\bas\b|\bany\b|<[A-Z][A-Za-z0-9_.]*>[ ]*[A-Za-z_(]|[A-Za-z0-9_)]![.)[;,]' \
      || grep -n '@ts-' tests/clients/ts/play.ts; then
    echo "tests/clients/ts/play.ts uses a type assertion, a non-null assertion or any (above)" >&2
    exit 1
  fi
  (cd tests/clients/ts && node_modules/.bin/tsc --noEmit -p .)
  echo "clients: the TypeScript types generated and play.ts type-checked at $((SECONDS - started)) s"
fi

data="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:$port"
# Mail goes to .eml files in the temporary data directory (the default file transport).
RUST_LOG=warn target/debug/hermes serve --bind "127.0.0.1:$port" --data-dir "$data" \
  > "$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
  curl -fsS "$url/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "$url/health" >/dev/null || { echo "server did not start:"; cat "$data/server.log"; exit 1; }

passed=0
if want python; then
  PYTHONPATH="$out/python-pkg" timeout 120 "$venv/bin/python" tests/clients/python/play.py "$url"
  passed=$((passed + 1))
  PYTHONPATH="$out/python-pkg" timeout 240 "$venv/bin/python" tests/clients/python/bots.py "$url"
  passed=$((passed + 1))
fi
if want ts; then
  # tsx keeps a directory in TMPDIR even without its cache: keep it in target/ too.
  mkdir -p "$out/tmp"
  (cd tests/clients/ts && TMPDIR="$root/$out/tmp" timeout 120 node_modules/.bin/tsx --no-cache play.ts "$url")
  passed=$((passed + 1))
fi
if grep -E ' ERROR |panicked' "$data/server.log"; then
  echo "the server logged errors while the clients played" >&2
  exit 1
fi
echo "clients: played at $((SECONDS - started)) s"
echo "clients: $passed passed, 0 failed"
