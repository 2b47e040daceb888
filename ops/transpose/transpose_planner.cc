// transpose's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::TransposeParams), the TransposeOptions it writes to an artifact and
// reads back for re-planning, and which of those fields two artifacts must share to compute the
// same thing.
// Its TensorFlow Lite mapping: TRANSPOSE -> a graph op with TransposeAttributes (the constant perm
// operand folded in, negative entries counted from the end), or a reason it cannot run here.
#include "kernels/strided_copy.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kTransposePlanner =
    OptionsStructPlanner<TransposeAttributes>(&LowerQuantizedMove<TransposeAttributes>);

namespace transpose_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.Constant({1}, "perm")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> perm, m.IntegerOperand(1, "perm"));
  const int64_t rank = m.RankOf(m.input(0));
  if (static_cast<int64_t>(perm.size()) != rank) {
    return m.Fail(fmt::format("perm has {} entries for an input of rank {}", perm.size(), rank));
  }
  if (rank > kernels::kMaxStridedCopyRank) {
    m.Refuse(fmt::format("rank {} above {}", rank, kernels::kMaxStridedCopyRank));
  }
  TransposeAttributes a;
  for (int64_t value : perm) {
    if (value < -rank || value >= rank) {
      return m.Fail(fmt::format("perm entry {} is out of range for rank {}", value, rank));
    }
    a.perm.push_back(static_cast<int32_t>(value < 0 ? value + rank : value));
  }
  return m.EmitByteMove(kernels::OpKind::kTranspose, a);
}

}  // namespace transpose_mapping

// TensorFlow Lite's TRANSPOSE (builtin 39).
extern const TfliteOpMapping kTransposeTflite = {{39}, 1, &transpose_mapping::Map};

}  // namespace arenastore::planner
