#include "ops/div/div.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/div/ref.h"

namespace arenastore::kernels {

Status CheckDivParams(const DivParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_PARAMS(
      kernel, p.output_shift >= kMinDivOutputShift && p.output_shift <= kMaxDivOutputShift,
      "output_shift %d not in [%d, %d]", p.output_shift, kMinDivOutputShift, kMaxDivOutputShift);
  ARENASTORE_CHECK_PARAMS(kernel, p.output_multiplier >= 0, "output_multiplier %d is negative",
                          p.output_multiplier);
  ARENASTORE_CHECK_PARAMS(kernel,
                          IsInt8Offset(p.input1_offset) && IsInt8Offset(p.input2_offset) &&
                              IsInt8Offset(p.output_offset),
                          "offsets %d, %d, %d are not int8 zero points", p.input1_offset,
                          p.input2_offset, p.output_offset);
  ARENASTORE_CHECK_PARAMS(kernel, p.activation_min <= p.activation_max,
                          "activation range [%d, %d] is empty", p.activation_min, p.activation_max);
  return Status::Ok();
}

extern const OpKernels kDivKernels =
    RefOnlyKernels<OpKind::kDiv, &ref::DivScratchBytes, &ref::Div>();

}  // namespace arenastore::kernels
