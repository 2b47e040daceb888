// The checks the element-type conversions share when the planner lowers them (ops cast,
// requantize, quantize_float, dequantize; softmax's output type): an operand's ElementType, and
// an output shaped as its input. Called by those units' planner lowerings. Host-only; failures
// are kPlanInvalidGraph naming the op (Lowering::Fail).
#pragma once

#include <initializer_list>

#include "kernels/element_type.h"
#include "planner/lowering.h"

namespace arenastore::planner {

// `tensor`'s ElementType when its type is one of `allowed`; a failure naming the role otherwise.
Result<kernels::ElementType> ConversionTypeOf(const Lowering& l, const Tensor& tensor,
                                              const char* role,
                                              std::initializer_list<kernels::ElementType> allowed);

// A quantized integer operand: a positive finite per-tensor scale and a zero point inside its
// type; returns that zero point.
Result<int32_t> QuantizedZeroPoint(const Lowering& l, const Tensor& tensor, const char* role,
                                   kernels::ElementType type);

// Input and output have one shape; returns the element count.
Result<int32_t> ElementwiseCount(const Lowering& l);

}  // namespace arenastore::planner
