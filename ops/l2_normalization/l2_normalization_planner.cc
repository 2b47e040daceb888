// l2_normalization's planner unit: its lowering from graph tensors to
// kernels::L2NormalizationParams (as TensorFlow Lite Micro prepares the op, with the output scale
// 1/128 and zero point 0 its arithmetic assumes), the empty L2NormalizationOptions it writes and
// reads back, and their equivalence.
#include <cmath>

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace l2_normalization_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const L2NormalizationAttributes a,
                              l.AttributesAs<L2NormalizationAttributes>());
  (void)a;
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  if (input.shape.empty() || input.shape.size() > 4 || input.shape != output.shape) {
    return l.Fail("input and output must have the same shape of rank 1 to 4");
  }
  if (output.zero_point() != 0 || output.scale() != 1.0f / 128.0f) {
    return l.Fail("int8 l2_normalization needs output scale 1/128 and zero point 0, got {} and {}",
                  output.scale(), output.zero_point());
  }
  auto& p = lowered->params().l2_normalization;
  p.depth = input.shape.back();
  if (p.depth < 1 || p.depth > kernels::kMaxL2NormalizationDepth) {
    return l.Fail("depth {} not in [1, {}]", p.depth, kernels::kMaxL2NormalizationDepth);
  }
  p.outer_size = static_cast<int32_t>(input.element_count() / p.depth);
  p.input_zero_point = input.zero_point();
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::L2NormalizationOptions,
          schema::CreateL2NormalizationOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator&) {
  return OpAttributes(L2NormalizationAttributes{});
}

}  // namespace l2_normalization_lowering

extern const PlannerOp kL2NormalizationPlanner = {&l2_normalization_lowering::Lower,
                                                  &l2_normalization_lowering::Write,
                                                  &l2_normalization_lowering::Read};

}  // namespace arenastore::planner
