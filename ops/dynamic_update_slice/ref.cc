#include "ops/dynamic_update_slice/ref.h"

#include <cstring>

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "dynamic_update_slice/ref";

// One walk for both widths: T is the element (int8 or int16) operand, update and output hold.
template <typename T>
Status DynamicUpdateSliceOf(const DynamicUpdateSliceParams& params, const T* operand,
                            const T* update, T* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DynamicUpdateSliceScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDynamicUpdateSliceParams(params, kName));
  const int32_t rank = params.rank;
  int64_t operand_elements = 1, update_elements = 1;
  for (int32_t d = 0; d < rank; ++d) {
    operand_elements *= params.operand[d];
    update_elements *= params.update[d];
  }
  // memmove: the planner may place the output over the operand.
  if (output != operand)
    std::memmove(output, operand, static_cast<size_t>(operand_elements) * sizeof(T));
  if (update_elements == 0) return Status::Ok();
  if (rank == 0) {
    output[0] = update[0];
    return Status::Ok();
  }
  int32_t output_stride[kMaxDynamicUpdateSliceRank] = {};
  output_stride[rank - 1] = 1;
  for (int32_t d = rank - 2; d >= 0; --d)
    output_stride[d] = output_stride[d + 1] * params.operand[d + 1];
  // Walk the update's rows (every dim but the last) with an odometer; each row is contiguous in
  // both tensors.
  const int32_t row = params.update[rank - 1];
  const int64_t rows = update_elements / row;
  int32_t at[kMaxDynamicUpdateSliceRank] = {};
  for (int64_t r = 0; r < rows; ++r) {
    int64_t offset = params.start[rank - 1];
    for (int32_t d = 0; d < rank - 1; ++d) {
      offset += int64_t{params.start[d] + at[d]} * output_stride[d];
    }
    // memmove: a hostile artifact may overlap the update with the output; never undefined.
    std::memmove(output + offset, update + r * row, static_cast<size_t>(row) * sizeof(T));
    for (int32_t d = rank - 2; d >= 0; --d) {
      if (++at[d] < params.update[d]) break;
      at[d] = 0;
    }
  }
  return Status::Ok();
}

}  // namespace

size_t DynamicUpdateSliceScratchBytes(const DynamicUpdateSliceParams&) { return 0; }

Status DynamicUpdateSlice(const DynamicUpdateSliceParams& params, const int8_t* operand,
                          const int8_t* update, int8_t* output, std::span<uint8_t> scratch) {
  return DynamicUpdateSliceOf(params, operand, update, output, scratch);
}

Status DynamicUpdateSliceInt16(const DynamicUpdateSliceParams& params, const int16_t* operand,
                               const int16_t* update, int16_t* output, std::span<uint8_t> scratch) {
  return DynamicUpdateSliceOf(params, operand, update, output, scratch);
}

}  // namespace arenastore::kernels::ref
