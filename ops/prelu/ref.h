// Reference PRELU with numpy broadcasting of alpha, bit-exact with TensorFlow Lite Micro's
// reference kernel, on int8 activations or int16 ones (16x8: alpha stays int8): a centred input
// >= 0 is rescaled by the positive multiplier, a negative one times its centred alpha by the
// negative multiplier (MultiplyByQuantizedMultiplier both), then offset and clamped to the
// activations' type. Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (shapes that do not
// broadcast, shifts or offsets out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t PreluScratchBytes(const PreluParams& params);

Status Prelu(const PreluParams& params, const int8_t* input, const int8_t* alpha, int8_t* output,
             std::span<uint8_t> scratch);
Status PreluInt16(const PreluParams& params, const int16_t* input, const int8_t* alpha,
                  int16_t* output, std::span<uint8_t> scratch);

// CheckPreluParams for int16 activations (prelu.cc): int16 input and output zero points.
Status CheckInt16PreluParams(const PreluParams& params, const char* kernel);

}  // namespace arenastore::kernels::ref
