#include "ops/prelu/prelu.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/prelu/ref.h"

namespace arenastore::kernels {

namespace {

// `max_offset` bounds the input and output offsets (a zero point of the activations' type,
// negated); alpha is int8 at either width (TFLM's int16 PRELU requires it).
Status CheckPreluParamsWithin(const PreluParams& p, const char* kernel, int32_t max_offset) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_PARAMS(kernel, IsValidShift(p.positive_shift) && IsValidShift(p.negative_shift),
                          "shifts %d, %d must lie in [-31, 30]", p.positive_shift,
                          p.negative_shift);
  auto is_offset = [](int32_t offset, int32_t max) { return offset >= -max && offset <= max; };
  ARENASTORE_CHECK_PARAMS(kernel,
                          is_offset(p.input1_offset, max_offset) &&
                              is_offset(p.input2_offset, 128) &&
                              is_offset(p.output_offset, max_offset),
                          "offsets %d, %d, %d are not zero points of their types", p.input1_offset,
                          p.input2_offset, p.output_offset);
  return Status::Ok();
}

}  // namespace

Status CheckPreluParams(const PreluParams& p, const char* kernel) {
  return CheckPreluParamsWithin(p, kernel, 128);
}

Status ref::CheckInt16PreluParams(const PreluParams& p, const char* kernel) {
  return CheckPreluParamsWithin(p, kernel, 32768);
}

extern const OpKernels kPreluKernels =
    RefOnlyKernels<OpKind::kPrelu, &ref::PreluScratchBytes, &ref::Prelu, &ref::PreluInt16>();

}  // namespace arenastore::kernels
