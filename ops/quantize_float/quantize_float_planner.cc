// quantize_float's planner unit: its lowering to kernels::QuantizeFloatParams (a float32 input,
// a per-tensor quantized int8 or int16 output of its shape); its options are EmptyOptions.
#include "planner/conversion_lowering.h"
#include "planner/empty_options_planning.h"

namespace arenastore::planner {
namespace quantize_float_lowering {

using kernels::ElementType;

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<QuantizeFloatAttributes>().status());
  const Tensor& output = l.Output();
  auto& p = lowered->params().quantize_float;
  ARENASTORE_RETURN_IF_ERROR(
      ConversionTypeOf(l, l.Input(0), "input", {ElementType::kFloat32}).status());
  ARENASTORE_ASSIGN_OR_RETURN(
      p.output_type,
      ConversionTypeOf(l, output, "output", {ElementType::kInt8, ElementType::kInt16}));
  ARENASTORE_ASSIGN_OR_RETURN(p.zero_point, QuantizedZeroPoint(l, output, "output", p.output_type));
  ARENASTORE_ASSIGN_OR_RETURN(p.elements, ElementwiseCount(l));
  p.scale = output.scale();
  return Status::Ok();
}

}  // namespace quantize_float_lowering

extern const PlannerOp kQuantizeFloatPlanner =
    EmptyOptionsPlanner<QuantizeFloatAttributes>(&quantize_float_lowering::Lower);

}  // namespace arenastore::planner
