// elu's planner unit: an int8 elu lowers to the 256 entries EluTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/elu/elu_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace elu_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<&kernels::OpParams::elu>(l, EluTable(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) { return OpAttributes(EluAttributes{}); }

}  // namespace elu_lowering

extern const PlannerOp kEluPlanner = {&elu_lowering::Lower, &elu_lowering::Write,
                                      &elu_lowering::Read};

}  // namespace arenastore::planner
