// The params dequantize and quantize_float share (a per-tensor quantized int8 or int16 tensor on
// one side, a float32 tensor of its shape on the other) and the check both ops' kernels run
// before trusting them. Filled by runtime/conversion_lowering.h's FloatConversionOf.
// Freestanding, allocation-free.
#pragma once

#include <cstdint>

#include "kernels/element_type.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct FloatConversionParams {
  int32_t elements;
  ElementType quantized_type;  // int8 or int16: dequantize's input, quantize_float's output
  int32_t zero_point;          // the quantized tensor's
  float scale;                 // the quantized tensor's, positive and finite
};

inline Status CheckFloatConversionParams(const FloatConversionParams& p, const char* kernel) {
  const ElementType type = p.quantized_type;
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  ARENASTORE_CHECK_PARAMS(kernel, type == ElementType::kInt8 || type == ElementType::kInt16,
                          "quantized type %d is neither int8 nor int16", static_cast<int>(type));
  ARENASTORE_CHECK_PARAMS(kernel, p.zero_point >= MinOf(type) && p.zero_point <= MaxOf(type),
                          "zero point %d outside the quantized type", p.zero_point);
  // Written so that NaN fails too.
  ARENASTORE_CHECK_PARAMS(kernel, p.scale > 0.0f && p.scale <= 3.4e38f,
                          "scale must be positive and finite");
  return Status::Ok();
}

}  // namespace arenastore::kernels
