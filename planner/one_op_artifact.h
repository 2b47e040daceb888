// One graph operator written as an artifact of its own (its operand tensors, the options table
// its unit writes, a state pool for its variables) and lowered by the runtime's op-params builder
// (runtime/op_params_builder.h): the planner sizes scratch with exactly the params a device will
// read from the artifact, and the runtime's lowering is the only one that derives shapes. The op
// unit's planner lowering keeps what only the host can compute (float scales to fixed point,
// padding, tables). Called by LowerOp. Host-only.
#pragma once

#include <cstddef>

#include "base/status.h"
#include "planner/graph.h"
#include "planner/lower_op.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

// Replaces lowered's params with the runtime's for graph op `op_index` of kind `unit`; the
// runtime's refusal becomes kPlanInvalidGraph naming the op and the field.
Status LowerThroughRuntime(const Graph& graph, size_t op_index, const PlannerOp& unit,
                           LoweredOp* lowered);

}  // namespace arenastore::planner
