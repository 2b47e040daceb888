// What the 2-D pooling units share (ops/average_pool2d, ops/max_pool2d): the lowering of a
// window onto an NHWC input. Both units' attributes are the Pool2dOptions table's native struct
// (planner/options_attributes.h), completed by the lowering and written and read back whole.
// Used only by those units' *_planner.cc. Host-only; errors as planner/lowering.h.
#pragma once

#include "base/result.h"
#include "kernels/param_types.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

// Fills *p from the window in `o` and completes the fields of `o` only the lowering derives
// (the pads and the activation clamp).
Status LowerPool2d(const Lowering& l, schema::Pool2dOptionsT* o, kernels::Pool2dParams* p);
extern const PaddingHooks kPool2dPadding;

// A pool unit's PlannerOp over its attributes (a Pool2dOptions struct) and its params (kMember).
template <typename Attributes, kernels::Pool2dParams kernels::OpParams::*kMember>
Status LowerPool2dOf(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return LowerPool2d(l, &lowered->mutable_options<Attributes>(), &(lowered->params().*kMember));
}
template <typename Attributes, kernels::Pool2dParams kernels::OpParams::*kMember>
constexpr PlannerOp Pool2dPlanner() {
  return {&LowerPool2dOf<Attributes, kMember>, &WriteOptionsStruct<Attributes>,
          &ReadOptionsStruct<Attributes>, &kPool2dPadding};
}

}  // namespace arenastore::planner
