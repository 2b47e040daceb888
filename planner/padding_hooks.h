// RecordedPadsOf: the padding an artifact recorded in an options table with padding, pad_top and
// pad_left fields (the convolutions and pools), for the op units' PaddingHooks
// (planner/planner_op.h) that resolve another producer's EXPLICIT padding on re-planning, and
// the hooks and compared fields of a unit that records them (kPaddingHooksOf). Host-only,
// header-only.
#pragma once

#include <string_view>

#include "planner/options_struct_planning.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

template <typename Options>
RecordedPads RecordedPadsOf(const Options* options) {
  if (options == nullptr) return RecordedPads{};
  return RecordedPads{options->padding() == schema::Padding::EXPLICIT, options->pad_top(),
                      options->pad_left()};
}

// The hooks of a unit whose options table (kOptionsOf: &schema::Operator::options_as_<Table>)
// records the pads and whose params (kMember: &kernels::OpParams::<op>) carry those it lowered.
template <auto kOptionsOf>
RecordedPads RecordedPadsIn(const schema::Operator& op) {
  return RecordedPadsOf((op.*kOptionsOf)());
}
template <auto kMember>
RecordedPads LoweredPadsIn(const kernels::OpParams& p) {
  return RecordedPads{false, (p.*kMember).pad_top, (p.*kMember).pad_left};
}
template <auto kOptionsOf, auto kMember>
inline constexpr PaddingHooks kPaddingHooksOf = {&RecordedPadsIn<kOptionsOf>,
                                                 &LoweredPadsIn<kMember>};

// Two artifacts may record one pad as SAME and as EXPLICIT (another producer's): the pads
// compared, not how they were named.
inline constexpr std::string_view kPaddingNotCompared[] = {"padding"};

// The PlannerOp of such a unit (the convolutions) whose attributes are its options struct
// (planner/options_struct_planning.h): its lowering, the struct written and read whole, those
// hooks, and `padding` left uncompared.
template <auto kOptionsOf, auto kMember, typename Attributes>
constexpr PlannerOp PaddedPlanner(Status (*lower)(const Lowering&, LoweredOp*)) {
  return {lower, &WriteOptionsStruct<Attributes>, &ReadOptionsStruct<Attributes>,
          &kPaddingHooksOf<kOptionsOf, kMember>, kPaddingNotCompared};
}

}  // namespace arenastore::planner
