#!/usr/bin/env bash
# `npm test`: every check, fastest first. Set TEST_DATABASE_URL to also run the database
# tests against a PostgreSQL server instead of the embedded PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
# npm runs this with node_modules/.bin first on PATH, where the install put Node 24 (decision 066)
node -e 'const [a, b] = process.versions.node.split(".").map(Number); if (a < 22 || (a === 22 && b < 22)) { console.error(`Node ${process.version} is too old: the project needs Node 22.22 or newer (npm install puts Node 24 in node_modules/.bin on Linux x64)`); process.exit(1); }'
printf 'Node %s (%s)\n' "$(node -v)" "$(command -v node)"
# each step's duration, printed at the end (issue 30 counts them), also when a step fails
timings=()
current=""
started=$SECONDS
step() {
  [[ -n $current ]] && timings+=("$(printf '%5ss  %s' $((SECONDS - started)) "$current")")
  current=$1
  started=$SECONDS
  printf '\n=== %s ===\n' "$1"
}
summary() {
  local status=$?
  [[ -n $current ]] && timings+=("$(printf '%5ss  %s%s' $((SECONDS - started)) "$current" "$([[ $status -ne 0 ]] && echo ' (failed)')")")
  printf '\n=== durations ===\n'
  printf '%s\n' "${timings[@]}"
  printf '%5ss  in all\n' "$SECONDS"
}
trap summary EXIT

step "lint (biome)"
npx biome check .
step "layers (imports keep docs/architecture.md's rules)"
node scripts/check-layers.mjs
step "typecheck (tsc)"
npm run --silent typecheck
step "API description lint (redocly)"
npm run --silent lint:api
step "production build"
npm run --silent build
step "unit and integration tests (vitest)"
bash scripts/ensure-java.sh
npx vitest run
step "browser tests (playwright, system chromium)"
bash scripts/ensure-chromium.sh
npx playwright test
