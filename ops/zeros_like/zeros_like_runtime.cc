// zeros_like's runtime lowering: a verified artifact's operator -> kernels::ZerosLikeParams: an
// int8 input and an int8 output of the same shape, whose element count the params carry.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  if (!SameShape(*c.Input(0), c.Output())) {
    return c.Fail("tensors.shape", "output %s is not input %s's shape",
                  FormatShape(c.Output()).text, FormatShape(*c.Input(0)).text);
  }
  const int64_t elements = ElementCount(c.Output());
  if (elements > INT32_MAX) {
    return c.Fail("tensors.shape", "output %s has more than 2^31 elements",
                  FormatShape(c.Output()).text);
  }
  params->zeros_like.elements = static_cast<int32_t>(elements);
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kZerosLikeRuntime = {
    schema::OpOptions::EmptyOptions,
    true,
    {kernels::kZerosLikeArity, {Int8("input")}, Int8("output")},
    &Lower};

}  // namespace arenastore::runtime
