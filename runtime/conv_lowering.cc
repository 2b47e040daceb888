#include "runtime/conv_lowering.h"

namespace arenastore::runtime {

void BindRequant(const schema::Requantization& requant, kernels::Requantization* out) {
  out->multipliers = requant.multiplier()->data();
  out->shifts = requant.shift()->data();
  out->count = static_cast<int32_t>(requant.multiplier()->size());
}

bool ExpectSlidingConv(const OpChecker& c, const Nhwc& o, int32_t output_c, const SlidingConv& s) {
  if (!c.ExpectNhwcOutput(*o.input, *o.output, output_c)) return false;
  if (!c.ExpectBias(o.bias, output_c)) return false;
  if (!c.ExpectEnums(s.padding, s.activation)) return false;
  if (!c.ExpectWindow({"h", Dim(*o.input, 1), Dim(*o.output, 1), Dim(*o.filter, 1), s.stride_h,
                       s.dilation_h, s.pad_top}))
    return false;
  if (!c.ExpectWindow({"w", Dim(*o.input, 2), Dim(*o.output, 2), Dim(*o.filter, 2), s.stride_w,
                       s.dilation_w, s.pad_left}))
    return false;
  if (!c.ExpectActivationRange(s.activation_min, s.activation_max)) return false;
  return c.ExpectRequant(s.requant, output_c, false);
}

}  // namespace arenastore::runtime
