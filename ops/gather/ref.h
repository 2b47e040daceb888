// Reference int8 gather, as TensorFlow Lite Micro's GATHER, GATHER_ND and EMBEDDING_LOOKUP copy
// rows: each output row is the input row its index selects, byte for byte. Called through the
// kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (bad sizes, an index out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t GatherScratchBytes(const GatherParams& params);

Status Gather(const GatherParams& params, const int8_t* input, int8_t* output,
              std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
