// quantize's planner unit: an int8 quantize lowers to the 256 entries QuantizeTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/quantize/quantize_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace quantize_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<&kernels::OpParams::quantize>(l, QuantizeTable(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(QuantizeAttributes{});
}

}  // namespace quantize_lowering

extern const PlannerOp kQuantizePlanner = {&quantize_lowering::Lower, &quantize_lowering::Write,
                                           &quantize_lowering::Read};

}  // namespace arenastore::planner
