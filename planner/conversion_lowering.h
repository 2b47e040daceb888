// The check on an operand's element type the planner keeps for softmax's output type (the
// conversions' own types and shapes are the runtime's lowering's, runtime/conversion_lowering.h).
// Called by softmax's planner lowering. Host-only; failures are kPlanInvalidGraph naming the op
// (Lowering::Fail).
#pragma once

#include <initializer_list>

#include "kernels/element_type.h"
#include "planner/lowering.h"

namespace arenastore::planner {

// `tensor`'s ElementType when its type is one of `allowed`; a failure naming the role otherwise.
Result<kernels::ElementType> ConversionTypeOf(const Lowering& l, const Tensor& tensor,
                                              const char* role,
                                              std::initializer_list<kernels::ElementType> allowed);

}  // namespace arenastore::planner
