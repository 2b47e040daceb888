// fill's planner unit: its lowering to kernels::FillParams (an int8 scalar value, an int8
// output); its options are EmptyOptions (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"
#include "planner/lowering.h"

namespace arenastore::planner {
namespace fill_lowering {

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

}  // namespace fill_lowering

extern const PlannerOp kFillPlanner = EmptyOptionsPlanner<FillAttributes>(&fill_lowering::Lower);

}  // namespace arenastore::planner
