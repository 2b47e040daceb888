// shape's planner unit: its lowering to kernels::ShapeParams (an int8 input, an int32 output of
// one element per input dim, the dims carried in the params); its options are EmptyOptions
// (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"
#include "planner/lowering.h"

namespace arenastore::planner {
namespace shape_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<ShapeAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  if (input.type != DataType::kInt16) {  // only its shape is read: either width will do
    ARENASTORE_RETURN_IF_ERROR(l.ExpectType(input, DataType::kInt8, "input"));
  }
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(output, DataType::kInt32, "output"));
  const size_t rank = input.shape.size();
  if (rank > static_cast<size_t>(kernels::kMaxShapeRank)) {
    return l.Fail("input rank {} above {}", rank, kernels::kMaxShapeRank);
  }
  ARENASTORE_RETURN_IF_ERROR(
      l.ExpectShape(output, std::vector<int32_t>{static_cast<int32_t>(rank)}, "output"));
  auto& p = lowered->params().shape;
  p.rank = static_cast<int32_t>(rank);
  for (size_t d = 0; d < rank; ++d) p.dims[d] = input.shape[d];
  return Status::Ok();
}

}  // namespace shape_lowering

extern const PlannerOp kShapePlanner = EmptyOptionsPlanner<ShapeAttributes>(&shape_lowering::Lower);

}  // namespace arenastore::planner
