#!/usr/bin/env bash
# The main job, on a fresh machine: build, then compile the built-in keyword-spotting model,
# inspect its memory plan, ask the gate, and run it from its planned arena.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
cli=build/tools/arenastore
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
set -x
"$cli" compile --example ds-cnn -o "$work/kws.arena" --pool sram:64K
"$cli" inspect "$work/kws.arena"
"$cli" check "$work/kws.arena"
"$cli" run "$work/kws.arena" --random-input 1 --output "$work/out.bin"
