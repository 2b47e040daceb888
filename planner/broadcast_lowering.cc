#include "planner/broadcast_lowering.h"

#include <algorithm>

namespace arenastore::planner {

Status BroadcastShapesOf(const Lowering& l, kernels::BroadcastShapes* shapes) {
  const Tensor* operands[3] = {&l.Input(0), &l.Input(1), &l.Output()};
  int32_t* targets[3] = {shapes->input1, shapes->input2, shapes->output};
  for (int k = 0; k < 3; ++k) {
    const auto& shape = operands[k]->shape;
    if (shape.size() > static_cast<size_t>(kernels::kMaxBroadcastRank)) {
      return l.Fail("'{}' has rank {}, at most {} supported", operands[k]->name, shape.size(),
                    kernels::kMaxBroadcastRank);
    }
    const size_t pad = kernels::kMaxBroadcastRank - shape.size();
    for (size_t i = 0; i < static_cast<size_t>(kernels::kMaxBroadcastRank); ++i) {
      targets[k][i] = i < pad ? 1 : shape[i - pad];
    }
  }
  for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
    const int32_t a = shapes->input1[i];
    const int32_t b = shapes->input2[i];
    const int32_t expected = std::max(a, b);
    if ((a != b && a != 1 && b != 1) || shapes->output[i] != expected) {
      return l.Fail("inputs [{}] and [{}] do not broadcast to output [{}]",
                    fmt::join(l.Input(0).shape, ","), fmt::join(l.Input(1).shape, ","),
                    fmt::join(l.Output().shape, ","));
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::planner
