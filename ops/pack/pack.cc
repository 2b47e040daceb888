#include "ops/pack/pack.h"

#include "kernels/kernel_rows.h"
#include "ops/pack/ref.h"

namespace arenastore::kernels {

Status CheckPackParams(const PackParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.num_inputs >= 1 && p.num_inputs <= kMaxOpInputs,
                          "%d inputs, not in [1, %d]", p.num_inputs, kMaxOpInputs);
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.copy_size >= 0,
                          "negative outer %d or copy %d size", p.outer_size, p.copy_size);
  return Status::Ok();
}

Status CheckPackCall(const PackParams& p, const int8_t* const* inputs, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckPackParams(p, kernel));
  const bool empty = p.outer_size == 0 || p.copy_size == 0;
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    ARENASTORE_CHECK_PARAMS(kernel, empty || inputs[k] != nullptr, "input %d of %d is missing", k,
                            p.num_inputs);
  }
  return Status::Ok();
}

// The params count bytes, so the same copy moves int16 (16x8) elements.
extern const OpKernels kPackKernels =
    RefOnlyKernels<OpKind::kPack, &ref::PackScratchBytes, &ref::Pack, &ref::Pack>();

}  // namespace arenastore::kernels
