// space_to_batch_nd's planner unit: its lowering from graph attributes to
// kernels::SpaceToBatchNdParams (as TensorFlow Lite prepares the op), the BlockSpaceOptions it
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

using Attributes = SpaceToBatchNdAttributes;

Status LowerParams(const Lowering& l, kernels::SpaceToBatchNdParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.AttributesAs<Attributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  const size_t rank = input.shape.size();
  if ((rank != 3 && rank != 4) || output.shape.size() != rank || a.block_shape.size() != rank - 2 ||
      a.before.size() != rank - 2 || a.after.size() != rank - 2) {
    return l.Fail("needs rank 3 or 4 and one block/padding entry per spatial dimension");
  }
  const Status status = kernels::MakeSpaceToBatchNdParams(
      static_cast<int32_t>(rank), input.shape.data(), output.shape.data(), a.block_shape.data(),
      a.before.data(), a.after.data(), output.zero_point(), p);
  if (!status.ok()) return l.Fail("{}", status.message());
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerParams(l, &lowered->params().space_to_batch_nd);
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<Attributes>();
  return {schema::OpOptions::BlockSpaceOptions,
          schema::CreateBlockSpaceOptionsDirect(w.builder(), &a.block_shape, &a.before, &a.after)
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_BlockSpaceOptions();
  Attributes a;
  a.block_shape = CopyVector(o.block_shape());
  a.before = CopyVector(o.before());
  a.after = CopyVector(o.after());
  return OpAttributes(a);
}

bool SameOptions(const schema::Operator& a, const schema::Operator& b) {
  const auto *x = a.options_as_BlockSpaceOptions(), *y = b.options_as_BlockSpaceOptions();
  return x != nullptr && y != nullptr && SameVector(x->block_shape(), y->block_shape()) &&
         SameVector(x->before(), y->before()) && SameVector(x->after(), y->after());
}

}  // namespace

extern const PlannerOp kSpaceToBatchNdPlanner = {&Lower,       &Write,  &Read,
                                                 &SameOptions, nullptr, nullptr};

}  // namespace arenastore::planner
