// Reference reshape: the bytes do not change, only the shape the planner records. When the
// planner aliased the output onto the input (the usual case) there is nothing to do; otherwise
// the bytes are copied. Input and output must be identical or disjoint, never partly
// overlapping. Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (negative size).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ReshapeScratchBytes(const ReshapeParams& params);

Status Reshape(const ReshapeParams& params, const int8_t* input, int8_t* output,
               std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
