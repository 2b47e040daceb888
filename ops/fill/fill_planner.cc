// fill's planner unit: its lowering to kernels::FillParams (an int8 scalar value, an int8
// output), and the EmptyOptions it writes and reads back for re-planning.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<FillAttributes>().status());
  const Tensor& value = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(value, DataType::kInt8, "value"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(output, DataType::kInt8, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(value, 0, "value"));
  int64_t elements = 1;
  for (int32_t d : output.shape) elements *= d;
  if (elements > INT32_MAX) return l.Fail("output has {} elements, above int32", elements);
  lowered->params().fill.elements = static_cast<int32_t>(elements);
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::EmptyOptions, schema::CreateEmptyOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) { return OpAttributes(FillAttributes{}); }

bool SameOptions(const schema::Operator& /*a*/, const schema::Operator& /*b*/) { return true; }

}  // namespace

extern const PlannerOp kFillPlanner = {&Lower, &Write, &Read, &SameOptions, nullptr, nullptr};

}  // namespace arenastore::planner
