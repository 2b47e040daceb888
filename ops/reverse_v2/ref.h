// Reference int8 reverse, as TensorFlow Lite's ReverseV2 on bytes: reversed axes are walked
// backwards. Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (a walk outside the input, bad
// rank).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ReverseV2ScratchBytes(const ReverseV2Params& params);

Status ReverseV2(const ReverseV2Params& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
