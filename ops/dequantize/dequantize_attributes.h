// dequantize's attributes on a graph operator: none (the input's quantization says it all). Set
// by its TFLite mapping and the artifact reader, read by its planner lowering
// (ops/dequantize/dequantize_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct DequantizeAttributes {};

}  // namespace arenastore::planner
