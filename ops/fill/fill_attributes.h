// fill's attributes on a graph operator: none (the output's shape is TFLite's constant dims
// operand, checked at import). Set by its TFLite mapping and the artifact reader, read by its
// planner lowering (ops/fill/fill_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct FillAttributes {};

}  // namespace arenastore::planner
