// depthwise_conv2d's variant sweep (tests/ops/variant_sweep.h). Even cases: both DSP paths (3x3
// with small padding in place, other filters through the int16 window), wide layers of
// kWideChannels and more (one case in eight), depth multipliers, dilation, and large multipliers
// on few channels. Odd cases: one input channel with a multiplier of 1..16 (the MVE window
// path; 8 often, the DSP's own step), filters up to 10x11, padding up to 4, with micro_speech's
// own layer every 100 cases. After those 800, the x86 kernels' ranges: channel counts that tile
// a vector (the flat path) and that do not, up to 200, rows up to 30 wide, dilations up to 3 in
// each direction, padding of 3, scales with ties and left shifts, bytes at the int8 edges; the
// same with every scale below one (the x86_avx512vnni short requantization form), one case in
// eight with biases at its 2^29 limit; the benchmark's layers (KWS DS-CNN, MobileNet at 8
// channels with stride 1 and 2, 12x12x64 at stride 2). The short form's bound on 1028x16
// filters needs more than 64 KiB: see tests/kernels/large_variant_cases_test.cc. Last, tall
// images of multiplier 1 with padding up to 3 (the over-input forms' held rows, which need an
// input plane of at least twice eight or four output pixels per held row). Invalid: an
// output channel count other than input channels times the multiplier. Freestanding: also built
// into the device's kernel_check.
#include "base/format.h"
#include "ops/depthwise_conv2d/arm_mve.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7101;
constexpr int32_t kArmCases = 800;
constexpr int32_t kWideCases = 600;
constexpr int32_t kBelowOneCases = 300;
constexpr int32_t kX86Channels[] = {1,  2,  3,  4,  5,  8,   12,  16, 17,
                                    24, 32, 40, 64, 72, 128, 136, 200};
struct SameLayer {
  int32_t h, w, c, f, stride;
};
constexpr SameLayer kBenchmarkLayers[] = {
    {25, 5, 64, 3, 1},  // KWS DS-CNN
    {48, 48, 8, 3, 1},  // MobileNet, 8 channels: the flat path
    {48, 48, 8, 3, 2},  // stride 2: per-pixel runs
    {12, 12, 64, 3, 2},
};
constexpr int32_t kBenchmarkCases =
    static_cast<int32_t>(sizeof(kBenchmarkLayers) / sizeof(SameLayer));
constexpr int32_t kTallCases = 200;
// Where each part after the Arm paths' starts.
constexpr int32_t kWideAt = kArmCases;
constexpr int32_t kBelowOneAt = kWideAt + kWideCases;
constexpr int32_t kBenchmarkAt = kBelowOneAt + kBelowOneCases;
constexpr int32_t kTallAt = kBenchmarkAt + kBenchmarkCases;
constexpr int32_t kCaseCount = kTallAt + kTallCases;

// Wide layers' channel counts start here: many times every variant's vector and channel-loop
// widths.
constexpr int32_t kWideChannels = 124;

void RandomShape(Rng& rng, bool wide, DepthwiseConv2dParams& p) {
  p.batches = rng.Uniform(1, 2);
  p.input_h = rng.Uniform(1, wide ? 4 : 9);
  p.input_w = rng.Uniform(1, wide ? 4 : 9);
  p.input_c = wide ? rng.Uniform(kWideChannels - 3, 2 * kWideChannels + 5)
                   : rng.Uniform(1, 13);
  p.depth_multiplier = rng.Chance(75) ? 1 : rng.Uniform(2, 3);
  // A large multiplier on few input channels, as in micro_speech (8 on 1 channel).
  if (!wide && rng.Chance(10)) {
    p.input_c = rng.Uniform(1, 3);
    p.depth_multiplier = rng.Uniform(4, 9);
  }
  const bool three_by_three = rng.Chance(40);
  p.filter_h = three_by_three ? 3 : rng.Uniform(1, 5);
  p.filter_w = three_by_three ? 3 : rng.Uniform(1, 5);
  p.stride_h = rng.Uniform(1, 2);
  p.stride_w = rng.Chance(70) ? p.stride_h : rng.Uniform(1, 3);
  p.dilation_h = rng.Chance(80) ? 1 : 2;
  p.dilation_w = rng.Chance(80) ? p.dilation_h : rng.Uniform(1, 2);
}

// One input channel: rows of more than eight taps, inputs up to 24 wide (eight taps dilated by
// 3 fit), whole rows and columns of windows in the padding.
void OneChannelShape(Rng& rng, DepthwiseConv2dParams& p) {
  p.batches = rng.Uniform(1, 2);
  p.input_h = rng.Uniform(1, 14);
  p.input_w = rng.Uniform(1, 24);
  p.input_c = 1;
  p.depth_multiplier = rng.Chance(30) ? 8 : rng.Uniform(1, 16);
  p.filter_h = rng.Uniform(1, 10);
  p.filter_w = rng.Uniform(1, 11);
  p.stride_h = rng.Uniform(1, 3);
  p.stride_w = rng.Chance(70) ? p.stride_h : rng.Uniform(1, 3);
  p.dilation_h = rng.Chance(75) ? 1 : rng.Uniform(2, 3);
  p.dilation_w = rng.Chance(75) ? 1 : rng.Uniform(2, 3);
}

// The x86 kernels' ranges (the padding is drawn by the caller).
void X86Shape(Rng& rng, DepthwiseConv2dParams& p) {
  p.batches = rng.Uniform(1, 2);
  p.input_h = rng.Uniform(1, 10);
  p.input_w = rng.Uniform(1, rng.Chance(20) ? 30 : 10);
  p.input_c = kX86Channels[rng.Uniform(0, sizeof(kX86Channels) / sizeof(int32_t) - 1)];
  p.depth_multiplier = rng.Chance(75) ? 1 : rng.Uniform(2, 3);
  p.filter_h = rng.Uniform(1, 5);
  p.filter_w = rng.Uniform(1, 5);
  p.stride_h = rng.Uniform(1, 3);
  p.stride_w = rng.Chance(60) ? 1 : rng.Uniform(1, 3);
  p.dilation_h = rng.Chance(75) ? 1 : rng.Uniform(2, 3);
  p.dilation_w = rng.Chance(75) ? 1 : rng.Uniform(2, 3);
}

// Multiplier 1 on images taller than wide (so an input plane holds several rows of a few
// channels' pixels), any channel count around the vector widths.
void TallShape(Rng& rng, DepthwiseConv2dParams& p) {
  p.batches = rng.Uniform(1, 2);
  p.input_w = rng.Uniform(1, 12);
  p.input_h = rng.Uniform(8, 40);
  p.input_c = rng.Uniform(1, 40);
  p.depth_multiplier = 1;
  p.filter_h = rng.Uniform(1, 5);
  p.filter_w = rng.Uniform(1, 5);
  p.stride_h = rng.Chance(75) ? 1 : 2;
  p.stride_w = rng.Chance(75) ? p.stride_h : rng.Uniform(1, 2);
  p.dilation_h = rng.Chance(85) ? 1 : 2;
  p.dilation_w = rng.Chance(85) ? 1 : 2;
}

// SAME padding, as the benchmark uses.
void SameShape(const SameLayer& layer, DepthwiseConv2dParams& p) {
  p.batches = 1;
  p.input_h = layer.h;
  p.input_w = layer.w;
  p.input_c = layer.c;
  p.depth_multiplier = 1;
  p.filter_h = p.filter_w = layer.f;
  p.stride_h = p.stride_w = layer.stride;
  p.dilation_h = p.dilation_w = 1;
}

size_t InputBytes(const DepthwiseConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c;
}
size_t OutputBytes(const DepthwiseConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c;
}

// micro_speech's layer: 49x40x1, 10x8 filter, stride 2, "same" padding (4 top, 5 bottom, 3 left
// and right: 25x20 out), multiplier 8, RELU.
void MicroSpeechShape(DepthwiseConv2dParams& p) {
  p.batches = 1;
  p.input_h = 49;
  p.input_w = 40;
  p.input_c = 1;
  p.depth_multiplier = 8;
  p.filter_h = 10;
  p.filter_w = 8;
  p.stride_h = p.stride_w = 2;
  p.dilation_h = p.dilation_w = 1;
}

Status MakeDepthwiseConv2d(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  DepthwiseConv2dParams& p = out->params.depthwise_conv2d;
  p = {};
  const bool micro_speech = index < kArmCases && index % 100 == 1;
  const bool one_channel = index < kArmCases && index % 2 == 1;
  const bool x86 = index >= kWideAt && index < kBenchmarkAt;
  const bool benchmark = index >= kBenchmarkAt && index < kTallAt;
  const bool tall = index >= kTallAt;
  const int32_t max_pad = one_channel ? 4 : x86 || tall ? 3 : 2;
  do {
    if (micro_speech) {
      MicroSpeechShape(p);
    } else if (one_channel) {
      OneChannelShape(rng, p);
    } else if (x86) {
      X86Shape(rng, p);
    } else if (tall) {
      TallShape(rng, p);
    } else if (benchmark) {
      SameShape(kBenchmarkLayers[index - kBenchmarkAt], p);
    } else {
      RandomShape(rng, /*wide=*/index % 16 == 0, p);
    }
    p.output_c = p.input_c * p.depth_multiplier;
    p.pad_top = micro_speech ? 4 : rng.Uniform(0, max_pad);
    p.pad_left = micro_speech ? 3 : rng.Uniform(0, max_pad);
    const int32_t pad_bottom = micro_speech ? 5 : rng.Uniform(0, max_pad);
    const int32_t pad_right = micro_speech ? 3 : rng.Uniform(0, max_pad);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
    if (benchmark) {
      p.pad_top = SamePadding(p.input_h, p.filter_h, p.stride_h, &p.output_h);
      p.pad_left = SamePadding(p.input_w, p.filter_w, p.stride_w, &p.output_w);
    }
  } while (p.output_h == 0 || p.output_w == 0 || InputBytes(p) > kDataBytes ||
           OutputBytes(p) > kDataBytes);
  p.input_zero_point = rng.ZeroPoint();
  p.output_zero_point = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
  if (micro_speech) {
    p.activation_min = 0;  // RELU, as the model has
    p.activation_max = 127;
  }
  const ConvSizes sizes = {static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c,
                           static_cast<size_t>(p.filter_h) * p.filter_w * p.output_c,
                           static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c,
                           p.output_c, p.filter_h * p.filter_w};
  ARENASTORE_RETURN_IF_ERROR(
      FillConvCase(rng, buffers, OpKind::kDepthwiseConv2d, sizes, &p.requant, out));
  if (index >= kWideAt) {
    const bool below_one = index >= kBelowOneAt && index < kBenchmarkAt;
    FillEdgeConvCase(rng, buffers, sizes, below_one, below_one && (index - kBelowOneAt) % 8 == 1,
                     &p.requant, out);
  }
  Format(out->shape, sizeof(out->shape),
         "n%d %dx%dx%d x%d f%dx%d s%d,%d d%d,%d pad %d,%d oh%d ow%d in_zp %d", p.batches, p.input_h,
         p.input_w, p.input_c, p.depth_multiplier, p.filter_h, p.filter_w, p.stride_h, p.stride_w,
         p.dilation_h, p.dilation_w, p.pad_top, p.pad_left, p.output_h, p.output_w,
         p.input_zero_point);
  return Status::Ok();
}

// An output channel count that is not input channels times the multiplier.
Status MakeInvalidDepthwiseConv2d(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeDepthwiseConv2d(2, buffers, out));
  out->params.depthwise_conv2d.output_c += 1;
  return Status::Ok();
}

}  // namespace

extern const Sweep kDepthwiseConv2dSweep = {OpKind::kDepthwiseConv2d, kCaseCount,
                                            &MakeDepthwiseConv2d, &MakeInvalidDepthwiseConv2d};

}  // namespace arenastore::kernels::sweep
