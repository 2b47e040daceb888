// logistic's planner unit: an int8 logistic lowers to the 256 entries LogisticTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/logistic/logistic_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace logistic_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  if (l.Input(0).type == DataType::kInt16) {
    return LowerToTable<&kernels::OpParams::logistic>(l, LogisticInt16Table(q), lowered);
  }
  return LowerToTable<&kernels::OpParams::logistic>(l, LogisticTable(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(LogisticAttributes{});
}

}  // namespace logistic_lowering

extern const PlannerOp kLogisticPlanner = {&logistic_lowering::Lower, &logistic_lowering::Write,
                                           &logistic_lowering::Read};

}  // namespace arenastore::planner
