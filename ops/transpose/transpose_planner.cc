// transpose's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::TransposeParams), the TransposeOptions it writes to an artifact and
// reads back for re-planning, and which of those fields two artifacts must share to compute the
// same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace transpose_lowering {

// The operands' quantization, alike (the kernel copies bytes), which only the host checks; the
// runtime's lowering checks perm against the shapes and derives the walk.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<TransposeAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  return l.ExpectSameQuantization(input, output);
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<TransposeAttributes>();
  return {schema::OpOptions::TransposeOptions,
          schema::CreateTransposeOptionsDirect(w.builder(), &a.perm).Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(TransposeAttributes{CopyVector(op.options_as_TransposeOptions()->perm())});
}

}  // namespace transpose_lowering

extern const PlannerOp kTransposePlanner = {&transpose_lowering::Lower, &transpose_lowering::Write,
                                            &transpose_lowering::Read};

}  // namespace arenastore::planner
