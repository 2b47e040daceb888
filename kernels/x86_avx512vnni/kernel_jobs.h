// The hand-off between the portable entry files of the x86_avx512vnni variant (size functions,
// parameter checks, scratch layout; compiled for any target) and its *_kernel.cc files
// (intrinsics, compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vnni, x86-64 only). Only
// plain structs and declarations live here, so no inline function is ever compiled with
// AVX-512 flags in one file and picked by the linker for another. Params are already checked and
// the scratch is at least the size function's bytes. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_params.h"
#include "kernels/x86_common/broadcast_rows.h"
#include "kernels/x86_common/conv_window.h"
#include "kernels/x86_common/data_movement_entry.h"
#include "kernels/x86_common/depthwise_window.h"
#include "kernels/x86_common/elementwise_entry.h"
#include "kernels/x86_common/pool2d_entry.h"
#include "kernels/x86_common/requant_table.h"
#include "kernels/x86_common/transpose_conv2d_entry.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

inline constexpr int32_t kLanes = 16;  // int32 lanes of a zmm register

// softmax: checked params (ref::CheckSoftmaxParams), rows of `depth` int8 values.
void RunSoftmax(const SoftmaxParams& params, const int8_t* input, int8_t* output);

}  // namespace arenastore::kernels::x86_avx512vnni::internal
