#include "ops/concatenation/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "concatenation/ref";

}  // namespace

size_t ConcatenationScratchBytes(const ConcatenationParams&) { return 0; }

Status Concatenation(const ConcatenationParams& params, const int8_t* const* inputs, int8_t* output,
                     std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ConcatenationScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConcatenationCall(params, inputs, kName));
  for (int32_t outer = 0; outer < params.outer_size; ++outer) {
    for (int32_t k = 0; k < params.num_inputs; ++k) {
      const ptrdiff_t slab = static_cast<ptrdiff_t>(params.input_axis_sizes[k]) * params.inner_size;
      const int8_t* source = inputs[k] + outer * slab;
      if (source != output) {  // else the planner had its producer write it in place
        for (ptrdiff_t i = 0; i < slab; ++i) output[i] = source[i];
      }
      output += slab;
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
