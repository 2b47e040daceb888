#!/usr/bin/env bash
# The test command: installs dependencies, builds, runs every test (unit, CLI end-to-end,
# real-model conformance when ../shared is present), then the runtime, kernel and CLI tests
# again under AddressSanitizer + UndefinedBehaviorSanitizer, then the device job
# (scripts/device_test.sh: the Cortex-M images under QEMU, device gate == host gate; reuses the
# host CLI in build/, installs the Arm toolchain and QEMU if missing, about 5 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)")

echo "== sanitizers (ASan + UBSan) =="
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARENASTORE_KERNEL_CHECKS=ON \
  -DARENASTORE_SANITIZE=ON -DARENASTORE_BENCH=OFF >/dev/null
cmake --build build-asan -j"$(nproc)"
(cd build-asan && ctest --output-on-failure -j"$(nproc)")

echo "== device (Cortex-M3/M4/M55 under QEMU) =="
ARENASTORE_HOST_BUILD=build bash scripts/device_test.sh
