#!/usr/bin/env bash
# `npm test`: the whole pipeline, in order, failing fast with the failing step named.
#   codegen → typecheck → lint → unit → stories → build → production start → contracts → e2e
# Each test runner writes a JSON report; scripts/summary.ts turns it into counts, fails a step that
# ran no test, and prints the closing line `test: N passed, M failed` that CI reads.
set -euo pipefail
export npm_config_nodedir=/usr

cd "$(dirname "$0")/.."

tsx=node_modules/.bin/tsx
counts_dir=test-results/counts
tally="$counts_dir/tally.json"
rm -rf "$counts_dir"
mkdir -p "$counts_dir"

timings=()
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

fail() { # fail <step> <exit code> <seconds>
  echo
  echo "npm test: FAILED at step '$1' (exit $2, after $3 s)"
  [ ${#timings[@]} -eq 0 ] || echo "npm test: steps that passed: ${timings[*]}"
  exit "$2"
}

# step <name> <command...>: a step without test counts (type-check, lint, build, system setup).
step() {
  local name=$1; shift
  local t0; t0=$(now)
  echo
  echo "=== $name: $*"
  local rc=0
  "$@" || rc=$?
  local secs; secs=$(elapsed "$t0")
  [ "$rc" -eq 0 ] || fail "$name" "$rc" "$secs"
  echo "=== $name: ok in $secs s"
  timings+=("$name=${secs}s")
}

# tests <name> <vitest|playwright> <command...>: a test runner step; its counts join the tally.
tests() {
  local name=$1 kind=$2; shift 2
  local report="$counts_dir/$name.json"
  local t0; t0=$(now)
  echo
  echo "=== $name: $*"
  local rc=0
  if [ "$kind" = vitest ]; then
    "$@" -- --reporter=default --reporter=json --outputFile.json="$report" || rc=$?
  else
    PW_JSON_REPORT="$report" "$@" || rc=$?
  fi
  local secs; secs=$(elapsed "$t0")
  local counted=0
  "$tsx" scripts/summary.ts record "$name" "$kind" "$report" "$tally" || counted=$?
  if [ "$rc" -ne 0 ]; then
    "$tsx" scripts/summary.ts total "$tally" --if-failed || true
    fail "$name" "$rc" "$secs"
  fi
  [ "$counted" -eq 0 ] || fail "$name" 1 "$secs"
  echo "=== $name: ok in $secs s"
  timings+=("$name=${secs}s")
}

step system bash scripts/ensure-system.sh
step codegen npm run codegen
step typecheck npm run typecheck
step lint npm run lint
tests unit vitest npm run test:unit
tests stories vitest npm run test:stories
step build npm run build
step production "$tsx" scripts/prod-smoke.ts
tests contracts playwright npm run test:contracts
tests e2e playwright npm run test:e2e

echo
echo "npm test: all steps passed: ${timings[*]}"
"$tsx" scripts/summary.ts total "$tally"
