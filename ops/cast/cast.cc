#include "ops/cast/cast.h"

#include "kernels/kernel_rows.h"
#include "ops/cast/ref.h"

namespace arenastore::kernels {

Status CheckCastParams(const CastParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  ARENASTORE_CHECK_PARAMS(kernel,
                          IsIntegerType(p.input_type) && (IsIntegerType(p.output_type) ||
                                                          p.output_type == ElementType::kFloat32),
                          "types %d -> %d not supported", static_cast<int>(p.input_type),
                          static_cast<int>(p.output_type));
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kCast>;

// One kernel serves every input type; the params say which (int32 inputs use the int8 row:
// kernels are keyed by whether their activations are int16).
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::CastScratchBytes, &ref::Cast>(),
    Rows::Int16Row<Isa::kRef, &ref::CastScratchBytes, &ref::Cast>(),
};
extern const OpKernels kCastKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
