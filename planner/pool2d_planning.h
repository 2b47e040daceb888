// What the 2-D pooling units share (ops/average_pool2d, ops/max_pool2d): the lowering of a
// window onto an NHWC input, and the Pool2dOptions table both write, read back and compare.
// Used only by those units' *_planner.cc. Host-only; errors as planner/lowering.h.
#pragma once

#include "base/result.h"
#include "kernels/param_types.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

Status LowerPool2d(const Lowering& l, const Pool2dAttributes& a, kernels::Pool2dParams* p);
WrittenOptions WritePool2dOptions(OptionsWriter& w, const Pool2dAttributes& a,
                                  const kernels::Pool2dParams& k);
Pool2dAttributes ReadPool2dAttributes(const schema::Operator& op);
extern const PaddingHooks kPool2dPadding;

// A pool unit's PlannerOp over its attributes (a Pool2dAttributes) and its params (kMember).
template <typename Attributes, kernels::Pool2dParams kernels::OpParams::*kMember>
Status LowerPool2dOf(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.AttributesAs<Attributes>());
  return LowerPool2d(l, a, &(lowered->params().*kMember));
}
template <typename Attributes, kernels::Pool2dParams kernels::OpParams::*kMember>
WrittenOptions WritePool2dOf(OptionsWriter& w) {
  return WritePool2dOptions(w, w.attributes<Attributes>(), w.params().*kMember);
}
template <typename Attributes>
Result<OpAttributes> ReadPool2dOf(const schema::Operator& op) {
  return OpAttributes(Attributes{ReadPool2dAttributes(op)});
}
template <typename Attributes, kernels::Pool2dParams kernels::OpParams::*kMember>
constexpr PlannerOp Pool2dPlanner() {
  return {&LowerPool2dOf<Attributes, kMember>, &WritePool2dOf<Attributes, kMember>,
          &ReadPool2dOf<Attributes>, &kPool2dPadding};
}

}  // namespace arenastore::planner
