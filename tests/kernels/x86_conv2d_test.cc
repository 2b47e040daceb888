// conv2d/x86_avx2 and conv2d/x86_avx512vnni equal conv2d/ref byte for byte over a seeded sweep
// of shapes (groups, strides, dilations, padding beyond SAME, pointwise, thin and wide channel
// counts that leave partial register blocks, rows wider than one register tile), zero points
// at the int8 edges and saturating, tie-producing and left-shifting scales, each within exactly
// its declared scratch; and on the benchmark's real layer shapes.
#include <gtest/gtest.h>

#include "ops/conv2d/ref.h"
#include "ops/conv2d/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const Conv2dParams&);
using ConvFn = Status (*)(const Conv2dParams&, const int8_t*, const int8_t*, const int32_t*,
                          int8_t*, std::span<uint8_t>);

struct Variant {
  const char* name;
  Isa isa;
  ScratchFn scratch_bytes;
  ConvFn conv;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << v.name; }

// The split form as a host executor runs it (kernels/kernel_state.h): prepared once on this
// scratch, run first on other input bytes, then on the case's, so that nothing a run leaves in
// the scratch can leak into the next.
Status SplitConv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                   const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  KernelState state;
  ARENASTORE_RETURN_IF_ERROR(x86_avx512vnni::Conv2dPrepare(params, filter, bias, scratch, &state));
  std::vector<int8_t> other(static_cast<size_t>(params.batches) * params.input_h * params.input_w *
                            params.input_c);
  for (size_t i = 0; i < other.size(); ++i) other[i] = static_cast<int8_t>(input[i] ^ 0x5a);
  ARENASTORE_RETURN_IF_ERROR(
      x86_avx512vnni::Conv2dRunPrepared(params, other.data(), output, scratch, state));
  return x86_avx512vnni::Conv2dRunPrepared(params, input, output, scratch, state);
}

constexpr Variant kVariants[] = {
    {"x86_avx2", Isa::kX86Avx2, &x86_avx2::Conv2dScratchBytes, &x86_avx2::Conv2d},
    {"x86_avx512vnni", Isa::kX86Avx512Vnni, &x86_avx512vnni::Conv2dScratchBytes,
     &x86_avx512vnni::Conv2d},
    {"x86_avx512vnni_split", Isa::kX86Avx512Vnni, &x86_avx512vnni::Conv2dSplitScratchBytes,
     &SplitConv2d},
};

struct ConvCase {
  Conv2dParams params{};
  Requant requant;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  bool has_bias = true;

  std::string Name() const {
    const Conv2dParams& p = params;
    return Describe("conv", {{"n", p.batches},
                             {"h", p.input_h},
                             {"w", p.input_w},
                             {"c", p.input_c},
                             {"fh", p.filter_h},
                             {"fw", p.filter_w},
                             {"oc", p.output_c},
                             {"groups", p.groups},
                             {"stride_h", p.stride_h},
                             {"stride_w", p.stride_w},
                             {"dilation_h", p.dilation_h},
                             {"dilation_w", p.dilation_w},
                             {"pad_top", p.pad_top},
                             {"pad_left", p.pad_left},
                             {"oh", p.output_h},
                             {"ow", p.output_w},
                             {"in_zp", p.input_zero_point},
                             {"out_zp", p.output_zero_point},
                             {"bias", has_bias}});
  }
  size_t OutputBytes() const {
    return static_cast<size_t>(params.batches) * params.output_h * params.output_w *
           params.output_c;
  }
};

void FillData(Rng& rng, ConvCase& c) {
  Conv2dParams& p = c.params;
  p.input_zero_point = RandomZeroPoint(rng);
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, p.output_c, p.filter_h * p.filter_w * p.input_c / p.groups);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c);
  c.filter = RandomBytes(
      rng, static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * (p.input_c / p.groups));
  c.bias = RandomBias(rng, p.output_c);
  c.has_bias = Chance(rng, 80);
}

ConvCase RandomConv(Rng& rng, bool pointwise) {
  ConvCase c;
  Conv2dParams& p = c.params;
  do {
    p.batches = Uniform(rng, 1, 2);
    p.input_h = Uniform(rng, 1, 12);
    p.input_w = Uniform(rng, 1, Chance(rng, 20) ? 40 : 12);
    p.groups = !pointwise && Chance(rng, 20) ? Uniform(rng, 2, 3) : 1;
    p.input_c = (Chance(rng, 30) ? Uniform(rng, 1, 4) : Uniform(rng, 1, 40)) * p.groups;
    p.output_c = (Chance(rng, 25) ? Uniform(rng, 1, 90) : Uniform(rng, 1, 20)) * p.groups;
    p.filter_h = pointwise ? 1 : Uniform(rng, 1, 5);
    p.filter_w = pointwise ? 1 : Uniform(rng, 1, 5);
    p.stride_h = Uniform(rng, 1, 3);
    p.stride_w = Chance(rng, 70) ? p.stride_h : Uniform(rng, 1, 3);
    p.dilation_h = Chance(rng, 75) ? 1 : Uniform(rng, 2, 3);
    p.dilation_w = Chance(rng, 75) ? p.dilation_h : Uniform(rng, 1, 2);
    p.pad_top = pointwise ? 0 : Uniform(rng, 0, 3);
    p.pad_left = pointwise ? 0 : Uniform(rng, 0, 3);
    const int32_t pad_bottom = pointwise ? 0 : Uniform(rng, 0, 3);
    const int32_t pad_right = pointwise ? 0 : Uniform(rng, 0, 3);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  FillData(rng, c);
  return c;
}

// SAME-padded conv of the given geometry, as the benchmark and the built-in examples use.
ConvCase SameConv(Rng& rng, int32_t h, int32_t w, int32_t in_c, int32_t f_h, int32_t f_w,
                  int32_t stride, int32_t out_c) {
  ConvCase c;
  Conv2dParams& p = c.params;
  p.batches = 1;
  p.input_h = h;
  p.input_w = w;
  p.input_c = in_c;
  p.filter_h = f_h;
  p.filter_w = f_w;
  p.output_c = out_c;
  p.groups = 1;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = 1;
  p.output_h = (h + stride - 1) / stride;
  p.output_w = (w + stride - 1) / stride;
  const int32_t pad_h = (p.output_h - 1) * stride + f_h - h;
  const int32_t pad_w = (p.output_w - 1) * stride + f_w - w;
  p.pad_top = pad_h > 0 ? pad_h / 2 : 0;
  p.pad_left = pad_w > 0 ? pad_w / 2 : 0;
  FillData(rng, c);
  return c;
}

KernelRun Runner(const ConvCase& c, ConvFn conv) {
  return [&c, conv](std::span<uint8_t> scratch, int8_t* output) {
    return conv(c.params, c.input.data(), c.filter.data(), c.has_bias ? c.bias.data() : nullptr,
                output, scratch);
  };
}

void ExpectCaseBitExact(const ConvCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::Conv2dScratchBytes(c.params), Runner(c, &ref::Conv2d),
                 v.scratch_bytes(c.params), Runner(c, v.conv));
}

class X86Conv2d : public ::testing::TestWithParam<Variant> {};

TEST_P(X86Conv2d, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8101 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 600; ++i) {
    ExpectCaseBitExact(RandomConv(rng, /*pointwise=*/i % 4 == 0), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86Conv2d, EqualsRefOnTheBenchmarkLayers) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8102);
  const ConvCase cases[] = {
      SameConv(rng, 49, 10, 1, 10, 4, 2, 64),  // KWS DS-CNN first conv
      SameConv(rng, 25, 5, 64, 1, 1, 1, 64),   // KWS pointwise
      SameConv(rng, 96, 96, 3, 3, 3, 2, 8),    // MobileNet first conv
      SameConv(rng, 48, 48, 8, 1, 1, 1, 16),   // MobileNet pointwise
      SameConv(rng, 6, 6, 128, 1, 1, 1, 128),  // MobileNet late pointwise
      SameConv(rng, 32, 32, 16, 3, 3, 1, 16),  // ResNet-8
      SameConv(rng, 32, 32, 16, 3, 3, 2, 32), SameConv(rng, 16, 16, 32, 3, 3, 1, 32),
      SameConv(rng, 8, 8, 64, 3, 3, 1, 64),
  };
  for (const ConvCase& c : cases) ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86Conv2d, SaturatesAtAccumulatorExtremes) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  // Every input at -128 with zero point 127 and every weight at -128 (or 127) drives the
  // accumulator to its largest magnitude; huge and tiny scales then clamp both ways.
  Rng rng(8103);
  for (const int8_t weight : {int8_t{-128}, int8_t{127}}) {
    for (const int32_t shift : {-31, -12, 0, 6}) {
      ConvCase c = SameConv(rng, 5, 7, 64, 3, 3, 1, 20);
      c.params.input_zero_point = 127;
      std::fill(c.input.begin(), c.input.end(), int8_t{-128});
      std::fill(c.filter.begin(), c.filter.end(), weight);
      std::fill(c.requant.multipliers.begin(), c.requant.multipliers.end(), INT32_MAX);
      std::fill(c.requant.shifts.begin(), c.requant.shifts.end(), shift);
      ExpectCaseBitExact(c, GetParam());
    }
  }
}

TEST_P(X86Conv2d, EqualsRefOverShapeSweepWithScalesBelowOne) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  // Every channel's scale below one: the x86_avx512vnni short requantization form runs (the
  // sweep above mostly has a left-shifting or unshifted channel somewhere, which rules it out).
  Rng rng(8106 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 400; ++i) {
    ConvCase c = RandomConv(rng, /*pointwise=*/i % 4 == 0);
    const Conv2dParams& p = c.params;
    c.requant =
        RandomRequantBelowOne(rng, p.output_c, p.filter_h * p.filter_w * p.input_c / p.groups);
    c.params.requant = c.requant.View();
    if (i % 8 == 1) {
      // Biases near the short form's limit on acc_init, +-(2^29 - 1), and just past it.
      for (int32_t& b : c.bias) b = (Chance(rng, 50) ? 1 : -1) * ((1 << 29) - Uniform(rng, -2, 40));
    }
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86Conv2d, ScalesBelowOneAtTheAccumulatorBound) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  // The short form needs |acc_init| < 2^29 and at most 4112 k-groups (16448 input bytes), so
  // that |acc| < 2^30. A 1x1 conv over 16448 channels (the longest such window) and over 16452
  // (one k-group more: the general form), inputs at 127 with zero point -128 and weights at 127
  // or -128, gives acc = bias + 255 * sum(weights): with biases at +-(2^29 - 1) (short form) it
  // comes within 8193 of -2^30 and 4.2e6 of 2^30; with biases at +-(2^29 + 2^24) (general form)
  // it passes +-2^30, where the short form would overflow. Scales: the edge multipliers and
  // shifts, and shifts near 30 where so large an accumulator does not saturate the output.
  Rng rng(8107);
  for (const int32_t input_c : {16448, 16452}) {
    for (const int32_t bias_magnitude : {(1 << 29) - 1, (1 << 29) + (1 << 24)}) {
      ConvCase c = SameConv(rng, 1, 2, input_c, 1, 1, 1, 20);
      c.params.input_zero_point = -128;
      c.has_bias = true;
      std::fill(c.input.begin(), c.input.end(), int8_t{127});
      if (input_c == 16452) c.input[5] = -128;  // one input off the edge
      const int32_t multipliers[] = {INT32_MAX, 1 << 30, 0, 1, 1518500250};
      const int32_t shifts[] = {-1, -22, -23, -29, -30};
      for (int32_t o = 0; o < c.params.output_c; ++o) {
        const bool positive = o % 2 == 0;
        c.bias[o] = positive ? bias_magnitude : -bias_magnitude;
        std::fill_n(c.filter.begin() + static_cast<ptrdiff_t>(o) * input_c, input_c,
                    positive ? int8_t{127} : int8_t{-128});
        c.requant.multipliers[o] = multipliers[o % 5];
        c.requant.shifts[o] = shifts[(o / 5 + o) % 5];
      }
      c.params.requant = c.requant.View();
      ExpectCaseBitExact(c, GetParam());
    }
  }
}

TEST_P(X86Conv2d, HandlesTheMinimumMultiplier) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  // INT32_MIN times INT32_MIN is the one case SaturatingRoundingDoublingHighMul saturates.
  Rng rng(8104);
  ConvCase c = SameConv(rng, 4, 4, 8, 1, 1, 1, 17);
  for (size_t i = 0; i < c.requant.multipliers.size(); i += 2) {
    c.requant.multipliers[i] = INT32_MIN;
    c.requant.shifts[i] = 0;
  }
  ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86Conv2d, RejectsTheParamsRefRejects) {
  Rng rng(8105);
  ConvCase c = RandomConv(rng, false);
  c.params.input_zero_point = 200;
  std::vector<int8_t> output(c.OutputBytes());
  std::vector<uint8_t> scratch(GetParam().scratch_bytes(c.params) + 4096);
  const Status status = GetParam().conv(c.params, c.input.data(), c.filter.data(), c.bias.data(),
                                        output.data(), scratch);
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86Conv2d, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
