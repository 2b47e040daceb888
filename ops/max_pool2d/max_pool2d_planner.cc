// max_pool2d's planner unit: the 2-D pooling lowering, options and equivalence every pool shares
// (planner/pool2d_planning.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/pool2d_planning.h"

namespace arenastore::planner {
namespace max_pool2d_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const MaxPool2dAttributes a, l.AttributesAs<MaxPool2dAttributes>());
  return LowerPool2d(l, a, &lowered->params().max_pool2d);
}

WrittenOptions Write(OptionsWriter& w) {
  return WritePool2dOptions(w, w.attributes<MaxPool2dAttributes>(), w.params().max_pool2d);
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(MaxPool2dAttributes{ReadPool2dAttributes(op)});
}

}  // namespace max_pool2d_lowering

extern const PlannerOp kMaxPool2dPlanner = {&max_pool2d_lowering::Lower,
                                            &max_pool2d_lowering::Write, &max_pool2d_lowering::Read,
                                            &kPool2dPadding};

}  // namespace arenastore::planner
