#!/usr/bin/env bash
# Code and memory sizes of the device images, as the README table in docs/device.md shows them:
#   tools/device/size_report.sh BUILD_DIR_OF_BOARD...      (each a configured tools/device build)
# Per board: .text of runtime+gate alone (the code of gate_only.elf that its main reaches, libc
# and libgcc routines and every kernel size function included: gate_text.sh), .text of the
# runner (runtime, gate, executor and kernels; kernel code counted by symbol), .rodata, static RAM
# (.data + .bss + the reserved stack), and the pool memories the runner offers. No heap exists.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

section() {  # section NAME ELF -> size in bytes (0 if absent)
  arm-none-eabi-size -A "$2" | awk -v name="$1" '$1 == name { print $2; found = 1 } END { if (!found) print 0 }'
}

# Kernel code in an image: its arenastore::kernels functions (by symbol, since link-time
# optimisation merges the input files a link map would name) other than the size functions,
# registry lookups and names, which the gate uses.
kernel_code() {  # kernel_code ELF -> bytes
  arm-none-eabi-nm -S --defined-only "$1" | awk '
    function value(hex,    i, v) {
      hex = tolower(hex); v = 0
      for (i = 1; i <= length(hex); ++i) v = v * 16 + index("0123456789abcdef", substr(hex, i, 1)) - 1
      return v
    }
    NF == 4 && $3 ~ /^[tTwW]$/ && $4 ~ /^_ZN10arenastore7kernels/ &&
      $4 !~ /Scratch|ResolveKernel|HasOwnVariant|ParseIsa|IsaName|OpKindName/ { total += value($2) }
    END { print total + 0 }'
}

kib() { awk -v bytes="$1" 'BEGIN { printf "%.1f KiB", bytes / 1024 }'; }

echo "| board | CPU, ISA | runtime+gate .text | runtime+gate+executor+kernels .text (runner) | of which kernels | .rodata (runner) | static RAM (.data+.bss+stack) | pools offered |"
echo "|---|---|---:|---:|---:|---:|---:|---|"
for build in "$@"; do
  # board, cpu, isa, fast_pool_bytes, sram_pool_bytes, ext_pool_name, ext_pool_bytes
  source "$build/board.env"
  gate_text=$("$here/gate_text.sh" "$build/gate_only.elf")
  runner_text=$(section .text "$build/runner.elf")
  kernel_text=$(kernel_code "$build/runner.elf")
  rodata=$(section .rodata "$build/runner.elf")
  ram=$(($(section .data "$build/runner.elf") + $(section .bss "$build/runner.elf") + $(section .stack "$build/runner.elf")))
  echo "| $board | $cpu, $isa | $gate_text B ($(kib "$gate_text")) | $runner_text B ($(kib "$runner_text")) | $kernel_text B | $rodata B | $ram B | dtcm $(kib "$fast_pool_bytes"), sram $(kib "$sram_pool_bytes"), $ext_pool_name $(kib "$ext_pool_bytes") |"
done
