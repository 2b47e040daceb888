#include "ops/concatenation/ref.h"

#include "kernels/scratch_check.h"
#include "kernels/slab_interleave.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "concatenation/ref";

}  // namespace

size_t ConcatenationScratchBytes(const ConcatenationParams&) { return 0; }

Status Concatenation(const ConcatenationParams& params, const int8_t* const* inputs, int8_t* output,
                     std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ConcatenationScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConcatenationCall(params, inputs, kName));
  InterleaveSlabs(
      inputs, params.num_inputs, params.outer_size,
      [&](int32_t k) {
        return static_cast<ptrdiff_t>(params.input_axis_sizes[k]) * params.inner_size;
      },
      output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
