// maximum: the elementwise larger of two int8 or int16 tensors with numpy broadcasting (TensorFlow
// Lite's MAXIMUM). TFLM compares the raw values and ignores the tensors' quantization (the
// converter gives all three the same), and so does this kernel. Its params are the broadcast
// shapes alone, lowered by the planner and the runtime and read by ref.h; the kernel checks them
// with ref::CheckBroadcastShapes. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using MaximumParams = BroadcastShapes;

inline constexpr OpArity kMaximumArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(MaximumParams, 72);

}  // namespace arenastore::kernels
