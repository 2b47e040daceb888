// relu6's planner unit: an int8 relu6 lowers to the 256 entries Relu6Table
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/relu6/relu6_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<&kernels::OpParams::relu6>(l, Relu6Table(q), lowered);
}

WrittenOptions Write(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(Relu6Attributes{});
}

}  // namespace

extern const PlannerOp kRelu6Planner = {&Lower,  &Write, &Read, &SameTableLookupOptions,
                                        nullptr, nullptr};

}  // namespace arenastore::planner
