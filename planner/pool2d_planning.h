// What the 2-D pooling units share (ops/average_pool2d, ops/max_pool2d): the lowering of a
// window onto an NHWC input, and the Pool2dOptions table both write, read back and compare.
// Used only by those units' *_planner.cc. Host-only; errors as planner/lowering.h.
#pragma once

#include "base/result.h"
#include "kernels/param_types.h"
#include "planner/lowering.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

class OptionsWriter;

Status LowerPool2d(const Lowering& l, const Pool2dAttributes& a, kernels::Pool2dParams* p);
WrittenOptions WritePool2dOptions(OptionsWriter& w, const Pool2dAttributes& a,
                                  const kernels::Pool2dParams& k);
Pool2dAttributes ReadPool2dAttributes(const schema::Operator& op);
extern const PaddingHooks kPool2dPadding;

}  // namespace arenastore::planner
