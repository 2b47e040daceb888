// reshape's runtime lowering: a verified artifact's operator -> kernels::ReshapeParams, each field
// checked on the way (runtime/op_params_builder.h): input and output have the same bytes and type.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::ReshapeParams* p = &params->reshape;
  const schema::Tensor* input = c.Input(0);  // a second input (the shape) is not read
  const schema::Tensor& output = c.Output();
  if (input->type() != output.type() || input->bytes() != output.bytes()) {
    return c.Fail("tensors.bytes",
                  "input %s (%llu B) and output %s (%llu B) differ in size or type",
                  FormatShape(*input).text, static_cast<unsigned long long>(input->bytes()),
                  FormatShape(output).text, static_cast<unsigned long long>(output.bytes()));
  }
  p->bytes = static_cast<int32_t>(input->bytes());
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kReshapeRuntime = {
    schema::OpOptions::ReshapeOptions,
    true,
    {kernels::kReshapeArity, {AnyType("input"), kUnchecked}, AnyType("output")},
    &Lower,
    {InputAliasing::kAlways}};

}  // namespace arenastore::runtime
