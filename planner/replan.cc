#include "planner/replan.h"

#include "planner/artifact_equivalence.h"
#include "planner/artifact_reader.h"

namespace arenastore::planner {
namespace {

void ApplyPoolChanges(const ReplanOptions& options, std::vector<PoolConfig>* pools) {
  if (options.replace_pools) {
    *pools = options.pools;
    return;
  }
  for (const PoolConfig& change : options.pools) {
    bool found = false;
    for (PoolConfig& pool : *pools) {
      if (pool.name != change.name) continue;
      pool.capacity_bytes = change.capacity_bytes;  // its kind stays: io stays io
      found = true;
    }
    if (!found && options.add_missing_pools) pools->push_back(change);
  }
}

}  // namespace

CompileOptions ReplanCompileOptions(const runtime::ArtifactView& original,
                                    const ReplanOptions& options) {
  CompileOptions compile = ReadCompileOptions(original);
  if (options.target_isa.has_value()) compile.target_isa = *options.target_isa;
  ApplyPoolChanges(options, &compile.pools);
  compile.sizer = options.sizer;
  return compile;
}

Result<ReplannedArtifact> ReplanArtifact(const runtime::ArtifactView& original,
                                         const ReplanOptions& options) {
  ReplannedArtifact result;
  ARENASTORE_ASSIGN_OR_RETURN(const Graph graph, ReadGraph(original));
  result.options = ReplanCompileOptions(original, options);
  ARENASTORE_ASSIGN_OR_RETURN(result.model, Compile(graph, result.options));
  // Compile already opened this view once; it cannot fail here, but never assume.
  ARENASTORE_ASSIGN_OR_RETURN(const runtime::ArtifactView replanned,
                              runtime::ArtifactView::Create(result.model.artifact));
  Status same = CheckSameComputation(original, replanned);
  if (!same.ok()) return same.WithContext("the re-planned artifact computes something else");
  result.diff = DiffMemory(original, replanned);
  return result;
}

}  // namespace arenastore::planner
