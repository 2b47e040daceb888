// abs's planner unit: an int8 abs lowers to the 256 entries AbsTable computes from the
// tensors' quantization; an int16 one (16x8) to the rescale AbsRescale computes, which its int16
// kernel applies per element (planner/table_lookup_planning.h).
#include "ops/abs/abs_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace abs_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  if (l.Input(0).type == DataType::kInt16) {
    ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, Int16UnaryQuantizationOf(l));
    return LowerToInt16Rescale<&kernels::OpParams::abs>(l, AbsRescale(q), lowered);
  }
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<&kernels::OpParams::abs>(l, AbsTable(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) { return OpAttributes(AbsAttributes{}); }

}  // namespace abs_lowering

extern const PlannerOp kAbsPlanner = {&abs_lowering::Lower, &abs_lowering::Write,
                                      &abs_lowering::Read};

}  // namespace arenastore::planner
