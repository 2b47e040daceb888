// Reference QUANTIZE from float32: q = round(x / scale) + zero_point, clamped to int8 or int16,
// bit-exact with TensorFlow Lite Micro (a float division, then rounding half away from zero).
// Where the reference is undefined (NaN, a quotient beyond int32) the result is defined here:
// NaN gives the zero point, and out-of-range values saturate. Called through the kernel registry.
// Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams.
// Over its input (ExecForm::kOverInput, an int8 output): the same kernel. The output starts at
// the input's first byte; element i is stored after float i is read, on bytes of floats <= i.
#pragma once

#include <cstddef>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t QuantizeFloatScratchBytes(const QuantizeFloatParams& params);
// Int8 outputs: stores of a character type, which the compiler never moves past a float load.
bool QuantizeFloatOverInputApplies(const QuantizeFloatParams& params);

Status QuantizeFloat(const QuantizeFloatParams& params, const float* input, void* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
