#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: build, then a whole registry session on the
# built-in examples with the default embedded database (./arenastore.db inside demo/):
# compile -> push -> alias prod -> ls -> show -> check and run from the store -> verify.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
cli=$PWD/build/tools/arenastore
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
  bash scripts/fleet_demo.sh              a 1,600-device fleet: audit, audit --fix, HTML report
NEXT
