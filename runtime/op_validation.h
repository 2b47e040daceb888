// Per-kind validation of one operator whose kind this build knows: the options table matches
// the kind, arity, operand types and shapes agree with each other and with the options
// (conv: input [n,h,w,c], filter [oc,kh,kw,c/groups], bias [oc] int32, output [n,oh,ow,oc];
// requantization has one entry per output channel, shifts in [-31, 30], multipliers >= 0;
// strides and dilations >= 1; padding inside the filter window; activation range inside int8;
// ...), so the params the op-params builder derives keep every kernel access in bounds.
// Called by ValidateArtifact after indices, tensors and pools are known to be valid.
// Never allocates. Errors: kFormatInvalidField naming the operator and the field.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "runtime/schema/artifact_generated.h"

namespace arenastore::runtime {

// The options table an operator of `kind` carries (reshape may also carry none).
schema::OpOptions OptionsTypeFor(kernels::OpKind kind);

Status ValidateKnownOperator(const schema::Artifact& artifact, int32_t op_index);

}  // namespace arenastore::runtime
