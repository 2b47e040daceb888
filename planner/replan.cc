#include "planner/replan.h"

#include <cmath>

#include "planner/artifact_equivalence.h"
#include "planner/artifact_reader.h"
#include "planner/in_place_summary.h"

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

// The budget the stage search derives from `percent` (planner/row_stage_search.cc floors it).
uint64_t BudgetMacs(uint64_t model_macs, double percent) {
  return static_cast<uint64_t>(static_cast<double>(model_macs) * percent / 100.0);
}

}  // namespace

Result<std::optional<double>> OriginalRecomputePercent(const runtime::ArtifactView& original) {
  ARENASTORE_ASSIGN_OR_RETURN(const InPlaceSummary summary, SummarizeInPlace(original));
  if (summary.row_stages.empty() || summary.model_macs == 0) return std::optional<double>();
  // Up to a millionth of the MACs, then up again until the floored budget covers every
  // recomputed MAC: the stage search admits a stage only within its budget.
  constexpr double kSteps = 1e4;  // per percent
  double percent = std::ceil(static_cast<double>(summary.extra_macs) * 100.0 * kSteps /
                             static_cast<double>(summary.model_macs)) /
                   kSteps;
  while (BudgetMacs(summary.model_macs, percent) < summary.extra_macs) percent += 1.0 / kSteps;
  return std::optional<double>(percent);
}

std::vector<PoolConfig> ReplanPools(const runtime::ArtifactView& original,
                                    const ReplanOptions& options) {
  std::vector<PoolConfig> pools = ReadCompileOptions(original).pools;
  ApplyPoolChanges(options, &pools);
  return pools;
}

Result<CompileOptions> ReplanCompileOptions(const runtime::ArtifactView& original,
                                            const ReplanOptions& options) {
  CompileOptions compile = ReadCompileOptions(original);
  if (options.target_isa.has_value()) compile.target_isa = *options.target_isa;
  ApplyPoolChanges(options, &compile.pools);  // ReplanPools' pools, from the options read above
  compile.sizer = options.sizer;
  if (options.max_recompute_percent.has_value()) {
    compile.max_recompute_percent = options.max_recompute_percent;
  } else {
    ARENASTORE_ASSIGN_OR_RETURN(compile.max_recompute_percent, OriginalRecomputePercent(original));
  }
  return compile;
}

Result<ReplannedArtifact> ReplanArtifact(const runtime::ArtifactView& original,
                                         const ReplanOptions& options) {
  ReplannedArtifact result;
  ARENASTORE_ASSIGN_OR_RETURN(const Graph graph, ReadGraph(original));
  ARENASTORE_ASSIGN_OR_RETURN(result.options, ReplanCompileOptions(original, options));
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
