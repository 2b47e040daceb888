// concatenation: int8 tensors joined along one axis (equal quantization: a byte
// copy).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in concatenation.cc; the kernels
// in this folder (ref.h, x86.h). Freestanding, allocation-free.
#pragma once

#include "base/status.h"
#include "kernels/param_types.h"

namespace arenastore::kernels {

// int8 concatenation with equal quantization on every input: a byte copy.
struct ConcatenationParams {
  int32_t num_inputs;
  int32_t outer_size;  // product of dims before the axis
  int32_t inner_size;  // product of dims after the axis (element size 1)
  int32_t input_axis_sizes[kMaxOpInputs];
};

inline constexpr OpArity kConcatenationArity = {1, kMaxOpInputs, false};

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent.
Status CheckConcatenationParams(const ConcatenationParams& params, const char* kernel);

// The params, and a non-null pointer for each of their inputs that holds elements (a kernel
// reads that many inputs).
Status CheckConcatenationCall(const ConcatenationParams& params, const int8_t* const* inputs,
                              const char* kernel);

}  // namespace arenastore::kernels
