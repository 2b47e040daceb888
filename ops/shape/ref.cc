#include "ops/shape/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "shape/ref";

}  // namespace

size_t ShapeScratchBytes(const ShapeParams&) { return 0; }

Status Shape(const ShapeParams& params, const int8_t* /*input*/, int32_t* output,
             std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ShapeScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckShapeParams(params, kName));
  for (int32_t d = 0; d < params.rank; ++d) output[d] = params.dims[d];
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
