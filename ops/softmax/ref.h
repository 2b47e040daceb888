// Reference int8 softmax over the last dimension, bit-exact with TensorFlow Lite's reference
// kernel: differences from the row maximum are rescaled to Q5.26, exponentiated in gemmlowp
// fixed point, summed in Q12.19 and multiplied by the sum's reciprocal; an int8 output has scale
// 1/256 and zero point -128 (int16: 1/65536 and -32768), and differences below diff_min give the
// type's minimum. Called through the
// kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (bad sizes or scaling).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SoftmaxScratchBytes(const SoftmaxParams& params);

// The params every softmax variant accepts (kKernelInvalidParams naming `op_name` otherwise):

Status Softmax(const SoftmaxParams& params, const int8_t* input, void* output,
               std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
