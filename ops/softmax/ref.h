// Reference softmax over the last dimension, bit-exact with TensorFlow Lite's reference kernels.
// int8 input: differences from the row maximum are rescaled to Q5.26, exponentiated in gemmlowp
// fixed point, summed in Q12.19 and multiplied by the sum's reciprocal; an int8 output has scale
// 1/256 and zero point -128 (int16: 1/65536 and -32768), and differences below diff_min give the
// type's minimum. int16 input (SoftmaxInt16): differences rescaled so that -65535 is -10, exp and
// the sum's reciprocal read from TFLM's two interpolated tables, output scale 2^-15, zero point 0.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad sizes or scaling).
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

// int16 to int16. params.input_left_shift may be negative here (in [-31, 30]); diff_min is
// unused; depth is at most 65536 (the sum of a row's exponentials stays inside int32).
Status SoftmaxInt16(const SoftmaxParams& params, const int16_t* input, int16_t* output,
                    std::span<uint8_t> scratch);

// SoftmaxInt16's tables, TFLM's as its Prepare builds them in float (exp on [-10, 0] and
// 1 / (1 + x) on [0, 1], units of 2^-15): constants, since they depend on no tensor; the
// planner rebuilds them (ops/softmax/softmax_table.h) and plans nothing if they differ.
inline constexpr int kSoftmaxInt16TableEntries = 513;
extern const int16_t kSoftmaxInt16ExpTable[kSoftmaxInt16TableEntries];
extern const int16_t kSoftmaxInt16OneOverOnePlusXTable[kSoftmaxInt16TableEntries];

}  // namespace arenastore::kernels::ref
