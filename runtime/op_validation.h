// Per-kind validation of one operator whose kind this build knows, so that the params the
// op-params builder derives keep every kernel access in bounds. Called by ValidateArtifact
// once indices, tensors and pools are valid. Never allocates. Errors: kFormatInvalidField
// naming the operator and the field, e.g. "operators[0] (conv2d): h: padding 3 outside [0, 2]".
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "runtime/schema/artifact_generated.h"

namespace arenastore::runtime {

// The options table an operator of `kind` carries (reshape may also carry none).
schema::OpOptions OptionsTypeFor(kernels::OpKind kind);

// The options table matches the kind; arity, operand types and shapes agree with each other
// and the options (conv: input [n,h,w,c], filter [oc,kh,kw,c/groups], bias [oc] int32, output
// [n,oh,ow,oc]); requantization has one entry per output channel, shifts in [-31, 30],
// multipliers >= 0; strides and dilations >= 1; padding inside the window and every window
// starting inside the input; activation range an ordered range inside int8; pad, concatenation,
// reshape and broadcast shapes consistent; window arithmetic bounded so int32 cannot overflow.
Status ValidateKnownOperator(const schema::Artifact& artifact, int32_t op_index);

}  // namespace arenastore::runtime
