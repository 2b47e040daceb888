// Device image that checks the kernel variants compiled into this board's build (arm_dsp with
// the DSP extension, arm_mve with Helium) against kernels/ref on the real instructions, which
// the host tests cannot run: every swept op's sweep (tests/ops/variant_sweep.h, the same cases
// the host runs on emulation), each variant given exactly its declared scratch between guard
// bytes, and each over-input form over its input. Prints one line per (op, variant, form) and
// the first mismatch; exits 0 when all agree, 1 otherwise. No heap: the buffers are static, in
// external RAM.
#include "kernels/registry.h"
#include "tests/ops/variant_sweep.h"
#include "tools/device/console.h"

namespace arenastore::device {
namespace {

using namespace kernels;

int8_t input[sweep::kDataBytes] __attribute__((section(".ext")));
int8_t weights[sweep::kDataBytes] __attribute__((section(".ext")));
int8_t expected[sweep::kDataBytes] __attribute__((section(".ext")));
int8_t actual[sweep::kDataBytes] __attribute__((section(".ext")));
alignas(16) uint8_t scratch_area[sweep::kScratchBytes + 2 * sweep::kGuardBytes]
    __attribute__((section(".ext")));
int32_t bias[sweep::kMaxChannels] __attribute__((section(".ext")));
int32_t multipliers[sweep::kMaxChannels] __attribute__((section(".ext")));
int32_t shifts[sweep::kMaxChannels] __attribute__((section(".ext")));

// Prints one (op, variant, form) line and the first mismatch; returns the failing cases.
int Report(const sweep::Sweep& op_sweep, const KernelEntry& entry, const char* form,
           const sweep::Tally& tally) {
  if (tally.failures > 0) {
    ConsolePrint("  FIRST FAILURE %s/%s%s case %d [%s]: %s\n", OpKindName(op_sweep.op),
                 IsaName(entry.isa), form, tally.first_case, tally.first_shape,
                 tally.first_problem);
  }
  ConsolePrint("%s/%s%s: %d cases, %d mismatches\n", OpKindName(op_sweep.op), IsaName(entry.isa),
               form, tally.cases, tally.failures);
  return tally.failures;
}

// Checks every variant of the sweep's op that this build runs, and its over-input form where it
// has one (which the sweep must reach); returns the failing cases.
int CheckOp(const sweep::Sweep& op_sweep, const sweep::Work& work, int* variants) {
  int failures = 0;
  for (const KernelEntry& entry : KernelsOf(op_sweep.op)) {
    if (entry.isa == Isa::kRef || entry.dtype != KernelDtype::kInt8 || entry.eval == nullptr) {
      continue;
    }
    ++*variants;
    failures += Report(op_sweep, entry, "", sweep::CheckVariant(op_sweep, entry, entry.eval, work));
    if (entry.over_input == nullptr || entry.over_input->eval == nullptr) continue;
    int32_t applied = 0;
    failures += Report(op_sweep, entry, " over its input",
                       sweep::CheckOverInput(op_sweep, entry, work, &applied));
    if (applied == 0) {
      ConsolePrint("  the sweep never reaches %s/%s's over-input form\n", OpKindName(op_sweep.op),
                   IsaName(entry.isa));
      ++failures;
    }
  }
  return failures;
}

}  // namespace
}  // namespace arenastore::device

int main() {
  using namespace arenastore::device;
  ConsolePrint("kernel check on %s (%s)\n", ARENASTORE_DEVICE_BOARD, ARENASTORE_DEVICE_CPU);
  const arenastore::kernels::sweep::Work work = {
      {input, weights, bias, multipliers, shifts}, expected, actual, scratch_area};
  int failures = 0;
  int variants = 0;
  for (const arenastore::kernels::sweep::Sweep* op_sweep :
       arenastore::kernels::sweep::AllSweeps()) {
    failures += CheckOp(*op_sweep, work, &variants);
  }
  if (variants == 0) ConsolePrint("no Arm SIMD variant is compiled for this CPU (ref only)\n");
  ConsolePrint("kernel check: %s\n", failures == 0 ? "all variants equal ref" : "MISMATCHES");
  return failures == 0 ? 0 : 1;
}
