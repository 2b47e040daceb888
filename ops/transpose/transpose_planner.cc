// transpose's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::TransposeParams), the TransposeOptions it writes to an artifact and
// reads back for re-planning, and which of those fields two artifacts must share to compute the
// same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace transpose_lowering {

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<TransposeAttributes>();
  return Written(schema::CreateTransposeOptionsDirect(w.builder(), &a.perm));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(TransposeAttributes{CopyVector(op.options_as_TransposeOptions()->perm())});
}

}  // namespace transpose_lowering

extern const PlannerOp kTransposePlanner = {&LowerQuantizedMove<TransposeAttributes>,
                                            &transpose_lowering::Write, &transpose_lowering::Read};

}  // namespace arenastore::planner
