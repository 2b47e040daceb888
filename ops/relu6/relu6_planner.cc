// relu6's planner unit: Relu6Rescale from the tensors' quantization, lowered to the 256 entries it
// makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
#include "ops/relu6/relu6_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace relu6_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToRescale<&kernels::OpParams::relu6>(l, Relu6Rescale(q, ValueRangeOf(l)), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(Relu6Attributes{});
}

}  // namespace relu6_lowering

extern const PlannerOp kRelu6Planner = {&relu6_lowering::Lower, &relu6_lowering::Write,
                                        &relu6_lowering::Read};

}  // namespace arenastore::planner
