#!/usr/bin/env bash
# The tests CI runs once installed (.ci/run): every step of `npm test`, the server tests again on a PostgreSQL server
# (REAL_PG_URL) and the two-instance browser journey on it, one after another: run side by side, the two server
# passes made time limits inside tests (a server's start, a worker thread's first parse) fail on a busy machine.
# Each step prints its start time and the load average; a summary of the steps' durations closes the run.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${REAL_PG_URL:?REAL_PG_URL must name a PostgreSQL server (postgres://user:password@host:port/postgres)}"

# `npm test` is these steps: CI runs them one by one to time each.
NPM_TEST='npm run test:static && npm run test:unit && npm run test:e2e'
if [ "$(node -p "require('./package.json').scripts.test")" != "$NPM_TEST" ]; then
  echo "package.json's test script is no longer '$NPM_TEST': make scripts/ci-tests.sh run the same steps" >&2
  exit 1
fi

summary=()
step_started=0
step_name=''
finish_step() {
  if [ -n "$step_name" ]; then summary+=("$(printf '%5d s  %s' $(($(date +%s) - step_started)) "$step_name")"); fi
}
step() {
  finish_step
  step_name=$1
  step_started=$(date +%s)
  echo "== $1 ($(date -u +%H:%M:%S) UTC, load average $(cut -d' ' -f1-3 /proc/loadavg))"
}

step 'types and lint (npm run test:static)'
npm run test:static

step 'unit and API tests on the embedded PostgreSQL (npm run test:unit)'
npm run test:unit

step 'browser suite (npm run test:e2e)'
npm run test:e2e

step 'no embedded PostgreSQL left running by the tests'
if pgrep -af 'postgres -D .*/referwell-'; then
  echo "the processes above were left running: a test or the app did not stop its embedded PostgreSQL"
  exit 1
fi

step 'server tests on the PostgreSQL server (npm run test:server)'
DATABASE_URL=$REAL_PG_URL npm run test:server

step 'two server instances on the PostgreSQL server (browser journey across them)'
DATABASE_URL=$REAL_PG_URL npx playwright test -c e2e/multi-instance/playwright.config.ts

finish_step
echo "== test steps"
printf '%s\n' "${summary[@]}"
