// ELU's int8 lookup table: the output TensorFlow Lite Micro's reference ELU produces for every
// int8 input. TFLM itself runs int8 ELU from a 256-entry table that its Prepare fills in float
// arithmetic with std::exp (not expm1); this rebuilds that table the same way.
// Called by the planner's lowering of an int8 ELU. Mirrors TFLM's elu.cc PopulateLookupTable
// bit for bit, given the same libm expf. Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, or a
// quantization under which some entry leaves int32 before the clamp (TFLM's float-to-int
// conversion is undefined there: an input/output scale ratio above about 8e6).
Result<Int8Table> EluTable(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
