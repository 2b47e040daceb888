// transpose_conv2d's variant sweep (tests/ops/variant_sweep.h). First the all-ops example (5x5x8
// up to 11x11x8 by 3x3 at stride 2, which the x86 kernels run in their phase form) and a 64-to-24
// channel case saturating at the accumulator's extremes; then random cases of 1 to 70 output
// channels (three in ten a multiple of 8 or 16 channels), strides, paddings that drop taps,
// batches, zero points at the int8 edges, saturating, tie-producing and left-shifting scales,
// with and without bias; then taps falling outside the image (padding beyond the filter or
// negative, outputs larger than the input reaches: pixels with the bias alone); then the phase
// form's cases (at most 8 output channels): strides up to 4, filters smaller than the stride,
// input channels off the 4-byte quads, rows of more than 64 output pixels, scales below one or
// not, biases too large for the bounded requantization. Invalid: an input zero point of 128.
// Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 8501;
constexpr int32_t kFixedCases = 2;
constexpr int32_t kRandomCases = 300;
constexpr int32_t kOutsideCases = 150;
constexpr int32_t kPhaseCases = 400;

int32_t Max(int32_t a, int32_t b) { return a > b ? a : b; }

size_t InputBytes(const TransposeConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c;
}
size_t FilterBytes(const TransposeConv2dParams& p) {
  return static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * p.input_c;
}
size_t OutputBytes(const TransposeConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c;
}

// TensorFlow Lite's geometry: the full output less a random bottom/right padding (its taps are
// dropped).
void RandomGeometry(Rng& rng, int32_t input_c, int32_t output_c, TransposeConv2dParams& p) {
  p.batches = rng.Uniform(1, 2);
  p.input_h = rng.Uniform(1, 7);
  p.input_w = rng.Uniform(1, 7);
  p.input_c = input_c;
  p.output_c = output_c;
  p.filter_h = rng.Uniform(1, 4);
  p.filter_w = rng.Uniform(1, 4);
  p.stride_h = rng.Uniform(1, 3);
  p.stride_w = rng.Uniform(1, 3);
  p.pad_top = rng.Uniform(0, p.filter_h - 1);
  p.pad_left = rng.Uniform(0, p.filter_w - 1);
  const int32_t full_h = (p.input_h - 1) * p.stride_h + p.filter_h - p.pad_top;
  const int32_t full_w = (p.input_w - 1) * p.stride_w + p.filter_w - p.pad_left;
  p.output_h = Max(1, full_h - rng.Uniform(0, p.filter_h - 1));
  p.output_w = Max(1, full_w - rng.Uniform(0, p.filter_w - 1));
}

// Padding beyond the filter or negative, and outputs up to 6 pixels past what the input reaches.
void TapsOutside(Rng& rng, TransposeConv2dParams& p) {
  p.pad_top = rng.Uniform(-3, p.filter_h + 3);
  p.pad_left = rng.Uniform(-3, p.filter_w + 3);
  p.output_h = rng.Uniform(1, p.input_h * p.stride_h + 6);
  p.output_w = rng.Uniform(1, p.input_w * p.stride_w + 6);
}

void PhaseGeometry(Rng& rng, TransposeConv2dParams& p) {
  const int32_t input_c = rng.Chance(40) ? 4 * rng.Uniform(1, 4) : rng.Uniform(1, 19);
  const int32_t output_c = rng.Chance(50) ? 8 : rng.Uniform(1, 8);
  RandomGeometry(rng, input_c, output_c, p);
  p.stride_h = rng.Uniform(1, 4);
  p.stride_w = rng.Uniform(1, 4);
  p.filter_h = rng.Uniform(1, 5);
  p.filter_w = rng.Uniform(1, 5);
  if (rng.Chance(15)) {  // wide rows: more than one segment of the sum buffer
    p.input_h = rng.Uniform(1, 3);
    p.input_w = rng.Uniform(20, 45);
  }
  TapsOutside(rng, p);
}

// The case's geometry by its part of the sweep, redrawn until it fits the sweep's buffers (the
// index alone still decides the case).
void Geometry(Rng& rng, int32_t index, TransposeConv2dParams& p) {
  if (index == 0) {
    p.batches = 1;
    p.input_h = p.input_w = 5;
    p.input_c = p.output_c = 8;
    p.filter_h = p.filter_w = 3;
    p.stride_h = p.stride_w = 2;
    p.pad_top = p.pad_left = 0;
    p.output_h = p.output_w = 11;
    return;
  }
  do {
    if (index == 1) {
      RandomGeometry(rng, 64, 24, p);
    } else if (index < kFixedCases + kRandomCases) {
      const int32_t input_c = rng.Chance(30) ? 8 * rng.Uniform(1, 6) : rng.Uniform(1, 37);
      const int32_t output_c = rng.Chance(30) ? 16 * rng.Uniform(1, 5) : rng.Uniform(1, 70);
      RandomGeometry(rng, input_c, output_c, p);
    } else if (index < kFixedCases + kRandomCases + kOutsideCases) {
      const int32_t input_c = rng.Uniform(1, 20);
      RandomGeometry(rng, input_c, rng.Uniform(1, 40), p);
      TapsOutside(rng, p);
    } else {
      PhaseGeometry(rng, p);
    }
  } while (InputBytes(p) > kDataBytes || FilterBytes(p) > kDataBytes ||
           OutputBytes(p) > kDataBytes);
}

Status MakeTransposeConv2d(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  TransposeConv2dParams& p = out->params.transpose_conv2d;
  p = {};
  Geometry(rng, index, p);
  const bool phase = index >= kFixedCases + kRandomCases + kOutsideCases;
  p.input_zero_point = rng.ZeroPoint();
  p.output_zero_point = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
  const int32_t depth = p.input_c * p.filter_h * p.filter_w;
  const bool below_one = phase && rng.Chance(60);
  p.requant = RandomScales(rng, buffers, p.output_c, depth, below_one);
  out->input_bytes[0] = InputBytes(p);
  out->output_bytes = OutputBytes(p);
  ARENASTORE_RETURN_IF_ERROR(
      CheckCaseFits(out->input_bytes[0], FilterBytes(p), out->output_bytes, p.output_c));
  out->params.kind = OpKind::kTransposeConv2d;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  FillTowardEdges(rng, buffers.weights.data(), FilterBytes(p));
  const int32_t* bias = RandomBias(rng, buffers, p.output_c);
  if (phase && rng.Chance(10)) {  // too large for the bounded requantization
    for (int32_t c = 0; c < p.output_c; ++c) {
      buffers.bias[c] = rng.Chance(50) ? INT32_MAX - rng.Uniform(0, 9) : INT32_MIN;
    }
    bias = buffers.bias.data();
  }
  if (index == 1) {  // every product at its largest, on top of the largest bias
    for (size_t i = 0; i < out->input_bytes[0]; ++i) buffers.input[i] = -128;
    for (size_t i = 0; i < FilterBytes(p); ++i) buffers.weights[i] = -128;
    for (int32_t c = 0; c < p.output_c; ++c) buffers.bias[c] = INT32_MAX;
    p.input_zero_point = 127;
    bias = buffers.bias.data();
  }
  SetInputs(out, {buffers.input.data(), buffers.weights.data(), bias});
  Format(out->shape, sizeof(out->shape),
         "n%d %dx%dx%d f%dx%d oc%d s%d,%d pad %d,%d out %dx%d zp %d/%d%s%s", p.batches, p.input_h,
         p.input_w, p.input_c, p.filter_h, p.filter_w, p.output_c, p.stride_h, p.stride_w,
         p.pad_top, p.pad_left, p.output_h, p.output_w, p.input_zero_point, p.output_zero_point,
         bias == nullptr ? " no bias" : "", below_one ? " below one" : "");
  return Status::Ok();
}

// An input zero point outside int8.
Status MakeInvalidTransposeConv2d(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeTransposeConv2d(0, buffers, out));
  out->params.transpose_conv2d.input_zero_point = 128;
  return Status::Ok();
}

}  // namespace

extern const Sweep kTransposeConv2dSweep = {
    OpKind::kTransposeConv2d, kFixedCases + kRandomCases + kOutsideCases + kPhaseCases,
    &MakeTransposeConv2d, &MakeInvalidTransposeConv2d};

}  // namespace arenastore::kernels::sweep
