// Buffer ties: buffers placed at fixed offsets from each other (BufferRequest::tied_to), so an
// operator can write its output over its input while both are live at its step. Ties form a
// forest; each tree is a unit the placers move as one rigid body. Read by PlanMemory (checks and
// the first-fit placer), the lower bound and the plan validator, so all three agree on which
// pairs may share bytes: a tied pair may; two buffers of one unit that are not tied to each
// other may not, when both are live. Host-only, heap OK, pure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "base/result.h"
#include "planner/memory_plan.h"

namespace arenastore::planner {

// Every buffer's unit: the tree root it is tied to (itself when untied) and its offset from the
// unit's lowest byte (so every offset is >= 0), and each unit's reserved extent.
struct TieUnits {
  std::vector<int32_t> root;
  std::vector<size_t> offset_bytes;  // from the unit's base (its lowest member's first byte)
  std::vector<size_t> extent_bytes;  // per root: the unit's reserved bytes from its base
  std::vector<std::vector<int32_t>> members;  // per root: its members, the root first
};

// Requires CheckTies to have passed.
TieUnits ResolveTies(std::span<const BufferRequest> buffers);

// kInvalidArgument unless every tie names another buffer of the same pinned pool and alignment,
// at an offset that keeps that alignment and puts one of the two inside the other's bytes, the ties
// form no cycle, and no two buffers of one unit that are not tied to each other share a byte at a
// step where both are live.
Status CheckTies(std::span<const BufferRequest> buffers);

// Whether `a` and `b` are tied to each other (either way).
inline bool Tied(std::span<const BufferRequest> buffers, size_t a, size_t b) {
  return buffers[a].tied_to == static_cast<int64_t>(b) ||
         buffers[b].tied_to == static_cast<int64_t>(a);
}

// The reserved bytes a tied pair shares: their overlap when `b` sits `b_minus_a_bytes` from `a`.
size_t SharedBytes(const BufferRequest& a, const BufferRequest& b, int64_t b_minus_a_bytes);

}  // namespace arenastore::planner
