#include "ops/add_n/add_n.h"

#include "kernels/kernel_rows.h"
#include "ops/add_n/ref.h"

namespace arenastore::kernels {
namespace {

// The largest left shift for which an offset int8 value (|v| <= 255) still fits int32.
constexpr int32_t kMaxLeftShift = 22;

}  // namespace

Status CheckAddNParams(const AddNParams& p, const char* kernel) {
  ARENASTORE_CHECK_OR_RETURN(p.num_inputs >= kAddNArity.min_inputs && p.num_inputs <= kMaxOpInputs,
                             ErrorCode::kKernelInvalidParams, "%s: %d inputs, not in [%d, %d]",
                             kernel, p.num_inputs, kAddNArity.min_inputs, kMaxOpInputs);
  ARENASTORE_CHECK_OR_RETURN(p.element_count >= 0, ErrorCode::kKernelInvalidParams,
                             "%s: negative element_count %d", kernel, p.element_count);
  ARENASTORE_CHECK_OR_RETURN(p.left_shift >= 0 && p.left_shift <= kMaxLeftShift,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, %d]",
                             kernel, p.left_shift, kMaxLeftShift);
  auto is_right_shift = [](int32_t shift) { return shift <= 0 && shift >= -31; };
  ARENASTORE_CHECK_OR_RETURN(is_right_shift(p.input_shift) && is_right_shift(p.output_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                             kernel, p.input_shift, p.output_shift);
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input_offset) && is_offset(p.output_offset), ErrorCode::kKernelInvalidParams,
      "%s: offsets %d, %d are not int8 zero points", kernel, p.input_offset, p.output_offset);
  ARENASTORE_CHECK_OR_RETURN(p.activation_min <= p.activation_max, ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", kernel, p.activation_min,
                             p.activation_max);
  return Status::Ok();
}

Status CheckAddNCall(const AddNParams& p, const int8_t* const* inputs, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckAddNParams(p, kernel));
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    ARENASTORE_CHECK_OR_RETURN(p.element_count == 0 || inputs[k] != nullptr,
                               ErrorCode::kKernelInvalidParams, "%s: input %d of %d is missing",
                               kernel, k, p.num_inputs);
  }
  return Status::Ok();
}

namespace {

using Rows = KernelRows<OpKind::kAddN>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::AddNScratchBytes, &ref::AddN>(),
};

}  // namespace

extern const OpKernels kAddNKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
