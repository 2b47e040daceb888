// Reference int8 and int16 elementwise minimum with numpy broadcasting, bit-exact with TensorFlow
// Lite Micro's reference kernel: the smaller of the two raw values (no requantization). Called
// through the kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall
// (checked builds), kKernelInvalidParams (shapes that do not broadcast).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t MinimumScratchBytes(const MinimumParams& params);

Status Minimum(const MinimumParams& params, const int8_t* input1, const int8_t* input2,
               int8_t* output, std::span<uint8_t> scratch);
Status MinimumInt16(const MinimumParams& params, const int16_t* input1, const int16_t* input2,
                    int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
