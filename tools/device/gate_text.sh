#!/usr/bin/env bash
# The code firmware pays to load, verify and gate an artifact: .text bytes of gate_only.elf
# reachable from its main() by direct calls and tail calls, plus the kernels' size functions
# (the gate calls them through the registry table) and the op units' runtime lowering and part
# starts (through the runtime op table), without the image's own startup and
# semihosting code. Kernel eval code is linked (the registry table points at it) but is not
# reachable from the gate, so it does not count; libc and libgcc routines the gate calls do.
#   tools/device/gate_text.sh gate_only.elf            -> bytes
#   tools/device/gate_text.sh gate_only.elf --list     -> "bytes symbol" per reachable function
# Used by size_report.sh for the README table. Needs arm-none-eabi-objdump and -nm.
set -euo pipefail
elf=$1
list=${2:-}

# Calls and branches whose target is another function's first byte: "<name>" without "+0x..".
edges() {
  arm-none-eabi-objdump -d --no-show-raw-insn "$elf" | awk '
    /^[0-9a-f]+ <.*>:$/ { name = $2; gsub(/[<>:]/, "", name); next }
    name != "" && /\t(bl|blx|b|b\.w|b\.n|b[a-z][a-z]\.w|b[a-z][a-z]\.n|b[a-z][a-z])\t/ {
      if (match($0, /<[^>+]*>$/)) {
        target = substr($0, RSTART + 1, RLENGTH - 2)
        if (target != name) print name, target
      }
    }'
}

# "name bytes" for every code symbol; a hand-written libgcc routine without an ELF size gets
# the distance to the next symbol.
sizes() {
  arm-none-eabi-nm -n -S "$elf" | awk '
    function value(hex,    i, v) {
      hex = tolower(hex); v = 0
      for (i = 1; i <= length(hex); ++i) v = v * 16 + index("0123456789abcdef", substr(hex, i, 1)) - 1
      return v
    }
    function flush(next_address) {
      if (pending != "") print pending, next_address - pending_address
      pending = ""
    }
    NF == 4 && $3 ~ /^[tTwW]$/ { flush(value($1)); print $4, value($2); next }
    NF == 3 && $2 ~ /^[tTwW]$/ { flush(value($1)); pending = $3; pending_address = value($1); next }
    NF >= 3 { flush(value($1)) }'
}

awk -v list="$list" '
  # The image around the gate: its entry point is walked but not counted, its console,
  # semihosting and startup code is neither walked nor counted.
  function is_app(name) {
    return name == "main" || name ~ /^_ZN10arenastore6device/ || name ~ /Handler$/ ||
           name ~ /PaintStack|kVectorTable|^_start$|^Reset/
  }
  FNR == NR { calls[$1] = calls[$1] " " $2; next }
  { size[$1] = $2 }
  END {
    # Roots: main, every size function of the registry rows and their forms (the KernelRows
    # ::Scratch and ::FormScratch adapters, reached through the registry table, not by a call)
    # and every op unit runtime lowering (reached through the runtime op table). A kernel whose
    # template arguments name a size function is not one.
    n = 0
    queue[n++] = "main"
    for (name in size) {
      if (name ~ /^_ZN10arenastore7kernels10KernelRowsIL[^ ]*EE(7Scratch|11FormScratch)I/) queue[n++] = name
    }
    for (name in size) {
      if (name ~ /^_ZN10arenastore7runtime/ && name ~ /Lower/ && name ~ /OpChecker/) queue[n++] = name
      # where an aliased part starts (RuntimeOp::aliasing, called by the plan verification)
      if (name ~ /^_ZN10arenastore7runtime/ && name ~ /(PartStart|WalkStart)/) queue[n++] = name
    }
    for (i = 0; i < n; ++i) {
      name = queue[i]
      if (seen[name]++) continue
      if (name != "main" && is_app(name)) continue
      if (name != "main") { total += size[name]; if (list != "") print size[name], name }
      count = split(calls[name], targets, " ")
      for (k = 1; k <= count; ++k) if (!seen[targets[k]]) queue[n++] = targets[k]
    }
    if (list == "") print total + 0
  }' <(edges) <(sizes)
