// zeros_like's planner unit: its lowering to kernels::ZerosLikeParams (an int8 input and an int8
// output of its shape), its options are EmptyOptions (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"
#include "planner/lowering.h"

namespace arenastore::planner {
namespace zeros_like_lowering {

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

}  // namespace zeros_like_lowering

extern const PlannerOp kZerosLikePlanner =
    EmptyOptionsPlanner<ZerosLikeAttributes>(&zeros_like_lowering::Lower);

}  // namespace arenastore::planner
