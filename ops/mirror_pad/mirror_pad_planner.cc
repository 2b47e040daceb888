// mirror_pad's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::MirrorPadParams), the MirrorPadOptions it writes to an artifact and
// reads back for re-planning, and which of those fields two artifacts must share to compute the
// same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace mirror_pad_lowering {

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<MirrorPadAttributes>();
  return Written(
      schema::CreateMirrorPadOptionsDirect(w.builder(), &a.before, &a.after, a.symmetric));
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

extern const PlannerOp kMirrorPadPlanner = {&LowerQuantizedMove<MirrorPadAttributes>,
                                            &mirror_pad_lowering::Write,
                                            &mirror_pad_lowering::Read};

}  // namespace arenastore::planner
