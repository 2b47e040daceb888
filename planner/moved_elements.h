// The planner side of the ops built on a strided-copy walk that move elements of either width
// (int8, or int16 in TensorFlow Lite's 16x8 models): their walk, built over elements, is handed
// to the kernels over bytes (kernels/strided_copy_widen.h), as the runtime's lowering does
// (runtime/moved_elements.h). Host-only; errors as planner/lowering.h.
#pragma once

#include "kernels/strided_copy_widen.h"
#include "planner/lowering.h"

namespace arenastore::planner {

// `walk`, checked over the elements of `input`, restated over their bytes.
inline Status WidenWalk(const Lowering& l, const Tensor& input, kernels::StridedCopyParams* walk) {
  if (!kernels::WidenStridedCopy(static_cast<int32_t>(ElementBytes(input.type)), walk)) {
    return l.Fail("a rank-{} walk over {} elements needs a dimension more than the {} a walk has",
                  walk->rank, DataTypeName(input.type), kernels::kMaxStridedCopyRank);
  }
  return Status::Ok();
}

}  // namespace arenastore::planner
