// Reference int8 and int16 elementwise maximum with numpy broadcasting, bit-exact with TensorFlow
// Lite Micro's reference kernel: the larger of the two raw values (no requantization). Called
// through the kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall
// (checked builds), kKernelInvalidParams (shapes that do not broadcast).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t MaximumScratchBytes(const MaximumParams& params);

Status Maximum(const MaximumParams& params, const int8_t* input1, const int8_t* input2,
               int8_t* output, std::span<uint8_t> scratch);
Status MaximumInt16(const MaximumParams& params, const int16_t* input1, const int16_t* input2,
                    int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
