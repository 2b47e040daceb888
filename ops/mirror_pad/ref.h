// Reference int8 mirror padding, as TensorFlow Lite Micro's MirrorPad: output index i of a
// dimension with `before` padding reads input index before - i - (1 - edge_excluded) on the
// left, its mirror on the right. Called through the kernel registry. Scratch: none. Never
// allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t MirrorPadScratchBytes(const MirrorPadParams& params);

Status MirrorPad(const MirrorPadParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
