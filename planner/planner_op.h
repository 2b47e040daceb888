// PlannerOp: what an operator's unit gives the planner (ops/<op>/<op>_planner.cc defines
// k<Name>Planner): its lowering from graph attributes and float scales to kernels::OpParams, the
// artifact options it writes, how it reads them back for re-planning, and the options fields two
// artifacts may hold differently (whether its tensors share bytes is its runtime unit's word:
// runtime/op_aliasing.h).
// PlannerOpOf is the table generated from ops/op_list.h (every op: a host plans for any device).
// Host-only, constant data.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <span>
#include <string_view>

#include "base/result.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "planner/graph.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

class Lowering;
class LoweredOp;
class OptionsWriter;

// The options table an operator is written with.
struct WrittenOptions {
  schema::OpOptions type;
  flatbuffers::Offset<void> table;
};

// Pads an artifact recorded for an op with a padding attribute, and those a lowering derived.
struct RecordedPads {
  bool is_explicit = false;  // EXPLICIT padding, written by another producer
  int32_t top = 0, left = 0;
};
struct PaddingHooks {
  RecordedPads (*recorded)(const schema::Operator& op);
  RecordedPads (*lowered)(const kernels::OpParams& params);
};

struct PlannerOp {
  // Fills *lowered from the graph op (kPlanInvalidGraph naming the op when it does not fit).
  Status (*lower)(const Lowering& lowering, LoweredOp* lowered);
  // The op's options table, from its attributes and its lowered params.
  WrittenOptions (*write)(OptionsWriter& writer);
  // The graph attributes the options table records (validation checked its type).
  Result<OpAttributes> (*read)(const schema::Operator& op);
  // For ops with a padding attribute: how an EXPLICIT pad is resolved on re-planning.
  const PaddingHooks* padding = nullptr;
  // Options fields two artifacts may hold differently and still compute the same thing (conv's
  // padding kind); every other field is compared (planner/options_equivalence.h).
  std::span<const std::string_view> options_not_compared = {};
};

// The unit of `kind`; null for a value outside the operator list.
const PlannerOp* PlannerOpOf(kernels::OpKind kind);

}  // namespace arenastore::planner
