// log_softmax: the logarithm of softmax over the last dimension of an int8 tensor, beta 1, its
// output fixed at scale 16/256 and zero point 127 (TensorFlow Lite's int8 LOG_SOFTMAX). Its
// params (lowered by the planner and the runtime, read by ref.h) and the check every variant
// runs before trusting them. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct LogSoftmaxParams {
  int32_t outer_size;  // rows
  int32_t depth;       // log_softmax runs over the last dimension
  // input_scale * 2^26 in fixed point (as softmax's): differences to the row max as Q5.26.
  int32_t input_multiplier, input_left_shift;
  // The inverse of that scaling, below one: maps a Q5.26 bound back to input steps.
  int32_t reverse_scaling_divisor, reverse_scaling_right_shift;
  int32_t diff_min;  // differences below it contribute nothing (negative)
};

inline constexpr OpArity kLogSoftmaxArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(LogSoftmaxParams, 28);

Status CheckLogSoftmaxParams(const LogSoftmaxParams& params, const char* kernel);

}  // namespace arenastore::kernels
