#include "ops/quantize_float/quantize_float.h"

#include "kernels/kernel_rows.h"
#include "ops/quantize_float/ref.h"

namespace arenastore::kernels {

Status CheckQuantizeFloatParams(const QuantizeFloatParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  ARENASTORE_CHECK_PARAMS(
      kernel, p.output_type == ElementType::kInt8 || p.output_type == ElementType::kInt16,
      "output type %d is neither int8 nor int16", static_cast<int>(p.output_type));
  ARENASTORE_CHECK_PARAMS(
      kernel, p.zero_point >= MinOf(p.output_type) && p.zero_point <= MaxOf(p.output_type),
      "zero point %d outside the output type", p.zero_point);
  ARENASTORE_CHECK_PARAMS(kernel, p.scale > 0.0f && p.scale <= 3.4e38f,
                          "scale must be positive and finite");
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kQuantizeFloat>;

// Kernels are keyed by their input's type; a float input is not int16, so this is the int8 row.
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::QuantizeFloatScratchBytes, &ref::QuantizeFloat>().WithOverInput(
        &Rows::kForm<Isa::kRef, &ref::QuantizeFloatOverInputApplies,
                     &ref::QuantizeFloatScratchBytes, &ref::QuantizeFloat>),
};
extern const OpKernels kQuantizeFloatKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
