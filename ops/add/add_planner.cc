// add's planner unit: kernels::AddParams from graph attributes and float scales (as TensorFlow Lite
// Micro prepares ADD: every multiplier in double), written to and read back from AddOptions and
// compared as planner/rescaled_add_lowering.h does for add and sub.
#include "planner/planner_op.h"
#include "planner/rescaled_add_lowering.h"

namespace arenastore::planner {
namespace add_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const AddAttributes a, l.AttributesAs<AddAttributes>());
  return LowerRescaledAdd(l, a.activation, MultiplierArithmetic::kDouble, &lowered->params().add);
}

}  // namespace add_lowering

extern const PlannerOp kAddPlanner = {&add_lowering::Lower,
                                      &WriteAddOptionsOf<AddAttributes, &kernels::OpParams::add>,
                                      &ReadAddOptionsOf<AddAttributes>};

}  // namespace arenastore::planner
