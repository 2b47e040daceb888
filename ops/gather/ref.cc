#include "ops/gather/ref.h"

#include <cstring>

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "gather/ref";

}  // namespace

size_t GatherScratchBytes(const GatherParams&) { return 0; }

Status Gather(const GatherParams& params, const int8_t* input, int8_t* output,
              std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), GatherScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckGatherParams(params, kName));
  const size_t row_bytes = static_cast<size_t>(params.inner_size);
  for (int32_t b = 0; b < params.batch_size; ++b) {
    const int32_t* positions = params.indices + static_cast<ptrdiff_t>(b) * params.coord_size;
    for (int32_t o = 0; o < params.outer_size; ++o) {
      const int64_t slab = int64_t{b} * params.outer_size + o;
      const int8_t* from = input + slab * params.axis_size * params.inner_size;
      int8_t* to = output + slab * params.coord_size * params.inner_size;
      for (int32_t c = 0; c < params.coord_size; ++c) {
        // memmove: a hostile artifact may overlap input and output; never undefined.
        std::memmove(to + static_cast<ptrdiff_t>(c) * params.inner_size,
                     from + static_cast<ptrdiff_t>(positions[c]) * params.inner_size, row_bytes);
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
