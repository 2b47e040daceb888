// RecordedPadsOf: the padding an artifact recorded in an options table with padding, pad_top and
// pad_left fields (the convolutions and pools), for the op units' PaddingHooks
// (planner/planner_op.h) that resolve another producer's EXPLICIT padding on re-planning.
// Host-only, header-only.
#pragma once

#include "planner/planner_op.h"

namespace arenastore::planner {

template <typename Options>
RecordedPads RecordedPadsOf(const Options* options) {
  if (options == nullptr) return RecordedPads{};
  return RecordedPads{options->padding() == schema::Padding::EXPLICIT, options->pad_top(),
                      options->pad_left()};
}

}  // namespace arenastore::planner
