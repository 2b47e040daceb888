// select_v2's planner unit: its lowering to kernels::SelectV2Params (a bool condition, int8 x, y
// and output; the three input shapes broadcast to the output's), and the empty SelectV2Options it
// writes and reads back for re-planning.
#include <algorithm>
#include <vector>

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace select_v2_lowering {

constexpr int kRank = kernels::kMaxBroadcastRank;

void RightAlign(const std::vector<int32_t>& shape, int32_t (&aligned)[kRank]) {
  const int pad = kRank - static_cast<int>(shape.size());
  for (int d = 0; d < kRank; ++d) aligned[d] = d < pad ? 1 : shape[d - pad];
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SelectV2Attributes>().status());
  const Tensor& condition = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(condition, DataType::kBool, "condition"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Input(1), "x"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(1), l.Input(2), "y"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(1), output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Input(2), "y"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
  for (const Tensor* t : {&condition, &l.Input(1), &l.Input(2), &output}) {
    if (t->shape.size() > static_cast<size_t>(kRank)) {
      return l.Fail("'{}' has rank {}, above {}", t->name, t->shape.size(), kRank);
    }
  }
  auto& p = lowered->params().select_v2;
  RightAlign(condition.shape, p.condition);
  RightAlign(l.Input(1).shape, p.x);
  RightAlign(l.Input(2).shape, p.y);
  RightAlign(output.shape, p.output);
  for (int d = 0; d < kRank; ++d) {
    const int32_t expected = std::max({p.condition[d], p.x[d], p.y[d]});
    auto fits = [&](int32_t dim) { return dim == expected || dim == 1; };
    if (p.output[d] != expected || !fits(p.condition[d]) || !fits(p.x[d]) || !fits(p.y[d])) {
      return l.Fail("condition [{}], x [{}] and y [{}] do not broadcast to output [{}]",
                    fmt::join(condition.shape, ","), fmt::join(l.Input(1).shape, ","),
                    fmt::join(l.Input(2).shape, ","), fmt::join(output.shape, ","));
    }
  }
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::SelectV2Options, schema::CreateSelectV2Options(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(SelectV2Attributes{});
}

}  // namespace select_v2_lowering

extern const PlannerOp kSelectV2Planner = {&select_v2_lowering::Lower, &select_v2_lowering::Write,
                                           &select_v2_lowering::Read};

}  // namespace arenastore::planner
