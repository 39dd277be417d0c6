#!/usr/bin/env bash
# The pages in a real browser: Debian's chromium driven by playwright-core (tests/browser,
# node's test runner). Installs chromium when missing (no browser download: Playwright's
# own builds cannot be fetched here), installs the pinned npm packages, builds the server
# if needed, and runs every tests/browser/*.test.mjs. Screenshots go to
# target/browser-artifacts/.
# Usage: .ci/browser.sh [TEST_FILE…]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CHROMIUM:-}" ]; then
  if ! command -v chromium >/dev/null 2>&1; then
    echo "installing chromium (Debian package)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
  export CHROMIUM="$(command -v chromium)"
fi
if ! command -v node >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
# Always build: a stale binary would test old pages (a no-op when it is up to date).
cargo build -p hermes-api
mkdir -p target/browser-artifacts
cd tests/browser
npm ci --no-fund --no-audit --loglevel=error
if [ "$#" -gt 0 ]; then
  node --test --test-concurrency=1 "$@"
else
  node --test --test-concurrency=1 ./*.test.mjs
fi
