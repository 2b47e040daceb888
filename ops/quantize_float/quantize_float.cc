#include "ops/quantize_float/quantize_float.h"

#include "kernels/kernel_rows.h"
#include "ops/quantize_float/ref.h"

namespace arenastore::kernels {

Status CheckQuantizeFloatParams(const QuantizeFloatParams& p, const char* kernel) {
  ARENASTORE_CHECK_OR_RETURN(p.elements >= 0, ErrorCode::kKernelInvalidParams,
                             "%s: elements %d is negative", kernel, p.elements);
  ARENASTORE_CHECK_OR_RETURN(
      p.output_type == ElementType::kInt8 || p.output_type == ElementType::kInt16,
      ErrorCode::kKernelInvalidParams, "%s: output type %d is neither int8 nor int16", kernel,
      static_cast<int>(p.output_type));
  ARENASTORE_CHECK_OR_RETURN(
      p.zero_point >= MinOf(p.output_type) && p.zero_point <= MaxOf(p.output_type),
      ErrorCode::kKernelInvalidParams, "%s: zero point %d outside the output type", kernel,
      p.zero_point);
  ARENASTORE_CHECK_OR_RETURN(p.scale > 0.0f && p.scale <= 3.4e38f, ErrorCode::kKernelInvalidParams,
                             "%s: scale must be positive and finite", kernel);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<OpKind::kQuantizeFloat>;

// Kernels are keyed by their input's type; a float input is not int16, so this is the int8 row.
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::QuantizeFloatScratchBytes, &ref::QuantizeFloat>(),
};

}  // namespace

extern const OpKernels kQuantizeFloatKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
