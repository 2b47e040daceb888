// Lowers one operator of a validated artifact into kernels::OpParams, with exactly the field
// meanings of kernels/op_params.h, so it equals the planner's lowering (planner/lower_op.h).
// Called by the gate (sizing) and the executor (running). Never allocates. Requantization
// pointers point into the artifact bytes, which must outlive the params. Errors:
// kInvalidArgument (op index out of range), kKernelUnsupported (unknown op kind).
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_params.h"
#include "runtime/artifact_view.h"

namespace arenastore::runtime {

Status BuildOpParams(const ArtifactView& view, int32_t op_index, kernels::OpParams* params);

}  // namespace arenastore::runtime
