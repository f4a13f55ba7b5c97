#!/usr/bin/env bash
# The tests CI runs once installed (.ci/run): every step of `npm test`, the server tests again on a PostgreSQL server
# (REAL_PG_URL) and the two-instance browser journey on it. The two server test passes run at the same time: each
# spends most of its time waiting for its database, so together they take little longer than one.
# Each step prints its start time and the load average; a summary of the steps' durations closes the run.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${REAL_PG_URL:?REAL_PG_URL must name a PostgreSQL server (postgres://user:password@host:port/postgres)}"

# `npm test` is these steps: CI runs them itself to overlap the second server pass with the first.
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

step 'unit and API tests on the embedded PostgreSQL (npm run test:unit), and the server tests on PostgreSQL server'
server_log=$(mktemp)
DATABASE_URL=$REAL_PG_URL npm run test:server >"$server_log" 2>&1 &
server_pass=$!
unit_status=0
npm run test:unit || unit_status=$?
server_status=0
wait "$server_pass" || server_status=$?
echo "== server tests on the PostgreSQL server (ran alongside): exit $server_status"
cat "$server_log"
rm -f "$server_log"
if [ "$unit_status" != 0 ] || [ "$server_status" != 0 ]; then exit 1; fi

step 'browser suite (npm run test:e2e)'
npm run test:e2e

step 'no embedded PostgreSQL left running by the tests'
if pgrep -af 'postgres -D .*/referwell-'; then
  echo "the processes above were left running: a test or the app did not stop its embedded PostgreSQL"
  exit 1
fi

step 'two server instances on the PostgreSQL server (browser journey across them)'
DATABASE_URL=$REAL_PG_URL npx playwright test -c e2e/multi-instance/playwright.config.ts

finish_step
echo "== test steps"
printf '%s\n' "${summary[@]}"
