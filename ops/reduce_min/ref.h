// Reference kernel of reduce_min: the int8 minimum over the given axes, as TensorFlow Lite Micro's
// REDUCE_MIN (input and output share quantization). Called through the kernel registry. Scratch:
// none. Never allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad
// shape, axes or scaling).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ReduceMinScratchBytes(const ReduceMinParams& params);

Status ReduceMin(const ReduceMinParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
