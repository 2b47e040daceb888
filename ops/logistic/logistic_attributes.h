// logistic's attributes on a graph operator: none beyond its tensors' quantization. Set by its
// TFLite mapping and the artifact reader, read by its planner lowering
// (ops/logistic/logistic_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct LogisticAttributes {};

}  // namespace arenastore::planner
