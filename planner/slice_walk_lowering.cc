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

}  // namespace arenastore::planner
