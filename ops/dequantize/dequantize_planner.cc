// dequantize's planner unit: its lowering to kernels::DequantizeParams (a per-tensor quantized
// int8 or int16 input, a float32 output of its shape); its artifact options are EmptyOptions.
#include "planner/conversion_lowering.h"
#include "planner/empty_options_planning.h"

namespace arenastore::planner {
namespace dequantize_lowering {

using kernels::ElementType;

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<DequantizeAttributes>().status());
  const Tensor& input = l.Input(0);
  auto& p = lowered->params().dequantize;
  ARENASTORE_ASSIGN_OR_RETURN(
      p.input_type, ConversionTypeOf(l, input, "input", {ElementType::kInt8, ElementType::kInt16}));
  ARENASTORE_RETURN_IF_ERROR(
      ConversionTypeOf(l, l.Output(), "output", {ElementType::kFloat32}).status());
  ARENASTORE_ASSIGN_OR_RETURN(p.zero_point, QuantizedZeroPoint(l, input, "input", p.input_type));
  ARENASTORE_ASSIGN_OR_RETURN(p.elements, ElementwiseCount(l));
  p.scale = input.scale();
  return Status::Ok();
}

}  // namespace dequantize_lowering

extern const PlannerOp kDequantizePlanner =
    EmptyOptionsPlanner<DequantizeAttributes>(&dequantize_lowering::Lower);

}  // namespace arenastore::planner
