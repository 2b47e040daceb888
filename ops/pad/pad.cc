#include "ops/pad/pad.h"

#include "kernels/kernel_rows.h"
#include "ops/pad/ref.h"
#include "ops/pad/x86.h"

namespace arenastore::kernels {

namespace {

Status CheckPadParamsWithin(const PadParams& p, const char* kernel, int32_t low, int32_t high) {
  ARENASTORE_CHECK_PARAMS(kernel, p.rank >= 1 && p.rank <= kMaxPadRank, "rank %d not in [1, %d]",
                          p.rank, kMaxPadRank);
  ARENASTORE_CHECK_PARAMS(kernel, p.pad_value >= low && p.pad_value <= high,
                          "pad value %d is not in [%d, %d]", p.pad_value, low, high);
  for (int32_t d = 0; d < p.rank; ++d) {
    ARENASTORE_CHECK_PARAMS(kernel, p.input_shape[d] >= 0 && p.before[d] >= 0 && p.after[d] >= 0,
                            "dimension %d: size %d, padding %d/%d must not be negative", d,
                            p.input_shape[d], p.before[d], p.after[d]);
  }
  return Status::Ok();
}

}  // namespace

Status CheckPadParams(const PadParams& p, const char* kernel) {
  return CheckPadParamsWithin(p, kernel, INT8_MIN, INT8_MAX);
}

Status CheckInt16PadParams(const PadParams& p, const char* kernel) {
  return CheckPadParamsWithin(p, kernel, INT16_MIN, INT16_MAX);
}

using Rows = KernelRows<OpKind::kPad>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::PadScratchBytes, &ref::Pad>().WithOverInput(
        &Rows::kForm<Isa::kRef, &ref::PadOverInputApplies, &ref::PadScratchBytes, &ref::Pad>),
    // int16 (16x8) elements: the same loop nest over 2-byte elements, a 2-byte fill.
    Rows::Int16Row<Isa::kRef, &ref::PadScratchBytes, &ref::PadInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::PadScratchBytes, &x86_avx2::Pad>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::PadScratchBytes, &x86_avx512vnni::Pad>(),
#endif
};
extern const OpKernels kPadKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
