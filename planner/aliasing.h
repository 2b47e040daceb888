// Which operators' outputs alias their input: the same bytes under another shape, so no copy
// and no arena bytes of their own. Read by the planner's buffer lifetimes and schedule (they
// must agree) and by the operator table (`arenastore kernels --markdown`). Host-only, pure.
#pragma once

#include "kernels/op_kind.h"
#include "planner/graph.h"

namespace arenastore::planner {

// Ops of this kind alias their first input when it is an activation (not a constant).
constexpr bool KindAliasesInput(kernels::OpKind kind) { return kind == kernels::OpKind::kReshape; }

inline bool OutputAliasesInput(const Graph& graph, const Op& op) {
  return KindAliasesInput(op.kind) && !graph.tensors[op.inputs[0]].is_constant;
}

}  // namespace arenastore::planner
