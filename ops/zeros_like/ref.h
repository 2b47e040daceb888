// Reference int8 ZEROS_LIKE: every output byte 0, as TensorFlow Lite Micro's kernel. The input
// is taken for its shape only. Called through the kernel registry. Scratch: none. Never
// allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ZerosLikeScratchBytes(const ZerosLikeParams& params);

Status ZerosLike(const ZerosLikeParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
