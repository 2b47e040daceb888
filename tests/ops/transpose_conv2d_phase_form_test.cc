// transpose_conv2d's variant sweep (ops/transpose_conv2d/transpose_conv2d_sweep_cases.cc) reaches
// the x86 kernels' phase form (at most 8 output channels, when the framed image and the packed
// filter fit the scratch): its all-ops example takes it, and so do most of its phase cases, on
// both forms (pairs for x86_avx2, quads for x86_avx512vnni). Whether the form runs is a layout
// question, asked here without running a kernel, so any x86 host checks it.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "kernels/x86_common/transpose_conv2d_entry.h"
#include "ops/transpose_conv2d/x86.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {

extern const Sweep kTransposeConv2dSweep;

namespace {

struct PhaseVariant {
  x86::PhaseForm form;
  size_t (*scratch_bytes)(const TransposeConv2dParams&);
};

// The sweep's last cases are its phase form's (transpose_conv2d_sweep_cases.cc, kPhaseCases).
constexpr int32_t kPhaseCases = 400;

constexpr PhaseVariant kPhaseVariants[] = {
    {x86::PhaseForm::kPairs, &x86_avx2::TransposeConv2dScratchBytes},
    {x86::PhaseForm::kQuads, &x86_avx512vnni::TransposeConv2dScratchBytes},
};

TEST(TransposeConv2dSweep, ReachesThePhaseFormOfBothX86Variants) {
  std::vector<int8_t> input(kDataBytes), weights(kDataBytes);
  std::vector<int32_t> bias(kMaxChannels), multipliers(kMaxChannels), shifts(kMaxChannels);
  const Buffers buffers{input, weights, bias, multipliers, shifts};
  const Sweep& sweep = kTransposeConv2dSweep;
  for (const PhaseVariant& variant : kPhaseVariants) {
    int32_t phase_cases = 0;
    for (int32_t index = 0; index < sweep.case_count; ++index) {
      Case c{};
      ASSERT_TRUE(sweep.make(index, buffers, &c).ok()) << "case " << index;
      const TransposeConv2dParams& p = c.params.transpose_conv2d;
      const bool phase =
          x86::TransposeConv2dPhaseLayoutOf(p, variant.scratch_bytes(p), variant.form).fits;
      if (index == 0) {
        EXPECT_TRUE(phase) << "the all-ops example [" << c.shape << "]";
      }
      if (index >= sweep.case_count - kPhaseCases) phase_cases += phase ? 1 : 0;
    }
    EXPECT_GT(phase_cases, kPhaseCases * 3 / 4) << "of its " << kPhaseCases << " phase cases";
  }
}

}  // namespace
}  // namespace arenastore::kernels::sweep
