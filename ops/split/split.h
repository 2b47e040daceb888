// split: an int8 or int16 tensor cut along one axis into consecutive parts, one output each
// (TensorFlow Lite's SPLIT and SPLIT_V; UNPACK is the same cut into parts of 1, each output without
// the axis): a byte copy, quantization kept as TFLM does. Its params (lowered by the planner and
// the runtime, read by ref.h) and the checks every variant runs before trusting them. Freestanding,
// allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct SplitParams {
  int32_t num_outputs;           // the parts, in [1, kMaxOpOutputs]
  int32_t outer_size;            // product of the input dims before the axis
  int32_t inner_size;            // product of the input dims after it, times the element's
                                 // bytes: bytes per axis step
  int32_t sizes[kMaxOpOutputs];  // each part's extent along the axis, in output order
};

inline constexpr OpArity kSplitArity = {1, 1, false, kMaxOpOutputs};
ARENASTORE_CORTEX_M_BYTES(SplitParams, 76);

Status CheckSplitParams(const SplitParams& params, const char* kernel);

// The params, and a non-null pointer for each of their outputs.
Status CheckSplitCall(const SplitParams& params, int8_t* const* outputs, const char* kernel);

// Where part `k` starts in the input, in elements, when it is one contiguous run of it (nothing
// precedes the axis: outer_size 1); -1 otherwise. The planner places such a part inside the
// input's bytes (no copy); the kernel then finds it in place and copies nothing.
inline int64_t SplitPartStartInInput(const SplitParams& params, int32_t k) {
  if (params.outer_size != 1) return -1;
  int64_t start = 0;
  for (int32_t j = 0; j < k; ++j) start += int64_t{params.sizes[j]} * params.inner_size;
  return start;
}

}  // namespace arenastore::kernels
