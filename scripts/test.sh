#!/usr/bin/env bash
# `npm test`: the whole pipeline, failing with the failing step named.
#   codegen → typecheck ‖ lint → ( unit → production start ‖ contracts ) ‖ ( build → e2e ), and the
#   stories in whichever lane is free first
# (‖: side by side, see `together` and `lanes`), and ends with a table of every step's time.
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

# Every step's wall time, in order: "<step>\t<seconds>\t<ok|failed>" (printed as a table at the end).
times="$counts_dir/times.tsv"
: > "$times"
run_t0=$(date +%s.%N)
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
note_time() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$times"; }
time_table() { "$tsx" scripts/summary.ts table "$times" "$tally" "$(elapsed "$run_t0")" || true; }

fail() { # fail <step> <exit code> <seconds>
  note_time "$1" "$3" failed
  : > "$counts_dir/failed.$1" # for a step of the other lane that waits on this one (await_step)
  echo
  echo "npm test: FAILED at step '$1' (exit $2, after $3 s)"
  [ -n "${in_together:-}" ] || time_table
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
  note_time "$name" "$secs" ok
  : > "$counts_dir/done.$name"
}

# await_step <name>: waits until a step of the other lane has passed; fails when it failed.
await_step() {
  echo "=== waiting for step '$1' (other lane)"
  while [ ! -e "$counts_dir/done.$1" ]; do
    if [ -e "$counts_dir/failed.$1" ]; then
      echo "npm test: step '$1' failed in the other lane"
      exit 1
    fi
    sleep 2
  done
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
  # Two lanes may finish a step at the same moment: the tally is read and written under a lock.
  flock "$counts_dir/.tally.lock" "$tsx" scripts/summary.ts record "$name" "$kind" "$report" "$tally" || counted=$?
  if [ "$rc" -ne 0 ]; then
    "$tsx" scripts/summary.ts total "$tally" --if-failed || true
    fail "$name" "$rc" "$secs"
  fi
  [ "$counted" -eq 0 ] || fail "$name" 1 "$secs"
  echo "=== $name: ok in $secs s"
  note_time "$name" "$secs" ok
}

# together <step-call> -- <step-call>: two steps at the same time, each's output kept in a log and
# printed when both have ended (so the two never interleave), then the first failure fails the run.
# Only for pairs that do not compete for the same resource: two single-threaded checks on a 2-core
# machine (tsc ‖ eslint), or a step that mostly waits on the disk and network beside one that computes.
together() {
  local a=() b=() seen=0
  for arg in "$@"; do
    if [ "$arg" = -- ] && [ $seen -eq 0 ]; then seen=1; continue; fi
    if [ $seen -eq 0 ]; then a+=("$arg"); else b+=("$arg"); fi
  done
  local log_a="$counts_dir/${a[1]}.log" log_b="$counts_dir/${b[1]}.log"
  ( in_together=1; "${a[@]}" ) > "$log_a" 2>&1 & local pa=$!
  ( in_together=1; "${b[@]}" ) > "$log_b" 2>&1 & local pb=$!
  local ra=0 rb=0
  wait "$pa" || ra=$?
  wait "$pb" || rb=$?
  cat "$log_a" "$log_b"
  if [ "$ra" -ne 0 ] || [ "$rb" -ne 0 ]; then
    echo
    echo "npm test: FAILED in '${a[1]}' and/or '${b[1]}' (exit $ra / $rb)"
    [ -n "${in_together:-}" ] || time_table
    exit $(( ra != 0 ? ra : rb ))
  fi
}

# lanes <function> <function>: two sequences of steps at the same time, each's output written to its
# own log as it runs (`tail -f` it to follow) and printed when both have ended; a failing step ends its
# own lane at once, and the run fails once both lanes have ended. Measured on the 2-core machine: the
# unit and story steps keep ~0.6–0.8 of a core busy and the e2e step under half of one (they wait on
# sockets, timers, the database and the browser), so two lanes finish far sooner than one after another.
lanes() {
  local log_a="$counts_dir/lane-$1.log" log_b="$counts_dir/lane-$2.log"
  echo
  echo "=== lanes: '$1' ‖ '$2' (logs: $log_a, $log_b)"
  ( in_together=1; "$1" ) > "$log_a" 2>&1 & local pa=$!
  ( in_together=1; "$2" ) > "$log_b" 2>&1 & local pb=$!
  local ra=0 rb=0
  wait "$pa" || ra=$?
  wait "$pb" || rb=$?
  cat "$log_a" "$log_b"
  if [ "$ra" -ne 0 ] || [ "$rb" -ne 0 ]; then
    echo
    echo "npm test: FAILED in lane '$1' and/or '$2' (exit $ra / $rb)"
    time_table
    exit $(( ra != 0 ? ra : rb ))
  fi
}

# claim <step>: true for the first lane that asks (mkdir is atomic), so a step that either lane can
# run is run once, by the lane that is free first.
claim() { mkdir "$counts_dir/claim.$1" 2>/dev/null; }

# The stories in Chromium (a Vite dev server of their own): by whichever lane ends its own steps
# first, so neither lane idles while the other still has work.
stories_if_first() {
  if claim stories; then tests stories vitest npm run test:stories; fi
}

# The Node and jsdom tests, then the production start beside the contract suite. The production check
# spends most of its time in `npm ci --omit=dev` (disk and network) and in waiting for the server; the
# contract suite computes: the two run side by side.
lane_node() {
  tests unit vitest npm run test:unit
  # The production start and the contract suite's own server run the build the other lane makes.
  await_step build
  together step production "$tsx" scripts/prod-smoke.ts -- tests contracts playwright npm run test:contracts
  stories_if_first
}

# The production build, then the console in Chromium on it (two Playwright workers, each with its own
# server), beside the other lane's CPU-bound unit tests.
lane_browser() {
  step build npm run --ignore-scripts build
  tests e2e playwright npm run test:e2e
  stories_if_first
}

step system bash scripts/ensure-system.sh
step codegen npm run codegen
# The generated GraphQL documents are made once above; --ignore-scripts skips typecheck's and build's own codegen.
together step typecheck npm run --ignore-scripts typecheck -- step lint npm run lint
lanes lane_node lane_browser

echo
echo "npm test: all steps passed"
time_table
"$tsx" scripts/summary.ts total "$tally"
