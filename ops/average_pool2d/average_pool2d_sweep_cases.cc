// average_pool2d's variant sweep (tests/ops/variant_sweep.h). First windows wider than the DSP
// variant's 256-pixel 16-bit run (255, 256, 257, 600 pixels), full of -128, 127 or -77 but the
// last pixel; then random windows, strides and padding below the filter size (every window keeps
// an input pixel), channel counts off the lane grids and around 64, one case in ten a global
// row pool up to 600 wide, one in twenty full of an extreme value. Freestanding: also built into
// the device's kernel_check.
#include <cstring>

#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7301;
constexpr int32_t kWideWidths[] = {255, 256, 257, 600};
constexpr int8_t kWideValues[] = {-128, 127, -77};
constexpr int32_t kWideCases = 12;
constexpr int32_t kRandomCases = 400;

// A global pool over two rows of `width` pixels, all at `value` but the last.
void WideWindow(int32_t width, int32_t channels, Pool2dParams& p) {
  p = Pool2dParams{1, 2, width, channels, 2, width, 1, 1, 1, 1, 0, 0, -128, 127};
}

void RandomWindow(Rng& rng, bool wide, Pool2dParams& p) {
  do {
    p.batches = rng.Uniform(1, 2);
    p.input_h = rng.Uniform(1, wide ? 2 : 9);
    p.input_w = wide ? rng.Uniform(250, 600) : rng.Uniform(1, 9);
    p.channels =
        wide ? rng.Uniform(1, 9) : (rng.Chance(15) ? rng.Uniform(60, 70) : rng.Uniform(1, 13));
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
  RandomActivation(rng, &p.activation_min, &p.activation_max);
}

Status MakeAveragePool2d(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  Pool2dParams& p = out->params.average_pool2d;
  p = {};
  const bool wide_window = index < kWideCases;
  if (wide_window) {
    WideWindow(kWideWidths[index % 4], 7, p);
  } else {
    RandomWindow(rng, /*wide=*/index % 10 == 0, p);
  }
  const size_t input_bytes = static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.channels;
  out->output_bytes = static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.channels;
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(input_bytes, 0, out->output_bytes, p.channels));
  out->params.kind = OpKind::kAveragePool2d;
  out->params.dtype = KernelDtype::kInt8;
  rng.Fill(buffers.input.data(), input_bytes);
  if (wide_window) {
    const int8_t value = kWideValues[index / 4];
    std::memset(buffers.input.data(), static_cast<uint8_t>(value), input_bytes);
    buffers.input[input_bytes - 1] = static_cast<int8_t>(-value / 2);
  } else if (index % 20 == 0) {
    std::memset(buffers.input.data(), index % 40 == 0 ? 0x80 : 0x7f, input_bytes);  // extreme sums
  }
  SetInputs(out, {buffers.input.data()});
  Format(out->shape, sizeof(out->shape), "n%d %dx%dx%d f%dx%d s%d,%d pad %d,%d oh%d ow%d",
         p.batches, p.input_h, p.input_w, p.channels, p.filter_h, p.filter_w, p.stride_h,
         p.stride_w, p.pad_top, p.pad_left, p.output_h, p.output_w);
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

extern const Sweep kAveragePool2dSweep = {OpKind::kAveragePool2d, kWideCases + kRandomCases,
                                          &MakeAveragePool2d, &MakeInvalidAveragePool2d};

}  // namespace arenastore::kernels::sweep
