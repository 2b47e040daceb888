// The runtime checks the element-type conversions share (ops cast, requantize, quantize_float,
// dequantize; softmax's output type): an operand's ElementType among those an op allows (or that
// an Int8OrInt16 operand rule admitted), the per-tensor scale and zero point of a quantized integer
// operand, an output shaped as its input, and the float conversions' whole params. Used only by
// those units' *_runtime.cc. Freestanding, never allocates; failures are written through the
// OpChecker.
#pragma once

#include <cstdint>

#include "kernels/element_type.h"
#include "kernels/float_conversion_params.h"
#include "runtime/op_checker.h"

namespace arenastore::runtime {

constexpr uint32_t TypeBit(kernels::ElementType type) { return 1u << static_cast<int>(type); }
// The integer types cast and requantize convert between.
inline constexpr uint32_t kIntegerTypeBits = TypeBit(kernels::ElementType::kInt8) |
                                             TypeBit(kernels::ElementType::kInt16) |
                                             TypeBit(kernels::ElementType::kInt32);

// The ElementType of a tensor an Int8OrInt16 operand rule admitted.
inline kernels::ElementType QuantizedTypeOf(const schema::Tensor& tensor) {
  return tensor.type() == schema::DataType::INT16 ? kernels::ElementType::kInt16
                                                  : kernels::ElementType::kInt8;
}

// `tensor`'s ElementType when its type's bit is in `allowed` (TypeBit(...) | ...).
StatusRef ConversionType(const OpChecker& c, const schema::Tensor& tensor, const char* role,
                         uint32_t allowed, kernels::ElementType* type);

// A per-tensor positive finite scale and a zero point inside `type`.
StatusRef QuantizedOperand(const OpChecker& c, const schema::Tensor& tensor, const char* role,
                           kernels::ElementType type, float* scale, int32_t* zero_point);

// Input 0 and the output have one shape; *elements is their element count.
StatusRef ElementwiseElements(const OpChecker& c, int32_t* elements);

// dequantize's and quantize_float's params: `quantized` (the input or the output, as `role`
// names it, admitted by an Int8OrInt16 rule) with its scale and zero point, and the shape both
// tensors share.
StatusRef FloatConversionOf(const OpChecker& c, const schema::Tensor& quantized, const char* role,
                            kernels::FloatConversionParams* p);

}  // namespace arenastore::runtime
