// rsqrt's planner unit: an int8 rsqrt lowers to the 256 entries RsqrtTable computes from the
// tensors' quantization; an int16 one (16x8) to the rescale RsqrtRescale computes, which its int16
// kernel applies per element (planner/table_lookup_planning.h).
#include "ops/rsqrt/rsqrt_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace rsqrt_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  if (l.Input(0).type == DataType::kInt16) {
    ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, Int16UnaryQuantizationOf(l));
    return LowerToInt16Rescale<&kernels::OpParams::rsqrt>(l, RsqrtRescale(q), lowered);
  }
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<&kernels::OpParams::rsqrt>(l, RsqrtTable(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(RsqrtAttributes{});
}

}  // namespace rsqrt_lowering

extern const PlannerOp kRsqrtPlanner = {&rsqrt_lowering::Lower, &rsqrt_lowering::Write,
                                        &rsqrt_lowering::Read};

}  // namespace arenastore::planner
