// The planner side add and sub share: both rescale two int8 (or int16) operands to a common
// scale with a left shift of 20 (15 for int16), combine them and requantize
// (kernels::RescaledAddParams, one layout), and carry the same AddOptions. What differs is the
// sign (in the kernel) and how TensorFlow Lite Micro's Prepare computes the multipliers (below).
// Host-only; errors as planner/lowering.h.
#pragma once

#include "kernels/rescaled_add_params.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

// ADD's Prepare computes every real multiplier in double; SUB's divides the float scales in
// float and widens only the quotients: the last bit of a multiplier can differ.
enum class MultiplierArithmetic { kDouble, kFloatQuotients };

// Fills what AddOptions carry (left shift, multipliers, activation range) from the operands'
// float scales, as TFLM prepares the op; shapes and offsets are the runtime's.
Status LowerRescaledAdd(const Lowering& l, Activation activation, MultiplierArithmetic arithmetic,
                        kernels::RescaledAddParams* p);

WrittenOptions WriteAddOptions(OptionsWriter& w, Activation activation,
                               const kernels::RescaledAddParams& p);
Activation ReadAddOptionsActivation(const schema::Operator& op);

// The PlannerOp write and read of a unit whose attributes are `Attributes` (an
// ElementwiseAttributes) and whose params are `Member`.
template <typename Attributes, kernels::RescaledAddParams kernels::OpParams::*Member>
WrittenOptions WriteAddOptionsOf(OptionsWriter& w) {
  return WriteAddOptions(w, w.attributes<Attributes>().activation, w.params().*Member);
}
template <typename Attributes>
Result<OpAttributes> ReadAddOptionsOf(const schema::Operator& op) {
  return OpAttributes(Attributes{{ReadAddOptionsActivation(op)}});
}
template <typename Attributes, kernels::RescaledAddParams kernels::OpParams::*Member,
          MultiplierArithmetic kArithmetic>
Status LowerRescaledAddOf(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.AttributesAs<Attributes>());
  return LowerRescaledAdd(l, a.activation, kArithmetic, &(lowered->params().*Member));
}
template <typename Attributes, kernels::RescaledAddParams kernels::OpParams::*Member,
          MultiplierArithmetic kArithmetic>
constexpr PlannerOp RescaledAddPlanner() {
  return {&LowerRescaledAddOf<Attributes, Member, kArithmetic>,
          &WriteAddOptionsOf<Attributes, Member>, &ReadAddOptionsOf<Attributes>};
}

}  // namespace arenastore::planner
