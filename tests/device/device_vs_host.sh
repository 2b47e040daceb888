#!/usr/bin/env bash
# One device-versus-host case, run by scripts/device_test.sh from its work directory:
#   device_vs_host.sh CLI BOARD RUNNER_ELF ARTIFACT INPUT POLICY [EXPECTED_OUTPUT]
# Runs ARTIFACT on BOARD under QEMU with the device runner, then `arenastore check` on the host
# with the identity and pool capacities the device printed, and fails unless
#   - both print the same verdict, identity, policy and findings (severity, subject, planned and
#     needed bytes), line for line. The words after a scratch finding's bytes and the advice
#     below the findings are each side's own (the host re-plans to say what a re-plan changes;
#     a device cannot), so they are not compared,
#   - both exit alike (0 accepted, 3 rejected),
#   - an accepted artifact's output equals EXPECTED_OUTPUT byte for byte (the host ref run),
#   - the RAM the runner holds for the model (pools, prepared ops, executor) equals the device
#     RAM `arenastore inspect` reports for the artifact.
# Prints one summary line; on failure also the device log and a diff.
set -uo pipefail

cli=$1 board=$2 runner=$3 artifact=$4 input=$5 policy=$6 expected=${7:-}
case_name="$artifact on $board ($policy, $input)"
stem="${artifact%.arena}.${board}.${policy}"
device_log="$stem.device.log"
device_out="$stem.out"

fail() {
  echo "FAIL $case_name: $*"
  echo "---- device log ($device_log)"
  cat "$device_log"
  exit 1
}

rm -f "$device_out"
timeout 300 qemu-system-arm -M "$board" -nographic -monitor none \
  -semihosting-config "enable=on,target=native,arg=runner,arg=$artifact,arg=$input,arg=$device_out,arg=$policy" \
  -kernel "$runner" >"$device_log" 2>&1
device_status=$?

# The device prints the exact host command that judges as it does.
host_command=$(sed -n 's/^host equivalent: arenastore //p' "$device_log")
[[ -n "$host_command" ]] || fail "the device printed no 'host equivalent' line (status $device_status)"
read -r -a host_args <<<"$host_command"
"$cli" "${host_args[@]}" >"$stem.host.log" 2>&1
host_status=$?

# The gate block: the verdict line, its findings, and the re-plan hint on rejection.
awk -v source="$artifact: " '
  index($0, source) == 1 { on = 1; print; next }
  on && /^  / { print; next }
  on && /^next:/ { print; exit }
  on { exit }' "$device_log" >"$stem.device.gate"
# The comparable part of a gate block (see the header): the host's "(judged as kernels K, isa I:
# SOURCE; policy P)" becomes the device's "(kernels K, isa I, policy P)"; advice lines go.
comparable() {
  sed -E -e '1s/\(judged as (kernels [^,]*, isa [^:]*): [^;]*; (policy [^)]*)\)/(\1, \2)/' \
    -e 's/(runtime needs [0-9,]+ B).*$/\1/' -e '/^  a re-plan/d' -e '/^next/d' "$1"
}
comparable "$stem.host.log" >"$stem.host.gate"
comparable "$stem.device.gate" >"$stem.device.compared"
if ! diff -u "$stem.host.gate" "$stem.device.compared" >"$stem.diff"; then
  cat "$stem.diff"
  fail "the device's gate text differs from \`arenastore $host_command\`"
fi
[[ $device_status == "$host_status" ]] ||
  fail "device exited $device_status, host check exited $host_status"

verdict=$(head -n 1 "$stem.device.gate" | sed -E 's/^[^:]*: ([A-Z]+) .*/\1/')
if [[ $device_status == 0 ]]; then
  [[ -z "$expected" ]] || cmp -s "$expected" "$device_out" ||
    fail "output $device_out differs from the host ref run $expected"
  # What the runner (every op built) holds for the model equals the device RAM `inspect` reports
  # for a runtime with every op.
  device_ram=$(sed -n 's/^device RAM: .* = \([0-9]*\) B$/\1/p' "$device_log")
  host_ram=$("$cli" inspect "$artifact" --json |
    sed -n 's/^ *"total_bytes_with_every_op": \([0-9]*\),\{0,1\}$/\1/p')
  [[ -n "$device_ram" && "$device_ram" == "$host_ram" ]] ||
    fail "the runner holds ${device_ram:-?} B for the model, \`arenastore inspect\` says ${host_ram:-?} B"
  moved=$(sed -n 's/^io hook: \([0-9]*\) B moved.*/\1/p' "$device_log")
  echo "ok   $case_name: $verdict, output equals host ref ($(stat -c %s "$device_out") B), device RAM $device_ram B as inspect says, io hook moved ${moved:-?} B"
elif [[ $device_status == 3 ]]; then
  echo "ok   $case_name: $verdict on device and host, $(grep -c '^  reject' "$stem.device.gate") rejecting findings"
else
  fail "device exited $device_status"
fi
