// The planner unit of an op whose attributes are its options table's native struct
// (planner/options_attributes.h): its lowering completes the struct's derived fields (scales to
// fixed point, clamps) in LoweredOp::mutable_options, the artifact writer packs the struct as it
// is, and re-planning unpacks it from the artifact. No hand-written list of fields: the op's .fbs
// is the only one. Used by ops/<op>/<op>_planner.cc. Host-only.
#pragma once

#include <memory>
#include <utility>

#include "planner/lower_op.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

template <typename Attributes>
WrittenOptions WriteOptionsStruct(OptionsWriter& w) {
  const Attributes& a = std::get<Attributes>(w.lowered().options());
  if constexpr (requires { a.requant; }) {
    // The requantization stays with the lowered op, whose params point at it.
    Attributes complete = a;
    complete.requant = std::make_unique<schema::RequantizationT>();
    complete.requant->multiplier = w.lowered().multipliers();
    complete.requant->shift = w.lowered().shifts();
    return Written(Attributes::TableType::Pack(w.builder(), &complete));
  } else {
    return Written(Attributes::TableType::Pack(w.builder(), &a));
  }
}

template <typename Attributes>
Result<OpAttributes> ReadOptionsStruct(const schema::Operator& op) {
  Attributes a;
  op.options_as<typename Attributes::TableType>()->UnPackTo(&a);
  return OpAttributes(std::move(a));
}

// The unit: `lower` and the struct's packing both ways.
template <typename Attributes>
constexpr PlannerOp OptionsStructPlanner(Status (*lower)(const Lowering&, LoweredOp*)) {
  return {lower, &WriteOptionsStruct<Attributes>, &ReadOptionsStruct<Attributes>};
}

}  // namespace arenastore::planner
