#include "ops/add_n/add_n.h"

#include "kernels/kernel_rows.h"
#include "ops/add_n/ref.h"

namespace arenastore::kernels {
// The largest left shift for which an offset int8 value (|v| <= 255) still fits int32.
constexpr int32_t kMaxLeftShift = 22;

Status CheckAddNParams(const AddNParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(
      kernel, p.num_inputs >= kAddNArity.min_inputs && p.num_inputs <= kMaxOpInputs,
      "%d inputs, not in [%d, %d]", p.num_inputs, kAddNArity.min_inputs, kMaxOpInputs);
  ARENASTORE_CHECK_PARAMS(kernel, p.element_count >= 0, "negative element_count %d",
                          p.element_count);
  ARENASTORE_CHECK_PARAMS(kernel, p.left_shift >= 0 && p.left_shift <= kMaxLeftShift,
                          "left_shift %d not in [0, %d]", p.left_shift, kMaxLeftShift);
  ARENASTORE_CHECK_PARAMS(kernel, IsRightShift(p.input_shift) && IsRightShift(p.output_shift),
                          "shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                          p.input_shift, p.output_shift);
  ARENASTORE_CHECK_PARAMS(kernel, IsInt8Offset(p.input_offset) && IsInt8Offset(p.output_offset),
                          "offsets %d, %d are not int8 zero points", p.input_offset,
                          p.output_offset);
  ARENASTORE_CHECK_PARAMS(kernel, p.activation_min <= p.activation_max,
                          "activation range [%d, %d] is empty", p.activation_min, p.activation_max);
  return Status::Ok();
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
