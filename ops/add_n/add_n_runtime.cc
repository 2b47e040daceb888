// add_n's runtime lowering: a verified artifact's operator -> kernels::AddNParams, each field
// checked on the way (runtime/op_params_builder.h): every input has the output's shape and the
// first input's zero point, and every fixed-point multiplier is valid.
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
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
  const schema::AddNOptions& options = c.Options<schema::AddNOptions>();
  p->left_shift = options.left_shift();
  if (p->left_shift < 0 || p->left_shift > 22) {
    return c.Fail("operators.options.left_shift", "left_shift %d outside [0, 22]", p->left_shift);
  }
  p->input_multiplier = options.input_multiplier();
  p->input_shift = options.input_shift();
  p->output_multiplier = options.output_multiplier();
  p->output_shift = options.output_shift();
  if (!c.ExpectFixedPoint("operators.options.input_multiplier", p->input_multiplier,
                          p->input_shift))
    return false;
  if (!c.ExpectFixedPoint("operators.options.output_multiplier", p->output_multiplier,
                          p->output_shift))
    return false;
  if (p->input_shift > 0 || p->output_shift > 0) {
    return c.Fail("operators.options.input_shift",
                  "shifts %d and %d must be <= 0 (multipliers below one)", p->input_shift,
                  p->output_shift);
  }
  p->input_offset = -ZeroPoint(first);
  p->output_offset = ZeroPoint(output);
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max);
}

}  // namespace

extern const RuntimeOp kAddNRuntime = {
    schema::OpOptions::AddNOptions,
    false,
    {kernels::kAddNArity, {Int8("input"), Int8("input"), Int8("input")}, Int8("output")},
    &Lower};

}  // namespace arenastore::runtime
