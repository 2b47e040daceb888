// Reference int8 log_softmax, bit-exact with TensorFlow Lite Micro's reference kernel: per row,
// the sum of exp(difference to the row max) in Q12.19 (softmax's exp), its logarithm in Q5.26
// (gemmlowp's log for x >= 1, a rational approximation around powers of two), then each
// difference minus that log, rounded to the output's 16/256 steps from 127. Called through the
// kernel registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (sizes, multipliers or shifts out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t LogSoftmaxScratchBytes(const LogSoftmaxParams& params);

Status LogSoftmax(const LogSoftmaxParams& params, const int8_t* input, int8_t* output,
                  std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
