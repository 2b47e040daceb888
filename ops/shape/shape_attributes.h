// shape's attributes on a graph operator: none (the input's shape is the result). Set by its
// TFLite mapping and the artifact reader, read by its planner lowering
// (ops/shape/shape_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct ShapeAttributes {};

}  // namespace arenastore::planner
