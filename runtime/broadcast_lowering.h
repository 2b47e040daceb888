// Lowering helpers the elementwise units with numpy broadcasting share (ops/add, mul, sub,
// squared_difference, maximum, minimum, prelu): the operand shapes right-aligned into
// kernels::BroadcastShapes, and the zero-point offsets. Used only by those units' *_runtime.cc.
// Freestanding, never allocates.
#pragma once

#include "kernels/param_types.h"
#include "runtime/op_checker.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

// The two inputs and the output (rank <= kMaxBroadcastRank, as the operand rules check),
// right-aligned into `shapes` (1-padded on the left); false unless they broadcast as numpy does.
bool LowerBroadcast(const OpChecker& c, kernels::BroadcastShapes* shapes);

// Input offsets are the negated zero points; the output's is not negated (as TensorFlow Lite).
template <typename Params>
void FillBroadcastOffsets(const OpChecker& c, Params* p) {
  p->input1_offset = -ZeroPoint(*c.Input(0));
  p->input2_offset = -ZeroPoint(*c.Input(1));
  p->output_offset = ZeroPoint(c.Output());
}

}  // namespace arenastore::runtime
