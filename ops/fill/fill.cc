#include "ops/fill/fill.h"

#include "kernels/kernel_rows.h"
#include "ops/fill/ref.h"

namespace arenastore::kernels {

Status CheckFillParams(const FillParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kFill>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::FillScratchBytes, &ref::Fill>(),
};
extern const OpKernels kFillKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
