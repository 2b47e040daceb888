// log_softmax's runtime lowering: a verified artifact's operator -> kernels::LogSoftmaxParams,
// each field checked on the way (runtime/op_params_builder.h): the output has the input's shape
// and TFLite's fixed zero point 127, and the scalings lie in the kernel's ranges.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

constexpr int32_t kOutputZeroPoint = 127;  // TFLite's int8 LOG_SOFTMAX output

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::LogSoftmaxParams* p = &params->log_softmax;
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& output = c.Output();
  if (!SameShape(input, output)) {
    return c.Fail("tensors.shape", "output %s differs from input %s", FormatShape(output).text,
                  FormatShape(input).text);
  }
  if (ZeroPoint(output) != kOutputZeroPoint) {
    return c.Fail("tensors.quantization.zero_point", "output zero point %d, expected %d",
                  ZeroPoint(output), kOutputZeroPoint);
  }
  p->depth = LastDim(input);
  if (p->depth < 1) return c.Fail("tensors.shape", "last dimension %d is empty", p->depth);
  p->outer_size = static_cast<int32_t>(ElementCount(input) / p->depth);
  const schema::LogSoftmaxOptions& options = c.Options<schema::LogSoftmaxOptions>();
  p->input_multiplier = options.input_multiplier();
  p->input_left_shift = options.input_left_shift();
  if (p->input_multiplier < 0 || p->input_left_shift < 0 || p->input_left_shift > 30) {
    return c.Fail("operators.options.input_multiplier",
                  "input multiplier %d must be >= 0 and left shift %d in [0, 30]",
                  p->input_multiplier, p->input_left_shift);
  }
  p->reverse_scaling_divisor = options.reverse_scaling_divisor();
  p->reverse_scaling_right_shift = options.reverse_scaling_right_shift();
  if (p->reverse_scaling_divisor < 0 || p->reverse_scaling_right_shift < 0 ||
      p->reverse_scaling_right_shift > 31) {
    return c.Fail("operators.options.reverse_scaling_divisor",
                  "reverse scaling divisor %d must be >= 0 and right shift %d in [0, 31]",
                  p->reverse_scaling_divisor, p->reverse_scaling_right_shift);
  }
  p->diff_min = options.diff_min();
  if (p->diff_min > 0) {
    return c.Fail("operators.options.diff_min", "diff_min %d is positive", p->diff_min);
  }
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kLogSoftmaxRuntime = RuntimeUnit<schema::LogSoftmaxOptions>(
    {kernels::kLogSoftmaxArity, {Int8("input", 1)}, Int8("output", 1)}, &Lower);

}  // namespace arenastore::runtime
