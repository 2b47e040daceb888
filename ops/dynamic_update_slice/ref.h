// Reference int8 and int16 DYNAMIC_UPDATE_SLICE, as TensorFlow Lite Micro's reference kernel: the
// output is the operand with the update's rows copied in at the (clamped) start; an update as large
// as the operand is the output. Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (an update that does not
// fit).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t DynamicUpdateSliceScratchBytes(const DynamicUpdateSliceParams& params);

Status DynamicUpdateSlice(const DynamicUpdateSliceParams& params, const int8_t* operand,
                          const int8_t* update, int8_t* output, std::span<uint8_t> scratch);
Status DynamicUpdateSliceInt16(const DynamicUpdateSliceParams& params, const int16_t* operand,
                               const int16_t* update, int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
