#include "ops/split/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "split/ref";

}  // namespace

size_t SplitScratchBytes(const SplitParams&) { return 0; }

Status Split(const SplitParams& params, const int8_t* input, int8_t* const* outputs,
             std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SplitScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSplitCall(params, outputs, kName));
  for (ptrdiff_t outer = 0; outer < params.outer_size; ++outer) {
    for (int32_t k = 0; k < params.num_outputs; ++k) {
      const ptrdiff_t slab = ptrdiff_t{params.sizes[k]} * params.inner_size;
      int8_t* target = outputs[k] + outer * slab;
      if (target != input) {  // else the planner placed the part in the input's bytes
        for (ptrdiff_t i = 0; i < slab; ++i) target[i] = input[i];
      }
      input += slab;
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
