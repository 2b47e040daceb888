#include "ops/add/add.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/add/arm_dsp.h"
#include "ops/add/arm_mve.h"
#include "ops/add/ref.h"
#include "ops/add/x86.h"

namespace arenastore::kernels {
namespace {

// The largest left shift for which two shifted int8 offset values still sum inside int32.
constexpr int32_t kMaxLeftShift = 22;

}  // namespace

Status CheckAddParams(const AddParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_OR_RETURN(p.left_shift >= 0 && p.left_shift <= kMaxLeftShift,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, %d]",
                             kernel, p.left_shift, kMaxLeftShift);
  auto is_right_shift = [](int32_t shift) { return shift <= 0 && shift >= -31; };
  ARENASTORE_CHECK_OR_RETURN(is_right_shift(p.input1_shift) && is_right_shift(p.input2_shift) &&
                                 is_right_shift(p.output_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: shifts %d, %d, %d must lie in [-31, 0] (multipliers below one)",
                             kernel, p.input1_shift, p.input2_shift, p.output_shift);
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input1_offset) && is_offset(p.input2_offset) && is_offset(p.output_offset),
      ErrorCode::kKernelInvalidParams, "%s: offsets %d, %d, %d are not int8 zero points", kernel,
      p.input1_offset, p.input2_offset, p.output_offset);
  ARENASTORE_CHECK_OR_RETURN(p.activation_min <= p.activation_max, ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", kernel, p.activation_min,
                             p.activation_max);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<&OpParams::add, kAddArity.min_inputs>;

#if ARENASTORE_REGISTER_X86 && defined(__x86_64__)
// The split form (kernels/kernel_state.h): the checks, broadcast walk and output table built once.
using X86Avx512VnniSplit =
    SplitForm<&OpParams::add, &x86_avx512vnni::AddPrepare, &x86_avx512vnni::AddRunPrepared,
              &x86_avx512vnni::AddSplitScratchBytes, 0>;
constexpr const SplitKernel* kX86Avx512VnniSplit = &X86Avx512VnniSplit::kSplit;
#else
constexpr const SplitKernel* kX86Avx512VnniSplit = nullptr;
#endif

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::AddScratchBytes, &ref::Add>(OpKind::kAdd, KernelDtype::kInt8,
                                                           "add/ref"),
    Rows::Row<Isa::kArmDsp, &arm_dsp::AddScratchBytes, ARENASTORE_ARM_DSP_EVAL(&arm_dsp::Add)>(
        OpKind::kAdd, KernelDtype::kInt8, "add/arm_dsp"),
    Rows::Row<Isa::kArmMve, &arm_mve::AddScratchBytes, ARENASTORE_ARM_MVE_EVAL(&arm_mve::Add)>(
        OpKind::kAdd, KernelDtype::kInt8, "add/arm_mve"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::AddScratchBytes, ARENASTORE_X86_EVAL(&x86_avx2::Add)>(
        OpKind::kAdd, KernelDtype::kInt8, "add/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::AddScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::Add)>(OpKind::kAdd, KernelDtype::kInt8,
                                                         "add/x86_avx512vnni", kX86Avx512VnniSplit),
#endif
};
static_assert(StartsWithRef(kEntries),
              "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kAddKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
