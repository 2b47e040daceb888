// leaky_relu's planner unit: LeakyReluRescale from the tensors' quantization, lowered to the 256
// entries it makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
#include "ops/leaky_relu/leaky_relu_table.h"
#include "planner/options_writer.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace leaky_relu_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const LeakyReluAttributes a, l.AttributesAs<LeakyReluAttributes>());
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToRescale<&kernels::OpParams::leaky_relu>(
      l, LeakyReluRescale(q, a.alpha, ValueRangeOf(l)), lowered);
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

}  // namespace leaky_relu_lowering

extern const PlannerOp kLeakyReluPlanner = {
    &leaky_relu_lowering::Lower, &leaky_relu_lowering::Write, &leaky_relu_lowering::Read};

}  // namespace arenastore::planner
