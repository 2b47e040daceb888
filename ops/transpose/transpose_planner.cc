// transpose's planner unit: its lowering from graph attributes to kernels::TransposeParams (as
// TensorFlow Lite prepares the op), the TransposeOptions it writes to an artifact and reads back
// for re-planning, and which of those fields two artifacts must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/moved_elements.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace transpose_lowering {

Status LowerTransposeParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const TransposeAttributes a, l.AttributesAs<TransposeAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  const size_t rank = input.shape.size();
  if (rank == 0 || rank > static_cast<size_t>(kernels::kMaxStridedCopyRank) ||
      a.perm.size() != rank) {
    return l.Fail("perm needs one entry per input dimension, rank in [1, {}]",
                  kernels::kMaxStridedCopyRank);
  }
  const Status status = kernels::MakeTransposeParams(static_cast<int32_t>(rank), input.shape.data(),
                                                     a.perm.data(), &p->transpose);
  if (!status.ok()) return l.Fail("{}", status.message());
  std::vector<int32_t> expected(rank);
  for (size_t d = 0; d < rank; ++d) expected[d] = p->transpose.count[d];
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(output, expected, "output"));
  return WidenWalk(l, input, &p->transpose);
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerTransposeParams(l, &lowered->params());
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
