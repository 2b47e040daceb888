// relu's planner unit: ReluRescale from the tensors' quantization, lowered to the 256 entries it
// makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
#include "ops/relu/relu_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace relu_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToRescale<&kernels::OpParams::relu>(l, ReluRescale(q, ValueRangeOf(l)), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) { return OpAttributes(ReluAttributes{}); }

}  // namespace relu_lowering

extern const PlannerOp kReluPlanner = {&relu_lowering::Lower, &relu_lowering::Write,
                                       &relu_lowering::Read};

}  // namespace arenastore::planner
