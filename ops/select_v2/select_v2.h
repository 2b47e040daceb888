// select_v2: condition ? x : y elementwise, the bool condition and the two int8 or int16 tensors
// broadcast together as numpy does (TensorFlow Lite's SELECT_V2). TFLM copies the raw
// values (the converter gives x, y and the output one quantization), and so does this kernel.
// Params: the three input shapes and the output's, right-aligned; lowered by the planner and the
// runtime, checked by CheckSelectV2Params in every variant. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// Right-aligned to kMaxBroadcastRank, 1-padded on the left.
struct SelectV2Params {
  int32_t condition[kMaxBroadcastRank];
  int32_t x[kMaxBroadcastRank];
  int32_t y[kMaxBroadcastRank];
  int32_t output[kMaxBroadcastRank];
};

inline constexpr OpArity kSelectV2Arity = {3, 3, false};
ARENASTORE_CORTEX_M_BYTES(SelectV2Params, 96);

// kKernelInvalidParams naming `kernel` and the dimension when an input does not broadcast.
Status CheckSelectV2Params(const SelectV2Params& params, const char* kernel);

}  // namespace arenastore::kernels
