// Reference int16 (16x8) ABS, bit-exact with TensorFlow Lite Micro's reference kernel: the
// magnitude of each input (zero points are 0, as TFLM's Prepare requires) rescaled by
// MultiplyByQuantizedMultiplier and clamped to int16. The int8 ABS is a table lookup
// (kernels/table_lookup.h); this kernel reads its rescale from the same params, whose table
// holds the record of kernels/int16_rescale.h. Called through the kernel registry. Scratch:
// none. Never allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams
// (no record, a negative count, a shift out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

Status AbsInt16(const AbsParams& params, const int16_t* input, int16_t* output,
                std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
