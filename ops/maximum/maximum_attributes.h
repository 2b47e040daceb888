// maximum's attributes on a graph operator: none (TensorFlow Lite's MAXIMUM has no options).
// Set by its TFLite mapping and the artifact reader, read by its planner lowering
// (ops/maximum/maximum_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct MaximumAttributes {};

}  // namespace arenastore::planner
