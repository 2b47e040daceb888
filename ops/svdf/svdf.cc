#include "ops/svdf/svdf.h"

#include "kernels/kernel_rows.h"
#include "ops/svdf/ref.h"

namespace arenastore::kernels {

Status CheckSvdfParams(const SvdfParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.batches >= 1 && p.input_size >= 1 && p.memory >= 1 && p.rank >= 1 &&
                              p.filters >= p.rank && p.filters % p.rank == 0,
                          "batches %d, input_size %d, memory %d must be positive and "
                          "filters %d a positive multiple of rank %d",
                          p.batches, p.input_size, p.memory, p.filters, p.rank);
  // Every index the kernel forms fits int32 (2^24 elements is far above any recurrent layer).
  constexpr int64_t kMaxElements = int64_t{1} << 24;
  ARENASTORE_CHECK_PARAMS(kernel,
                          int64_t{p.batches} * p.filters * p.memory <= kMaxElements &&
                              int64_t{p.filters} * p.input_size <= kMaxElements &&
                              int64_t{p.batches} * p.input_size <= kMaxElements,
                          "operands exceed 2^24 elements");
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.state_type == ElementType::kInt8 || p.state_type == ElementType::kInt16,
                          "the state must be int8 or int16");
  auto in_int8 = [](int32_t zero_point) { return zero_point >= -128 && zero_point <= 127; };
  ARENASTORE_CHECK_PARAMS(
      kernel,
      in_int8(p.input_zero_point) && in_int8(p.output_zero_point) &&
          (p.state_type == ElementType::kInt8 ? in_int8(p.state_zero_point)
                                              : p.state_zero_point == 0),
      "zero points (input %d, state %d, output %d) outside their types (int16 state: 0)",
      p.input_zero_point, p.state_zero_point, p.output_zero_point);
  ARENASTORE_CHECK_PARAMS(kernel, IsValidShift(p.feature_shift) && IsValidShift(p.time_shift),
                          "shifts %d, %d not in [-31, 30]", p.feature_shift, p.time_shift);
  return Status::Ok();
}

extern const OpKernels kSvdfKernels =
    RefOnlyKernels<OpKind::kSvdf, &ref::SvdfScratchBytes, &ref::Svdf>();

}  // namespace arenastore::kernels
