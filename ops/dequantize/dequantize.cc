#include "ops/dequantize/dequantize.h"

#include "kernels/kernel_rows.h"
#include "ops/dequantize/ref.h"

namespace arenastore::kernels {

Status CheckDequantizeParams(const DequantizeParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  ARENASTORE_CHECK_PARAMS(
      kernel, p.input_type == ElementType::kInt8 || p.input_type == ElementType::kInt16,
      "input type %d is neither int8 nor int16", static_cast<int>(p.input_type));
  ARENASTORE_CHECK_PARAMS(
      kernel, p.zero_point >= MinOf(p.input_type) && p.zero_point <= MaxOf(p.input_type),
      "zero point %d outside the input type", p.zero_point);
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kDequantize>;

// One kernel serves both input types; the params say which.
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::DequantizeScratchBytes, &ref::Dequantize>(),
    Rows::Int16Row<Isa::kRef, &ref::DequantizeScratchBytes, &ref::Dequantize>(),
};
extern const OpKernels kDequantizeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
