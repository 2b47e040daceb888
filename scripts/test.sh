#!/usr/bin/env bash
# The test command: installs dependencies, builds, runs every test (unit, CLI end-to-end,
# real-model conformance when ../shared is present), then most suites again under
# AddressSanitizer + UndefinedBehaviorSanitizer (see asan_suites), then the device job
# (scripts/device_test.sh: the Cortex-M images under QEMU, device gate == host gate; reuses the
# host CLI in build/, installs the Arm toolchain and QEMU if missing, about 5 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)")

# Under the sanitizers, the suites of the code a device runs on bytes it is handed: the
# artifact verifier, the plan proof, the gate and the executor (runtime), every kernel (kernels)
# and the formatter and Status beneath them (base). They need neither the planner nor the CLI, so
# the instrumented build is a third of the tree: a whole second build of the host layers cost
# this job about 35 of its minutes on a 2-core machine. The host suites (ops planner store remote
# tools) passed the same stage on 2026-12-02; run them with
#   ARENASTORE_ASAN_SUITES="base kernels runtime ops planner store remote tools" bash scripts/test.sh
# The conformance corpus, the headless-browser renders and the device suite run once, in the
# Release build above. Every fuzz target's committed corpus and ten seconds of its mutants run in
# both builds (tests/fuzz: the artifact target, labelled runtime, under the sanitizers here);
# coverage-guided campaigns are scripts/fuzz.sh's (clang: its cold build alone takes longer than
# this whole stage).
read -r -a asan_suites <<<"${ARENASTORE_ASAN_SUITES:-base kernels runtime}"
asan_targets=("${asan_suites[@]/%/_test}")
for suite in "${asan_suites[@]}"; do
  # The CLI's own suites run the binary.
  case $suite in tools | store | remote) asan_targets+=(arenastore) ;; esac
done
echo "== sanitizers (ASan + UBSan): ${asan_suites[*]} =="
# -Og -g1, not RelWithDebInfo's -O2 -g: GCC compiles the instrumented code about four times faster
# (52 s -> 14 s for the largest CLI file) and reports still name functions and lines. No Python
# module here (its suite runs above): without it the libraries need not be -fPIC, and an
# instrumented module would need libasan preloaded into python3.
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARENASTORE_KERNEL_CHECKS=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-Og -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-Og -g1 -DNDEBUG" \
  -DARENASTORE_SANITIZE=ON -DARENASTORE_BENCH=OFF -DARENASTORE_PYTHON=OFF >/dev/null
cmake --build build-asan -j"$(nproc)" --target "${asan_targets[@]}"
# Less the exhaustive SQLite fault injection over every migration (about 19,000 runs of our few
# lines of migration code inside SQLite, which is not instrumented): the Release run above covers
# it, and here it alone took 3 of the stage's 6 minutes of tests.
(cd build-asan && ctest --output-on-failure -j"$(nproc)" -L "^($(IFS='|'; echo "${asan_suites[*]}"))\$" \
  -E '^FaultInjection\.EveryFailedAllocationDuringAMigration')

echo "== device (Cortex-M3/M4/M55 under QEMU) =="
ARENASTORE_HOST_BUILD=build bash scripts/device_test.sh
