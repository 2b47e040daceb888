#!/usr/bin/env bash
# The host install as a package (#20): `cmake --install BUILD` into a temporary prefix, then
# tests/capi/c_api_test.c built from that prefix alone, once through pkg-config and once through
# find_package(arenastore_runtime), and run (run_c_api_test.sh):
#   run_installed_package_test.sh BUILD_DIR CLI
set -euo pipefail
build=$1
cli=$2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cmake --install "$build" --prefix "$dir/prefix" >/dev/null
# The test's own copy, so no include path of either build can reach the source tree.
cp "$here/c_api_test.c" "$dir/c_api_test.c"

export PKG_CONFIG_PATH="$dir/prefix/lib/pkgconfig"
version=$(pkg-config --modversion arenastore_runtime)
echo "pkg-config: arenastore_runtime $version"
# shellcheck disable=SC2046  # pkg-config's flags are words
cc -std=c99 -Wall -Wextra -Werror -pedantic "$dir/c_api_test.c" \
  $(pkg-config --cflags --libs arenastore_runtime) -o "$dir/through_pkg_config"
bash "$here/run_c_api_test.sh" "$cli" "$dir/through_pkg_config" | tail -n 1

mkdir -p "$dir/project"
cat >"$dir/project/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.22)
project(uses_arenastore C CXX)
find_package(arenastore_runtime 1 CONFIG REQUIRED)
add_executable(through_find_package ../c_api_test.c)
set_target_properties(through_find_package PROPERTIES C_STANDARD 99 LINKER_LANGUAGE CXX)
target_link_libraries(through_find_package PRIVATE arenastore::c)
CMAKE
cmake -S "$dir/project" -B "$dir/project/build" -DCMAKE_PREFIX_PATH="$dir/prefix" >/dev/null
cmake --build "$dir/project/build" >/dev/null
bash "$here/run_c_api_test.sh" "$cli" "$dir/project/build/through_find_package" | tail -n 1
