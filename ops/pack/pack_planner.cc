// pack's planner unit: its lowering from graph attributes to kernels::PackParams (the shapes agree
// and the output is the input shape with the input count inserted at the axis), the PackOptions
// it writes to an artifact and reads back for re-planning, and which fields two artifacts must
// share to compute the same thing.
#include <algorithm>
#include <vector>

#include "ops/pack/pack.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace pack_lowering {

Status LowerPackParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const PackAttributes a, l.AttributesAs<PackAttributes>());
  const Tensor& output = l.Output();
  if (output.type != DataType::kInt16) {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectType(output, DataType::kInt8, "output"));
  }
  const int32_t rank = static_cast<int32_t>(output.shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) return l.Fail("axis {} out of range for rank {}", a.axis, rank);
  auto& s = p->pack;
  s.num_inputs = static_cast<int32_t>(l.op().inputs.size());
  std::vector<int32_t> expected = l.Input(0).shape;
  expected.insert(expected.begin() + std::min<size_t>(axis, expected.size()), s.num_inputs);
  if (output.shape != expected) {
    return l.Fail("output shape [{}] is not the input shape with {} inserted at axis {}",
                  fmt::join(output.shape, ","), s.num_inputs, axis);
  }
  for (int32_t k = 0; k < s.num_inputs; ++k) {
    const Tensor& input = l.Input(k);
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(output, input, "input"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(input, l.Input(0).shape, "input"));
  }
  s.outer_size = 1;
  s.copy_size = 1;
  for (int32_t i = 0; i < axis; ++i) s.outer_size *= output.shape[i];
  for (int32_t i = axis + 1; i < rank; ++i) s.copy_size *= output.shape[i];
  s.copy_size *= static_cast<int32_t>(ElementBytes(output.type));  // the kernel moves bytes
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerPackParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<PackAttributes>();
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().outputs[0]].shape.size());
  return {schema::OpOptions::PackOptions,
          schema::CreatePackOptions(w.builder(), a.axis < 0 ? a.axis + rank : a.axis).Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(PackAttributes{op.options_as_PackOptions()->axis()});
}

// Input `part`'s start in the output, when its producer may write it there (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::PackInputStartInOutput(params.pack, static_cast<int32_t>(part));
}

}  // namespace pack_lowering

extern const PlannerOp kPackPlanner = {&pack_lowering::Lower,
                                       &pack_lowering::Write,
                                       &pack_lowering::Read,
                                       nullptr,
                                       {InputAliasing::kGathersInputs, &pack_lowering::PartStart}};

}  // namespace arenastore::planner
