#include "ops/sub/sub.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/sub/ref.h"
#include "ops/sub/x86.h"

namespace arenastore::kernels {
namespace {

// The largest left shift for which two shifted int8 offset values still differ inside int32.
constexpr int32_t kMaxLeftShift = 22;

}  // namespace

Status CheckSubParams(const SubParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_OR_RETURN(p.left_shift >= 0 && p.left_shift <= kMaxLeftShift,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, %d]",
                             kernel, p.left_shift, kMaxLeftShift);
  auto is_right_shift = [](int32_t shift) { return shift <= 0 && shift >= -31; };
  ARENASTORE_CHECK_OR_RETURN(is_right_shift(p.input1_shift) && is_right_shift(p.input2_shift) &&
                                 is_right_shift(p.output_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: shifts %d, %d, %d must lie in [-31, 0] (multipliers below one)",
                             kernel, p.input1_shift, p.input2_shift, p.output_shift);
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input1_offset) && is_offset(p.input2_offset) && is_offset(p.output_offset),
      ErrorCode::kKernelInvalidParams, "%s: offsets %d, %d, %d are not int8 zero points", kernel,
      p.input1_offset, p.input2_offset, p.output_offset);
  ARENASTORE_CHECK_OR_RETURN(p.activation_min <= p.activation_max, ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", kernel, p.activation_min,
                             p.activation_max);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<&OpParams::sub, kSubArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::SubScratchBytes, &ref::Sub>(OpKind::kSub, KernelDtype::kInt8,
                                                           "sub/ref"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::SubScratchBytes, ARENASTORE_X86_EVAL(&x86_avx2::Sub)>(
        OpKind::kSub, KernelDtype::kInt8, "sub/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::SubScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::Sub)>(OpKind::kSub, KernelDtype::kInt8,
                                                         "sub/x86_avx512vnni"),
#endif
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kSubKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
