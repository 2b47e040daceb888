// minimum's attributes on a graph operator: none (TensorFlow Lite's MINIMUM has no options).
// Set by its TFLite mapping and the artifact reader, read by its planner lowering
// (ops/minimum/minimum_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct MinimumAttributes {};

}  // namespace arenastore::planner
