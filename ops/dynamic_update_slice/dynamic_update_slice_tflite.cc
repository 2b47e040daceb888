// dynamic_update_slice's TensorFlow Lite mapping: DYNAMIC_UPDATE_SLICE -> a graph op over the
// operand and the update with DynamicUpdateSliceAttributes (the constant int32 or int64 start
// indices folded in, clamped later as TFLM clamps them), or a reason it cannot run here.
#include "ops/dynamic_update_slice/dynamic_update_slice.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace dynamic_update_slice_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  const int32_t operand = m.input(0), update = m.input(1);
  if (!m.Constant({2}, "start indices")) return Status::Ok();
  m.AcceptInt8OrInt16Activations({operand, update, m.output()});
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<int64_t> values, m.IntegerOperand(2, "start indices"));
  const std::vector<int32_t> operand_shape = m.reader().ShapeOf(operand);
  const std::vector<int32_t> update_shape = m.reader().ShapeOf(update);
  if (operand_shape.size() > static_cast<size_t>(kernels::kMaxDynamicUpdateSliceRank)) {
    m.Refuse(fmt::format("rank above {}", kernels::kMaxDynamicUpdateSliceRank));
    return Status::Ok();
  }
  if (values.size() != operand_shape.size() || update_shape.size() != operand_shape.size()) {
    return m.Fail(fmt::format("operand rank {}, update rank {} and {} start indices disagree",
                              operand_shape.size(), update_shape.size(), values.size()));
  }
  for (size_t d = 0; d < operand_shape.size(); ++d) {
    if (update_shape[d] > operand_shape[d]) {
      return m.Fail(fmt::format("update dim {} is {}, larger than the operand's {}", d,
                                update_shape[d], operand_shape[d]));
    }
  }
  return m.Emit(kernels::OpKind::kDynamicUpdateSlice, {operand, update},
                DynamicUpdateSliceAttributes{std::move(values)});
}

}  // namespace dynamic_update_slice_mapping

// TensorFlow Lite's DYNAMIC_UPDATE_SLICE (builtin 151).
extern const TfliteOpMapping kDynamicUpdateSliceTflite = {
    {151}, 1, &dynamic_update_slice_mapping::Map};

}  // namespace arenastore::planner
