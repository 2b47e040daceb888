// Reference kernel of sum: the int8 or int16 sum over the given axes, as TensorFlow Lite Micro's
// SUM: (sum - count * input zero point) rescaled by input scale / output scale plus the output zero
// point, saturated. Called through the kernel registry. Scratch: one int32 sum per output. Never
// allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad shape, axes
// or scaling).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SumScratchBytes(const SumParams& params);

Status Sum(const SumParams& params, const int8_t* input, int8_t* output,
           std::span<uint8_t> scratch);
Status SumInt16(const SumParams& params, const int16_t* input, int16_t* output,
                std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
