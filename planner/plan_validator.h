// Plan validator: proves a MemoryPlan safe for its requests and pools, with code that shares
// nothing with the placement algorithms (a bug there cannot hide itself here). Called by
// PlanMemory on every plan it returns, by the artifact writer and by tests. Host-only, heap OK;
// O(n log n). Errors: kInvalidArgument for malformed requests or pools, else kPlanInvalid
// naming the first broken invariant, the buffer(s) and the pool.
//
// Invariants, checked in this order:
//   1. The plan has one placement per buffer and one planned size per pool.
//   2. Every placement names an existing pool.
//   3. A pinned buffer lies in its pinned pool.
//   4. Every offset is a multiple of its buffer's alignment, and that alignment is no stricter
//      than its pool's (the runtime aligns only the pool's base address).
//   5. Every buffer ends (offset + bytes) within its pool's planned bytes.
//   6. Every pool's planned bytes are within its capacity and a multiple of its alignment (a
//      state pool's end at its last variable, unpadded: only its base is aligned).
//   7. A tied buffer (planner/buffer_ties.h) lies at its tie's offset from the other.
//   8. Two buffers of one pool that are live at a common step share no byte of
//      [offset, offset + bytes), unless they are tied to each other and one holds the other.
//      Checked by a sweep over steps with an ordered set of the live intervals of each pool;
//      the message names both buffers, the pool and the step.
#pragma once

#include <span>

#include "base/status.h"
#include "planner/memory_plan.h"

namespace arenastore::planner {

Status ValidatePlan(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                    const MemoryPlan& plan);

}  // namespace arenastore::planner
