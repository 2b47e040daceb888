// average_pool2d/x86_avx2 and average_pool2d/x86_avx512vnni equal average_pool2d/ref byte for
// byte over a seeded sweep (channel counts off and on the vector widths, windows clipped by
// padding, strides, activation ranges including ones beyond int8, inputs at the int8 edges), and
// need no scratch.
#include <gtest/gtest.h>

#include "ops/average_pool2d/ref.h"
#include "ops/average_pool2d/x86.h"
#include "tests/kernels/x86_pool2d_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using Variant = Pool2dVariant;
using PoolCase = Pool2dCase;

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::AveragePool2dScratchBytes, &x86_avx2::AveragePool2d},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::AveragePool2dScratchBytes,
     &x86_avx512vnni::AveragePool2d},
};

// Padding below the filter size keeps every window partly inside the image.
PoolCase MakeCase(Rng& rng, int32_t channels) {
  PoolCase c = RandomPool2dCase(rng, channels, 0);
  Pool2dParams& p = c.params;
  if (Chance(rng, 10)) {
    p.activation_min = -300;  // wider than int8: ref's clamp never binds
    p.activation_max = 300;
  } else {
    const ActivationRange range = RandomActivation(rng);
    p.activation_min = range.min;
    p.activation_max = range.max;
  }
  return c;
}

void ExpectCaseBitExact(const PoolCase& c, const Variant& v) {
  ExpectPool2dBitExact("average_pool2d", c, v, &ref::AveragePool2dScratchBytes,
                       &ref::AveragePool2d);
}

class X86AveragePool2d : public ::testing::TestWithParam<Variant> {};

TEST_P(X86AveragePool2d, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8601 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 400; ++i) {
    const int32_t channels = Chance(rng, 30) ? 8 * Uniform(rng, 1, 8) : Uniform(rng, 1, 70);
    ExpectCaseBitExact(MakeCase(rng, channels), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86AveragePool2d, RoundsTiesAwayFromZeroOnLargeWindows) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8602);
  for (const int8_t value : {int8_t{-128}, int8_t{127}, int8_t{-1}, int8_t{1}}) {
    PoolCase c = MakeCase(rng, 19);
    Pool2dParams& p = c.params;
    p.input_h = p.input_w = p.filter_h = p.filter_w = 40;
    p.stride_h = p.stride_w = 1;
    p.pad_top = p.pad_left = 0;
    p.output_h = p.output_w = 1;
    c.input.assign(static_cast<size_t>(p.batches) * 40 * 40 * 19, value);
    for (size_t i = 0; i < c.input.size(); i += 3) c.input[i] = static_cast<int8_t>(-value / 2);
    ExpectCaseBitExact(c, GetParam());
  }
}

// 1x1 filters take a copy-and-clamp path: strides, activation ranges inside, across and wholly
// outside int8 (ref keeps the clamped value's low byte).
TEST_P(X86AveragePool2d, EqualsRefOnOneByOneWindows) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8605 + static_cast<uint32_t>(GetParam().isa));
  const ActivationRange ranges[] = {{-128, 127}, {-300, 300}, {200, 300},  {-400, -200},
                                    {-20, 40},   {0, 6},      {-150, -100}};
  for (int i = 0; i < 200; ++i) {
    PoolCase c = MakeCase(rng, Uniform(rng, 1, 150));
    Pool2dParams& p = c.params;
    p.filter_h = p.filter_w = 1;
    p.pad_top = p.pad_left = 0;
    p.output_h = OutputSize(p.input_h, 0, 0, 1, 1, p.stride_h);
    p.output_w = OutputSize(p.input_w, 0, 0, 1, 1, p.stride_w);
    const ActivationRange range = ranges[Uniform(rng, 0, 6)];
    p.activation_min = range.min;
    p.activation_max = range.max;
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// Windows of more than 65,536 elements divide in double precision, smaller ones in float.
TEST_P(X86AveragePool2d, EqualsRefOnWindowsAroundTheFloatDivisionLimit) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8606);
  for (const int32_t side : {255, 256, 257, 300}) {
    PoolCase c = MakeCase(rng, 3);
    Pool2dParams& p = c.params;
    p.batches = 1;
    p.input_h = p.input_w = p.filter_h = p.filter_w = side;
    p.stride_h = p.stride_w = 1;
    p.pad_top = p.pad_left = 0;
    p.output_h = p.output_w = 1;
    p.activation_min = -128;
    p.activation_max = 127;
    for (const int8_t value : {int8_t{-128}, int8_t{127}}) {
      c.input = RandomBytes(rng, static_cast<size_t>(side) * side * 3);
      for (size_t k = 0; k < c.input.size(); k += 2) c.input[k] = value;
      ExpectCaseBitExact(c, GetParam());
    }
  }
}

// A case of the given geometry (padded or not, every window partly inside the image) and a
// random activation range.
PoolCase ShapedCase(Rng& rng, int32_t in_h, int32_t in_w, int32_t channels, int32_t filter_h,
                    int32_t filter_w, int32_t stride_h, int32_t stride_w) {
  PoolCase c = MakeCase(rng, channels);
  const Pool2dParams random = c.params;
  c = ShapedPool2dCase(rng, in_h, in_w, channels, filter_h, filter_w, stride_h, stride_w, 0);
  c.params.activation_min = random.activation_min;
  c.params.activation_max = random.activation_max;
  return c;
}

// The layers of the all-ops example: 4x4 stride 1 on 11x11x8 and 2x2 stride 2 on 8x8x16, VALID.
TEST_P(X86AveragePool2d, EqualsRefOnTheAllOpsExampleShapes) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8607);
  for (int i = 0; i < 20; ++i) {
    PoolCase c = MakeCase(rng, 8);
    c.params = Pool2dParams{1, 11, 11, 8, 4, 4, 8, 8, 1, 1, 0, 0, -128, 127};
    c.input = RandomBytes(rng, 11 * 11 * 8);
    ExpectCaseBitExact(c, GetParam());
    c = MakeCase(rng, 16);
    c.params = Pool2dParams{1, 8, 8, 16, 2, 2, 4, 4, 2, 2, 0, 0, -128, 127};
    c.input = RandomBytes(rng, 8 * 8 * 16);
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// Windows of up to 256 elements sum in int16 lanes, row sums first; larger ones do not. Counts
// around that limit, clipped by padding or not, filled with the int8 edges (the extreme sums)
// or random bytes.
TEST_P(X86AveragePool2d, EqualsRefOnWindowsAroundTheInt16SumLimit) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8608 + static_cast<uint32_t>(GetParam().isa));
  const std::pair<int32_t, int32_t> filters[] = {{16, 16}, {15, 17}, {8, 32},  {17, 16},
                                                 {1, 256}, {256, 1}, {2, 129}, {16, 15}};
  for (const auto& [filter_h, filter_w] : filters) {
    for (int i = 0; i < 6; ++i) {
      const int32_t channels = filter_w > 64 ? Uniform(rng, 1, 4) : Uniform(rng, 1, 40);
      PoolCase c = ShapedCase(rng, filter_h + Uniform(rng, 0, 3), filter_w + Uniform(rng, 0, 3),
                              channels, filter_h, filter_w, Uniform(rng, 1, 2), Uniform(rng, 1, 2));
      if (i < 2) {
        const int8_t value = i == 0 ? int8_t{-128} : int8_t{127};
        c.input.assign(c.input.size(), value);
      }
      ExpectCaseBitExact(c, GetParam());
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// Output rows longer than the kernel's stack buffers are pooled in chunks of columns; channel
// counts past those buffers take the per-pixel path; rows of 4, 8 or 16 channels at stride 2
// gather every other pixel with a permute, several vectors per row here.
TEST_P(X86AveragePool2d, EqualsRefOnWideRows) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8609 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 100; ++i) {
    int32_t channels = Chance(rng, 15) ? Uniform(rng, 200, 600) : Uniform(rng, 1, 100);
    if (Chance(rng, 35)) channels = 4 << Uniform(rng, 0, 2);
    const int32_t filter_h = Uniform(rng, 1, 6);
    const int32_t filter_w = Uniform(rng, 1, 8);
    PoolCase c = ShapedCase(rng, Uniform(rng, filter_h, 8), Uniform(rng, filter_w + 20, 120),
                            channels, filter_h, filter_w, Uniform(rng, 1, 3), Uniform(rng, 1, 3));
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86AveragePool2d, NeedsNoScratch) {
  Rng rng(8603);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng, 64).params), 0u);
}

TEST_P(X86AveragePool2d, RejectsAWindowEntirelyInPadding) {
  Rng rng(8604);
  PoolCase c = MakeCase(rng, 8);
  c.params.pad_top = c.params.filter_h + 2;
  c.params.output_h = 2;
  std::vector<int8_t> output(c.OutputBytes());
  const Status status = GetParam().pool(c.params, c.input.data(), output.data(), {});
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86AveragePool2d, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
