# Shared by scripts/device_test.sh and scripts/device_bench.sh (sourced, never run): the
# packages, the host CLI and the device images they build, and how they boot an image on QEMU.
# The caller sets: root (the repository), host_build, out (device build dirs), jobs.
qemu_options=()

install_packages() {
  bash scripts/install_deps.sh gcc-arm-none-eabi libnewlib-arm-none-eabi \
    libstdc++-arm-none-eabi-newlib qemu-system-arm
}

build_host_cli() {
  if [[ ! -f "$host_build/CMakeCache.txt" ]]; then
    cmake -S . -B "$host_build" -DCMAKE_BUILD_TYPE=Release -DARENASTORE_KERNEL_CHECKS=ON >/dev/null
  fi
  cmake --build "$host_build" -j"$jobs" --target arenastore >/dev/null
  cli="$root/$host_build/tools/arenastore"
}

# `dtypes=int8 build_board_ops ...` leaves int16 activations out (ARENASTORE_DTYPES);
# `kernels_for=size build_board_ops ...` compiles the kernels at -Os, as a gate-only image wants.
build_board_ops() {  # build_board_ops BOARD OPS DIR TARGETS...   (OPS as ARENASTORE_OPS takes)
  local board=$1 ops=$2 dir=$3
  shift 3
  cmake -S tools/device -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/arm-none-eabi.cmake" \
    -DARENASTORE_BOARD="$board" -DARENASTORE_OPS="$ops" -DARENASTORE_DTYPES="${dtypes:-all}" \
    -DARENASTORE_DEVICE_KERNELS_FOR="${kernels_for:-speed}" >/dev/null
  cmake --build "$dir" -j"$jobs" --target "$@" >/dev/null
}

board_isa() { sed -n 's/^isa=//p' "$out/$1/board.env"; }

# More options for QEMU go in the array qemu_options (empty by default).
qemu() {  # qemu BOARD ELF ARGS... -> the image's exit status
  local board=$1 elf=$2 args="" word
  shift 2
  for word in "$@"; do args+=",arg=$word"; done
  timeout 300 qemu-system-arm -M "$board" -nographic -monitor none "${qemu_options[@]}" \
    -semihosting-config "enable=on,target=native$args" -kernel "$elf"
}
