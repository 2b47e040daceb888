#!/usr/bin/env bash
# The test command: installs dependencies, builds, runs every test (unit, CLI end-to-end,
# real-model conformance when ../shared is present), then the runtime, kernel and CLI tests
# again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)")

echo "== sanitizers (ASan + UBSan) =="
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARENASTORE_KERNEL_CHECKS=ON \
  -DARENASTORE_SANITIZE=ON -DARENASTORE_BENCH=OFF >/dev/null
cmake --build build-asan -j"$(nproc)"
(cd build-asan && ctest --output-on-failure -j"$(nproc)")
