#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {

Status CheckSliceWalk(const Lowering& l) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  if (output.shape.size() > input.shape.size()) {
    return l.Fail("output '{}' has rank {}, more than input '{}' ({})", output.name,
                  output.shape.size(), input.name, input.shape.size());
  }
  return Status::Ok();
}

WrittenOptions WriteSliceWalk(OptionsWriter& w, const SliceWalkAttributes& a) {
  return {schema::OpOptions::SliceOptions,
          schema::CreateSliceOptionsDirect(w.builder(), &a.begin, &a.stride, &a.count).Union()};
}

SliceWalkAttributes ReadSliceWalk(const schema::Operator& op) {
  const auto& o = *op.options_as_SliceOptions();
  SliceWalkAttributes a;
  a.begin = CopyVector(o.begin());
  a.stride = CopyVector(o.stride());
  a.count = CopyVector(o.count());
  return a;
}

}  // namespace arenastore::planner
