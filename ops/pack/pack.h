// pack: int8 or int16 tensors of one shape stacked along a new axis (TensorFlow Lite's PACK): a
// byte copy sized in bytes, quantization ignored as TFLM does. Its params (lowered by the planner
// and the runtime, read by ref.h) and the checks every variant runs before trusting them.
// Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct PackParams {
  int32_t num_inputs;  // the new axis' size
  int32_t outer_size;  // product of the output dims before the new axis
  int32_t copy_size;   // product of the output dims after it, times the element's bytes: each
                       // input's contiguous slab in bytes
};

inline constexpr OpArity kPackArity = {1, kMaxOpInputs, false};
ARENASTORE_CORTEX_M_BYTES(PackParams, 12);

Status CheckPackParams(const PackParams& params, const char* kernel);

// The params, and a non-null pointer for each of their inputs when they hold elements.
Status CheckPackCall(const PackParams& params, const int8_t* const* inputs, const char* kernel);

// Where input `k` lies in the output, in elements, when it is one contiguous run of it (nothing
// precedes the new axis: outer_size 1); -1 otherwise. As for concatenation, the planner may have
// the input's producer write it there, and the kernel then copies nothing.
inline int64_t PackInputStartInOutput(const PackParams& params, int32_t k) {
  return params.outer_size == 1 ? int64_t{k} * params.copy_size : -1;
}

}  // namespace arenastore::kernels
