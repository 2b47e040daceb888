#include "ops/concatenation/concatenation.h"

#include "kernels/kernel_rows.h"
#include "ops/concatenation/ref.h"
#include "ops/concatenation/x86.h"

namespace arenastore::kernels {

Status CheckConcatenationParams(const ConcatenationParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.num_inputs >= 1 && p.num_inputs <= kMaxOpInputs,
                          "%d inputs, not in [1, %d]", p.num_inputs, kMaxOpInputs);
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.inner_size >= 0,
                          "negative outer %d or inner %d size", p.outer_size, p.inner_size);
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    ARENASTORE_CHECK_PARAMS(kernel, p.input_axis_sizes[k] >= 0,
                            "input %d has negative axis size %d", k, p.input_axis_sizes[k]);
  }
  return Status::Ok();
}

Status CheckConcatenationCall(const ConcatenationParams& p, const int8_t* const* inputs,
                              const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckConcatenationParams(p, kernel));
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    const bool empty = p.outer_size == 0 || p.inner_size == 0 || p.input_axis_sizes[k] == 0;
    ARENASTORE_CHECK_PARAMS(kernel, empty || inputs[k] != nullptr, "input %d of %d is missing", k,
                            p.num_inputs);
  }
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kConcatenation>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ConcatenationScratchBytes, &ref::Concatenation>(),
    // The params count bytes, so the same copy moves int16 (16x8) elements; x86 runs it too.
    Rows::Int16Row<Isa::kRef, &ref::ConcatenationScratchBytes, &ref::Concatenation>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::ConcatenationScratchBytes, &x86_avx2::Concatenation>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::ConcatenationScratchBytes,
              &x86_avx512vnni::Concatenation>(),
#endif
};
extern const OpKernels kConcatenationKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
