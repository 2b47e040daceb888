// Lowers one operator of an artifact into kernels::OpParams, with exactly the field meanings
// of kernels/op_params.h, so it equals the planner's lowering (planner/lower_op.h), and checks
// every field on the way: validation (runtime/artifact_validation.cc) and the gate and executor
// read an operator through this one pass, so what was checked is what kernels get. Never
// allocates. Requantization pointers point into the artifact bytes, which must outlive the
// params.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_params.h"
#include "runtime/artifact_view.h"

namespace arenastore::runtime {

// For an operator whose kind this build knows and whose tensor indices, tensors and pools are
// valid: the options table matches the kind; arity, operand types and shapes agree with each
// other and the options (conv: input [n,h,w,c], filter [oc,kh,kw,c/groups], bias [oc] int32,
// output [n,oh,ow,oc]); requantization has one entry per output channel, shifts in [-31, 30],
// multipliers >= 0; strides and dilations >= 1; padding inside the window and every window
// starting inside the input; activation range an ordered range inside int8; pad,
// concatenation, reshape and broadcast shapes consistent; window arithmetic bounded so int32
// cannot overflow. Errors: kFormatInvalidField naming the operator and the field, e.g.
// "operators[0] (conv2d): h: padding 3 outside [0, 2]".
Status BuildOpParams(const schema::Artifact& artifact, int32_t op_index, kernels::OpParams* params);

// The same on a verified view, for any op index (the gate, and the executor on every run).
// The view passed these checks when it was created, so they are not repeated. Errors also:
// kInvalidArgument (op index out of range), kKernelUnsupported (unknown op kind).
Status BuildOpParams(const ArtifactView& view, int32_t op_index, kernels::OpParams* params);

}  // namespace arenastore::runtime
