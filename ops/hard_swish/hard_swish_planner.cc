// hard_swish's planner unit: an int8 hard_swish lowers to the 256 entries HardSwishTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/hard_swish/hard_swish_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace hard_swish_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<&kernels::OpParams::hard_swish>(l, HardSwishTable(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(HardSwishAttributes{});
}

}  // namespace hard_swish_lowering

extern const PlannerOp kHardSwishPlanner = {
    &hard_swish_lowering::Lower, &hard_swish_lowering::Write, &hard_swish_lowering::Read};

}  // namespace arenastore::planner
