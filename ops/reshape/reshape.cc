#include "ops/reshape/reshape.h"

#include "kernels/kernel_rows.h"
#include "ops/reshape/ref.h"

namespace arenastore::kernels {

Status CheckReshapeParams(const ReshapeParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.bytes >= 0, "negative size %d", p.bytes);
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kReshape, kReshapeArity.max_inputs>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ReshapeScratchBytes, &ref::Reshape>(),
    // Bytes are bytes: the same copy serves int16 (16x8) activations.
    Rows::Int16Row<Isa::kRef, &ref::ReshapeScratchBytes, &ref::Reshape>(),
};
extern const OpKernels kReshapeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
