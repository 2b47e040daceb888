// Reference kernel of mean: the int8 or int16 mean over the given axes, as TensorFlow Lite Micro's
// MEAN: (sum - count * input zero point) rescaled by input scale / (count * output scale),
// rounding, plus the output zero point (even when input and output quantization are equal). Called
// through the kernel registry. Scratch: one int32 sum per output. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad shape, axes or scaling).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t MeanScratchBytes(const MeanParams& params);

Status Mean(const MeanParams& params, const int8_t* input, int8_t* output,
            std::span<uint8_t> scratch);
Status MeanInt16(const MeanParams& params, const int16_t* input, int16_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
