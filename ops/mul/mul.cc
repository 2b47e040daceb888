#include "ops/mul/mul.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/mul/ref.h"
#include "ops/mul/x86.h"

namespace arenastore::kernels {

namespace {

// `max_offset` bounds the offsets (int8 zero points; 0 for int16, as TFLM's int16 MUL requires)
// and `max_shift` the left shift of the product (255 * 255 * 2^14 < 2^31 for int8; the int16
// product's shift wraps as MultiplyByQuantizedMultiplier's does).
Status CheckMulParamsWithin(const MulParams& p, const char* kernel, int32_t max_offset,
                            int32_t max_shift) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_RETURN_IF_ERROR(CheckBinaryOffsets(p, kernel, max_offset));
  ARENASTORE_CHECK_PARAMS(kernel, p.output_shift >= -31 && p.output_shift <= max_shift,
                          "output_shift %d not in [-31, %d]", p.output_shift, max_shift);
  ARENASTORE_CHECK_PARAMS(kernel, p.activation_min <= p.activation_max,
                          "activation range [%d, %d] is empty", p.activation_min, p.activation_max);
  return Status::Ok();
}

}  // namespace

Status CheckMulParams(const MulParams& p, const char* kernel) {
  return CheckMulParamsWithin(p, kernel, 128, 14);
}

Status ref::CheckInt16MulParams(const MulParams& p, const char* kernel) {
  return CheckMulParamsWithin(p, kernel, 0, 30);
}

using Rows = KernelRows<OpKind::kMul>;
// Every variant reads an element just before it writes that position, so each also runs over its
// first input where that input is not broadcast.
constexpr auto kFirstInputWhole = &ref::FirstInputNotBroadcast<MulParams>;
constexpr KernelEntry kEntries[] = {
    Rows::InPlaceRow<Isa::kRef, &ref::MulScratchBytes, &ref::Mul, kFirstInputWhole>(),
    Rows::Int16Row<Isa::kRef, &ref::MulScratchBytes, &ref::MulInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::InPlaceRow<Isa::kX86Avx2, &x86_avx2::MulScratchBytes, &x86_avx2::Mul, kFirstInputWhole>(),
    // Its split form (kernels/kernel_state.h): the checks, broadcast walk and output table built
    // once.
    Rows::SplitRow<Isa::kX86Avx512Vnni, &x86_avx512vnni::MulScratchBytes, &x86_avx512vnni::Mul,
                   &x86_avx512vnni::MulPrepare, &x86_avx512vnni::MulRunPrepared,
                   &x86_avx512vnni::MulSplitScratchBytes, 0, kFirstInputWhole>(),
#endif
};
extern const OpKernels kMulKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
