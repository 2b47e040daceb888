// Reference int8 and int16 elementwise addition with numpy broadcasting, bit-exact with
// TensorFlow Lite Micro's reference kernels (int8 ADD, and the int16 one's general-scale path):
// both offset inputs are shifted left by left_shift (20 for int8, 15 for int16), rescaled to a
// common scale with multipliers below one, summed, requantized and clamped. Called through the
// kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (shapes that do not broadcast, shifts or offsets out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t AddScratchBytes(const AddParams& params);

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);
Status AddInt16(const AddParams& params, const int16_t* input1, const int16_t* input2,
                int16_t* output, std::span<uint8_t> scratch);

// CheckAddParams for int16 operands (add.cc): a left shift up to 15 and int16 zero points.
Status CheckInt16AddParams(const AddParams& params, const char* kernel);

}  // namespace arenastore::kernels::ref
