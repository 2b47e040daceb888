// Reference int8 concatenation along one axis of inputs that share the output's quantization
// (the planner guarantees it), so a byte copy: for each outer index, each input's slab of
// input_axis_sizes[k] * inner_size bytes in turn. Called through the kernel registry. Scratch:
// none. Never allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams
// (input count out of range, negative sizes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ConcatenationScratchBytes(const ConcatenationParams& params);

// inputs[0 .. params.num_inputs) are the input tensors in order.
Status Concatenation(const ConcatenationParams& params, const int8_t* const* inputs, int8_t* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
