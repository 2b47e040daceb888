#!/usr/bin/env bash
# Device CI: the freestanding runtime and kernels on emulated Cortex-M boards.
#   scripts/device_test.sh            (from a clean clone; needs apt for the Arm packages)
# 1. installs gcc-arm-none-eabi, newlib and qemu-system-arm if missing;
# 2. builds the host CLI (build/, as scripts/build.sh does) and the device images for QEMU's
#    mps2-an385 (Cortex-M3, ref), mps2-an386 (Cortex-M4, arm_dsp) and mps3-an547 (Cortex-M55,
#    arm_mve) at -Os; each link fails if malloc, free, operator new or exception support
#    ends up in the image;
# 3. runs hello (startup and exit status) and kernel_check (every Arm variant against ref on
#    the real instructions) on each board;
# 4. compiles every built-in example for ref, arm_dsp and arm_mve and runs each artifact on
#    each board (tests/device/device_vs_host.sh): the device's gate verdict and findings must
#    equal `arenastore check` on the host, and every accepted run's output must equal the host
#    ref run byte for byte;
# 5. prints the size table of docs/device.md.
# Environment: ARENASTORE_HOST_BUILD (default build), ARENASTORE_DEVICE_OUT (build-device),
# ARENASTORE_EXAMPLES (default: every built-in example).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
start_seconds=$SECONDS
host_build=${ARENASTORE_HOST_BUILD:-build}
out=${ARENASTORE_DEVICE_OUT:-build-device}
boards=(mps2-an385 mps2-an386 mps3-an547)
isas=(ref arm_dsp arm_mve)
jobs=$(nproc)

echo "== device: packages =="
packages=(gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi
bash scripts/install_deps.sh

echo "== device: host CLI ($host_build) =="
if [[ ! -f "$host_build/CMakeCache.txt" ]]; then
  cmake -S . -B "$host_build" -DCMAKE_BUILD_TYPE=Release -DARENASTORE_KERNEL_CHECKS=ON >/dev/null
fi
cmake --build "$host_build" -j"$jobs" --target arenastore >/dev/null
cli="$root/$host_build/tools/arenastore"

failures=0
echo "== device: images (-Os, no heap) =="
for board in "${boards[@]}"; do
  cmake -S tools/device -B "$out/$board" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/arm-none-eabi.cmake" \
    -DARENASTORE_BOARD="$board" >/dev/null
  cmake --build "$out/$board" -j"$jobs" --target hello runner kernel_check gate_only >/dev/null
  echo "built $board: $(cd "$out/$board" && ls hello.elf runner.elf kernel_check.elf gate_only.elf | tr '\n' ' ')"
done

qemu() {  # qemu BOARD ELF ARGS... -> the image's exit status
  local board=$1 elf=$2 args="" word
  shift 2
  for word in "$@"; do args+=",arg=$word"; done
  timeout 300 qemu-system-arm -M "$board" -nographic -monitor none \
    -semihosting-config "enable=on,target=native$args" -kernel "$elf"
}

expect_status() {  # expect_status WANT WHAT COMMAND...
  local want=$1 what=$2 status=0
  shift 2
  "$@" || status=$?
  if [[ $status != "$want" ]]; then
    echo "FAIL $what: exit $status, expected $want"
    failures=$((failures + 1))
  fi
}

echo "== device: no heap can be linked =="
probe_board=mps3-an547
if cmake --build "$out/$probe_board" --target heap_probe >"$out/heap_probe.log" 2>&1; then
  echo "FAIL heap_probe (malloc, operator new) linked; the device build must not reach a heap"
  failures=$((failures + 1))
else
  echo "ok   heap_probe does not link: $(grep -o "undefined reference to \`[a-z_]*sbrk[a-z_]*'" "$out/heap_probe.log" | head -n 1)"
fi
if cmake --build "$out/$probe_board" --target heap_probe_with_sbrk >"$out/heap_probe_with_sbrk.log" 2>&1 ||
  ! grep -q "must link no allocator" "$out/heap_probe_with_sbrk.log"; then
  echo "FAIL heap_probe_with_sbrk: the image check did not reject malloc"
  failures=$((failures + 1))
else
  echo "ok   heap_probe_with_sbrk links but the image check rejects it (malloc, free, _sbrk)"
fi

echo "== device: startup, semihosting and exit status =="
for board in "${boards[@]}"; do
  expect_status 0 "hello on $board" qemu "$board" "$out/$board/hello.elf" hello
  expect_status 3 "hello 3 on $board" qemu "$board" "$out/$board/hello.elf" hello 3 >/dev/null
done

echo "== device: Arm kernel variants against ref on the real instructions =="
for board in "${boards[@]}"; do
  expect_status 0 "kernel_check on $board" qemu "$board" "$out/$board/kernel_check.elf" kernel_check
done

echo "== device: built-in examples, every artifact ISA on every board =="
work="$out/examples"
mkdir -p "$work"
if [[ -n "${ARENASTORE_EXAMPLES:-}" ]]; then
  read -r -a examples <<<"$ARENASTORE_EXAMPLES"
else
  examples=(ds-cnn mobilenet-v1 resnet8 all-ops)
fi
for example in "${examples[@]}"; do
  # Pools as firmware would lay them out: a small fast `dtcm` first, `sram` for the rest.
  for isa in "${isas[@]}"; do
    "$cli" compile --example "$example" --target "$isa" --pool dtcm:32K --pool sram:1M \
      -o "$work/$example.$isa.arena" >/dev/null
  done
  "$cli" export "$work/$example.ref.arena" --c-header "$work/$example.h" --symbol model >/dev/null
  input_bytes=$(sed -n 's/^#define MODEL_INPUT0_BYTES \([0-9]*\)u$/\1/p' "$work/$example.h")
  for seed in 1 2; do
    perl -e "srand($seed); print pack('C*', map { int(rand(256)) } 1..$input_bytes)" \
      >"$work/$example.input$seed.bin"
    "$cli" run "$work/$example.ref.arena" --input "$work/$example.input$seed.bin" \
      --output "$work/$example.expected$seed.bin" >/dev/null
  done
done

run_case() {  # run_case BOARD ARTIFACT SEED POLICY
  local board=$1 artifact=$2 seed=$3 policy=$4 example=${2%%.*}
  if ! (cd "$work" && "$root/tests/device/device_vs_host.sh" "$cli" "$board" \
    "$root/$out/$board/runner.elf" "$artifact" "$example.input$seed.bin" "$policy" \
    "$example.expected$seed.bin"); then
    failures=$((failures + 1))
  fi
}

for example in "${examples[@]}"; do
  for board in "${boards[@]}"; do
    for isa in "${isas[@]}"; do
      run_case "$board" "$example.$isa.arena" 1 default
      run_case "$board" "$example.$isa.arena" 1 strict
    done
    source "$out/$board/board.env"  # the board's own ISA
    run_case "$board" "$example.$isa.arena" 2 default
  done
done

echo "== device: M55 judging an artifact planned for ref (device log and host check) =="
(cd "$work" && cat ds-cnn.ref.mps3-an547.default.device.gate && echo "-- host:" &&
  cat ds-cnn.ref.mps3-an547.default.host.log) || true

echo "== device: sizes (docs/device.md) =="
tools/device/size_report.sh "${boards[@]/#/$out/}"
echo
echo "| example | board (ISA) | arena by pool (planned / offered) | stack used |"
echo "|---|---|---|---|"
for example in "${examples[@]}"; do
  for board in "${boards[@]}"; do
    source "$out/$board/board.env"
    log="$work/$example.$isa.$board.default.device.log"
    arena=$(sed -n 's/^arena \([a-z]*\): \([0-9]*\) B planned of \([0-9]*\) B.*/\1 \2 \/ \3 B/p' "$log" | paste -sd ';' | sed 's/;/, /g')
    stack=$(sed -n 's/^stack: \([0-9]*\) B used.*/\1 B/p' "$log")
    echo "| $example | $board ($isa) | $arena | $stack |"
  done
done

elapsed=$((SECONDS - start_seconds))
if ((failures > 0)); then
  echo "device tests: $failures FAILED (${elapsed}s)"
  exit 1
fi
echo "device tests: all passed (${elapsed}s)"
