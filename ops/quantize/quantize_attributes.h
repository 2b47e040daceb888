// quantize's attributes on a graph operator: none beyond its tensors' quantization. Set by its
// TFLite mapping and the artifact reader, read by its planner lowering
// (ops/quantize/quantize_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct QuantizeAttributes {};

}  // namespace arenastore::planner
