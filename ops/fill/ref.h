// Reference int8 FILL: every output byte is the value's, as TensorFlow Lite Micro's FILL.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (a negative size).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t FillScratchBytes(const FillParams& params);

Status Fill(const FillParams& params, const int8_t* value, int8_t* output,
            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
