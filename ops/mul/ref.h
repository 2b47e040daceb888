// Reference int8 and int16 elementwise multiplication with numpy broadcasting, bit-exact with
// TensorFlow Lite Micro's reference kernels: the product of the offset inputs, requantized with
// MultiplyByQuantizedMultiplier, offset and clamped. TFLM's int16 MUL requires every zero point
// to be 0, so the int16 product stays within 2^30. Called through the kernel registry.
// Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (shapes that do not broadcast, shift or offsets out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t MulScratchBytes(const MulParams& params);

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);
Status MulInt16(const MulParams& params, const int16_t* input1, const int16_t* input2,
                int16_t* output, std::span<uint8_t> scratch);

// CheckMulParams for int16 operands (mul.cc): zero offsets, a shift in [-31, 30].
Status CheckInt16MulParams(const MulParams& params, const char* kernel);

}  // namespace arenastore::kernels::ref
