// dynamic_update_slice's planner unit: its start clamped as TFLM clamps it (the runtime's lowering
// checks the operands and derives the rest of kernels::DynamicUpdateSliceParams), the
// DynamicUpdateSliceOptions it writes (the clamped start) and reads back for re-planning, and
// which fields two artifacts must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace dynamic_update_slice_lowering {

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

}  // namespace dynamic_update_slice_lowering

extern const PlannerOp kDynamicUpdateSlicePlanner = {&dynamic_update_slice_lowering::Lower,
                                                     &dynamic_update_slice_lowering::Write,
                                                     &dynamic_update_slice_lowering::Read};

}  // namespace arenastore::planner
