// mirror_pad's planner unit: its lowering from graph attributes to kernels::MirrorPadParams (as
// TensorFlow Lite Micro prepares the op), the MirrorPadOptions it writes to an artifact and reads
// back for re-planning, and which of those fields two artifacts must share to compute the same
// thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace mirror_pad_lowering {

Status LowerParams(const Lowering& l, kernels::MirrorPadParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const MirrorPadAttributes a, l.AttributesAs<MirrorPadAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  const size_t rank = input.shape.size();
  if (rank == 0 || rank > static_cast<size_t>(kernels::kMaxMirrorPadRank) ||
      a.before.size() != rank || a.after.size() != rank) {
    return l.Fail("padding needs one (before, after) pair per input dimension, rank <= {}",
                  kernels::kMaxMirrorPadRank);
  }
  *p = kernels::MirrorPadParams{};
  p->rank = static_cast<int32_t>(rank);
  p->edge_excluded = a.symmetric ? 0 : 1;
  std::vector<int32_t> expected(rank);
  for (size_t i = 0; i < rank; ++i) {
    p->input_shape[i] = input.shape[i];
    p->before[i] = a.before[i];
    p->after[i] = a.after[i];
    expected[i] = input.shape[i] + a.before[i] + a.after[i];
  }
  const Status status = kernels::CheckMirrorPadParams(*p, "mirror_pad");
  if (!status.ok()) return l.Fail("{}", status.message());
  return l.ExpectShape(output, expected, "output");
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerParams(l, &lowered->params().mirror_pad);
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<MirrorPadAttributes>();
  return {
      schema::OpOptions::MirrorPadOptions,
      schema::CreateMirrorPadOptionsDirect(w.builder(), &a.before, &a.after, a.symmetric).Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_MirrorPadOptions();
  MirrorPadAttributes a;
  a.before = CopyVector(o.before());
  a.after = CopyVector(o.after());
  a.symmetric = o.symmetric();
  return OpAttributes(a);
}

}  // namespace mirror_pad_lowering

extern const PlannerOp kMirrorPadPlanner = {
    &mirror_pad_lowering::Lower, &mirror_pad_lowering::Write, &mirror_pad_lowering::Read};

}  // namespace arenastore::planner
