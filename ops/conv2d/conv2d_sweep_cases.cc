// conv2d's variant sweep (tests/ops/variant_sweep.h): first groups, strides, dilations, padding
// beyond SAME, 1x1 direct paths with channel counts off the 4- and 16-lane grids, zero points at
// the int8 edges, per-channel saturating scales, bias at the int32 edges or absent. Then the x86
// kernels' ranges: wider rows (up to 40) than one register tile, thin and wide channel counts
// (up to 40 in, 90 out) that leave partial register blocks, dilations of 3, scales with ties and
// left shifts, inputs and weights at the int8 edges; the same with every scale below one (the
// x86_avx512vnni short requantization form), one case in eight with biases at its 2^29 limit;
// the benchmark's layers (KWS DS-CNN, MobileNet, ResNet-8, SAME-padded); accumulators at their
// largest magnitude (inputs at -128 with zero point 127, weights at one edge) under huge and tiny
// scales; the INT32_MIN multiplier (the one product SRDHM saturates). The short form's bound
// on 16448-channel windows needs more than 64 KiB: see tests/kernels/large_variant_cases_test.cc.
// Invalid: an input zero point outside int8. Freestanding: also built into the device's
// kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7001;
constexpr int32_t kGridCases = 400;
constexpr int32_t kWideCases = 600;
constexpr int32_t kBelowOneCases = 400;
struct SameLayer {
  int32_t h, w, in_c, f_h, f_w, stride, out_c;
};
constexpr SameLayer kBenchmarkLayers[] = {
    {49, 10, 1, 10, 4, 2, 64},  // KWS DS-CNN first conv
    {25, 5, 64, 1, 1, 1, 64},   // KWS pointwise
    {96, 96, 3, 3, 3, 2, 8},    // MobileNet first conv
    {48, 48, 8, 1, 1, 1, 16},   // MobileNet pointwise
    {6, 6, 128, 1, 1, 1, 128},  // MobileNet late pointwise
    {32, 32, 16, 3, 3, 1, 16},  // ResNet-8
    {32, 32, 16, 3, 3, 2, 32}, {16, 16, 32, 3, 3, 1, 32}, {8, 8, 64, 3, 3, 1, 64},
};
constexpr int32_t kBenchmarkCases =
    static_cast<int32_t>(sizeof(kBenchmarkLayers) / sizeof(SameLayer));
constexpr int32_t kSaturationShifts[] = {-31, -12, 0, 6};
constexpr int32_t kSaturationCases = 2 * 4;  // weights at -128 or 127, four shifts
// Where each part of the sweep starts.
constexpr int32_t kWideAt = kGridCases;
constexpr int32_t kBelowOneAt = kWideAt + kWideCases;
constexpr int32_t kBenchmarkAt = kBelowOneAt + kBelowOneCases;
constexpr int32_t kSaturationAt = kBenchmarkAt + kBenchmarkCases;
constexpr int32_t kMinMultiplierAt = kSaturationAt + kSaturationCases;
constexpr int32_t kCaseCount = kMinMultiplierAt + 1;

size_t FilterBytes(const Conv2dParams& p) {
  return static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * (p.input_c / p.groups);
}

// Redrawn until the output is not empty and the filter fits the sweep's buffers (the index alone
// still decides the case); `x86` widens every range to the x86 kernels' tiles.
void RandomGeometry(Rng& rng, bool pointwise, bool x86, Conv2dParams& p) {
  const int32_t max_pad = x86 ? 3 : 2;
  do {
    p.batches = rng.Uniform(1, 2);
    p.input_h = rng.Uniform(1, x86 ? 12 : 9);
    p.input_w = rng.Uniform(1, x86 && rng.Chance(20) ? 40 : (x86 ? 12 : 9));
    p.groups = !pointwise && rng.Chance(x86 ? 20 : 25) ? rng.Uniform(2, 3) : 1;
    if (x86) {
      p.input_c = (rng.Chance(30) ? rng.Uniform(1, 4) : rng.Uniform(1, 40)) * p.groups;
      p.output_c = (rng.Chance(25) ? rng.Uniform(1, 90) : rng.Uniform(1, 20)) * p.groups;
    } else {
      p.input_c = rng.Uniform(1, pointwise ? 37 : 11) * p.groups;
      p.output_c = rng.Uniform(1, 9) * p.groups;
    }
    p.filter_h = pointwise ? 1 : rng.Uniform(1, x86 ? 5 : 4);
    p.filter_w = pointwise ? 1 : rng.Uniform(1, x86 ? 5 : 4);
    p.stride_h = rng.Uniform(1, 3);
    p.stride_w = rng.Chance(70) ? p.stride_h : rng.Uniform(1, 3);
    p.dilation_h = rng.Chance(75) ? 1 : (x86 ? rng.Uniform(2, 3) : 2);
    p.dilation_w = rng.Chance(75) ? p.dilation_h : rng.Uniform(1, 2);
    p.pad_top = pointwise ? 0 : rng.Uniform(0, max_pad);
    p.pad_left = pointwise ? 0 : rng.Uniform(0, max_pad);
    const int32_t pad_bottom = pointwise ? 0 : rng.Uniform(0, max_pad);
    const int32_t pad_right = pointwise ? 0 : rng.Uniform(0, max_pad);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0 || FilterBytes(p) > kDataBytes);
}

// SAME padding, as the benchmark and the built-in examples use.
void SameGeometry(const SameLayer& layer, Conv2dParams& p) {
  p.batches = 1;
  p.input_h = layer.h;
  p.input_w = layer.w;
  p.input_c = layer.in_c;
  p.filter_h = layer.f_h;
  p.filter_w = layer.f_w;
  p.output_c = layer.out_c;
  p.groups = 1;
  p.stride_h = p.stride_w = layer.stride;
  p.dilation_h = p.dilation_w = 1;
  p.pad_top = SamePadding(layer.h, layer.f_h, layer.stride, &p.output_h);
  p.pad_left = SamePadding(layer.w, layer.f_w, layer.stride, &p.output_w);
}

void Geometry(Rng& rng, int32_t index, Conv2dParams& p) {
  const bool pointwise = index % 4 == 0;
  if (index < kBenchmarkAt) return RandomGeometry(rng, pointwise, /*x86=*/index >= kWideAt, p);
  if (index < kSaturationAt) return SameGeometry(kBenchmarkLayers[index - kBenchmarkAt], p);
  if (index < kMinMultiplierAt) return SameGeometry({5, 7, 64, 3, 3, 1, 20}, p);
  SameGeometry({4, 4, 8, 1, 1, 1, 17}, p);
}

// What the parts after the first change in the drawn data: scales of every kind (or below one),
// bytes at the int8 edges, extreme accumulators.
void X86Data(Rng& rng, int32_t index, const Buffers& buffers, const ConvSizes& sizes, Case* out) {
  Conv2dParams& p = out->params.conv2d;
  const bool below_one = index >= kBelowOneAt && index < kBenchmarkAt;
  FillEdgeConvCase(rng, buffers, sizes, below_one, below_one && (index - kBelowOneAt) % 8 == 1,
                   &p.requant, out);
  if (index >= kSaturationAt && index < kMinMultiplierAt) {
    const int32_t part = index - kSaturationAt;
    p.input_zero_point = 127;
    for (size_t i = 0; i < sizes.input_bytes; ++i) buffers.input[i] = -128;
    for (size_t i = 0; i < sizes.filter_bytes; ++i) buffers.weights[i] = part < 4 ? -128 : 127;
    for (int32_t c = 0; c < p.output_c; ++c) {
      buffers.multipliers[c] = INT32_MAX;
      buffers.shifts[c] = kSaturationShifts[part % 4];
    }
  }
  if (index == kMinMultiplierAt) {
    for (int32_t c = 0; c < p.output_c; c += 2) {
      buffers.multipliers[c] = INT32_MIN;
      buffers.shifts[c] = 0;
    }
  }
}

Status MakeConv2d(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  Conv2dParams& p = out->params.conv2d;
  p = {};
  Geometry(rng, index, p);
  p.input_zero_point = rng.ZeroPoint();
  p.output_zero_point = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
  const ConvSizes sizes = {static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c,
                           FilterBytes(p),
                           static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c,
                           p.output_c, p.filter_h * p.filter_w * p.input_c / p.groups};
  ARENASTORE_RETURN_IF_ERROR(FillConvCase(rng, buffers, OpKind::kConv2d, sizes, &p.requant, out));
  if (index >= kWideAt) X86Data(rng, index, buffers, sizes, out);
  Format(out->shape, sizeof(out->shape),
         "n%d %dx%dx%d f%dx%d oc%d g%d s%d,%d d%d,%d pad %d,%d in_zp %d", p.batches, p.input_h,
         p.input_w, p.input_c, p.filter_h, p.filter_w, p.output_c, p.groups, p.stride_h, p.stride_w,
         p.dilation_h, p.dilation_w, p.pad_top, p.pad_left, p.input_zero_point);
  return Status::Ok();
}

// An input zero point outside int8.
Status MakeInvalidConv2d(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeConv2d(1, buffers, out));
  out->params.conv2d.input_zero_point = 200;
  return Status::Ok();
}

}  // namespace

extern const Sweep kConv2dSweep = {OpKind::kConv2d, kCaseCount, &MakeConv2d, &MakeInvalidConv2d};

}  // namespace arenastore::kernels::sweep
