// Reference int8 strided slice, as TensorFlow Lite's StridedSlice on bytes once its indices are
// resolved: along each input dimension, count elements from begin every stride. Called through
// the kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (a walk outside the input, bad rank).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t StridedSliceScratchBytes(const StridedSliceParams& params);

Status StridedSlice(const StridedSliceParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
