#include "ops/div/div.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/div/ref.h"

namespace arenastore::kernels {

Status CheckDivParams(const DivParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_OR_RETURN(
      p.output_shift >= kMinDivOutputShift && p.output_shift <= kMaxDivOutputShift,
      ErrorCode::kKernelInvalidParams, "%s: output_shift %d not in [%d, %d]", kernel,
      p.output_shift, kMinDivOutputShift, kMaxDivOutputShift);
  ARENASTORE_CHECK_OR_RETURN(p.output_multiplier >= 0, ErrorCode::kKernelInvalidParams,
                             "%s: output_multiplier %d is negative", kernel, p.output_multiplier);
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

using Rows = KernelRows<OpKind::kDiv>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::DivScratchBytes, &ref::Div>(),
};

}  // namespace

extern const OpKernels kDivKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
