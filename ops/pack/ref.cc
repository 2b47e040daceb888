#include "ops/pack/ref.h"

#include "kernels/scratch_check.h"
#include "kernels/slab_interleave.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "pack/ref";

}  // namespace

size_t PackScratchBytes(const PackParams&) { return 0; }

Status Pack(const PackParams& params, const int8_t* const* inputs, int8_t* output,
            std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), PackScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckPackCall(params, inputs, kName));
  const ptrdiff_t slab = params.copy_size;
  InterleaveSlabs(
      inputs, params.num_inputs, params.outer_size, [slab](int32_t) { return slab; }, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
