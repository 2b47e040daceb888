// Reference int8 broadcast, as TensorFlow Lite's BroadcastTo on bytes: dimensions of size 1
// (and missing leading ones) are repeated to the output's shape. Called through the kernel
// registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (a walk outside the input, bad rank).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t BroadcastToScratchBytes(const BroadcastToParams& params);

Status BroadcastTo(const BroadcastToParams& params, const int8_t* input, int8_t* output,
                   std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
