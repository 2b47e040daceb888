#!/usr/bin/env bash
# Device benchmark: guest instructions one Invoke executes on each QEMU Cortex-M board, per real
# model and per operator, against TensorFlow Lite Micro's figures (../shared/REFERENCE.md).
#   scripts/device_bench.sh [--json] [--boards "mps2-an386 ..."] [--models "kws vww ..."]
#   scripts/device_bench.sh --check-counter     step 2 alone (scripts/device_test.sh runs it)
# A benchmark, not a test: it fails only when it cannot measure. Steps:
# 1. builds the host CLI, each board's runner and count_check images (scripts/device_common.sh)
#    and the QEMU plugin tools/device/qemu_insn_count.c;
# 2. validates the counter on each board: count_check's loops of known length must count to the
#    instruction (scalar, floating-point and, on the M55, MVE);
# 3. plans each model of ../shared/models for the board's ISA (M3 ref, M4 arm_dsp, M55 arm_mve),
#    runs two frames through the runner and counts the second Invoke (the first warms up, as
#    the reference's method does) and each operator in it, between the runtime's profiling hooks.
# Prints, per board and model: instructions, instructions per MAC, on the M55 the MVE share and a
# beat-weighted count (an MVE instruction counted twice, as the M55 issues most in two beats),
# and the ratio to the reference (M3: TFLM's reference kernels; M4/M55: TFLM with CMSIS-NN);
# then what the load-time check costs (the whole ArtifactView::Create, and its plan proof);
# then what the execution forms and row stages cost on each board's ISA: the model planned by
# default, with --whole-tensors, with --max-recompute 20 and into the smallest pool it fits (where
# the Arm targets run their slower forms), in one pool, the Invokes counted on the same input,
# their outputs equal byte for byte; then the per-op rows. --json prints one JSON list of rows
# instead, each with its "ops" and the whole-tensor, staged and smallest plans' bytes and
# instructions.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
host_build=${ARENASTORE_HOST_BUILD:-build}
out=${ARENASTORE_DEVICE_OUT:-build-device}
work="$out/bench"
jobs=$(nproc)
models_dir=${ARENASTORE_SHARED:-$root/../shared}/models
boards=(mps2-an385 mps2-an386 mps3-an547)
models=(kws vww resnet8 ad01 micro_speech hello_world)
json=false
check_counter_only=false
source scripts/device_common.sh

while (($#)); do
  case $1 in
    --json) json=true ;;
    --check-counter) check_counter_only=true ;;
    --boards) read -r -a boards <<<"$2"; shift ;;
    --models) read -r -a models <<<"$2"; shift ;;
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "device_bench: unknown argument '$1' (--json, --boards, --models, --check-counter)" >&2; exit 2 ;;
  esac
  shift
done

# The models and their published figures (../shared/REFERENCE.md, QEMU 7.2, measured 2026-11-26):
# file, MACs, M3 TFLM ref, M4 TFLM+CMSIS-NN, M55 TFLM+CMSIS-NN raw and beat-weighted ("-": none).
declare -A model_file=(
  [kws]=kws_ref_model [vww]=vww_96_int8 [resnet8]=pretrainedResnet_quant [ad01]=ad01_int8
  [micro_speech]=micro_speech_quantized [hello_world]=hello_world_int8)
declare -A model_macs=(
  [kws]=2656768 [vww]=7489664 [resnet8]=12501632 [ad01]=264192 [micro_speech]=336000
  [hello_world]=288)
declare -A reference_m3=(
  [kws]=42000000 [vww]=98700000 [resnet8]=105600000 [ad01]=1950000 [micro_speech]=9160000
  [hello_world]=-)
declare -A reference_m4=(
  [kws]=7701183 [vww]=24102777 [resnet8]=29866638 [ad01]=583264 [micro_speech]=1495454
  [hello_world]=3620)
declare -A reference_m55=(
  [kws]=1817153 [vww]=6559151 [resnet8]=4914243 [ad01]=150291 [micro_speech]=1008293
  [hello_world]=2231)
declare -A reference_m55_beats=(
  [kws]=2782045 [vww]=9432710 [resnet8]=7558455 [ad01]=217547 [micro_speech]=1157450
  [hello_world]=2472)

say() { if ! $json; then echo "$@"; fi; }
die() { echo "device_bench: $*" >&2; exit 1; }

$check_counter_only || [[ -d $models_dir ]] || die "no models at $models_dir: put the shared material beside the repository (or set ARENASTORE_SHARED)"
for model in "${models[@]}"; do
  [[ -n ${model_file[$model]:-} ]] || die "unknown model '$model' (${!model_file[*]})"
done

symbol_address() {  # symbol_address ELF NAME -> 0x... (the plugin clears the Thumb bit)
  local address
  address=$(arm-none-eabi-nm "$1" | awk -v name="$2" '$3 == name { print $1 }')
  [[ -n $address ]] || die "$1 has no symbol $2"
  echo "0x$address"
}

counted() {  # counted BOARD ELF COUNTS_FILE ARGS...: runs ELF with the plugin, counts to COUNTS_FILE
  local board=$1 elf=$2 counts=$3 status=0
  shift 3
  local markers
  markers="mark=$(symbol_address "$elf" arenastore_device_invoke_mark),begin=$(
    symbol_address "$elf" arenastore_op_begin),end=$(symbol_address "$elf" arenastore_op_end)"
  if [[ $elf == */runner.elf ]]; then  # the runner also marks its load-time check
    markers+=",load=$(symbol_address "$elf" arenastore_device_load_mark),proof=$(
      symbol_address "$elf" arenastore_device_proof_mark)"
  fi
  qemu_options=(-plugin "$plugin,$markers,out=$counts")
  qemu "$board" "$elf" "$@" >"$counts.log" 2>&1 || status=$?
  qemu_options=()
  ((status == 0)) || die "$elf on $board exited $status (log: $counts.log)"
  if grep -q '^error' "$counts"; then die "$(grep '^error' "$counts") ($elf on $board)"; fi
}

# count_check's loops (tools/device/count_check.cc), counted exactly or the bench stops.
validate_counter() {  # validate_counter BOARD
  local board=$1 counts="$work/count_check.$1.counts" expected
  counted "$board" "$out/$board/count_check.elf" "$counts" count_check
  expected="op 0 2002 0 op 1 500002 0"
  [[ $board == mps2-an385 ]] || expected+=" op 2 3002 0"
  [[ $board != mps3-an547 ]] || expected+=" op 3 3002 1000"
  if [[ $(grep '^op' "$counts" | tr '\n' ' ' | sed 's/ $//') != "$expected" ]]; then
    die "the instruction counter is wrong on $board: counted '$(grep '^op' "$counts" | tr '\n' ' ')', expected '$expected'"
  fi
  say "counter ok on $board: loops of known length count to the instruction"
}

input_bytes() {  # input_bytes ARTIFACT -> the first input's bytes
  "$cli" inspect "$1" | sed -n 's/^inputs *0: .*, \([0-9]*\) B, .*/\1/p'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == "-" || b == 0) print "-"; else printf "%.2f", a / b }'; }
times() { if [[ $1 == - ]]; then echo -; else echo "${1}x"; fi; }  # "0.94" -> "0.94x"
thousands() { echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }

planned_bytes() {  # planned_bytes ARTIFACT -> the plan's bytes over every pool
  "$cli" inspect "$1" | sed -n 's/^plan *\([0-9]*\) B .*/\1/p'
}

# "+1.2%" / "-0.4%": how many more instructions a than b.
overhead() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }'; }

rows_json=()
table_rows=()
load_rows=()
form_rows=()
op_tables=()

# The smallest one pool, in 16-byte steps, that MODEL compiles into for ISA with no recompute:
# where the default plan does not fit, the planner takes the ISA's slower forms (its own, then
# ref's borrowed ones), so a plan this small runs them. Between 0 and the default plan's bytes.
smallest_pool_bytes() {  # smallest_pool_bytes MODEL ISA DEFAULT_BYTES
  local model=$1 isa=$2 lo=0 hi=$(( ($3 + 15) / 16 * 16 )) mid
  while ((hi - lo > 16)); do
    mid=$(( (lo + hi) / 32 * 16 ))
    if "$cli" compile "$models_dir/${model_file[$model]}.tflite" --target "$isa" --pool "sram:$mid" \
      -o "$work/$model.$isa.probe.arena" >/dev/null 2>&1; then hi=$mid; else lo=$mid; fi
  done
  echo "$hi"
}

# What the execution forms (operators writing over their dying inputs) and row stages cost on
# BOARD's ISA: MODEL planned as by default, with --whole-tensors, with --max-recompute 20 and
# into the smallest pool it fits with no recompute (on the Arm boards, where the target's slower
# forms run), all in one pool (so the bytes compare plans, not how two memories split them), each
# counted on the same input; their outputs must be equal byte for byte. Appends a form row and
# sets forms_json.
bench_forms() {  # bench_forms BOARD MODEL INPUT ISA
  local board=$1 model=$2 input=$3 isa=$4 plan artifact counts flags pool insns=() planned=()
  for plan in in-place whole staged smallest; do
    artifact="$work/$model.$isa.$plan.arena"
    counts="$work/$model.$isa.$plan.$board.counts"
    pool=sram:1M
    case $plan in
      in-place) flags=() ;;
      whole) flags=(--whole-tensors) ;;
      staged) flags=(--max-recompute 20) ;;
      smallest) flags=() pool="sram:$(smallest_pool_bytes "$model" "$isa" "${planned[0]}")" ;;
    esac
    "$cli" compile "$models_dir/${model_file[$model]}.tflite" --target "$isa" --pool "$pool" \
      "${flags[@]}" -o "$artifact" >/dev/null
    counted "$board" "$out/$board/runner.elf" "$counts" runner "$root/$artifact" "$root/$input" \
      "$root/$work/$model.$isa.$plan.$board.out"
    insns+=("$(awk '$1 == "invoke" { print $2 }' "$counts")")
    planned+=("$(planned_bytes "$artifact")")
  done
  for plan in in-place staged smallest; do
    cmp -s "$work/$model.$isa.$plan.$board.out" "$work/$model.$isa.whole.$board.out" ||
      die "$model on $board: the $plan plan's outputs differ from the whole-tensor plan's"
  done
  form_rows+=("| $board | $model | $(thousands "${planned[0]}") | $(thousands "${planned[1]}") | $(ratio "${planned[0]}" "${planned[1]}") | $(thousands "${insns[0]}") | $(thousands "${insns[1]}") | $(overhead "${insns[0]}" "${insns[1]}") | $(thousands "${planned[2]}") | $(thousands "${insns[2]}") | $(overhead "${insns[2]}" "${insns[0]}") | $(thousands "${planned[3]}") | $(thousands "${insns[3]}") | $(overhead "${insns[3]}" "${insns[0]}") |")
  forms_json=",\"in_place_planned_bytes\":${planned[0]},\"in_place_instructions\":${insns[0]},\"whole_tensor_planned_bytes\":${planned[1]},\"whole_tensor_instructions\":${insns[1]},\"staged_planned_bytes\":${planned[2]},\"staged_instructions\":${insns[2]},\"smallest_planned_bytes\":${planned[3]},\"smallest_instructions\":${insns[3]}"
}

bench_model() {  # bench_model BOARD MODEL
  local board=$1 model=$2 isa artifact input counts insns vector beats reference reference_beats
  isa=$(board_isa "$board")
  artifact="$work/$model.$isa.arena"
  input="$work/$model.input.bin"
  counts="$work/$model.$isa.$board.counts"
  # Planned on every run: an artifact left by an older build would count that build's plan.
  "$cli" compile "$models_dir/${model_file[$model]}.tflite" --target "$isa" \
    --pool dtcm:32K --pool sram:1M -o "$artifact" >/dev/null
  # Two frames: the first Invoke warms up, the second is counted (the plugin keeps the last).
  perl -e "srand(7); print pack('C*', map { int(rand(256)) } 1..$((2 * $(input_bytes "$artifact"))))" \
    >"$input"
  counted "$board" "$out/$board/runner.elf" "$counts" runner "$root/$artifact" "$root/$input" \
    "$root/$work/$model.$isa.$board.out"
  read -r _ insns vector < <(grep '^invoke' "$counts")
  local load proof
  read -r _ load _ < <(grep '^load' "$counts")
  read -r _ proof _ < <(grep '^proof' "$counts")
  beats=$((insns + vector))
  case $board in
    mps2-an385) reference=${reference_m3[$model]}; reference_beats=- ;;
    mps2-an386) reference=${reference_m4[$model]}; reference_beats=- ;;
    *) reference=${reference_m55[$model]}; reference_beats=${reference_m55_beats[$model]} ;;
  esac
  local per_mac share ratio_raw ratio_beats
  per_mac=$(ratio "$insns" "${model_macs[$model]}")
  share=$(awk -v v="$vector" -v t="$insns" 'BEGIN { printf "%.0f%%", 100 * v / t }')
  ratio_raw=$(ratio "$insns" "$reference")
  ratio_beats=$(ratio "$beats" "$reference_beats")
  if [[ $board == mps3-an547 ]]; then
    table_rows+=("| $board | $model | $isa | $(thousands "$insns") | $per_mac | $share | $(thousands "$beats") | $(times "$ratio_raw") | $(times "$ratio_beats") |")
  else
    table_rows+=("| $board | $model | $isa | $(thousands "$insns") | $per_mac | - | - | $(times "$ratio_raw") | - |")
  fi
  load_rows+=("| $board | $model | $(thousands "$load") | $(thousands "$proof") | $(awk -v p="$proof" -v i="$insns" 'BEGIN { printf "%.1f%%", 100 * p / i }') |")
  bench_forms "$board" "$model" "$input" "$isa"
  # Per-op rows: the k-th begin/end pair is op k (the executor runs ops in order).
  local kinds ops_json="" op_rows="" k kind op_insns op_vector
  mapfile -t kinds < <("$cli" inspect "$artifact" | sed -n 's/^ *\([0-9][0-9]*\) \([a-z0-9_]*\)  *\[.*/\2/p')
  while read -r _ k op_insns op_vector; do
    kind=${kinds[$k]:-?}
    op_rows+="| $k | $kind | $(thousands "$op_insns") | $(thousands "$op_vector") |"$'\n'
    ops_json+="${ops_json:+,}{\"index\":$k,\"kind\":\"$kind\",\"instructions\":$op_insns,\"vector_instructions\":$op_vector}"
  done < <(grep '^op' "$counts")
  op_tables+=("### $model on $board ($isa)"$'\n\n'"| op | kind | instructions | MVE |"$'\n'"|---:|---|---:|---:|"$'\n'"$op_rows")
  local ref_json=$reference ratio_json=$ratio_raw beats_ref_json=$reference_beats beats_ratio_json=$ratio_beats
  [[ $ref_json != - ]] || ref_json=null
  [[ $ratio_json != - ]] || ratio_json=null
  [[ $beats_ref_json != - ]] || beats_ref_json=null
  [[ $beats_ratio_json != - ]] || beats_ratio_json=null
  rows_json+=("{\"board\":\"$board\",\"model\":\"$model\",\"isa\":\"$isa\",\"instructions\":$insns,\"vector_instructions\":$vector,\"beat_weighted\":$beats,\"macs\":${model_macs[$model]},\"reference\":$ref_json,\"ratio_to_reference\":$ratio_json,\"reference_beat_weighted\":$beats_ref_json,\"ratio_beat_weighted\":$beats_ratio_json,\"load_check_instructions\":$load,\"plan_proof_instructions\":$proof$forms_json,\"ops\":[$ops_json]}")
  if ! $json; then echo "measured $model on $board ($isa): $(thousands "$insns") instructions, $(times "$ratio_raw") the reference" >&2; fi
}

mkdir -p "$work"
if $json; then exec 3>&1 1>&2; fi  # progress on stderr, the document alone on stdout
install_packages >/dev/null
build_host_cli
for board in "${boards[@]}"; do
  build_board_ops "$board" all "$out/$board" runner count_check
done
plugin="$root/$out/qemu_insn_count.so"
cc -O2 -std=c11 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden \
  -o "$plugin" tools/device/qemu_insn_count.c
for board in "${boards[@]}"; do validate_counter "$board"; done
if $check_counter_only; then exit 0; fi
for board in "${boards[@]}"; do
  for model in "${models[@]}"; do bench_model "$board" "$model"; done
done

if $json; then
  exec 1>&3
  last=$((${#rows_json[@]} - 1))
  echo "["
  for i in "${!rows_json[@]}"; do
    if ((i < last)); then echo "${rows_json[$i]},"; else echo "${rows_json[$i]}"; fi
  done
  echo "]"
  exit 0
fi
echo
echo "| board | model | isa | instructions | per MAC | MVE share | beat-weighted | vs reference | beat-weighted vs reference |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${table_rows[@]}"
echo
echo "Reference: M3 (mps2-an385) TFLM reference kernels; M4 (mps2-an386) and M55 (mps3-an547)"
echo "TFLM with CMSIS-NN; ratios above 1 mean more instructions than the reference."
echo
echo "Checked once at load, before the first Invoke: the artifact check (FlatBuffers verifier,"
echo "operand rules, plan proof: ArtifactView::Create) and the plan proof alone, against one Invoke."
echo
echo "| board | model | load check | plan proof | plan proof / Invoke |"
echo "|---|---|---:|---:|---:|"
printf '%s\n' "${load_rows[@]}"
echo
if ((${#form_rows[@]})); then
  echo "What the execution forms cost: the default plan (operators over their dying inputs) against"
  echo "the same model planned with --whole-tensors, and what row stages cost: planned with"
  echo "--max-recompute 20 against the default plan, and what the slower forms cost: planned into the"
  echo "smallest pool it fits with no recompute against the default plan; all in one pool, one Invoke"
  echo "each on the same input (outputs equal byte for byte)."
  echo
  echo "| board | model | planned B | whole-tensor B | ratio | instructions | whole-tensor instructions | overhead | staged B | staged instructions | stage overhead | smallest B | smallest instructions | smallest overhead |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${form_rows[@]}"
  echo
fi
printf '%s\n' "${op_tables[@]}"
