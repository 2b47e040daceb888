// pad's attributes on a graph operator: the (before, after) counts, folded from the paddings
// operand. Set by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/pad/pad_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include <optional>
#include <vector>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct PadAttributes {
  std::vector<int32_t> before, after;  // one entry per input dimension
  // PADV2's raw int8 fill when it is not the output zero point; absent: the zero point.
  std::optional<int32_t> pad_value;
};

}  // namespace arenastore::planner
