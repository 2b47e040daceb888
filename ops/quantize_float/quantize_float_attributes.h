// quantize_float's attributes on a graph operator: none (the output's quantization says it all).
// Set by its TFLite mapping and the artifact reader, read by its planner lowering
// (ops/quantize_float/quantize_float_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct QuantizeFloatAttributes {};

}  // namespace arenastore::planner
