// dynamic_update_slice's planner unit: its lowering clamps the start as TFLM clamps it (the
// runtime's lowering checks the operands and derives kernels::DynamicUpdateSliceParams); the
// options struct is its attributes, written and read back whole.
// Its TensorFlow Lite mapping: DYNAMIC_UPDATE_SLICE -> a graph op over the operand and the update
// with DynamicUpdateSliceAttributes (the constant int32 or int64 start indices folded in, held
// within int32 and clamped by the lowering), or a reason it cannot run here.
#include <algorithm>
#include <cstdint>

#include "ops/dynamic_update_slice/dynamic_update_slice.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace dynamic_update_slice_planning {

constexpr int32_t kRank = kernels::kMaxDynamicUpdateSliceRank;

// The start, clamped as TensorFlow Lite Micro clamps it (into [0, operand - update] per dim);
// the runtime's lowering checks the operands' types and the output.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<DynamicUpdateSliceAttributes>().status());
  DynamicUpdateSliceAttributes& a = lowered->mutable_options<DynamicUpdateSliceAttributes>();
  const Tensor& operand = l.Input(0);
  const Tensor& update = l.Input(1);
  const size_t rank = operand.shape.size();
  if (rank > static_cast<size_t>(kRank) || update.shape.size() != rank || a.start.size() != rank) {
    return l.Fail("operand, update and start need one rank, at most {}", kRank);
  }
  const std::vector<int64_t> start(a.start.begin(), a.start.end());
  kernels::DynamicUpdateSliceParams clamped;
  const Status status =
      kernels::MakeDynamicUpdateSliceParams(static_cast<int32_t>(rank), operand.shape.data(),
                                            update.shape.data(), start.data(), &clamped);
  if (!status.ok()) return l.Fail("{}", status.message());
  a.start.assign(clamped.start, clamped.start + rank);
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  const int32_t operand = m.input(0), update = m.input(1);
  if (!m.Constant({2}, "start indices")) return Status::Ok();
  m.AcceptInt8OrInt16Activations({operand, update, m.output()});
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> values,
                              m.IntegerOperand(2, "start indices"));
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
  // Held within int32: a start beyond it clamps to the same bound as the int32 extreme.
  DynamicUpdateSliceAttributes a;
  for (const int64_t value : values) {
    a.start.push_back(static_cast<int32_t>(std::clamp<int64_t>(value, INT32_MIN, INT32_MAX)));
  }
  return m.Emit(kernels::OpKind::kDynamicUpdateSlice, {operand, update}, a);
}

}  // namespace dynamic_update_slice_planning

extern const PlannerOp kDynamicUpdateSlicePlanner =
    OptionsStructPlanner<DynamicUpdateSliceAttributes>(&dynamic_update_slice_planning::Lower);

// TensorFlow Lite's DYNAMIC_UPDATE_SLICE (builtin 151).
extern const TfliteOpMapping kDynamicUpdateSliceTflite = {
    {151}, 1, &dynamic_update_slice_planning::Map};

}  // namespace arenastore::planner
