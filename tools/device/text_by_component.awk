# Splits the .text (code) of a linked device image by component, from its GNU ld map file:
#   awk -f text_by_component.awk runner.map
# Prints "component bytes" lines. Components: gate (runtime/ without the executor, base/,
# FlatBuffers verifier, the kernel registry and every kernel's scratch_bytes()), executor,
# kernels (kernel code and the registry's eval adapters), app (the device image's own code and
# startup), libc (memcpy and friends from newlib/libgcc). Relies on -ffunction-sections: each
# function is one input section named after its mangled symbol. POSIX awk (mawk is fine).
function classify(symbol, object) {
  if (object ~ /libarenastore_kernels\.a/) {
    if (object ~ /\((registry|op_kind)\.cc\.obj\)/) {
      # The registry's eval adapters and their operand unpacking serve only the executor.
      return symbol ~ /Eval|CheckOperands|Int8Input|Int8Output|OptionalBias/ ? "kernels" : "gate";
    }
    return symbol ~ /ScratchBytes/ ? "gate" : "kernels";
  }
  if (object ~ /libarenastore_runtime\.a\(executor\.cc\.obj\)/) return "executor";
  if (object ~ /libarenastore_runtime\.a|libarenastore_base\.a/) return "gate";
  if (object ~ /libarenastore_device_support\.a|CMakeFiles\//) return "app";
  return "libc";
}
function hex(text,    value, i, digit) {
  value = 0
  text = tolower(substr(text, 3))
  for (i = 1; i <= length(text); ++i) {
    digit = index("0123456789abcdef", substr(text, i, 1)) - 1
    value = value * 16 + digit
  }
  return value
}
/^Linker script and memory map/ { in_map = 1; next }
!in_map { next }
# An output section header such as ".rodata         0x..." ends the code.
/^\.[a-zA-Z_]/ { in_text = ($1 == ".text"); next }
!in_text { next }
/^ \.text/ {
  pending = $1
  if (NF >= 4 && $2 ~ /^0x/) { sizes[classify(pending, $4)] += hex($3); pending = "" }
  next
}
pending != "" && $1 ~ /^0x/ && NF >= 3 {
  sizes[classify(pending, $3)] += hex($2)
  pending = ""
}
END { for (name in sizes) printf "%s %d\n", name, sizes[name] }
