// average_pool2d's variant sweep (tests/ops/variant_sweep.h). First windows wider than the DSP
// variant's 256-pixel 16-bit run (255, 256, 257, 600 pixels), full of -128, 127 or -77 but the
// last pixel; then random windows, strides and padding below the filter size (every window keeps
// an input pixel), channel counts off the lane grids and around 64, one case in ten a global
// row pool up to 600 wide, one in twenty full of an extreme value, activation ranges wider than
// int8 one in ten. Then the x86 kernels' paths: 40x40 windows of -128, 127, -1 or 1 with ties to
// round away from zero; 1x1 windows (copy and clamp) under activation ranges inside, across and
// wholly outside int8; the all-ops example's layers (4x4 stride 1 on 11x11x8, 2x2 stride 2 on
// 8x8x16); window sizes around the 256-element int16 sum limit, clipped by padding or not, some
// full of an int8 edge; wide rows (output rows past the stack buffers, 200 to 600 channels past
// them, rows of 4, 8 or 16 channels at stride 2: the permuting gather). Windows over 65,536
// elements (the x86 double-precision division) do not fit the buffers: see
// tests/kernels/large_variant_cases_test.cc. Invalid: a window entirely in padding.
// Freestanding: also built into the device's kernel_check.
#include <cstring>

#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7301;
constexpr int32_t kWideWidths[] = {255, 256, 257, 600};
constexpr int8_t kWideValues[] = {-128, 127, -77};
constexpr int32_t kWideCases = 12;
constexpr int32_t kRandomCases = 400;
constexpr int8_t kTieValues[] = {-128, 127, -1, 1};
constexpr int32_t kTieCases = 4;
constexpr int32_t kOneByOneCases = 200;
struct Range {
  int32_t low, high;
};
constexpr Range kOneByOneRanges[] = {{-128, 127}, {-300, 300}, {200, 300},  {-400, -200},
                                     {-20, 40},   {0, 6},      {-150, -100}};
constexpr Pool2dParams kExampleLayers[] = {{1, 11, 11, 8, 4, 4, 8, 8, 1, 1, 0, 0, -128, 127},
                                           {1, 8, 8, 16, 2, 2, 4, 4, 2, 2, 0, 0, -128, 127}};
constexpr int32_t kExampleCases = 2;
constexpr int32_t kSumLimitFilters[][2] = {{16, 16}, {15, 17}, {8, 32},  {17, 16},
                                           {1, 256}, {256, 1}, {2, 129}, {16, 15}};
constexpr int32_t kSumLimitCasesPerFilter = 6;
constexpr int32_t kSumLimitCases = 8 * kSumLimitCasesPerFilter;
constexpr int32_t kWideRowCases = 100;
// Where each part of the sweep starts.
constexpr int32_t kTiesAt = kWideCases + kRandomCases;
constexpr int32_t kOneByOneAt = kTiesAt + kTieCases;
constexpr int32_t kExamplesAt = kOneByOneAt + kOneByOneCases;
constexpr int32_t kSumLimitAt = kExamplesAt + kExampleCases;
constexpr int32_t kWideRowsAt = kSumLimitAt + kSumLimitCases;
constexpr int32_t kCaseCount = kWideRowsAt + kWideRowCases;

// A global pool over two rows of `width` pixels, all at `value` but the last.
void WideWindow(int32_t width, int32_t channels, Pool2dParams& p) {
  p = Pool2dParams{1, 2, width, channels, 2, width, 1, 1, 1, 1, 0, 0, -128, 127};
}

void RandomWindow(Rng& rng, bool wide, Pool2dParams& p) {
  do {
    p.batches = rng.Uniform(1, 2);
    p.input_h = rng.Uniform(1, wide ? 2 : 9);
    p.input_w = wide ? rng.Uniform(250, 600) : rng.Uniform(1, 9);
    p.channels = wide             ? rng.Uniform(1, 9)
                 : rng.Chance(15) ? rng.Uniform(60, 70)
                 : rng.Chance(30) ? 8 * rng.Uniform(1, 8)
                                  : rng.Uniform(1, 13);
    p.filter_h = rng.Uniform(1, wide ? 2 : 4);
    p.filter_w = wide ? p.input_w : rng.Uniform(1, 4);
    p.stride_h = rng.Uniform(1, 3);
    p.stride_w = rng.Uniform(1, 3);
    p.pad_top = rng.Uniform(0, p.filter_h - 1);
    p.pad_left = wide ? 0 : rng.Uniform(0, p.filter_w - 1);
    const int32_t pad_bottom = rng.Uniform(0, p.filter_h - 1);
    const int32_t pad_right = wide ? 0 : rng.Uniform(0, p.filter_w - 1);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, 1, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, 1, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
}

// A window of the given size over an image up to 3 pixels larger, padded (below the filter
// size) or not; redrawn until it fits the sweep's buffers.
void ShapedWindow(Rng& rng, int32_t filter_h, int32_t filter_w, int32_t max_channels,
                  int32_t extra_w, Pool2dParams& p) {
  do {
    p.batches = rng.Uniform(1, 2);
    p.channels = rng.Uniform(1, max_channels);
    p.filter_h = filter_h;
    p.filter_w = filter_w;
    p.input_h = filter_h + rng.Uniform(0, 3);
    p.input_w = filter_w + rng.Uniform(0, extra_w);
    p.stride_h = rng.Uniform(1, 2);
    p.stride_w = rng.Uniform(1, 2);
    RandomPoolPadding(rng, rng.Chance(50), 0, p);
  } while (Pool2dInputBytes(p) > kDataBytes);
}

// The case's window by its part of the sweep.
void Window(Rng& rng, int32_t index, Pool2dParams& p) {
  if (index < kWideCases) return WideWindow(kWideWidths[index % 4], 7, p);
  if (index < kTiesAt) {
    RandomWindow(rng, /*wide=*/index % 10 == 0, p);
  } else if (index < kOneByOneAt) {
    p = Pool2dParams{rng.Uniform(1, 2), 40, 40, 19, 40, 40, 1, 1, 1, 1, 0, 0, -128, 127};
  } else if (index < kExamplesAt) {
    RandomWindow(rng, /*wide=*/false, p);
    p.channels = rng.Uniform(1, 150);
    p.filter_h = p.filter_w = 1;
    p.pad_top = p.pad_left = 0;
    p.output_h = OutputSize(p.input_h, 0, 0, 1, 1, p.stride_h);
    p.output_w = OutputSize(p.input_w, 0, 0, 1, 1, p.stride_w);
  } else if (index < kSumLimitAt) {
    p = kExampleLayers[index - kExamplesAt];
    return;
  } else if (index < kWideRowsAt) {
    const int32_t* filter = kSumLimitFilters[(index - kSumLimitAt) / kSumLimitCasesPerFilter];
    ShapedWindow(rng, filter[0], filter[1], filter[1] > 64 ? 4 : 40, 3, p);
  } else {
    RandomWideRowPool(rng, {200, 600, 4}, /*extra_percent=*/0, p);
  }
  if (rng.Chance(10)) {  // wider than int8: ref's clamp never binds
    p.activation_min = -300;
    p.activation_max = 300;
  } else {
    RandomActivation(rng, &p.activation_min, &p.activation_max);
  }
  if (index >= kOneByOneAt && index < kExamplesAt) {
    const Range range = kOneByOneRanges[rng.Uniform(0, 6)];
    p.activation_min = range.low;
    p.activation_max = range.high;
  }
}

// The input: random, but for the parts that fill it with extreme or tie-making values.
void Fill(Rng& rng, int32_t index, const Buffers& buffers, size_t input_bytes) {
  int8_t* input = buffers.input.data();
  rng.Fill(input, input_bytes);
  if (index < kWideCases) {
    const int8_t value = kWideValues[index / 4];
    std::memset(input, static_cast<uint8_t>(value), input_bytes);
    input[input_bytes - 1] = static_cast<int8_t>(-value / 2);
  } else if (index < kTiesAt) {
    if (index % 20 == 0) std::memset(input, index % 40 == 0 ? 0x80 : 0x7f, input_bytes);
  } else if (index < kOneByOneAt) {
    const int8_t value = kTieValues[index - kTiesAt];
    std::memset(input, static_cast<uint8_t>(value), input_bytes);
    for (size_t i = 0; i < input_bytes; i += 3) input[i] = static_cast<int8_t>(-value / 2);
  } else if (index >= kSumLimitAt && index < kWideRowsAt) {
    const int32_t nth = (index - kSumLimitAt) % kSumLimitCasesPerFilter;
    if (nth < 2) std::memset(input, nth == 0 ? 0x80 : 0x7f, input_bytes);
  }
}

Status MakeAveragePool2d(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  Pool2dParams& p = out->params.average_pool2d;
  p = {};
  Window(rng, index, p);
  ARENASTORE_RETURN_IF_ERROR(SetPool2dCase(OpKind::kAveragePool2d, p, buffers, out));
  Fill(rng, index, buffers, out->input_bytes[0]);
  return Status::Ok();
}

// A window entirely in the padding (nothing to average).
Status MakeInvalidAveragePool2d(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeAveragePool2d(0, buffers, out));
  WideWindow(4, 3, out->params.average_pool2d);
  out->params.average_pool2d.pad_left = 5;
  return Status::Ok();
}

}  // namespace

extern const Sweep kAveragePool2dSweep = {OpKind::kAveragePool2d, kCaseCount, &MakeAveragePool2d,
                                          &MakeInvalidAveragePool2d};

}  // namespace arenastore::kernels::sweep
