// depthwise_conv2d/x86_avx2 and depthwise_conv2d/x86_avx512vnni equal depthwise_conv2d/ref byte
// for byte over a seeded sweep: channel counts that tile a vector (the flat path) and that do
// not, depth multipliers, strides, dilations, padding beyond SAME, zero points at the int8 edges
// and saturating, tie-producing and left-shifting scales, each within exactly its declared
// scratch; and on the benchmark's depthwise layers.
#include <gtest/gtest.h>

#include "ops/depthwise_conv2d/ref.h"
#include "ops/depthwise_conv2d/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const DepthwiseConv2dParams&);
using DepthwiseFn = Status (*)(const DepthwiseConv2dParams&, const int8_t*, const int8_t*,
                               const int32_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  const char* name;
  Isa isa;
  ScratchFn scratch_bytes;
  DepthwiseFn depthwise;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << v.name; }

// The split form as a host executor runs it (kernels/kernel_state.h): prepared once on this
// scratch, run first on other input bytes, then on the case's, so that nothing a run leaves in
// the scratch can leak into the next.
Status SplitDepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                            const int8_t* filter, const int32_t* bias, int8_t* output,
                            std::span<uint8_t> scratch) {
  KernelState state;
  ARENASTORE_RETURN_IF_ERROR(
      x86_avx512vnni::DepthwiseConv2dPrepare(params, filter, bias, scratch, &state));
  std::vector<int8_t> other(static_cast<size_t>(params.batches) * params.input_h * params.input_w *
                            params.input_c);
  for (size_t i = 0; i < other.size(); ++i) other[i] = static_cast<int8_t>(input[i] ^ 0x5a);
  ARENASTORE_RETURN_IF_ERROR(
      x86_avx512vnni::DepthwiseConv2dRunPrepared(params, other.data(), output, scratch, state));
  return x86_avx512vnni::DepthwiseConv2dRunPrepared(params, input, output, scratch, state);
}

constexpr Variant kVariants[] = {
    {"x86_avx2", Isa::kX86Avx2, &x86_avx2::DepthwiseConv2dScratchBytes, &x86_avx2::DepthwiseConv2d},
    {"x86_avx512vnni", Isa::kX86Avx512Vnni, &x86_avx512vnni::DepthwiseConv2dScratchBytes,
     &x86_avx512vnni::DepthwiseConv2d},
    {"x86_avx512vnni_split", Isa::kX86Avx512Vnni, &x86_avx512vnni::DepthwiseConv2dSplitScratchBytes,
     &SplitDepthwiseConv2d},
};

struct DepthwiseCase {
  DepthwiseConv2dParams params{};
  Requant requant;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  bool has_bias = true;

  std::string Name() const {
    const DepthwiseConv2dParams& p = params;
    return Describe("depthwise", {{"n", p.batches},
                                  {"h", p.input_h},
                                  {"w", p.input_w},
                                  {"c", p.input_c},
                                  {"multiplier", p.depth_multiplier},
                                  {"fh", p.filter_h},
                                  {"fw", p.filter_w},
                                  {"stride_h", p.stride_h},
                                  {"stride_w", p.stride_w},
                                  {"dilation_h", p.dilation_h},
                                  {"dilation_w", p.dilation_w},
                                  {"pad_top", p.pad_top},
                                  {"pad_left", p.pad_left},
                                  {"oh", p.output_h},
                                  {"ow", p.output_w},
                                  {"in_zp", p.input_zero_point},
                                  {"bias", has_bias}});
  }
  size_t OutputBytes() const {
    return static_cast<size_t>(params.batches) * params.output_h * params.output_w *
           params.output_c;
  }
};

void FillData(Rng& rng, DepthwiseCase& c) {
  DepthwiseConv2dParams& p = c.params;
  p.input_zero_point = RandomZeroPoint(rng);
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, p.output_c, p.filter_h * p.filter_w);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c);
  c.filter = RandomBytes(rng, static_cast<size_t>(p.filter_h) * p.filter_w * p.output_c);
  c.bias = RandomBias(rng, p.output_c);
  c.has_bias = Chance(rng, 80);
}

DepthwiseCase RandomDepthwise(Rng& rng) {
  constexpr int32_t kChannels[] = {1, 2, 3, 4, 5, 8, 12, 16, 17, 24, 32, 40, 64, 72, 128, 136, 200};
  DepthwiseCase c;
  DepthwiseConv2dParams& p = c.params;
  do {
    p.batches = Uniform(rng, 1, 2);
    p.input_h = Uniform(rng, 1, 10);
    p.input_w = Uniform(rng, 1, Chance(rng, 20) ? 30 : 10);
    p.input_c = kChannels[Uniform(rng, 0, static_cast<int32_t>(std::size(kChannels)) - 1)];
    p.depth_multiplier = Chance(rng, 75) ? 1 : Uniform(rng, 2, 3);
    p.output_c = p.input_c * p.depth_multiplier;
    p.filter_h = Uniform(rng, 1, 5);
    p.filter_w = Uniform(rng, 1, 5);
    p.stride_h = Uniform(rng, 1, 3);
    p.stride_w = Chance(rng, 60) ? 1 : Uniform(rng, 1, 3);
    p.dilation_h = Chance(rng, 75) ? 1 : Uniform(rng, 2, 3);
    p.dilation_w = Chance(rng, 75) ? 1 : Uniform(rng, 2, 3);
    p.pad_top = Uniform(rng, 0, 3);
    p.pad_left = Uniform(rng, 0, 3);
    const int32_t pad_bottom = Uniform(rng, 0, 3);
    const int32_t pad_right = Uniform(rng, 0, 3);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  FillData(rng, c);
  return c;
}

DepthwiseCase SameDepthwise(Rng& rng, int32_t h, int32_t w, int32_t c, int32_t f, int32_t stride) {
  DepthwiseCase d;
  DepthwiseConv2dParams& p = d.params;
  p.batches = 1;
  p.input_h = h;
  p.input_w = w;
  p.input_c = c;
  p.depth_multiplier = 1;
  p.output_c = c;
  p.filter_h = p.filter_w = f;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = 1;
  p.output_h = (h + stride - 1) / stride;
  p.output_w = (w + stride - 1) / stride;
  const int32_t pad_h = (p.output_h - 1) * stride + f - h;
  const int32_t pad_w = (p.output_w - 1) * stride + f - w;
  p.pad_top = pad_h > 0 ? pad_h / 2 : 0;
  p.pad_left = pad_w > 0 ? pad_w / 2 : 0;
  FillData(rng, d);
  return d;
}

KernelRun Runner(const DepthwiseCase& c, DepthwiseFn depthwise) {
  return [&c, depthwise](std::span<uint8_t> scratch, int8_t* output) {
    return depthwise(c.params, c.input.data(), c.filter.data(),
                     c.has_bias ? c.bias.data() : nullptr, output, scratch);
  };
}

void ExpectCaseBitExact(const DepthwiseCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::DepthwiseConv2dScratchBytes(c.params), Runner(c, &ref::DepthwiseConv2d),
                 v.scratch_bytes(c.params), Runner(c, v.depthwise));
}

class X86DepthwiseConv2d : public ::testing::TestWithParam<Variant> {};

TEST_P(X86DepthwiseConv2d, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8201 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 600; ++i) {
    ExpectCaseBitExact(RandomDepthwise(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86DepthwiseConv2d, EqualsRefOnTheBenchmarkLayers) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8202);
  const DepthwiseCase cases[] = {
      SameDepthwise(rng, 25, 5, 64, 3, 1),  // KWS DS-CNN
      SameDepthwise(rng, 48, 48, 8, 3, 1),  // MobileNet, 8 channels: the flat path
      SameDepthwise(rng, 48, 48, 8, 3, 2),  // stride 2: per-pixel runs
      SameDepthwise(rng, 12, 12, 64, 3, 2),
  };
  for (const DepthwiseCase& c : cases) ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86DepthwiseConv2d, EqualsRefOverShapeSweepWithScalesBelowOne) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  // Every channel's scale below one: x86_avx512vnni's short requantization form runs.
  Rng rng(8204 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 300; ++i) {
    DepthwiseCase c = RandomDepthwise(rng);
    const DepthwiseConv2dParams& p = c.params;
    c.requant = RandomRequantBelowOne(rng, p.output_c, p.filter_h * p.filter_w);
    c.params.requant = c.requant.View();
    if (i % 8 == 1) {
      // Biases near the short form's limit on acc_init, +-(2^29 - 1), and just past it.
      for (int32_t& b : c.bias) b = (Chance(rng, 50) ? 1 : -1) * ((1 << 29) - Uniform(rng, -2, 40));
    }
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86DepthwiseConv2d, ScalesBelowOneAtTheAccumulatorBound) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  // As conv2d's test of the same name: the short form needs |acc_init| < 2^29 and at most 4112
  // quads of taps (a 1028x16 filter; 1029x16 takes the general form). Inputs at 127 with zero
  // point -128 and weights at 127 or -128 put acc = bias + 255 * sum(weights) near +-2^30
  // with biases at +-(2^29 - 1) and past it with +-(2^29 + 2^24) (general form).
  Rng rng(8205);
  for (const int32_t filter_h : {1028, 1029}) {
    for (const int32_t bias_magnitude : {(1 << 29) - 1, (1 << 29) + (1 << 24)}) {
      DepthwiseCase c;
      DepthwiseConv2dParams& p = c.params;
      p.batches = 1;
      p.input_h = filter_h;
      p.input_w = 17;
      p.input_c = p.output_c = 20;
      p.depth_multiplier = 1;
      p.filter_h = filter_h;
      p.filter_w = 16;
      p.stride_h = p.stride_w = p.dilation_h = p.dilation_w = 1;
      p.output_h = 1;
      p.output_w = 2;
      FillData(rng, c);
      p.input_zero_point = -128;
      c.has_bias = true;
      std::fill(c.input.begin(), c.input.end(), int8_t{127});
      const int32_t multipliers[] = {INT32_MAX, 1 << 30, 0, 1, 1518500250};
      const int32_t shifts[] = {-1, -22, -23, -29, -30};
      for (int32_t o = 0; o < p.output_c; ++o) {
        const bool positive = o % 2 == 0;
        c.bias[o] = positive ? bias_magnitude : -bias_magnitude;
        for (size_t tap = 0; tap < c.filter.size() / p.output_c; ++tap) {
          c.filter[tap * p.output_c + o] = positive ? int8_t{127} : int8_t{-128};
        }
        c.requant.multipliers[o] = multipliers[o % 5];
        c.requant.shifts[o] = shifts[(o / 5 + o) % 5];
      }
      p.requant = c.requant.View();
      ExpectCaseBitExact(c, GetParam());
    }
  }
}

TEST_P(X86DepthwiseConv2d, RejectsTheParamsRefRejects) {
  Rng rng(8203);
  DepthwiseCase c = RandomDepthwise(rng);
  c.params.output_c += 1;  // no longer input_c * depth_multiplier
  std::vector<int8_t> output(c.OutputBytes() + 64);
  std::vector<uint8_t> scratch(GetParam().scratch_bytes(c.params) + 4096);
  const Status status = GetParam().depthwise(c.params, c.input.data(), c.filter.data(),
                                             c.bias.data(), output.data(), scratch);
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86DepthwiseConv2d, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
