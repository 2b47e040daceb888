// The check of the fields the uniform-rescale ops share (add_n, cumsum: every element rescaled as
// ADD rescales its inputs, with one multiplier for all of them, then each sum requantized): the
// left shift's headroom, two multipliers below one, int8 offsets and the activation range. Used
// by those ops' params checks (ops/<op>/<op>.cc). Freestanding, header-only.
#pragma once

#include <cstdint>

#include "kernels/params_check.h"

namespace arenastore::kernels {

// `Params` has left_shift, input_shift, output_shift, input_offset, output_offset,
// activation_min and activation_max.
template <typename Params>
Status CheckUniformRescale(const Params& p, const char* kernel) {
  // The largest left shift for which an offset int8 value (|v| <= 255) still fits int32.
  constexpr int32_t kMaxLeftShift = 22;
  ARENASTORE_CHECK_PARAMS(kernel, p.left_shift >= 0 && p.left_shift <= kMaxLeftShift,
                          "left_shift %d not in [0, %d]", p.left_shift, kMaxLeftShift);
  ARENASTORE_CHECK_PARAMS(kernel, IsRightShift(p.input_shift) && IsRightShift(p.output_shift),
                          "shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                          p.input_shift, p.output_shift);
  ARENASTORE_CHECK_PARAMS(kernel, IsInt8Offset(p.input_offset) && IsInt8Offset(p.output_offset),
                          "offsets %d, %d are not int8 zero points", p.input_offset,
                          p.output_offset);
  ARENASTORE_CHECK_PARAMS(kernel, p.activation_min <= p.activation_max,
                          "activation range [%d, %d] is empty", p.activation_min, p.activation_max);
  return Status::Ok();
}

}  // namespace arenastore::kernels
