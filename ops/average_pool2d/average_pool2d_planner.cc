// average_pool2d's planner unit: the 2-D pooling lowering, options and equivalence every pool
// shares (planner/pool2d_planning.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/pool2d_planning.h"

namespace arenastore::planner {
namespace average_pool2d_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const AveragePool2dAttributes a,
                              l.AttributesAs<AveragePool2dAttributes>());
  return LowerPool2d(l, a, &lowered->params().average_pool2d);
}

WrittenOptions Write(OptionsWriter& w) {
  return WritePool2dOptions(w, w.attributes<AveragePool2dAttributes>(), w.params().average_pool2d);
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(AveragePool2dAttributes{ReadPool2dAttributes(op)});
}

}  // namespace average_pool2d_lowering

extern const PlannerOp kAveragePool2dPlanner = {&average_pool2d_lowering::Lower,
                                                &average_pool2d_lowering::Write,
                                                &average_pool2d_lowering::Read, &kPool2dPadding};

}  // namespace arenastore::planner
