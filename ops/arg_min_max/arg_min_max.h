// arg_min_max: the index of the largest (ARG_MAX) or smallest (ARG_MIN) int8 value along one
// axis (TensorFlow Lite's int8 ARG_MAX / ARG_MIN with an int32 output), one op whose `kind` says
// which; the first index wins ties, as TFLM's strict comparison. Raw int8 values are compared
// (quantization is monotonic). Params lowered by the planner and the runtime, read by ref.h;
// every variant runs CheckArgMinMaxParams first. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// Persisted in ArgMinMaxOptions.kind: append only.
enum class ArgMinMaxKind : int32_t {
  kArgMax = 0,
  kArgMin = 1,
};
inline constexpr int32_t kArgMinMaxKindCount = 2;

struct ArgMinMaxParams {
  ArgMinMaxKind kind;
  int32_t outer_size;  // product of the input dims before the axis
  int32_t axis_size;   // the axis' extent (>= 1): the range of the output indices
  int32_t inner_size;  // product of the input dims after the axis
};

inline constexpr OpArity kArgMinMaxArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ArgMinMaxParams, 16);

Status CheckArgMinMaxParams(const ArgMinMaxParams& params, const char* kernel);

}  // namespace arenastore::kernels
