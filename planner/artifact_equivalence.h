// Artifact equivalence: proves a re-planned artifact computes exactly what the original did:
// same tensors (type, shape, quantization, constant bytes), same ops in the same order with the
// same wiring and every typed option (requantization included); only placement, scratch and
// row stages (with the strip bytes of their inner tensors) may differ. Called by re-planning before
// anything is pushed. Host-only; allocates nothing. Errors: kPlanInvalid naming the first
// difference (a re-planning bug, never the user's input).
#pragma once

#include "base/status.h"
#include "runtime/artifact_view.h"

namespace arenastore::planner {

Status CheckSameComputation(const runtime::ArtifactView& original,
                            const runtime::ArtifactView& replanned);

}  // namespace arenastore::planner
