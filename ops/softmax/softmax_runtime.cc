// softmax's runtime lowering: a verified artifact's operator -> kernels::SoftmaxParams, each field
// checked on the way (runtime/op_params_builder.h): input and output have one shape, the output
// is int8 or int16 (int16 for an int16 input) and the scaling is valid.
#include "kernels/op_set.h"
#include "runtime/conversion_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::SoftmaxParams* p = &params->softmax;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  if (!SameShape(*input, *output)) {
    return c.FailShapes("tensors.shape", "input %s and output %s differ", *input, *output);
  }
  const schema::SoftmaxOptions& options = c.Options<schema::SoftmaxOptions>();
  p->input_multiplier = options.input_multiplier();
  p->input_left_shift = options.input_left_shift();
  p->diff_min = options.diff_min();
  // An int16 input's shift may be negative (its rescaling targets the exp table's range).
  const bool int16_input = kernels::kInt16Built && input->type() == schema::DataType::INT16;
  const int32_t min_shift = int16_input ? -31 : 0;
  if (p->input_multiplier < 0 || p->input_left_shift < min_shift || p->input_left_shift > 31 ||
      p->diff_min > 0) {
    return c.Fail("operators.options.input_multiplier",
                  "input_multiplier %d must be >= 0, input_left_shift %d in [%d, 31], diff_min %d "
                  "<= 0",
                  p->input_multiplier, p->input_left_shift, min_shift, p->diff_min);
  }
  p->depth = LastDim(*input);
  p->outer_size = static_cast<int32_t>(ElementCount(*input)) / p->depth;
  p->output_type = QuantizedTypeOf(*output);
  if (int16_input && p->output_type != kernels::ElementType::kInt16) {
    return c.Fail("tensors.type", "an int16 softmax writes int16");
  }
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kSoftmaxRuntime = RuntimeUnit<schema::SoftmaxOptions>(
    {kernels::kSoftmaxArity, {Int8OrInt16("input", 1, kAnyRank)}, Int8OrInt16("output")}, &Lower);

}  // namespace arenastore::runtime
