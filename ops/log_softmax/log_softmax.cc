#include "ops/log_softmax/log_softmax.h"

#include "kernels/kernel_rows.h"
#include "ops/log_softmax/ref.h"

namespace arenastore::kernels {

Status CheckLogSoftmaxParams(const LogSoftmaxParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.depth >= 1,
                          "outer_size %d must be >= 0 and depth %d >= 1", p.outer_size, p.depth);
  ARENASTORE_CHECK_PARAMS(
      kernel, p.input_multiplier >= 0 && p.input_left_shift >= 0 && p.input_left_shift <= 30,
      "input multiplier %d, left shift %d not in [0, 30]", p.input_multiplier, p.input_left_shift);
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.reverse_scaling_divisor >= 0 && p.reverse_scaling_right_shift >= 0 &&
                              p.reverse_scaling_right_shift <= 31,
                          "reverse scaling divisor %d, right shift %d not in [0, 31]",
                          p.reverse_scaling_divisor, p.reverse_scaling_right_shift);
  ARENASTORE_CHECK_PARAMS(kernel, p.diff_min <= 0, "diff_min %d is positive", p.diff_min);
  return Status::Ok();
}

extern const OpKernels kLogSoftmaxKernels =
    RefOnlyKernels<OpKind::kLogSoftmax, &ref::LogSoftmaxScratchBytes, &ref::LogSoftmax>();

}  // namespace arenastore::kernels
