// Reference int8 and int16 elementwise subtraction with numpy broadcasting, bit-exact with
// TensorFlow Lite Micro's reference kernels: both offset inputs are shifted left by left_shift
// (20 for int8, 15 for int16), rescaled to a common scale with multipliers below one,
// subtracted, requantized and clamped. Called through the kernel registry. Scratch: none. Never
// allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (shapes that
// do not broadcast, shifts or offsets out of range).
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
Status SubInt16(const SubParams& params, const int16_t* input1, const int16_t* input2,
                int16_t* output, std::span<uint8_t> scratch);

// CheckSubParams for int16 operands (sub.cc): a left shift up to 15 and int16 zero points.
Status CheckInt16SubParams(const SubParams& params, const char* kernel);

}  // namespace arenastore::kernels::ref
