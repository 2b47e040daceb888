// Re-planning an artifact from the artifact alone: read its graph and compile options back
// (planner/artifact_reader.h), change the target ISA and pools as asked, compile with this build's
// kernel library, and prove the result computes exactly what the original did before anyone can
// store it (planner/artifact_equivalence.h). Called by store/replan.h (`arenastore replan`, audit
// --fix) and tests. Heap OK. Errors: those of ReadGraph and Compile (kPlanDoesNotFit: the pools
// are too small for any plan), kPlanInvalid when the equivalence check fails (a planner bug).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "planner/compile.h"
#include "planner/memory_diff.h"
#include "runtime/artifact_view.h"

namespace arenastore::planner {

struct ReplanOptions {
  std::optional<kernels::Isa> target_isa;  // unset: the artifact's own target
  // Pool changes. By default each entry replaces the capacity of the artifact's pool of that
  // name (keeping its kind and its place in the preference order) or, for a new name, is
  // appended with its own kind.
  // With replace_pools, these ARE the pools, in this order (the artifact's are dropped).
  std::vector<PoolConfig> pools;
  bool replace_pools = false;
  // False: entries naming no pool of the artifact are ignored (audit --fix passes a device
  // class's every capacity and wants the artifact's own pools bounded, not new ones).
  bool add_missing_pools = true;
  const ScratchSizer* sizer = nullptr;  // null: the kernel library's size functions
  // Row stages' budget (CompileOptions::max_recompute_percent). Unset: the original's own share,
  // so a staged artifact stays staged (OriginalRecomputePercent); one without stages gets none.
  std::optional<double> max_recompute_percent;
};

struct ReplannedArtifact {
  CompiledModel model;
  CompileOptions options;  // what the re-plan compiled with
  MemoryDiff diff;         // original -> re-planned
};

// The share of its model's MACs `original`'s row stages recompute, in percent, rounded up just
// enough that a compile with that budget can choose the same stages; unset without stages.
// Errors: those of SummarizeInPlace.
Result<std::optional<double>> OriginalRecomputePercent(const runtime::ArtifactView& original);

// The pools a re-plan of `original` plans: its own, with options.pools applied.
std::vector<PoolConfig> ReplanPools(const runtime::ArtifactView& original,
                                    const ReplanOptions& options);

// The compile options a re-plan of `original` uses: its own, with `options` applied.
// Errors: those of OriginalRecomputePercent (only when options.max_recompute_percent is unset).
Result<CompileOptions> ReplanCompileOptions(const runtime::ArtifactView& original,
                                            const ReplanOptions& options);

Result<ReplannedArtifact> ReplanArtifact(const runtime::ArtifactView& original,
                                         const ReplanOptions& options);

}  // namespace arenastore::planner
