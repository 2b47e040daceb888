#include "ops/dequantize/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "dequantize/ref";

}  // namespace

size_t DequantizeScratchBytes(const DequantizeParams&) { return 0; }

Status Dequantize(const DequantizeParams& params, const void* input, float* output,
                  std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DequantizeScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFloatConversionParams(params, kName));
  for (int32_t i = 0; i < params.elements; ++i) {
    const int32_t centred = LoadInteger(input, params.quantized_type, i) - params.zero_point;
    output[i] = params.scale * static_cast<float>(centred);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
