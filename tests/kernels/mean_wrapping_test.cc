// mean's variants equal ref where ref's int32 sums wrap modulo 2^32 (17M inputs at one int8
// edge): the one property of the x86 variants the variant sweep (ops/mean/mean_sweep_cases.cc)
// cannot hold, its cases fitting 64 KiB. Each variant runs on exactly its declared scratch.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "tests/kernels/guarded_scratch.h"

namespace arenastore::kernels {
namespace {

struct WrappingMean {
  int32_t shape[2], reduced[2];
};

// One row of 17M values, and 17M rows of two (the per-column path).
constexpr WrappingMean kMeans[] = {{{1, 17000000}, {0, 1}}, {{17000000, 2}, {1, 0}}};

std::vector<int8_t> RunMean(const KernelEntry& entry, const OpParams& params,
                            const std::vector<int8_t>& input, size_t output_bytes) {
  testing::GuardedScratch scratch(entry.scratch_bytes(params), 0xa5);
  std::vector<int8_t> output(output_bytes, 0x3c);
  OpOperands operands{};
  operands.inputs[0] = input.data();
  operands.num_inputs = 1;
  operands.outputs[0] = output.data();
  operands.num_outputs = 1;
  const Status status = entry.eval(params, operands, scratch.scratch());
  EXPECT_TRUE(status.ok()) << IsaName(entry.isa) << ": " << status.message();
  EXPECT_TRUE(scratch.GuardsIntact()) << IsaName(entry.isa) << " wrote past its scratch";
  return output;
}

TEST(MeanWrapping, EveryVariantWrapsItsSumsAsRefDoes) {
  int variants = 0;
  for (const WrappingMean& mean : kMeans) {
    for (const int8_t value : {int8_t{-128}, int8_t{127}}) {
      OpParams params{};
      params.kind = OpKind::kMean;
      params.dtype = KernelDtype::kInt8;
      MeanParams& p = params.mean;
      p.rank = 2;
      for (int d = 0; d < 2; ++d) {
        p.input_shape[d] = mean.shape[d];
        p.reduced[d] = mean.reduced[d];
      }
      p.input_zero_point = 3;
      p.output_zero_point = -1;
      p.output_multiplier = 1 << 30;
      p.output_shift = -20;
      const std::vector<int8_t> input(size_t{17000000} * (mean.shape[0] == 1 ? 1 : 2), value);
      const auto output_bytes = static_cast<size_t>(ReduceOutputCount(p));
      const std::vector<int8_t> expected =
          RunMean(*ResolveKernel(OpKind::kMean, KernelDtype::kInt8, Isa::kRef), params, input,
                  output_bytes);
      for (const KernelEntry& entry : KernelsOf(OpKind::kMean)) {
        if (entry.isa == Isa::kRef || entry.dtype != KernelDtype::kInt8) continue;
        if (!KernelRunnable(entry)) continue;
        ++variants;
        EXPECT_EQ(RunMean(entry, params, input, output_bytes), expected)
            << IsaName(entry.isa) << " on " << mean.shape[0] << "x" << mean.shape[1] << " of "
            << int{value};
      }
    }
  }
  if (variants == 0) GTEST_SKIP() << "this machine runs none of mean's variants";
}

}  // namespace
}  // namespace arenastore::kernels
