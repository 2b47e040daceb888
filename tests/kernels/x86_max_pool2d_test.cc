// max_pool2d/x86_avx2 and max_pool2d/x86_avx512vnni equal max_pool2d/ref byte for byte over a
// seeded sweep (channel counts off and on the vector widths, windows clipped by padding or lying
// wholly in it, strides, activation ranges inside, across and wholly outside int8, inputs at the
// int8 edges), and need no scratch.
#include <gtest/gtest.h>

#include "ops/max_pool2d/ref.h"
#include "ops/max_pool2d/x86.h"
#include "tests/kernels/x86_pool2d_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using Variant = Pool2dVariant;
using PoolCase = Pool2dCase;

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::MaxPool2dScratchBytes, &x86_avx2::MaxPool2d},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::MaxPool2dScratchBytes, &x86_avx512vnni::MaxPool2d},
};

ActivationRange RandomPoolActivation(Rng& rng) {
  switch (Uniform(rng, 0, 9)) {
    case 0:
      return {-300, 300};  // wider than int8: the clamp never binds
    case 1:
      return {Uniform(rng, 128, 300), 400};  // wholly above int8: ref keeps the low byte
    case 2:
      return {-400, Uniform(rng, -300, -129)};  // wholly below
    case 3:
      return {Uniform(rng, -300, 0), Uniform(rng, 0, 300)};  // across an edge of int8
    default:
      return RandomActivation(rng);
  }
}

// Now and then padding past the filter, so some windows lie wholly in it (ref gives -128).
PoolCase MakeCase(Rng& rng, int32_t channels) {
  PoolCase c = RandomPool2dCase(rng, channels, Chance(rng, 10) ? 3 : 0);
  const ActivationRange range = RandomPoolActivation(rng);
  c.params.activation_min = range.min;
  c.params.activation_max = range.max;
  return c;
}

void ExpectCaseBitExact(const PoolCase& c, const Variant& v) {
  ExpectPool2dBitExact("max_pool2d", c, v, &ref::MaxPool2dScratchBytes, &ref::MaxPool2d);
}

class X86MaxPool2d : public ::testing::TestWithParam<Variant> {};

TEST_P(X86MaxPool2d, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8701 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 500; ++i) {
    const int32_t channels = Chance(rng, 30) ? 8 * Uniform(rng, 1, 10) : Uniform(rng, 1, 140);
    ExpectCaseBitExact(MakeCase(rng, channels), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86MaxPool2d, EqualsRefOnTheAllOpsExampleShape) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8702);
  PoolCase c = MakeCase(rng, 8);
  Pool2dParams& p = c.params;
  p = Pool2dParams{1, 10, 10, 8, 2, 2, 5, 5, 2, 2, 0, 0, -128, 127};
  c.input = RandomBytes(rng, 10 * 10 * 8);
  ExpectCaseBitExact(c, GetParam());
}

// Output rows longer than the kernel's stack buffers are pooled in chunks of columns; windows
// whose columns do not fit them (filter_w x channels above 1,024) take the per-pixel path; rows
// of 8, 16 or 32 channels at stride 2 gather every other pixel with a permute, several vectors
// per row here. Padding past the filter now and then, so whole windows and chunks lie in it.
TEST_P(X86MaxPool2d, EqualsRefOnWideRows) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8705 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 120; ++i) {
    int32_t channels = Chance(rng, 15) ? Uniform(rng, 300, 1100) : Uniform(rng, 1, 100);
    if (Chance(rng, 35)) channels = 8 << Uniform(rng, 0, 2);
    const int32_t filter_h = Uniform(rng, 1, 6);
    const int32_t filter_w = Uniform(rng, 1, 8);
    PoolCase c = ShapedPool2dCase(rng, Uniform(rng, filter_h, 8), Uniform(rng, filter_w + 20, 120),
                                  channels, filter_h, filter_w, Uniform(rng, 1, 3),
                                  Uniform(rng, 1, 3), Chance(rng, 20) ? 40 : 0);
    const ActivationRange range = RandomPoolActivation(rng);
    c.params.activation_min = range.min;
    c.params.activation_max = range.max;
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86MaxPool2d, NeedsNoScratch) {
  Rng rng(8703);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng, 64).params), 0u);
}

TEST_P(X86MaxPool2d, RejectsTheParamsRefRejects) {
  Rng rng(8704);
  PoolCase c = MakeCase(rng, 8);
  for (const auto& mutate : std::vector<std::function<void(Pool2dParams&)>>{
           [](Pool2dParams& p) { p.stride_h = 0; }, [](Pool2dParams& p) { p.filter_w = 0; },
           [](Pool2dParams& p) { p.channels = -1; },
           [](Pool2dParams& p) {
             p.activation_min = 10;
             p.activation_max = -10;
           }}) {
    Pool2dParams params = c.params;
    mutate(params);
    std::vector<int8_t> output(c.OutputBytes() + 64);
    const Status expected = ref::MaxPool2d(params, c.input.data(), output.data(), {});
    const Status actual = GetParam().pool(params, c.input.data(), output.data(), {});
    EXPECT_EQ(expected.code(), ErrorCode::kKernelInvalidParams) << expected.message();
    EXPECT_EQ(actual.code(), expected.code()) << actual.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Isas, X86MaxPool2d, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
