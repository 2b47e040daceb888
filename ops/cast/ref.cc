#include "ops/cast/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "cast/ref";

template <typename Out>
void CastTo(const CastParams& params, const void* input, Out* output) {
  for (int32_t i = 0; i < params.elements; ++i) {
    output[i] = static_cast<Out>(LoadInteger(input, params.input_type, i));
  }
}

}  // namespace

size_t CastScratchBytes(const CastParams&) { return 0; }

Status Cast(const CastParams& params, const void* input, void* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), CastScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckCastParams(params, kName));
  switch (params.output_type) {
    case ElementType::kInt8:
      CastTo(params, input, static_cast<int8_t*>(output));
      break;
    case ElementType::kInt16:
      CastTo(params, input, static_cast<int16_t*>(output));
      break;
    case ElementType::kInt32:
      CastTo(params, input, static_cast<int32_t*>(output));
      break;
    case ElementType::kFloat32:
      CastTo(params, input, static_cast<float*>(output));
      break;
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
