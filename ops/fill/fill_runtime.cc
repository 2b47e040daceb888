// fill's runtime lowering: a verified artifact's operator -> kernels::FillParams: an int8 scalar
// value and an int8 output whose element count the params carry.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  const int64_t elements = ElementCount(c.Output());
  if (elements > INT32_MAX) {
    return c.Fail("tensors.shape", "output %s has more than 2^31 elements",
                  FormatShape(c.Output()).text);
  }
  params->fill.elements = static_cast<int32_t>(elements);
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kFillRuntime = {schema::OpOptions::EmptyOptions,
                                       true,
                                       {kernels::kFillArity, {Int8("value", 0, 0)}, Int8("output")},
                                       &Lower};

}  // namespace arenastore::runtime
