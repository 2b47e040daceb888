// Artifact reader: a verified artifact back in planner terms, so a model can be re-planned from
// the artifact alone: the Graph (every tensor, constant, quantization, op and attribute), the
// CompileOptions that reproduce its target and pools, and its memory plan as buffer requests.
// Called by `arenastore replan`, audit --fix and `inspect --svg`. Heap OK (copies what it reads).
// Errors: kImportUnsupported (an op kind or padding this planner cannot express),
// kPlanInvalidGraph.
#pragma once

#include <vector>

#include "base/result.h"
#include "planner/compile.h"
#include "planner/graph.h"
#include "planner/memory_plan.h"
#include "runtime/artifact_view.h"

namespace arenastore::planner {

// The graph the artifact was compiled from, as far as planning and running need it: tensors in
// the artifact's (dense) numbering, ops in its execution order, names from the artifact.
// Compiling it with ReadCompileOptions(view) and the same kernel library reproduces the artifact.
Result<Graph> ReadGraph(const runtime::ArtifactView& view);

// Target ISA and CPU, pools (name, kind, capacity, in the artifact's preference order) and the
// source model's name and digest; the sizer and placement options keep their defaults.
CompileOptions ReadCompileOptions(const runtime::ArtifactView& view);

// The artifact's memory plan: buffer requests with lifetimes derived from the op order (as the
// compile pipeline derives them) and the recorded placements, pool sizes and summary.
struct ArtifactPlan {
  std::vector<BufferRequest> buffers;
  std::vector<PoolSpec> pools;
  MemoryPlan plan;
};
Result<ArtifactPlan> ReadPlan(const runtime::ArtifactView& view);

}  // namespace arenastore::planner
