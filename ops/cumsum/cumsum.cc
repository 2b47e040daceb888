#include "ops/cumsum/cumsum.h"

#include "kernels/kernel_rows.h"
#include "ops/cumsum/ref.h"

namespace arenastore::kernels {
// The largest left shift for which an offset int8 value (|v| <= 255) still fits int32.
constexpr int32_t kMaxLeftShift = 22;

Status CheckCumsumParams(const CumsumParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.axis_size >= 0 && p.inner_size >= 0,
                          "negative size (outer %d, axis %d, inner %d)", p.outer_size, p.axis_size,
                          p.inner_size);
  ARENASTORE_CHECK_PARAMS(
      kernel, (p.exclusive == 0 || p.exclusive == 1) && (p.reverse == 0 || p.reverse == 1),
      "exclusive %d and reverse %d must be 0 or 1", p.exclusive, p.reverse);
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

extern const OpKernels kCumsumKernels =
    RefOnlyKernels<OpKind::kCumsum, &ref::CumsumScratchBytes, &ref::Cumsum>();

}  // namespace arenastore::kernels
