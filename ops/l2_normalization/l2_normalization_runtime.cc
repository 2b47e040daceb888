// l2_normalization's runtime lowering: a verified artifact's operator ->
// kernels::L2NormalizationParams, each field checked on the way: input and output have one shape,
// the output zero point is 0.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::L2NormalizationParams* p = &params->l2_normalization;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  if (!SameShape(*input, *output)) {
    return c.Fail("tensors.shape", "input %s and output %s differ", FormatShape(*input).text,
                  FormatShape(*output).text);
  }
  if (ZeroPoint(*output) != 0) {
    return c.Fail("tensors.quantization", "output zero point %d, expected 0", ZeroPoint(*output));
  }
  p->depth = LastDim(*input);
  if (p->depth < 1 || p->depth > kernels::kMaxL2NormalizationDepth) {
    return c.Fail("tensors.shape", "depth %d not in [1, %d]", p->depth,
                  kernels::kMaxL2NormalizationDepth);
  }
  p->outer_size = static_cast<int32_t>(ElementCount(*input)) / p->depth;
  p->input_zero_point = ZeroPoint(*input);
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kL2NormalizationRuntime = RuntimeUnit<schema::L2NormalizationOptions>(
    {kernels::kL2NormalizationArity, {Int8("input", 1, 4)}, Int8("output", 1, 4)}, &Lower);

}  // namespace arenastore::runtime
