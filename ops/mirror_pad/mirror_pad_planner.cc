// mirror_pad's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::MirrorPadParams), the MirrorPadOptions it writes to an artifact and
// reads back for re-planning, and which of those fields two artifacts must share to compute the
// same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace mirror_pad_lowering {

// The operands' quantization, alike (the kernel copies bytes), which only the host checks; the
// runtime's lowering checks the padding against the shapes and derives kernels::MirrorPadParams.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<MirrorPadAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  return l.ExpectSameQuantization(input, output);
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
