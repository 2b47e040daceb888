// shape's runtime lowering: a verified artifact's operator -> kernels::ShapeParams: the int8
// input's dims, and an int32 output holding one element per dim.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& output = c.Output();
  const int32_t rank = Rank(input);
  if (Rank(output) != 1 || Dim(output, 0) != rank) {
    return c.Fail("tensors.shape", "output %s must hold the %d dims of input %s",
                  FormatShape(output).text, rank, FormatShape(input).text);
  }
  params->shape.rank = rank;
  for (int32_t d = 0; d < rank; ++d) params->shape.dims[d] = Dim(input, d);
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kShapeRuntime = {schema::OpOptions::EmptyOptions,
                                        true,
                                        {kernels::kShapeArity,
                                         {Int8OrInt16("input", 0, kernels::kMaxShapeRank)},
                                         Typed("output", schema::DataType::INT32, 1, 1)},
                                        &Lower};

}  // namespace arenastore::runtime
