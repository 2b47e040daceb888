// space_to_depth's planner unit: its lowering from graph attributes to
// kernels::SpaceToDepthParams (as TensorFlow Lite prepares the op), the BlockSizeOptions it
// writes to an artifact and reads back for re-planning, and which of those fields two artifacts
// must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_equivalence.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

using Attributes = SpaceToDepthAttributes;

Status LowerParams(const Lowering& l, kernels::StridedCopyParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.AttributesAs<Attributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  std::vector<int32_t> expected(4);
  const Status status =
      kernels::MakeSpaceToDepthParams(input.shape.data(), a.block_size, p, expected.data());
  if (!status.ok()) return l.Fail("{}", status.message());
  return l.ExpectShape(output, expected, "output");
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerParams(l, &lowered->params().space_to_depth);
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<Attributes>();
  return {schema::OpOptions::BlockSizeOptions,
          schema::CreateBlockSizeOptions(w.builder(), a.block_size).Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  Attributes a;
  a.block_size = op.options_as_BlockSizeOptions()->block_size();
  return OpAttributes(a);
}

bool SameOptions(const schema::Operator& a, const schema::Operator& b) {
  using O = schema::BlockSizeOptions;
  return SameFields(a.options_as_BlockSizeOptions(), b.options_as_BlockSizeOptions(),
                    &O::block_size);
}

}  // namespace

extern const PlannerOp kSpaceToDepthPlanner = {&Lower,       &Write,  &Read,
                                               &SameOptions, nullptr, nullptr};

}  // namespace arenastore::planner
