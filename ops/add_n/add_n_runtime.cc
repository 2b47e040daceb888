// add_n's runtime lowering: a verified artifact's operator -> kernels::AddNParams, each field
// checked on the way (runtime/op_params_builder.h): every input has the output's shape and the
// first input's zero point, and every fixed-point multiplier is valid.
#include "runtime/op_unit.h"
#include "runtime/uniform_rescale_lowering.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::AddNParams* p = &params->add_n;
  const schema::Tensor& output = c.Output();
  const schema::Tensor& first = *c.Input(0);
  p->num_inputs = c.input_count();
  for (int32_t k = 0; k < p->num_inputs; ++k) {
    const schema::Tensor& input = *c.Input(k);
    if (!SameShape(input, output)) {
      return c.Fail("tensors.shape", "input %d shape %s differs from output %s", k,
                    FormatShape(input).text, FormatShape(output).text);
    }
    // One offset serves every input: TFLite requires one quantization for all of them.
    if (ZeroPoint(input) != ZeroPoint(first)) {
      return c.Fail("tensors.quantization.zero_point",
                    "input %d zero point %d differs from input 0's %d", k, ZeroPoint(input),
                    ZeroPoint(first));
    }
  }
  p->element_count = static_cast<int32_t>(ElementCount(output));
  return LowerUniformRescale(c, c.Options<schema::AddNOptions>(), first, p);
}

}  // namespace

extern const RuntimeOp kAddNRuntime = RuntimeUnit<schema::AddNOptions>(
    {kernels::kAddNArity, {Int8("input"), Int8("input"), Int8("input")}, Int8("output")}, &Lower);

}  // namespace arenastore::runtime
