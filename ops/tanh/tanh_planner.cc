// tanh's planner unit: an int8 tanh lowers to the 256 entries TanhTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/tanh/tanh_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace tanh_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  if (l.Input(0).type == DataType::kInt16) {
    return LowerToTable<&kernels::OpParams::tanh>(l, TanhInt16Table(q), lowered);
  }
  return LowerToTable<&kernels::OpParams::tanh>(l, TanhTable(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) { return OpAttributes(TanhAttributes{}); }

}  // namespace tanh_lowering

extern const PlannerOp kTanhPlanner = {&tanh_lowering::Lower, &tanh_lowering::Write,
                                       &tanh_lowering::Read};

}  // namespace arenastore::planner
