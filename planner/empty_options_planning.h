// The PlannerOp of an op whose artifact operators carry EmptyOptions (fill, zeros_like, shape,
// cast, dequantize, quantize_float): everything it computes comes from its tensors, so only the
// lowering is its own, none at all when the runtime's lowering makes every check (fill,
// zeros_like, shape); writing, reading back (attributes of no fields) and comparing options
// (always equal) are shared here. Used by those units' planner files. Host-only.
#pragma once

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

inline WrittenOptions WriteEmptyOptions(OptionsWriter& w) {
  return {schema::OpOptions::EmptyOptions, schema::CreateEmptyOptions(w.builder()).Union()};
}

template <typename Attributes>
Result<OpAttributes> ReadEmptyOptions(const schema::Operator& /*op*/) {
  return OpAttributes(Attributes{});
}

template <typename Attributes>
constexpr PlannerOp EmptyOptionsPlanner(Status (*lower)(const Lowering&, LoweredOp*)) {
  return {lower, &WriteEmptyOptions, &ReadEmptyOptions<Attributes>};
}

// The lowering of an op whose params and checks the runtime's lowering all derives from its
// tensors (planner/one_op_artifact.h): the host only confirms the graph op's attributes.
template <typename Attributes>
Status LowerAttributesOnly(const Lowering& l, LoweredOp* /*lowered*/) {
  return l.AttributesAs<Attributes>().status();
}

template <typename Attributes>
constexpr PlannerOp EmptyOptionsPlanner() {
  return EmptyOptionsPlanner<Attributes>(&LowerAttributesOnly<Attributes>);
}

}  // namespace arenastore::planner
