#!/usr/bin/env bash
# Configures and builds arenastore into build/ (Release, kernel scratch checks on for tests).
# Usage: scripts/build.sh [extra cmake -D options...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DARENASTORE_KERNEL_CHECKS=ON "$@" >/dev/null
cmake --build build -j"$(nproc)"
