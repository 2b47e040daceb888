// conv2d's variant sweep (tests/ops/variant_sweep.h): groups, strides, dilations, padding
// beyond SAME, 1x1 direct paths with channel counts off the 4- and 16-lane grids, zero points at
// the int8 edges, per-channel saturating scales, bias at the int32 edges or absent.
// Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7001;

Status MakeConv2d(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  const bool pointwise = index % 4 == 0;
  Conv2dParams& p = out->params.conv2d;
  p = {};
  do {
    p.batches = rng.Uniform(1, 2);
    p.input_h = rng.Uniform(1, 9);
    p.input_w = rng.Uniform(1, 9);
    p.groups = !pointwise && rng.Chance(25) ? rng.Uniform(2, 3) : 1;
    p.input_c = rng.Uniform(1, pointwise ? 37 : 11) * p.groups;
    p.output_c = rng.Uniform(1, 9) * p.groups;
    p.filter_h = pointwise ? 1 : rng.Uniform(1, 4);
    p.filter_w = pointwise ? 1 : rng.Uniform(1, 4);
    p.stride_h = rng.Uniform(1, 3);
    p.stride_w = rng.Chance(70) ? p.stride_h : rng.Uniform(1, 3);
    p.dilation_h = rng.Chance(75) ? 1 : 2;
    p.dilation_w = rng.Chance(75) ? p.dilation_h : rng.Uniform(1, 2);
    p.pad_top = pointwise ? 0 : rng.Uniform(0, 2);
    p.pad_left = pointwise ? 0 : rng.Uniform(0, 2);
    const int32_t pad_bottom = pointwise ? 0 : rng.Uniform(0, 2);
    const int32_t pad_right = pointwise ? 0 : rng.Uniform(0, 2);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  p.input_zero_point = rng.ZeroPoint();
  p.output_zero_point = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
  const ConvSizes sizes = {
      static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c,
      static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * (p.input_c / p.groups),
      static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c, p.output_c,
      p.filter_h * p.filter_w * p.input_c / p.groups};
  ARENASTORE_RETURN_IF_ERROR(FillConvCase(rng, buffers, OpKind::kConv2d, sizes, &p.requant, out));
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

extern const Sweep kConv2dSweep = {OpKind::kConv2d, 400, &MakeConv2d, &MakeInvalidConv2d};

}  // namespace arenastore::kernels::sweep
