#include "ops/prelu/prelu.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/prelu/ref.h"

namespace arenastore::kernels {

Status CheckPreluParams(const PreluParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  auto is_shift = [](int32_t shift) { return shift >= -31 && shift <= 30; };
  ARENASTORE_CHECK_OR_RETURN(
      is_shift(p.positive_shift) && is_shift(p.negative_shift), ErrorCode::kKernelInvalidParams,
      "%s: shifts %d, %d must lie in [-31, 30]", kernel, p.positive_shift, p.negative_shift);
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input1_offset) && is_offset(p.input2_offset) && is_offset(p.output_offset),
      ErrorCode::kKernelInvalidParams, "%s: offsets %d, %d, %d are not int8 zero points", kernel,
      p.input1_offset, p.input2_offset, p.output_offset);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<&OpParams::prelu, kPreluArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::PreluScratchBytes, &ref::Prelu>(OpKind::kPrelu, KernelDtype::kInt8,
                                                               "prelu/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kPreluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
