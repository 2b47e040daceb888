// sub's planner unit: kernels::AddParams from graph attributes and float scales (as TensorFlow Lite
// Micro prepares SUB: scale quotients in float), written to and read back from AddOptions and
// compared as planner/rescaled_add_lowering.h does for add and sub.
#include "planner/planner_op.h"
#include "planner/rescaled_add_lowering.h"

namespace arenastore::planner {
namespace sub_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const SubAttributes a, l.AttributesAs<SubAttributes>());
  return LowerRescaledAdd(l, a.activation, MultiplierArithmetic::kFloatQuotients,
                          &lowered->params().sub);
}

}  // namespace sub_lowering

extern const PlannerOp kSubPlanner = {&sub_lowering::Lower,
                                      &WriteAddOptionsOf<SubAttributes, &kernels::OpParams::sub>,
                                      &ReadAddOptionsOf<SubAttributes>};

}  // namespace arenastore::planner
