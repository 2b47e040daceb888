// select_v2's attributes on a graph operator: none (TensorFlow Lite's SELECT_V2 has no options).
// Set by its TFLite mapping and the artifact reader, read by its planner lowering
// (ops/select_v2/select_v2_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct SelectV2Attributes {};

}  // namespace arenastore::planner
