// The planner side add and sub share: both rescale two int8 (or int16) operands to a common
// scale with a left shift of 20 (15 for int16), combine them and requantize
// (kernels::RescaledAddParams, one layout), and carry the same AddOptions as their attributes. What
// differs is the sign (in the kernel) and how TensorFlow Lite Micro's Prepare computes the
// multipliers (below). Host-only; errors as planner/lowering.h.
#pragma once

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

// ADD's Prepare computes every real multiplier in double; SUB's divides the float scales in
// float and widens only the quotients: the last bit of a multiplier can differ.
enum class MultiplierArithmetic { kDouble, kFloatQuotients };

// Fills what AddOptions carry besides the activation the TFLite mapping set (left shift,
// multipliers, activation range) from the operands' float scales, as TFLM prepares the op; shapes
// and offsets are the runtime's.
Status LowerRescaledAdd(const Lowering& l, MultiplierArithmetic arithmetic,
                        schema::AddOptionsT* options);

// The unit of add or sub, whose attributes are the AddOptions struct
// (planner/options_attributes.h), written and read back whole.
template <typename Attributes, MultiplierArithmetic kArithmetic>
Status LowerRescaledAddOf(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return LowerRescaledAdd(l, kArithmetic, &lowered->mutable_options<Attributes>());
}
template <typename Attributes, MultiplierArithmetic kArithmetic>
constexpr PlannerOp RescaledAddPlanner() {
  return OptionsStructPlanner<Attributes>(&LowerRescaledAddOf<Attributes, kArithmetic>);
}

}  // namespace arenastore::planner
