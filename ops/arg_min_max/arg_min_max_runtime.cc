// arg_min_max's runtime lowering: a verified artifact's operator -> kernels::ArgMinMaxParams,
// each field checked on the way: a known kind, the axis inside the int8 input's rank, and the
// int32 output the input's shape without that axis.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::ArgMinMaxParams* p = &params->arg_min_max;
  const schema::ArgMinMaxOptions& options = c.Options<schema::ArgMinMaxOptions>();
  const int32_t kind = options.kind();
  if (kind < 0 || kind >= kernels::kArgMinMaxKindCount) {
    return c.Fail("operators.options.kind", "kind %d outside [0, %d)", kind,
                  kernels::kArgMinMaxKindCount);
  }
  p->kind = static_cast<kernels::ArgMinMaxKind>(kind);
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& output = c.Output();
  const int32_t rank = Rank(input);
  const int32_t raw_axis = options.axis();
  const int32_t axis = raw_axis < 0 ? raw_axis + rank : raw_axis;
  if (axis < 0 || axis >= rank) {
    return c.Fail("operators.options.axis", "axis %d out of range for input %s", raw_axis,
                  FormatShape(input).text);
  }
  bool agrees = Rank(output) == rank - 1;
  for (int32_t i = 0; agrees && i < rank - 1; ++i) {
    agrees = Dim(output, i) == Dim(input, i < axis ? i : i + 1);
  }
  if (!agrees) {
    return c.Fail("tensors.shape", "output %s is not input %s without axis %d",
                  FormatShape(output).text, FormatShape(input).text, axis);
  }
  if (Dim(input, axis) < 1) {
    return c.Fail("tensors.shape", "axis %d of input %s is empty", axis, FormatShape(input).text);
  }
  p->outer_size = 1;
  p->axis_size = Dim(input, axis);
  p->inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) p->outer_size *= Dim(input, i);
  for (int32_t i = axis + 1; i < rank; ++i) p->inner_size *= Dim(input, i);
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kArgMinMaxRuntime =
    RuntimeUnit<schema::ArgMinMaxOptions>({kernels::kArgMinMaxArity,
                                           {Int8("input", 1, kAnyRank)},
                                           Typed("output", schema::DataType::INT32)},
                                          &Lower);

}  // namespace arenastore::runtime
