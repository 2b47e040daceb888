// transpose_conv2d/x86_avx2 and transpose_conv2d/x86_avx512vnni equal transpose_conv2d/ref byte
// for byte over a seeded sweep (channel counts off and on the vector widths, strides, paddings
// that drop taps, batches, zero points at the int8 edges, saturating and left-shifting scales,
// with and without bias), each run on exactly its declared scratch between guard bytes.
#include <gtest/gtest.h>

#include "kernels/x86_common/transpose_conv2d_entry.h"
#include "ops/transpose_conv2d/ref.h"
#include "ops/transpose_conv2d/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const TransposeConv2dParams&);
using TransposeConv2dFn = Status (*)(const TransposeConv2dParams&, const int8_t*, const int8_t*,
                                     const int32_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  TransposeConv2dFn transpose_conv2d;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::TransposeConv2dScratchBytes, &x86_avx2::TransposeConv2d},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::TransposeConv2dScratchBytes,
     &x86_avx512vnni::TransposeConv2d},
};

struct TransposeConv2dCase {
  TransposeConv2dParams params{};
  Requant requant;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  bool has_bias = true;

  size_t OutputBytes() const {
    return static_cast<size_t>(params.batches) * params.output_h * params.output_w *
           params.output_c;
  }
  std::string Name() const {
    const TransposeConv2dParams& p = params;
    return Describe("transpose_conv2d", {{"batches", p.batches},
                                         {"in_h", p.input_h},
                                         {"in_w", p.input_w},
                                         {"in_c", p.input_c},
                                         {"filter_h", p.filter_h},
                                         {"filter_w", p.filter_w},
                                         {"out_h", p.output_h},
                                         {"out_w", p.output_w},
                                         {"out_c", p.output_c},
                                         {"stride_h", p.stride_h},
                                         {"stride_w", p.stride_w},
                                         {"pad_top", p.pad_top},
                                         {"pad_left", p.pad_left},
                                         {"in_zp", p.input_zero_point},
                                         {"out_zp", p.output_zero_point},
                                         {"bias", has_bias}});
  }
};

TransposeConv2dCase MakeCase(Rng& rng, int32_t input_c, int32_t output_c) {
  TransposeConv2dCase c;
  TransposeConv2dParams& p = c.params;
  p.batches = Uniform(rng, 1, 2);
  p.input_h = Uniform(rng, 1, 7);
  p.input_w = Uniform(rng, 1, 7);
  p.input_c = input_c;
  p.filter_h = Uniform(rng, 1, 4);
  p.filter_w = Uniform(rng, 1, 4);
  p.stride_h = Uniform(rng, 1, 3);
  p.stride_w = Uniform(rng, 1, 3);
  p.pad_top = Uniform(rng, 0, p.filter_h - 1);
  p.pad_left = Uniform(rng, 0, p.filter_w - 1);
  // TensorFlow Lite's full output, less a random bottom/right padding (its taps are dropped).
  p.output_h = std::max(
      1, (p.input_h - 1) * p.stride_h + p.filter_h - p.pad_top - Uniform(rng, 0, p.filter_h - 1));
  p.output_w = std::max(
      1, (p.input_w - 1) * p.stride_w + p.filter_w - p.pad_left - Uniform(rng, 0, p.filter_w - 1));
  p.output_c = output_c;
  p.input_zero_point = RandomZeroPoint(rng);
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, output_c, input_c * p.filter_h * p.filter_w);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * input_c);
  c.filter = RandomBytes(rng, static_cast<size_t>(output_c) * p.filter_h * p.filter_w * input_c);
  c.bias = RandomBias(rng, output_c);
  c.has_bias = Chance(rng, 80);
  return c;
}

KernelRun Runner(const TransposeConv2dCase& c, TransposeConv2dFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input.data(), c.filter.data(), c.has_bias ? c.bias.data() : nullptr,
              output, scratch);
  };
}

void ExpectCaseBitExact(const TransposeConv2dCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::TransposeConv2dScratchBytes(c.params), Runner(c, &ref::TransposeConv2d),
                 v.scratch_bytes(c.params), Runner(c, v.transpose_conv2d));
}

class X86TransposeConv2d : public ::testing::TestWithParam<Variant> {};

TEST_P(X86TransposeConv2d, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8501 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 300; ++i) {
    const int32_t input_c = Chance(rng, 30) ? 8 * Uniform(rng, 1, 6) : Uniform(rng, 1, 37);
    const int32_t output_c = Chance(rng, 30) ? 16 * Uniform(rng, 1, 5) : Uniform(rng, 1, 70);
    ExpectCaseBitExact(MakeCase(rng, input_c, output_c), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// The variants gather each output pixel's taps; these cases stress that bookkeeping: padding
// beyond the filter or negative, and outputs larger than the input reaches (pixels with no tap
// at all get the bias alone).
TEST_P(X86TransposeConv2d, EqualsRefWhenTapsFallOutsideTheImage) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8503 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 150; ++i) {
    TransposeConv2dCase c = MakeCase(rng, Uniform(rng, 1, 20), Uniform(rng, 1, 40));
    TransposeConv2dParams& p = c.params;
    p.pad_top = Uniform(rng, -3, p.filter_h + 3);
    p.pad_left = Uniform(rng, -3, p.filter_w + 3);
    p.output_h = Uniform(rng, 1, p.input_h * p.stride_h + 6);
    p.output_w = Uniform(rng, 1, p.input_w * p.stride_w + 6);
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86TransposeConv2d, EqualsRefOnTheAllOpsExampleShape) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8504);
  TransposeConv2dCase c = MakeCase(rng, 8, 8);
  TransposeConv2dParams& p = c.params;
  p.batches = 1;
  p.input_h = p.input_w = 5;
  p.filter_h = p.filter_w = 3;
  p.stride_h = p.stride_w = 2;
  p.pad_top = p.pad_left = 0;
  p.output_h = p.output_w = 11;
  c.input = RandomBytes(rng, 5 * 5 * 8);
  c.filter = RandomBytes(rng, 8 * 3 * 3 * 8);
  ExpectCaseBitExact(c, GetParam());
}

// Whether the variant runs this case in its phase form (at most 8 output channels, when the
// framed image and the packed filter fit its scratch).
bool RunsInPhaseForm(const TransposeConv2dCase& c, const Variant& v) {
  const x86::PhaseForm form =
      v.isa == Isa::kX86Avx2 ? x86::PhaseForm::kPairs : x86::PhaseForm::kQuads;
  return x86::TransposeConv2dPhaseLayoutOf(c.params, v.scratch_bytes(c.params), form).fits;
}

// The phase form (at most 8 output channels): strides up to 4 (every phase
// count up to kMaxPhases), filters smaller than the stride (phases without taps), input channel
// counts off the 4-byte quads, paddings that drop taps or frame the input with zero-point
// pixels, rows of more than 64 output pixels (segments and flushes of the sum buffer), scales
// below one (the bounded requantization) or not, and biases too large for it.
TEST_P(X86TransposeConv2d, EqualsRefInThePhaseForm) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8505 + static_cast<uint32_t>(GetParam().isa));
  int phase_form = 0;
  constexpr int kCases = 400;
  for (int i = 0; i < kCases; ++i) {
    const int32_t input_c = Chance(rng, 40) ? 4 * Uniform(rng, 1, 4) : Uniform(rng, 1, 19);
    TransposeConv2dCase c = MakeCase(rng, input_c, Chance(rng, 50) ? 8 : Uniform(rng, 1, 8));
    TransposeConv2dParams& p = c.params;
    p.stride_h = Uniform(rng, 1, 4);
    p.stride_w = Uniform(rng, 1, 4);
    p.filter_h = Uniform(rng, 1, 5);
    p.filter_w = Uniform(rng, 1, 5);
    if (Chance(rng, 15)) {  // wide rows: more than one segment
      p.input_h = Uniform(rng, 1, 3);
      p.input_w = Uniform(rng, 20, 45);
    }
    p.pad_top = Uniform(rng, -3, p.filter_h + 3);
    p.pad_left = Uniform(rng, -3, p.filter_w + 3);
    p.output_h = Uniform(rng, 1, p.input_h * p.stride_h + 6);
    p.output_w = Uniform(rng, 1, p.input_w * p.stride_w + 6);
    const int32_t depth = input_c * p.filter_h * p.filter_w;
    c.requant = Chance(rng, 60) ? RandomRequantBelowOne(rng, p.output_c, depth)
                                : RandomRequant(rng, p.output_c, depth);
    p.requant = c.requant.View();
    if (Chance(rng, 10)) {
      for (int32_t& b : c.bias) b = Chance(rng, 50) ? INT32_MAX - Uniform(rng, 0, 9) : INT32_MIN;
    }
    c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * input_c);
    c.filter =
        RandomBytes(rng, static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * input_c);
    phase_form += RunsInPhaseForm(c, GetParam()) ? 1 : 0;
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
  // The sweep is about the phase form: most of its cases must take it.
  EXPECT_GT(phase_form, kCases * 3 / 4);
}

TEST_P(X86TransposeConv2d, TakesThePhaseFormOnTheAllOpsExampleShape) {
  TransposeConv2dParams p{};
  p.batches = 1;
  p.input_h = p.input_w = 5;
  p.input_c = 8;
  p.filter_h = p.filter_w = 3;
  p.output_h = p.output_w = 11;
  p.output_c = 8;
  p.stride_h = p.stride_w = 2;
  TransposeConv2dCase c;
  c.params = p;
  EXPECT_TRUE(RunsInPhaseForm(c, GetParam()));
}

TEST_P(X86TransposeConv2d, SaturatesAtAccumulatorExtremes) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8502);
  TransposeConv2dCase c = MakeCase(rng, 64, 24);
  std::fill(c.input.begin(), c.input.end(), int8_t{-128});
  std::fill(c.filter.begin(), c.filter.end(), int8_t{-128});
  c.params.input_zero_point = 127;
  c.has_bias = true;
  std::fill(c.bias.begin(), c.bias.end(), INT32_MAX);
  ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86TransposeConv2d, RejectsTheParamsRefRejects) {
  Rng rng(8503);
  TransposeConv2dCase c = MakeCase(rng, 4, 4);
  c.params.input_zero_point = 128;
  std::vector<int8_t> output(c.OutputBytes());
  std::vector<uint8_t> scratch(GetParam().scratch_bytes(c.params));
  const Status status = GetParam().transpose_conv2d(c.params, c.input.data(), c.filter.data(),
                                                    c.bias.data(), output.data(), scratch);
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86TransposeConv2d, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
