// leaky_relu's planner unit: an int8 leaky_relu lowers to the 256 entries LeakyReluTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/leaky_relu/leaky_relu_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const LeakyReluAttributes a, l.AttributesAs<LeakyReluAttributes>());
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<&kernels::OpParams::leaky_relu>(l, LeakyReluTable(q, a.alpha), lowered);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteTableLookupOptions(w, {w.attributes<LeakyReluAttributes>().alpha});
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const std::vector<float> parameters = ReadTableParameters(op);
  if (parameters.size() != 1) {
    return Status::Error(ErrorCode::kImportUnsupported,
                         "leaky_relu: the artifact records %zu parameters, expected alpha",
                         parameters.size());
  }
  return OpAttributes(LeakyReluAttributes{parameters[0]});
}

}  // namespace

extern const PlannerOp kLeakyReluPlanner = {&Lower,  &Write, &Read, &SameTableLookupOptions,
                                            nullptr, nullptr};

}  // namespace arenastore::planner
