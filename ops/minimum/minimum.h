// minimum: the elementwise smaller of two int8 or int16 tensors with numpy broadcasting (TensorFlow
// Lite's MINIMUM). TFLM compares the raw values and ignores the tensors' quantization (the
// converter gives all three the same), and so does this kernel. Its params are the broadcast
// shapes alone, lowered by the planner and the runtime and read by ref.h; the kernel checks them
// with ref::CheckBroadcastShapes. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using MinimumParams = BroadcastShapes;

inline constexpr OpArity kMinimumArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(MinimumParams, 72);

}  // namespace arenastore::kernels
