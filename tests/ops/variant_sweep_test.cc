// Every variant of every swept op (tests/ops/variant_sweep.h) equals ref byte for byte over the
// op's sweep, within exactly its declared scratch, and refuses the params ref refuses: the x86
// variants this CPU runs (and their split forms), and the Arm variants on the portable emulation
// of their intrinsics (named in tests/ops/host_sweep_runner.h).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tests/ops/host_sweep_runner.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

class VariantSweep : public ::testing::TestWithParam<const Sweep*> {};

TEST_P(VariantSweep, EveryVariantEqualsRefWithinItsDeclaredScratch) {
  const Sweep& sweep = *GetParam();
  auto work = std::make_unique<HostWork>();
  int variants = 0;
  int arm_rows = 0;
  bool swept_arm_dsp = false, swept_arm_mve = false;
  std::string cpu_lacks;  // the ISAs of the x86 variants this machine does not run
  for (const KernelEntry& entry : KernelsOf(sweep.op)) {
    if (entry.isa == Isa::kRef || entry.dtype != KernelDtype::kInt8) continue;
    arm_rows += IsArm(entry.isa) ? 1 : 0;
    const EvalFn eval = EvalHere(entry);
    const std::string variant = std::string(OpKindName(sweep.op)) + "/" + IsaName(entry.isa);
    if (eval == nullptr) {
      // An Arm variant always runs here; one missing from kEmulatedArmVariants would go unswept.
      EXPECT_FALSE(IsArm(entry.isa)) << variant << " has no emulated eval in this test";
      if (!IsArm(entry.isa)) {
        cpu_lacks += (cpu_lacks.empty() ? "" : ", ") + std::string(IsaName(entry.isa));
      }
      continue;
    }
    ++variants;
    swept_arm_dsp |= entry.isa == Isa::kArmDsp;
    swept_arm_mve |= entry.isa == Isa::kArmMve;
    const Tally tally = CheckVariant(sweep, entry, eval, work->View());
    EXPECT_EQ(tally.failures, 0) << variant << ": " << tally.failures << " of " << tally.cases
                                 << " cases fail; first: case " << tally.first_case
                                 << (tally.first_case < 0 ? " (the invalid params)" : "") << " ["
                                 << tally.first_shape << "]: " << tally.first_problem;
    // Its split form (built only where its eval runs natively, never for an emulated one).
    if (SplitKernelOf(&entry) == nullptr || eval != entry.eval) continue;
    const Tally split = CheckSplit(sweep, entry, work->View());
    EXPECT_GT(split.cases, 0) << variant << ": its split form was not swept";
    EXPECT_EQ(split.failures, 0) << variant << " split: " << split.failures << " of " << split.cases
                                 << " cases fail; first: case " << split.first_case
                                 << (split.first_case < 0 ? " (the invalid params)" : "") << " ["
                                 << split.first_shape << "]: " << split.first_problem;
  }
  if (arm_rows > 0) {
    EXPECT_TRUE(swept_arm_dsp && swept_arm_mve)
        << OpKindName(sweep.op) << ": its Arm variants were not both swept";
  } else if (variants == 0) {
    // An x86-only op: its variants run only on a CPU with their features.
    ASSERT_FALSE(cpu_lacks.empty()) << OpKindName(sweep.op) << " has no variant to sweep";
    GTEST_SKIP() << OpKindName(sweep.op) << ": this machine runs none of its variants ("
                 << cpu_lacks << ": the CPU lacks them, or ARENASTORE_ISA_ALLOW leaves them out)";
  }
}

// Every variant's over-input form (an output written over its dying input) equals ref's whole
// kernel on every case of the op's sweep it applies to, within exactly its declared scratch.
TEST_P(VariantSweep, OverInputFormsEqualRefOverTheirInput) {
  const Sweep& sweep = *GetParam();
  auto work = std::make_unique<HostWork>();
  for (const KernelEntry& entry : KernelsOf(sweep.op)) {
    if (entry.over_input == nullptr || entry.dtype != KernelDtype::kInt8) continue;
    const std::string variant = std::string(OpKindName(sweep.op)) + "/" + IsaName(entry.isa);
    const EvalFn eval = OverInputEvalHere(entry);
    if (eval == nullptr) continue;  // not built here
    int32_t applied = 0;
    const Tally tally = CheckOverInput(sweep, entry, work->View(), &applied, eval);
    EXPECT_GT(applied, 0) << variant << ": the sweep never reaches its over-input form";
    EXPECT_EQ(tally.failures, 0) << variant << " over its input: " << tally.failures << " of "
                                 << tally.cases << " cases fail; first: case " << tally.first_case
                                 << " [" << tally.first_shape << "]: " << tally.first_problem;
  }
}

std::string SweepName(const ::testing::TestParamInfo<const Sweep*>& info) {
  return OpKindName(info.param->op);
}

INSTANTIATE_TEST_SUITE_P(SweptOps, VariantSweep,
                         ::testing::ValuesIn(AllSweeps().begin(), AllSweeps().end()), SweepName);

// The check bites: ref with its first output byte flipped fails every case at that byte, and
// ref writing one byte past its declared scratch fails on the guards.
Status RefFlippingTheFirstByte(const OpParams& params, const OpOperands& operands,
                               std::span<uint8_t> scratch) {
  const Status status =
      ResolveKernel(params.kind, params.dtype, Isa::kRef)->eval(params, operands, scratch);
  static_cast<int8_t*>(operands.outputs[0])[0] ^= 1;
  return status;
}

Status RefWritingPastItsScratch(const OpParams& params, const OpOperands& operands,
                                std::span<uint8_t> scratch) {
  scratch.data()[scratch.size()] ^= 0xff;
  return ResolveKernel(params.kind, params.dtype, Isa::kRef)->eval(params, operands, scratch);
}

TEST(VariantSweepCheck, NamesTheCaseAndTheFirstMismatchingByte) {
  const Sweep& sweep = *AllSweeps()[0];
  const KernelEntry& ref = *ResolveKernel(sweep.op, KernelDtype::kInt8, Isa::kRef);
  auto work = std::make_unique<HostWork>();
  const Tally flipped = CheckVariant(sweep, ref, &RefFlippingTheFirstByte, work->View());
  EXPECT_EQ(flipped.failures, sweep.case_count);
  EXPECT_EQ(flipped.first_case, 0);
  EXPECT_EQ(std::string(flipped.first_problem).rfind("output byte 0 of ", 0), 0u)
      << flipped.first_problem;
  const Tally overrun = CheckVariant(sweep, ref, &RefWritingPastItsScratch, work->View());
  EXPECT_EQ(overrun.failures, sweep.case_count);
  EXPECT_NE(std::string(overrun.first_problem).find("declared scratch"), std::string::npos)
      << overrun.first_problem;
}

// The split check, on this CPU whatever its features: ref as a split form (nothing prepared)
// passes; one whose prepare keeps a byte of an input it runs on fails (prepare saw other bytes
// than the run's), as does one writing past its declared split scratch.
Status PrepareNothing(const OpParams&, const OpOperands&, std::span<uint8_t>, KernelState*) {
  return Status::Ok();
}

Status PrepareKeepingTheFirstInputByte(const OpParams&, const OpOperands& operands,
                                       std::span<uint8_t>, KernelState* state) {
  state->bytes[0] = static_cast<const uint8_t*>(operands.inputs[0])[0];
  return Status::Ok();
}

Status RunRef(const OpParams& params, const OpOperands& operands, std::span<uint8_t> scratch,
              const KernelState&) {
  return ResolveKernel(params.kind, params.dtype, Isa::kRef)->eval(params, operands, scratch);
}

// ref, with the first output byte changed by how the input's first byte moved since prepare.
Status RunRefWithTheKeptByte(const OpParams& params, const OpOperands& operands,
                             std::span<uint8_t> scratch, const KernelState& state) {
  ARENASTORE_RETURN_IF_ERROR(RunRef(params, operands, scratch, state));
  static_cast<uint8_t*>(operands.outputs[0])[0] ^=
      state.bytes[0] ^ static_cast<const uint8_t*>(operands.inputs[0])[0];
  return Status::Ok();
}

// (A value neither fill pattern has: it runs twice, so flipping the byte would undo itself.)
Status RunRefPastItsScratch(const OpParams& params, const OpOperands& operands,
                            std::span<uint8_t> scratch, const KernelState& state) {
  scratch.data()[scratch.size()] = 0x11;
  return RunRef(params, operands, scratch, state);
}

// Prepared once, as conv2d's split form prepares them (the sweep below is conv2d's).
constexpr uint32_t kFilterAndBias = 0b110;

size_t RefScratchBytes(const OpParams& params) {
  return ResolveKernel(params.kind, params.dtype, Isa::kRef)->scratch_bytes(params);
}

TEST(VariantSweepCheck, HoldsSplitFormsToRefAndTheirOwnScratch) {
  Sweep sweep = *AllSweeps()[0];
  ASSERT_EQ(sweep.op, OpKind::kConv2d);
  sweep.make_invalid = nullptr;  // these forms check no params
  KernelEntry entry = *ResolveKernel(sweep.op, KernelDtype::kInt8, Isa::kRef);
  auto work = std::make_unique<HostWork>();
  const SplitKernel faithful = {&PrepareNothing, &RunRef, &RefScratchBytes, kFilterAndBias};
  entry.split = &faithful;
  const Tally passed = CheckSplit(sweep, entry, work->View());
  EXPECT_EQ(passed.cases, sweep.case_count);
  EXPECT_EQ(passed.failures, 0) << passed.first_problem;

  const SplitKernel stale = {&PrepareKeepingTheFirstInputByte, &RunRefWithTheKeptByte,
                             &RefScratchBytes, kFilterAndBias};
  entry.split = &stale;
  const Tally kept = CheckSplit(sweep, entry, work->View());
  EXPECT_EQ(kept.failures, sweep.case_count);
  EXPECT_EQ(std::string(kept.first_problem).rfind("output byte 0 of ", 0), 0u)
      << kept.first_problem;

  const SplitKernel overrunning = {&PrepareNothing, &RunRefPastItsScratch, &RefScratchBytes,
                                   kFilterAndBias};
  entry.split = &overrunning;
  const Tally overrun = CheckSplit(sweep, entry, work->View());
  EXPECT_EQ(overrun.failures, sweep.case_count);
  EXPECT_NE(std::string(overrun.first_problem).find("declared split scratch"), std::string::npos)
      << overrun.first_problem;
}

}  // namespace
}  // namespace arenastore::kernels::sweep
