// concatenation: int8 or int16 tensors joined along one axis (equal quantization: a byte copy,
// sized in bytes so one kernel moves either width).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in concatenation.cc; the kernels
// in this folder (ref.h, x86.h). Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// Concatenation with equal quantization on every input: a byte copy.
struct ConcatenationParams {
  int32_t num_inputs;
  int32_t outer_size;  // product of dims before the axis
  int32_t inner_size;  // product of dims after the axis, times the element's bytes
  int32_t input_axis_sizes[kMaxOpInputs];
};

inline constexpr OpArity kConcatenationArity = {1, kMaxOpInputs, false};
ARENASTORE_CORTEX_M_BYTES(ConcatenationParams, 76);

Status CheckConcatenationParams(const ConcatenationParams& params, const char* kernel);

// The params, and a non-null pointer for each of their inputs that holds elements (a kernel
// reads that many inputs).
Status CheckConcatenationCall(const ConcatenationParams& params, const int8_t* const* inputs,
                              const char* kernel);

// Where input `k` lies in the output, in elements, when it is one contiguous run of it (nothing
// precedes the axis: outer_size 1); -1 otherwise. The planner may then have the input's producer
// write it there; the kernel finds it in place and copies nothing.
inline int64_t ConcatenationInputStartInOutput(const ConcatenationParams& params, int32_t k) {
  if (params.outer_size != 1) return -1;
  int64_t start = 0;
  for (int32_t j = 0; j < k; ++j) start += int64_t{params.input_axis_sizes[j]} * params.inner_size;
  return start;
}

}  // namespace arenastore::kernels
