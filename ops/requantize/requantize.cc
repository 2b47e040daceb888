#include "ops/requantize/requantize.h"

#include "kernels/kernel_rows.h"
#include "ops/requantize/ref.h"

namespace arenastore::kernels {

Status CheckRequantizeParams(const RequantizeParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  // TFLM's QUANTIZE has no int32 -> int32 (its Prepare computes no multiplier there).
  ARENASTORE_CHECK_PARAMS(
      kernel,
      IsIntegerType(p.input_type) && IsIntegerType(p.output_type) &&
          !(p.input_type == ElementType::kInt32 && p.output_type == ElementType::kInt32),
      "types %d -> %d are not integer conversions", static_cast<int>(p.input_type),
      static_cast<int>(p.output_type));
  ARENASTORE_CHECK_PARAMS(
      kernel,
      p.input_zero_point >= MinOf(p.input_type) && p.input_zero_point <= MaxOf(p.input_type) &&
          p.output_zero_point >= MinOf(p.output_type) &&
          p.output_zero_point <= MaxOf(p.output_type),
      "zero points %d, %d outside their types", p.input_zero_point, p.output_zero_point);
  ARENASTORE_CHECK_PARAMS(kernel, p.multiplier >= 0 && p.shift >= -31 && p.shift <= 30,
                          "multiplier %d must be >= 0 and shift %d in [-31, 30]", p.multiplier,
                          p.shift);
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kRequantize>;

// One kernel serves every input type; the params say which (an int32 input uses the int8 row:
// kernels are keyed by whether their activations are int16).
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::RequantizeScratchBytes, &ref::Requantize>(),
    Rows::Int16Row<Isa::kRef, &ref::RequantizeScratchBytes, &ref::Requantize>(),
};
extern const OpKernels kRequantizeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
