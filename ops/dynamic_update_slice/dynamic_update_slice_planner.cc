// dynamic_update_slice's planner unit: its start clamped as TFLM clamps it (the runtime's lowering
// checks the operands and derives the rest of kernels::DynamicUpdateSliceParams), the
// DynamicUpdateSliceOptions it writes (the clamped start) and reads back for re-planning, and which
// fields two artifacts must share to compute the same thing.
// Its TensorFlow Lite mapping: DYNAMIC_UPDATE_SLICE -> a graph op over the operand and the update
// with DynamicUpdateSliceAttributes (the constant int32 or int64 start indices folded in, clamped
// later as TFLM clamps them), or a reason it cannot run here.
#include "ops/dynamic_update_slice/dynamic_update_slice.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace dynamic_update_slice_planning {

constexpr int32_t kRank = kernels::kMaxDynamicUpdateSliceRank;

// The start, clamped as TensorFlow Lite Micro clamps it, which Write records; the runtime's
// lowering checks the operands' types and the output.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const DynamicUpdateSliceAttributes a,
                              l.AttributesAs<DynamicUpdateSliceAttributes>());
  const Tensor& operand = l.Input(0);
  const Tensor& update = l.Input(1);
  const size_t rank = operand.shape.size();
  if (rank > static_cast<size_t>(kRank) || update.shape.size() != rank || a.start.size() != rank) {
    return l.Fail("operand, update and start need one rank, at most {}", kRank);
  }
  const Status status = kernels::MakeDynamicUpdateSliceParams(
      static_cast<int32_t>(rank), operand.shape.data(), update.shape.data(), a.start.data(),
      &lowered->params().dynamic_update_slice);
  if (!status.ok()) return l.Fail("{}", status.message());
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const kernels::DynamicUpdateSliceParams& p = w.params().dynamic_update_slice;
  const std::vector<int32_t> start(p.start, p.start + p.rank);
  return Written(schema::CreateDynamicUpdateSliceOptionsDirect(w.builder(), &start));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto* start = op.options_as_DynamicUpdateSliceOptions()->start();
  DynamicUpdateSliceAttributes a;
  if (start != nullptr) a.start.assign(start->begin(), start->end());
  return OpAttributes(std::move(a));
}

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

}  // namespace dynamic_update_slice_planning

extern const PlannerOp kDynamicUpdateSlicePlanner = {&dynamic_update_slice_planning::Lower,
                                                     &dynamic_update_slice_planning::Write,
                                                     &dynamic_update_slice_planning::Read};

// TensorFlow Lite's DYNAMIC_UPDATE_SLICE (builtin 151).
extern const TfliteOpMapping kDynamicUpdateSliceTflite = {
    {151}, 1, &dynamic_update_slice_planning::Map};

}  // namespace arenastore::planner
