#include "ops/split/split.h"

#include "kernels/kernel_rows.h"
#include "ops/split/ref.h"

namespace arenastore::kernels {

Status CheckSplitParams(const SplitParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.num_outputs >= 1 && p.num_outputs <= kMaxOpOutputs,
                          "%d outputs, not in [1, %d]", p.num_outputs, kMaxOpOutputs);
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.inner_size >= 0,
                          "negative outer %d or inner %d size", p.outer_size, p.inner_size);
  for (int32_t k = 0; k < p.num_outputs; ++k) {
    ARENASTORE_CHECK_PARAMS(kernel, p.sizes[k] >= 0, "part %d has size %d", k, p.sizes[k]);
  }
  return Status::Ok();
}

Status CheckSplitCall(const SplitParams& p, int8_t* const* outputs, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckSplitParams(p, kernel));
  for (int32_t k = 0; k < p.num_outputs; ++k) {
    ARENASTORE_CHECK_PARAMS(kernel, outputs[k] != nullptr, "output %d of %d is missing", k,
                            p.num_outputs);
  }
  return Status::Ok();
}

// The params count bytes, so the same copy moves int16 (16x8) elements.
extern const OpKernels kSplitKernels =
    RefOnlyKernels<OpKind::kSplit, &ref::SplitScratchBytes, &ref::Split, &ref::Split>();

}  // namespace arenastore::kernels
