#include "ops/cumsum/cumsum.h"

#include "kernels/kernel_rows.h"
#include "ops/cumsum/ref.h"

namespace arenastore::kernels {
namespace {

// The largest left shift for which an offset int8 value (|v| <= 255) still fits int32.
constexpr int32_t kMaxLeftShift = 22;

}  // namespace

Status CheckCumsumParams(const CumsumParams& p, const char* kernel) {
  ARENASTORE_CHECK_OR_RETURN(p.outer_size >= 0 && p.axis_size >= 0 && p.inner_size >= 0,
                             ErrorCode::kKernelInvalidParams,
                             "%s: negative size (outer %d, axis %d, inner %d)", kernel,
                             p.outer_size, p.axis_size, p.inner_size);
  ARENASTORE_CHECK_OR_RETURN(
      (p.exclusive == 0 || p.exclusive == 1) && (p.reverse == 0 || p.reverse == 1),
      ErrorCode::kKernelInvalidParams, "%s: exclusive %d and reverse %d must be 0 or 1", kernel,
      p.exclusive, p.reverse);
  ARENASTORE_CHECK_OR_RETURN(p.left_shift >= 0 && p.left_shift <= kMaxLeftShift,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, %d]",
                             kernel, p.left_shift, kMaxLeftShift);
  auto is_right_shift = [](int32_t shift) { return shift <= 0 && shift >= -31; };
  ARENASTORE_CHECK_OR_RETURN(is_right_shift(p.input_shift) && is_right_shift(p.output_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                             kernel, p.input_shift, p.output_shift);
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input_offset) && is_offset(p.output_offset), ErrorCode::kKernelInvalidParams,
      "%s: offsets %d, %d are not int8 zero points", kernel, p.input_offset, p.output_offset);
  ARENASTORE_CHECK_OR_RETURN(p.activation_min <= p.activation_max, ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", kernel, p.activation_min,
                             p.activation_max);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<OpKind::kCumsum>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::CumsumScratchBytes, &ref::Cumsum>(),
};

}  // namespace

extern const OpKernels kCumsumKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
