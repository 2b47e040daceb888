// Reference int8 and int16 SELECT_V2, bit-exact with TensorFlow Lite Micro's reference kernel:
// each output element is x's element where the broadcast condition is true, else y's, raw values.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (shapes that do not broadcast).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SelectV2ScratchBytes(const SelectV2Params& params);

Status SelectV2(const SelectV2Params& params, const bool* condition, const int8_t* x,
                const int8_t* y, int8_t* output, std::span<uint8_t> scratch);
Status SelectV2Int16(const SelectV2Params& params, const bool* condition, const int16_t* x,
                     const int16_t* y, int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
