// cumsum's runtime lowering: a verified artifact's operator -> kernels::CumsumParams, each field
// checked on the way (runtime/op_params_builder.h): the output has the input's shape, the axis
// lies inside it, and every fixed-point multiplier is valid.
#include "runtime/op_unit.h"
#include "runtime/uniform_rescale_lowering.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::CumsumParams* p = &params->cumsum;
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& output = c.Output();
  if (!SameShape(input, output)) {
    return c.Fail("tensors.shape", "output %s differs from input %s", FormatShape(output).text,
                  FormatShape(input).text);
  }
  const schema::CumsumOptions& options = c.Options<schema::CumsumOptions>();
  const int32_t rank = Rank(input);
  const int32_t axis = options.axis();
  if (axis < 0 || axis >= rank) {
    return c.Fail("operators.options.axis", "axis %d outside [0, %d) of input %s", axis, rank,
                  FormatShape(input).text);
  }
  p->outer_size = 1;
  p->inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) p->outer_size *= Dim(input, i);
  p->axis_size = Dim(input, axis);
  for (int32_t i = axis + 1; i < rank; ++i) p->inner_size *= Dim(input, i);
  p->exclusive = options.exclusive() ? 1 : 0;
  p->reverse = options.reverse() ? 1 : 0;
  return LowerUniformRescale(c, options, input, p);
}

}  // namespace

extern const RuntimeOp kCumsumRuntime = RuntimeUnit<schema::CumsumOptions>(
    {kernels::kCumsumArity, {Int8("input", 1)}, Int8("output", 1)}, &Lower);

}  // namespace arenastore::runtime
