#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: install the packages, configure build/ and build the
# CLI alone (the tests, benchmarks and Python module wait for scripts/build.sh, which reuses the
# same build/ and configuration), then a whole registry session on the built-in examples with the
# default embedded database (./arenastore.db inside demo/):
# compile -> push -> alias prod -> ls -> show -> check and run from the store -> verify.
# Each phase prints one line with the seconds since the start; the build shows its progress.
set -euo pipefail
cd "$(dirname "$0")/.."

phase() { printf '== [%d s] %s\n' "$SECONDS" "$*"; }

# Runs a command with its output in LOG; on failure shows LOG's last lines and stops.
quietly() {
  local log=$1
  shift
  if ! "$@" >"$log" 2>&1; then
    echo "failed: $* (its last lines; all of them in $log):"
    tail -n 30 "$log"
    exit 1
  fi
}

# Reads the build's output and prints how many of TODO sources are compiled: in place on a
# terminal, otherwise a line at each tenth (a log gets ten lines, not hundreds).
show_progress() {
  local todo=$1 done=0 tenth=0 line
  while IFS= read -r line; do
    [[ $line == *"Building C"*" object "* ]] || continue
    done=$((done + 1))
    if [[ -t 1 ]]; then
      printf '\r   [%d s] %d of %d compiled ' "$SECONDS" "$done" "$todo"
    elif ((todo > 0 && done * 10 / todo > tenth)); then
      tenth=$((done * 10 / todo))
      printf '   [%d s] %d of %d compiled\n' "$SECONDS" "$done" "$todo"
    fi
  done
  if [[ -t 1 ]] && ((done > 0)); then printf '\n'; fi
}

# Chromium only renders pictures for the tests: scripts/build.sh installs it for them.
phase "installing dependencies (Debian packages, skipping those present)"
ARENASTORE_NO_CHROMIUM=1 bash scripts/install_deps.sh

# The same configuration as scripts/build.sh, so its full build later reuses these objects.
phase "configuring build/ (CMake, Release)"
configure_log=$(mktemp)
quietly "$configure_log" cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DARENASTORE_KERNEL_CHECKS=ON
rm -f "$configure_log"

# Sources the CLI needs compiled (a dry run of its target) of all the full build compiles.
all_sources=$(grep -c '"file":' build/compile_commands.json || true)
cli_sources="?"
if [[ -f build/Makefile ]]; then
  cli_sources=$(make -C build -n arenastore 2>/dev/null | grep -c -- ' -c ' || true)
fi
phase "building the CLI: $cli_sources of the full build's $all_sources sources to compile"
build_log=build/demo_build.log
if ! cmake --build build -j"$(nproc)" --target arenastore 2>&1 | tee "$build_log" |
  show_progress "$cli_sources"; then
  echo "the build failed (its last lines; all of them in $build_log):"
  tail -n 30 "$build_log"
  exit 1
fi
cli=$PWD/build/tools/arenastore
phase "built $cli; the demo"

mkdir -p demo && cd demo
rm -f arenastore.db arenastore.db-wal arenastore.db-shm ./*.arena ./*.bin

# Bold command lines on a terminal that shows them; plain text in logs and on TERM=dumb.
if [[ -t 1 && "${TERM:-dumb}" != dumb ]]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s$ arenastore %s%s\n' "$bold" "$*" "$plain"; "$cli" "$@"; }

step compile --example ds-cnn -o kws.arena --pool sram:64K
step compile --example mobilenet-v1 -o vww.arena
step compile --example resnet8 -o resnet8.arena --reorder
step push kws.arena --model kws --alias prod --note "built-in DS-CNN"
step push vww.arena --model vww
step push resnet8.arena --model resnet8
step ls
step show kws@prod
step check kws@prod
step run kws@prod --random-input 1 --output kws.out.bin
step verify

cat <<'NEXT'

Next steps (the database is demo/arenastore.db; run from demo/ or pass --db):
  arenastore inspect kws@prod             per-op scratch and the memory plan
  arenastore check kws@prod --isa arm_mve what a Cortex-M55 runtime would say
  arenastore compile MODEL.tflite -o m.arena && arenastore push m.arena --model NAME
  arenastore --help                       every verb, each with an example
  bash scripts/build.sh                   every target: tests, benchmarks, the Python module
  bash scripts/fleet_demo.sh              a 1,660-device fleet: audit, audit --fix, HTML report
NEXT
