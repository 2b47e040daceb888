// cast's planner unit: its lowering to kernels::CastParams (an int8, int16 or int32 input, an
// output of its shape of those types or float32; values convert, quantization is not read); its
// options are EmptyOptions.
#include "planner/conversion_lowering.h"
#include "planner/empty_options_planning.h"

namespace arenastore::planner {
namespace cast_lowering {

using kernels::ElementType;

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<CastAttributes>().status());
  auto& p = lowered->params().cast;
  ARENASTORE_ASSIGN_OR_RETURN(
      p.input_type,
      ConversionTypeOf(l, l.Input(0), "input",
                       {ElementType::kInt8, ElementType::kInt16, ElementType::kInt32}));
  ARENASTORE_ASSIGN_OR_RETURN(
      p.output_type, ConversionTypeOf(l, l.Output(), "output",
                                      {ElementType::kInt8, ElementType::kInt16, ElementType::kInt32,
                                       ElementType::kFloat32}));
  ARENASTORE_ASSIGN_OR_RETURN(p.elements, ElementwiseCount(l));
  return Status::Ok();
}

}  // namespace cast_lowering

extern const PlannerOp kCastPlanner = EmptyOptionsPlanner<CastAttributes>(&cast_lowering::Lower);

}  // namespace arenastore::planner
