#!/usr/bin/env bash
# Coverage-guided fuzzing of what reads untrusted bytes: the artifact verifier + gate + executor,
# the TFLite importer, the OCI documents a registry serves, the fleet CSV reader
# (tests/fuzz/*_fuzz.cc, libFuzzer, clang with ASan + UBSan).
#   bash scripts/fuzz.sh             # 20 s per target (the test command passes 10)
#   bash scripts/fuzz.sh 600         # a campaign: 10 minutes per target
#   bash scripts/fuzz.sh 60 fleet_csv_fuzz
# Each target starts from its committed corpus (tests/fuzz/corpus/<target>: seeds, and every
# input that ever crashed it) plus seeds made here: artifacts the CLI compiles from the built-in
# examples, and ../shared's models when present. It prints executions and coverage per target
# and fails on the first crash, leaving the input under build-fuzz/crashes/<target>/: fix the
# bug, then commit that input to tests/fuzz/corpus/<target>/ with the fix.
# Installs clang and libclang-rt-14-dev (libFuzzer) when missing; uses the host build in build/
# (scripts/build.sh, or ARENASTORE_HOST_BUILD) for the CLI that compiles the artifact seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(artifact_view_fuzz tflite_import_fuzz oci_document_fuzz fleet_csv_fuzz)
cli=${ARENASTORE_HOST_BUILD:-build}/tools/arenastore

bash scripts/install_deps.sh clang libclang-rt-14-dev
start=$SECONDS
echo "== fuzz: building ${targets[*]} (clang, ASan + UBSan) =="
# -O1 -gline-tables-only: libFuzzer's recommended build; the instrumented tree compiles about
# twice as fast as at -O2 and reports still name functions and lines.
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DARENASTORE_FUZZ=ON -DARENASTORE_SANITIZE=ON -DARENASTORE_BENCH=OFF \
  -DARENASTORE_PRECOMPILED_HEADERS=OFF -DARENASTORE_PYTHON=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]}"
echo "   built in $((SECONDS - start)) s"

# Seeds made here, each target's own folder.
seeds=build-fuzz/seeds
rm -rf "$seeds" && mkdir -p "$seeds"/{artifact_view_fuzz,tflite_import_fuzz}
if [[ -x $cli ]]; then
  # The example names, as the CLI's own help lists them.
  examples=$("$cli" compile --help | sed -n 's/.*Built-in example: //p' | tr -d ,)
  for example in $examples; do
    "$cli" compile --example "$example" -o "$seeds/artifact_view_fuzz/$example.arena" >/dev/null
  done
else
  echo "   no CLI at $cli: the artifact target starts from its committed corpus only"
fi
# ../shared's real models under 1 MiB and its single-operator models: every operator the importer
# knows, each with the options and quantization TFLite writes for it. (find's -size rounds up
# to whole units: -1M would mean empty files only, hence kilobytes.)
if [[ -d ../shared/models ]]; then
  find ../shared/models ../shared/conformance -name '*.tflite' -size -1024k \
    -exec cp {} "$seeds/tflite_import_fuzz/" \;
  # One artifact per operator and dtype (each family's first case), so the verifier, the plan
  # proof and every kernel start from valid input, not from the examples' few operators alone.
  if [[ -x $cli ]]; then
    for model in ../shared/conformance/*_00.tflite; do
      name=$(basename "$model" .tflite)
      "$cli" compile "$model" -o "$seeds/artifact_view_fuzz/$name.arena" >/dev/null 2>&1 ||
        echo "   seed $name: does not compile, skipped"
    done
  fi
else
  echo "   ../shared is absent: the importer starts from its committed corpus only"
fi

failed=0
for target in "${targets[@]}"; do
  work=build-fuzz/corpus/$target crashes=build-fuzz/crashes/$target
  mkdir -p "$work" "$crashes" "$seeds/$target"
  log=build-fuzz/$target.log
  # New inputs go to the first folder (build-fuzz/corpus); the others are only read.
  corpora=("$work" "$seeds/$target")
  [[ -d tests/fuzz/corpus/$target ]] && corpora+=("tests/fuzz/corpus/$target")
  if build-fuzz/tests/fuzz/"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" "${corpora[@]}" >"$log" 2>&1; then
    verdict=ok
  else
    verdict="CRASH (input in $crashes/, log $log)"
    failed=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  corpus=$(find "$work" -type f | wc -l)
  printf '   %-20s %4s s  %10s runs  cov %6s edges  ft %6s  corpus %5s  %s\n' "$target" \
    "$seconds" "${runs:-?}" "${cov:-?}" "${features:-?}" "$corpus" "$verdict"
  [[ $verdict == ok ]] || tail -40 "$log"
done
exit $failed
