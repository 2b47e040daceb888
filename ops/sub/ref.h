// Reference int8 elementwise subtraction with numpy broadcasting, bit-exact with TensorFlow Lite
// Micro's reference kernel: both offset inputs are shifted left by left_shift, rescaled to a
// common scale with multipliers below one, subtracted, requantized and clamped. Called through
// the kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (shapes that do not broadcast, shifts out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SubScratchBytes(const SubParams& params);

Status Sub(const SubParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
