// Reference int8 and int16 average pooling, bit-exact with TensorFlow Lite's reference kernel: the
// mean of the in-bounds part of each window, rounded half away from zero, clamped to the activation
// range. Called through the kernel registry. No scratch (since kernel library 1.9.0): each
// channel sums its window straight from the input, as TensorFlow Lite Micro's reference does, so
// the plan never exceeds its arena. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (bad sizes, a window entirely in the padding).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t AveragePool2dScratchBytes(const Pool2dParams& params);

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);
Status AveragePool2dInt16(const Pool2dParams& params, const int16_t* input, int16_t* output,
                          std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
