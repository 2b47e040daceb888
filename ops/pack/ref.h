// Reference int8 pack: for each outer index, each input's slab of copy_size bytes in turn, so
// input k lands at position k of the new axis (TensorFlow Lite Micro's PackImpl order). Called
// through the kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall
// (checked builds), kKernelInvalidParams (input count out of range, negative sizes, a missing
// input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t PackScratchBytes(const PackParams& params);

// inputs[0 .. params.num_inputs) are the input tensors in order.
Status Pack(const PackParams& params, const int8_t* const* inputs, int8_t* output,
            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
