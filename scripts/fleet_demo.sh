#!/usr/bin/env bash
# A small fleet to try the audit on: pushes artifacts from the compatibility corpus (planned by an
# older kernel library, some with scratch skewed short or long), imports 1,660 devices in six
# classes, audits them (audit.html), runs audit --fix (fixed.html) and, with chromium present,
# screenshots both pages and a plan picture. Makes docs/fleet_audit.png and docs/plan_svg.png.
# Usage: scripts/fleet_demo.sh [ARENASTORE_BINARY] [OUT_DIR]   (defaults: build/tools/arenastore,
# a new temporary directory). Exit status is the last audit's: 3 while rejects remain.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
arenastore=$(realpath "${1:-$root/build/tools/arenastore}")
out=${2:-$(mktemp -d)}
mkdir -p "$out"
cd "$out"
export ARENASTORE_DB=$out/fleet-demo.db
rm -f "$ARENASTORE_DB" "$ARENASTORE_DB"-wal "$ARENASTORE_DB"-shm
corpus=$root/tests/data/compat

"$arenastore" push "$corpus/ds-cnn-1.2.0-ref-avgpool_short16.arena" --model kws >/dev/null
"$arenastore" push "$corpus/ds-cnn-1.2.0-ref-avgpool_surplus64.arena" --model kws >/dev/null
"$arenastore" push "$corpus/mobilenet-v1-1.2.0-ref.arena" --model vww >/dev/null
"$arenastore" push "$corpus/resnet8-1.2.0-x86_avx2.arena" --model resnet >/dev/null
"$arenastore" push "$corpus/ds-cnn-1.2.0-arm_mve.arena" --model kws-m55 >/dev/null

devices() {  # PREFIX COUNT HARDWARE ISA KERNEL_VERSION POOLS MODEL
  for ((i = 0; i < $2; i++)); do printf '%s-%04d,%s,%s,%s,%s,%s\n' "$1" "$i" "${@:3}"; done
}
{
  echo "device,hardware,isa,kernel_version,pools,model"
  devices gw 400 gateway-x86 x86_avx2 1.1.0 sram=4M resnet@1
  devices gwk 200 gateway-x86 x86_avx2 1.1.0 sram=4M kws@2
  devices h7 300 stm32h7 arm_dsp 1.1.0 sram=512K kws@1
  devices h7b 100 stm32h7 arm_dsp 1.1.0 sram=512K kws@2
  devices nrf 250 nrf5340 ref 1.1.0 sram=64K kws@1
  devices nrfb 120 nrf5340 ref 1.1.0 sram=64K kws@2
  devices m0 80 tiny-m0 ref 1.1.0 sram=16K vww@1
  devices m4 60 small-m4 ref 1.1.0 sram=40K vww@1
  devices m55 150 m55-board arm_mve 1.2.0 sram=256K kws-m55@1
} >devices.csv
"$arenastore" fleet import devices.csv
"$arenastore" audit --note "before the rollout" --html audit.html || true
"$arenastore" inspect kws-m55@1 --svg plan.svg >/dev/null
status=0
"$arenastore" audit --fix --html fixed.html || status=$?

chromium=${ARENASTORE_CHROMIUM:-/usr/bin/chromium}
if [[ -x $chromium ]]; then
  shoot() {  # PAGE PNG WIDTH HEIGHT
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
      --user-data-dir="$out/chromium-profile" --window-size="$3,$4" --screenshot="$out/$2" \
      "file://$out/$1" >/dev/null 2>&1
  }
  shoot audit.html fleet_audit.png 1100 1000
  shoot fixed.html fleet_fixed.png 1100 1000
  shoot plan.svg plan_svg.png 1000 760
  echo "screenshots in $out"
else
  echo "no chromium at $chromium: no screenshots (the pages are in $out)"
fi
exit "$status"
