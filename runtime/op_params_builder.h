// Lowers one operator of a validated artifact into the kernels' OpParams: dims from tensor
// shapes, zero points from tensor quantization, strides/padding/activation range and
// requantization from the op's options. Requantization pointers point into the artifact bytes
// (little-endian, 4-aligned), so the view's bytes must outlive the params. Must agree field by
// field with the planner's lowering (planner/lower_op.h); tests/runtime checks the round trip.
// Called by the gate (sizing) and the executor (running). Never allocates. Errors:
// kInvalidArgument for an op index out of range, kKernelUnsupported for an unknown op kind.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_params.h"
#include "runtime/artifact_view.h"

namespace arenastore::runtime {

Status BuildOpParams(const ArtifactView& view, int32_t op_index, kernels::OpParams* params);

}  // namespace arenastore::runtime
