#include "ops/add_n/add_n.h"

#include "kernels/kernel_rows.h"
#include "kernels/uniform_rescale_check.h"
#include "ops/add_n/ref.h"

namespace arenastore::kernels {

Status CheckAddNParams(const AddNParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(
      kernel, p.num_inputs >= kAddNArity.min_inputs && p.num_inputs <= kMaxOpInputs,
      "%d inputs, not in [%d, %d]", p.num_inputs, kAddNArity.min_inputs, kMaxOpInputs);
  ARENASTORE_CHECK_PARAMS(kernel, p.element_count >= 0, "negative element_count %d",
                          p.element_count);
  return CheckUniformRescale(p, kernel);
}

Status CheckAddNCall(const AddNParams& p, const int8_t* const* inputs, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckAddNParams(p, kernel));
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    ARENASTORE_CHECK_PARAMS(kernel, p.element_count == 0 || inputs[k] != nullptr,
                            "input %d of %d is missing", k, p.num_inputs);
  }
  return Status::Ok();
}

extern const OpKernels kAddNKernels =
    RefOnlyKernels<OpKind::kAddN, &ref::AddNScratchBytes, &ref::AddN>();

}  // namespace arenastore::kernels
