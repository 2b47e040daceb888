#include "ops/softmax/softmax.h"

#include "kernels/kernel_rows.h"
#include "ops/softmax/ref.h"
#include "ops/softmax/x86_avx512vnni.h"

namespace arenastore::kernels {

Status CheckSoftmaxParams(const SoftmaxParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.depth >= 1,
                          "%d rows of depth %d (depth must be at least 1)", p.outer_size, p.depth);
  // The planner's multiplier is "greater than one": a left shift, never a right shift.
  ARENASTORE_CHECK_PARAMS(kernel, p.input_left_shift >= 0 && p.input_left_shift <= 30,
                          "input_left_shift %d not in [0, 30]", p.input_left_shift);
  ARENASTORE_CHECK_PARAMS(kernel, p.diff_min <= 0, "diff_min %d must not be positive", p.diff_min);
  ARENASTORE_CHECK_PARAMS(
      kernel, p.output_type == ElementType::kInt8 || p.output_type == ElementType::kInt16,
      "output type %d is neither int8 nor int16", static_cast<int>(p.output_type));
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kSoftmax>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::SoftmaxScratchBytes, &ref::Softmax>(),
    Rows::Int16Row<Isa::kRef, &ref::SoftmaxScratchBytes, &ref::SoftmaxInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::SoftmaxScratchBytes,
              &x86_avx512vnni::Softmax>(),
#endif
};
extern const OpKernels kSoftmaxKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
