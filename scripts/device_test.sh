#!/usr/bin/env bash
# Device CI: the freestanding runtime and kernels on emulated Cortex-M boards.
#   scripts/device_test.sh                      the whole CI job (from a clean clone)
#   scripts/device_test.sh run EXAMPLE BOARD [POLICY]
#                                               one built-in example on one board, e.g.
#                                               `run ds-cnn mps3-an547`
# The CI job:
# 1. installs gcc-arm-none-eabi, newlib and qemu-system-arm if missing;
# 2. builds the host CLI (build/, as scripts/build.sh does) and the device images for QEMU's
#    mps2-an385 (Cortex-M3, ref), mps2-an386 (Cortex-M4, arm_dsp) and mps3-an547 (Cortex-M55,
#    arm_mve) at -Os; every link fails if malloc, free, operator new or exception support ends
#    up in the image, and two probes prove that check bites;
# 3. runs hello (startup and exit status) and kernel_check (every Arm variant against ref on
#    the real instructions) on each board;
# 4. compiles every built-in example for ref, arm_dsp and arm_mve and runs each artifact on
#    each board under the default, strict and fallback policies (tests/device/device_vs_host.sh):
#    the device's gate verdict and every finding must equal `arenastore check --isa <device ISA>`
#    on the host, every accepted run's output must equal the host ref run byte for byte, and
#    every run's stack peak (the runner's "stack:" line) must stay within 2,048 B;
#    Row-stage plans of mobilenet-v1 (--max-recompute 20) run the same way on every board, and
#    ds-cnn squeezed into ref's in-place bytes on the Arm boards (on its own pointwise and ref's
#    borrowed depthwise forms on the M4, its own forms on the M55);
# 5. reports the M55 gate-only image built for the examples' ops against its 16 KiB budget;
# 6. prints the size tables of docs/device.md.
# Environment: ARENASTORE_HOST_BUILD (default build), ARENASTORE_DEVICE_OUT (build-device),
# ARENASTORE_EXAMPLES (default: every built-in example).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
start_seconds=$SECONDS
host_build=${ARENASTORE_HOST_BUILD:-build}
out=${ARENASTORE_DEVICE_OUT:-build-device}
work="$out/examples"
boards=(mps2-an385 mps2-an386 mps3-an547)
isas=(ref arm_dsp arm_mve)
jobs=$(nproc)
failures=0
cases=0  # device-versus-host comparisons run
source scripts/device_common.sh
# The runtime's stack budget on a Cortex-M (runtime/device_ram.h, as `inspect --json` reports it
# with the device RAM): every case's peak must stay within it. Read when the first example is
# compiled.
stack_budget_bytes=
declare -A stack_peak_bytes=()  # board -> the highest peak any case reported there

build_board() {  # build_board BOARD TARGETS...   (every op, into $out/BOARD)
  build_board_ops "$1" all "$out/$1" "${@:2}"
}

# A device's gate-only image holds the ops and activation types its models use (a selective
# build). Built for the ops of every example above, int8 as they are, its budget is 16 KiB of
# .text on the M55 with kernels compiled for size (a gate-only image runs none); the image with
# every op and type the library knows, from the speed-built board directory, is reported beside it
# (it grows with the operator list).
gate_budget() {
  local board=mps3-an547 ops dir bytes every_op_bytes budget=16384 example artifacts=()
  for example in "${examples[@]}"; do artifacts+=("$work/$example.ref.arena"); done
  ops=$("$cli" ops "${artifacts[@]}")
  dir="$out/$board.example-ops"
  dtypes=int8 kernels_for=size build_board_ops "$board" "$ops" "$dir" gate_only
  bytes=$(tools/device/gate_text.sh "$dir/gate_only.elf")
  every_op_bytes=$(tools/device/gate_text.sh "$out/$board/gate_only.elf")
  echo "gate-only .text on $board: $bytes B built for the examples' ops ($ops, int8);" \
    "$every_op_bytes B with every op"
  if ((bytes >= budget)); then
    echo "FAIL gate-only image for the examples' ops: $bytes B, over its $budget B budget"
    failures=$((failures + 1))
  fi
}

# A selective build judging an artifact that needs an op it lacks: the FlatBuffers verifier
# accepts the op's options table (absent from this build's schema union) and the gate rejects.
# Built for ds-cnn's ops; resnet8 also needs add.
selective_gate() {
  local board=mps3-an547 isa=arm_mve dir="$out/mps3-an547.ds-cnn-ops"
  kernels_for=size build_board_ops "$board" "$("$cli" ops "$work/ds-cnn.ref.arena")" "$dir" \
    gate_only
  expect_status 0 "ds-cnn's gate on ds-cnn" \
    qemu "$board" "$dir/gate_only.elf" gate_only "$root/$work/ds-cnn.$isa.arena"
  expect_status 3 "ds-cnn's gate on resnet8 (add not built)" \
    qemu "$board" "$dir/gate_only.elf" gate_only "$root/$work/resnet8.$isa.arena"
}

# The runtime as a package (#20): installed from a Cortex-M55 build for ds-cnn's ops into a
# prefix, the example firmware (examples/firmware, C) configured against that prefix alone and
# the exported model, then run on the board. Its verdict must equal the host's
# `check --isa arm_mve`, its output the host's `run` byte for byte, and no include path of its
# build may point into this source tree.
firmware_package() {
  local board=mps3-an547 dir="$out/firmware" artifact ops bytes log host_verdict device_verdict
  local prefix="$root/$out/firmware/prefix"
  rm -rf "$dir" && mkdir -p "$dir/model"
  artifact="$dir/ds-cnn.arena"
  "$cli" compile --example ds-cnn --target arm_mve --pool dtcm:64K -o "$artifact" >/dev/null
  ops=$("$cli" ops "$artifact")
  build_board_ops "$board" "$ops" "$dir/runtime" arenastore_c
  cmake --install "$dir/runtime" --prefix "$prefix" >/dev/null
  "$cli" export "$artifact" --c-header "$dir/model/model.h" --c-source "$dir/model/model.c" \
    --section dtcm=.pool_fast >/dev/null
  if ! cmake -S examples/firmware -B "$dir/build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DMODEL_DIR="$root/$dir/model" -DARENASTORE_BOARD="$board" \
    -DCMAKE_TOOLCHAIN_FILE="$prefix/share/arenastore/arm-none-eabi.cmake" >"$dir/build.log" 2>&1 ||
    ! cmake --build "$dir/build" -j"$jobs" >>"$dir/build.log" 2>&1; then
    echo "FAIL the example firmware does not build from the installed package ($dir/build.log):"
    tail -n 20 "$dir/build.log"
    failures=$((failures + 1))
    return
  fi
  if grep -ho -- '-I[^ ]*\|-isystem [^ ]*' "$dir"/build/CMakeFiles/firmware.dir/flags.make |
    grep -v "$root/$out/" | grep -q "$root"; then
    echo "FAIL the example firmware's build reaches into the source tree for headers"
    failures=$((failures + 1))
  fi
  log="$dir/firmware.log"
  expect_status 0 "the example firmware on $board" qemu "$board" "$dir/build/firmware.elf" firmware \
    >"$log"
  bytes=$(sed -n 's/^#define MODEL_INPUT0_BYTES \([0-9]*\)u$/\1/p' "$dir/model/model.h")
  perl -e "print pack('C*', map { (31 * \$_ + 7) & 255 } 0..$((bytes - 1)))" >"$dir/input.bin"
  "$cli" run "$artifact" --input "$dir/input.bin" --output "$dir/expected.bin" >/dev/null
  if [[ "$(sed -n 's/^output: //p' "$log")" != "$(od -An -tx1 -v "$dir/expected.bin" | tr -d ' \n')" ]]; then
    echo "FAIL the example firmware's output differs from the host's run:"
    cat "$log"
    failures=$((failures + 1))
  fi
  host_verdict=$("$cli" check "$artifact" --isa arm_mve | sed -n '1s/^[^:]*: \([A-Z]*\) .*/\1/p')
  device_verdict=$(sed -n 's/^verdict: //p' "$log")
  if [[ $host_verdict != "$device_verdict" ]]; then
    echo "FAIL the example firmware's verdict $device_verdict, the host's $host_verdict"
    failures=$((failures + 1))
  fi
  echo "example firmware from the installed package: verdict $device_verdict, output equal to the" \
    "host's; .text $(arm-none-eabi-size -A "$dir/build/firmware.elf" | awk '$1 == ".text" { print $2 }') B" \
    "(runtime, gate, C API, kernels for $ops, board support), model array" \
    "$(sed -n 's/^#define MODEL_ARTIFACT_BYTES \([0-9]*\)u$/\1/p' "$dir/model/model.h") B"
}

# A runtime built without int16 (ARENASTORE_DTYPES=int8), with every op of the 16x8 lstm-gesture
# and of the int8 svdf-kws, on the M4 they were planned for: it rejects the first (its ops'
# int16 kernels are missing) and accepts the second, so the reject is the dtype's, not an op's.
int8_only_gate() {
  local board=mps2-an386 isa=arm_dsp dir="$out/mps2-an386.stateful-ops-int8"
  dtypes=int8 kernels_for=size build_board_ops "$board" \
    "$("$cli" ops "$work/lstm-gesture.ref.arena" "$work/svdf-kws.ref.arena")" "$dir" gate_only
  expect_status 3 "an int8-only gate on the 16x8 lstm-gesture" \
    qemu "$board" "$dir/gate_only.elf" gate_only "$root/$work/lstm-gesture.$isa.arena"
  expect_status 0 "an int8-only gate on svdf-kws (int8 activations)" \
    qemu "$board" "$dir/gate_only.elf" gate_only "$root/$work/svdf-kws.$isa.arena"
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

# Artifacts of EXAMPLE for ISAS, two deterministic inputs and the host ref outputs for them;
# with `frames=N prepare_example ...`, each input holds N frames run in a row (state kept).
prepare_example() {  # prepare_example EXAMPLE ISAS...
  local example=$1 isa seed input_bytes output_count n=${frames:-1}
  shift
  mkdir -p "$work"
  # Pools as firmware would lay them out: a small fast `dtcm` first, `sram` for the rest.
  for isa in ref "$@"; do
    "$cli" compile --example "$example" --target "$isa" --pool dtcm:32K --pool sram:1M \
      -o "$work/$example.$isa.arena" >/dev/null
  done
  "$cli" export "$work/$example.ref.arena" --c-header "$work/$example.h" --symbol model >/dev/null
  stack_budget_bytes=$(sed -n 's/^#define MODEL_STACK_BUDGET_BYTES \([0-9]*\)u$/\1/p' "$work/$example.h")
  input_bytes=$(sed -n 's/^#define MODEL_INPUT0_BYTES \([0-9]*\)u$/\1/p' "$work/$example.h")
  output_count=$(sed -n 's/^#define MODEL_OUTPUT_COUNT \([0-9]*\)u$/\1/p' "$work/$example.h")
  for seed in 1 2; do
    perl -e "srand($seed); print pack('C*', map { int(rand(256)) } 1..$((input_bytes * n)))" \
      >"$work/$example.input$seed.bin"
    # Every output, concatenated in output order, as the device runner writes them.
    local outputs=() k
    for ((k = 0; k < output_count; k++)); do outputs+=(--output "$work/$example.expected$seed.$k.bin"); done
    "$cli" run "$work/$example.ref.arena" --input "$work/$example.input$seed.bin" \
      --frames "$n" "${outputs[@]}" >/dev/null
    for ((k = 0; k < output_count; k++)); do cat "$work/$example.expected$seed.$k.bin"; done \
      >"$work/$example.expected$seed.bin"
  done
}

run_case() {  # run_case BOARD ARTIFACT SEED POLICY
  local board=$1 artifact=$2 seed=$3 policy=$4 example=${2%%.*}
  cases=$((cases + 1))
  if ! (cd "$work" && "$root/tests/device/device_vs_host.sh" "$cli" "$board" \
    "$root/$out/$board/runner.elf" "$artifact" "$example.input$seed.bin" "$policy" \
    "$example.expected$seed.bin"); then
    failures=$((failures + 1))
  fi
  check_stack "$board" "$work/${artifact%.arena}.$board.$policy.device.log"
}

# Holds the case's stack peak to the budget and keeps the board's highest for the summary.
check_stack() {  # check_stack BOARD DEVICE_LOG
  local board=$1 log=$2 bytes
  bytes=$(sed -n 's/^stack: \([0-9]*\) B used.*/\1/p' "$log")
  if [[ -z "$bytes" ]]; then
    echo "FAIL $log: the runner reported no stack peak"
    failures=$((failures + 1))
    return
  fi
  # Row-stage cases have a budget of their own (below) and report their peaks there.
  if [[ -z ${stage_case:-} ]] && ((bytes > ${stack_peak_bytes[$board]:-0})); then
    stack_peak_bytes[$board]=$bytes
  fi
  if ((bytes > stack_budget_bytes)); then
    echo "FAIL $log: stack peak $bytes B, over the runner's $stack_budget_bytes B budget"
    failures=$((failures + 1))
  fi
}

stack_summary() {
  local board line="runner stack peak (budget $stack_budget_bytes B):"
  for board in "${boards[@]}"; do
    if [[ -n "${stack_peak_bytes[$board]:-}" ]]; then
      line+=" $board ${stack_peak_bytes[$board]} B;"
    else
      line+=" $board no runs;"
    fi
  done
  echo "${line%;}"
}

# `run EXAMPLE BOARD [POLICY]`: plan EXAMPLE for BOARD's ISA, run it there, show the device log.
run_one() {
  local example=$1 board=$2 policy=${3:-default} isa
  install_packages >/dev/null
  build_host_cli
  build_board "$board" runner
  isa=$(board_isa "$board")
  prepare_example "$example" "$isa"
  run_case "$board" "$example.$isa.arena" 1 "$policy"
  cat "$work/$example.$isa.$board.$policy.device.log"
  exit $((failures > 0))
}

heap_probes() {
  local board=mps3-an547
  if cmake --build "$out/$board" --target heap_probe >"$out/heap_probe.log" 2>&1; then
    echo "FAIL heap_probe (malloc, operator new) linked; the device build must not reach a heap"
    failures=$((failures + 1))
  else
    echo "ok   heap_probe does not link: $(grep -o "undefined reference to \`[a-z_]*sbrk[a-z_]*'" "$out/heap_probe.log" | head -n 1)"
  fi
  if cmake --build "$out/$board" --target heap_probe_with_sbrk >"$out/heap_probe_with_sbrk.log" 2>&1 ||
    ! tr -s ' \n' '  ' <"$out/heap_probe_with_sbrk.log" | grep -q "must link no allocator"; then
    echo "FAIL heap_probe_with_sbrk: the image check did not reject malloc"
    failures=$((failures + 1))
  else
    echo "ok   heap_probe_with_sbrk links but the image check rejects it (malloc, free, _sbrk)"
  fi
}

size_tables() {
  tools/device/size_report.sh "${boards[@]/#/$out/}"
  echo
  echo "| example | board (ISA) | arena by pool (planned / offered) | stack used |"
  echo "|---|---|---|---|"
  local example board isa log arena stack
  for example in "${examples[@]}"; do
    for board in "${boards[@]}"; do
      isa=$(board_isa "$board")
      log="$work/$example.$isa.$board.default.device.log"
      arena=$(sed -n 's/^arena \([a-z]*\): \([0-9]*\) B planned of \([0-9]*\) B.*/\1 \2 \/ \3 B/p' "$log" |
        paste -sd ';' | sed 's/;/, /g')
      stack=$(sed -n 's/^stack: \([0-9]*\) B used.*/\1 B/p' "$log")
      echo "| $example | $board ($isa) | $arena | $stack |"
    done
  done
}

if [[ ${1:-} == run ]]; then
  [[ $# -ge 3 ]] || { echo "usage: $0 run EXAMPLE BOARD [default|strict|fallback]" >&2; exit 2; }
  run_one "$2" "$3" "${4:-default}"
fi

echo "== device: packages =="
install_packages
echo "== device: host CLI ($host_build) =="
build_host_cli
echo "== device: images (-Os, no heap) =="
for board in "${boards[@]}"; do
  build_board "$board" hello runner kernel_check gate_only count_check
  echo "built $board: $(cd "$out/$board" && ls hello.elf runner.elf kernel_check.elf gate_only.elf count_check.elf | tr '\n' ' ')"
done

echo "== device: no heap can be linked =="
heap_probes

echo "== device: startup, semihosting and exit status =="
for board in "${boards[@]}"; do
  expect_status 0 "hello on $board" qemu "$board" "$out/$board/hello.elf" hello
  expect_status 3 "hello 3 on $board" qemu "$board" "$out/$board/hello.elf" hello 3 >/dev/null
done

echo "== device: Arm kernel variants against ref on the real instructions =="
for board in "${boards[@]}"; do
  expect_status 0 "kernel_check on $board" qemu "$board" "$out/$board/kernel_check.elf" kernel_check
done

# scripts/device_bench.sh counts instructions with a QEMU plugin; it must count loops of known
# length exactly on every board (scalar, floating point, MVE).
echo "== device: the benchmark's instruction counter =="
expect_status 0 "the instruction counter on loops of known length" \
  bash scripts/device_bench.sh --check-counter

echo "== device: built-in examples, every artifact ISA on every board =="
if [[ -n "${ARENASTORE_EXAMPLES:-}" ]]; then
  read -r -a examples <<<"$ARENASTORE_EXAMPLES"
else
  examples=(ds-cnn mobilenet-v1 resnet8 all-ops)
fi
for example in "${examples[@]}"; do
  prepare_example "$example" arm_dsp arm_mve
  for board in "${boards[@]}"; do
    for isa in "${isas[@]}"; do
      for policy in default strict fallback; do
        run_case "$board" "$example.$isa.arena" 1 "$policy"
      done
    done
    run_case "$board" "$example.$(board_isa "$board").arena" 2 default
  done
done

# Row-stage plans (compile --max-recompute 20): mobilenet-v1's early chains run strip by strip,
# inner tensors as strip buffers, stage outputs over their dying inputs; on every board the
# output equals the host's whole-tensor ref run byte for byte.
echo "== device: row-stage plans of mobilenet-v1 (--max-recompute 20) on every board =="
prepare_example mobilenet-v1
for isa in "${isas[@]}"; do
  "$cli" compile --example mobilenet-v1 --target "$isa" --pool dtcm:32K --pool sram:1M \
    --max-recompute 20 -o "$work/mobilenet-v1.stages_$isa.arena" >/dev/null
done
# A stage's runner frame raises the stack budget the artifact reports (runtime/device_ram.h).
example_budget=$stack_budget_bytes
"$cli" export "$work/mobilenet-v1.stages_ref.arena" --c-header "$work/mobilenet-v1.stages.h" \
  --symbol model >/dev/null
stack_budget_bytes=$(sed -n 's/^#define MODEL_STACK_BUDGET_BYTES \([0-9]*\)u$/\1/p' \
  "$work/mobilenet-v1.stages.h")
stage_case=1
for board in "${boards[@]}"; do
  isa=$(board_isa "$board")
  run_case "$board" "mobilenet-v1.stages_$isa.arena" 1 default
  echo "     stack $(sed -n 's/^stack: \([0-9]*\) B used.*/\1 B/p' \
    "$work/mobilenet-v1.stages_$isa.$board.default.device.log") of the row-stage budget $stack_budget_bytes B"
done
stage_case=
stack_budget_bytes=$example_budget

# Plans squeezed into ref's in-place bytes: the Arm targets' own whole kernels do not fit there,
# so their layers take slower over-input forms (planner/compile.h): arm_dsp its own pointwise
# pixel walk and ref's borrowed depthwise form, so compile names ops on both; arm_mve its own
# forms alone, nothing borrowed. On each Arm board the output equals the host's whole-tensor ref
# run byte for byte.
echo "== device: ds-cnn squeezed into ref's in-place bytes on the Arm boards =="
prepare_example ds-cnn
squeezed_bytes=$("$cli" compile --example ds-cnn --target ref -o "$work/ds-cnn.in_place_ref.arena" |
  sed -n 's/^pool  *sram  *\([0-9]*\) B planned.*/\1/p')
for board in mps2-an386 mps3-an547; do
  isa=$(board_isa "$board")
  summary=$("$cli" compile --example ds-cnn --target "$isa" --pool "sram:$((squeezed_bytes + 1024))" \
    -o "$work/ds-cnn.squeezed_$isa.arena" | grep "^in place" || true)
  if [[ $isa == arm_dsp && ( $summary != *"on the target's own slower kernel"* ||
                              $summary != *"on ref's slower kernel"* ) ]]; then
    echo "FAIL ds-cnn for $isa in $((squeezed_bytes + 1024)) B: not on its own pointwise and" \
      "ref's depthwise forms ($summary)"
    failures=$((failures + 1))
  elif [[ $isa == arm_mve && ( $summary != *"on the target's own slower kernel"* ||
                                $summary == *"ref's slower kernel"* ) ]]; then
    echo "FAIL ds-cnn for $isa in $((squeezed_bytes + 1024)) B: not on its own forms ($summary)"
    failures=$((failures + 1))
  fi
  run_case "$board" "ds-cnn.squeezed_$isa.arena" 1 default
done

# The operators beyond the CNNs' (float edges, conversions, data movement with several outputs,
# reductions; they have ref kernels only) on one board: ref and arm_mve plans, both inputs.
echo "== device: the coverage example's operators on mps3-an547 =="
prepare_example coverage arm_mve
for isa in ref arm_mve; do
  for seed in 1 2; do run_case mps3-an547 "coverage.$isa.arena" "$seed" default; done
done

# A stateful model (SVDF state in its own pool) over 4 frames on one executor: every frame's
# output equals the host's, so the state carried between invokes is the host's too.
echo "== device: the svdf-kws example over 4 frames on mps2-an386 =="
frames=4 prepare_example svdf-kws arm_dsp
for isa in ref arm_dsp; do
  for seed in 1 2; do run_case mps2-an386 "svdf-kws.$isa.arena" "$seed" default; done
done
# Pools named after no memory of the board (a "ram" and the state pool): the runner binds them
# where the gate placed them in the board's memories (runtime/pool_placement.h).
"$cli" compile --example svdf-kws --target arm_dsp --pool ram:64K \
  -o "$work/svdf-kws.placed.arena" >/dev/null
for seed in 1 2; do run_case mps2-an386 "svdf-kws.placed.arena" "$seed" default; done

# The LSTM's hidden and cell state over 4 frames, likewise (its kernel is ref's in both plans).
echo "== device: the lstm-gesture example over 4 frames on mps2-an386 =="
frames=4 prepare_example lstm-gesture arm_dsp
for isa in ref arm_dsp; do
  for seed in 1 2; do run_case mps2-an386 "lstm-gesture.$isa.arena" "$seed" default; done
done

echo "== device: M55 judging an artifact planned for ref (device, then host check) =="
(cd "$work" && cat "${examples[0]}.ref.mps3-an547.default.device.gate" && echo "-- host:" &&
  cat "${examples[0]}.ref.mps3-an547.default.host.log") || true

echo "== device: gate-only budget (M55, -Os) =="
gate_budget
echo "== device: a selective build rejects an op it lacks (M55) =="
selective_gate
echo "== device: a build without int16 rejects a 16x8 artifact for its dtype (M4) =="
int8_only_gate

echo "== device: the runtime as an installed package, an example firmware built from it (M55) =="
firmware_package

echo "== device: sizes (docs/device.md) =="
size_tables

stack_summary
elapsed=$((SECONDS - start_seconds))
if ((failures > 0)); then
  echo "device tests: $failures FAILED, $cases device-vs-host cases (${elapsed}s)"
  exit 1
fi
echo "device tests: all passed, $cases device-vs-host cases (${elapsed}s)"
