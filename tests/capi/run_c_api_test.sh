#!/usr/bin/env bash
# Prepares what tests/capi/c_api_test.c reads, with the host CLI, then runs it:
#   run_c_api_test.sh CLI C_API_TEST
# ds-cnn planned for ref and for arm_mve, one input and the host's output for it; svdf-kws for ref
# with one input frame.
set -euo pipefail
cli=$1
test_binary=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$cli" compile --example ds-cnn --target ref -o "$dir/ds-cnn.ref.arena" >/dev/null
"$cli" compile --example ds-cnn --target arm_mve -o "$dir/ds-cnn.arm_mve.arena" >/dev/null
"$cli" compile --example svdf-kws --target ref -o "$dir/svdf-kws.ref.arena" >/dev/null
# The model's input size, as the exported header gives it to firmware.
input0_bytes() { "$cli" export "$1" --c-header - --symbol model | sed -n 's/^#define MODEL_INPUT0_BYTES \([0-9]*\)u$/\1/p'; }
input_bytes=$(input0_bytes "$dir/ds-cnn.ref.arena")
head -c "$input_bytes" /dev/urandom >"$dir/ds-cnn.input.bin"
"$cli" run "$dir/ds-cnn.ref.arena" --input "$dir/ds-cnn.input.bin" \
  --output "$dir/ds-cnn.expected.bin" >/dev/null
svdf_bytes=$(input0_bytes "$dir/svdf-kws.ref.arena")
head -c "$svdf_bytes" /dev/urandom >"$dir/svdf-kws.input.bin"
"$test_binary" "$dir"
