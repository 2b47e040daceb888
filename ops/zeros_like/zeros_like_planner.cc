// zeros_like's planner unit: its lowering to kernels::ZerosLikeParams (an int8 input and an int8
// output of its shape), and the EmptyOptions it writes and reads back for re-planning.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<ZerosLikeAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(input, DataType::kInt8, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(output, DataType::kInt8, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(output, input.shape, "output"));
  int64_t elements = 1;
  for (int32_t d : output.shape) elements *= d;
  if (elements > INT32_MAX) return l.Fail("output has {} elements, above int32", elements);
  lowered->params().zeros_like.elements = static_cast<int32_t>(elements);
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::EmptyOptions, schema::CreateEmptyOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(ZerosLikeAttributes{});
}

bool SameOptions(const schema::Operator& /*a*/, const schema::Operator& /*b*/) { return true; }

}  // namespace

extern const PlannerOp kZerosLikePlanner = {&Lower, &Write, &Read, &SameOptions, nullptr, nullptr};

}  // namespace arenastore::planner
