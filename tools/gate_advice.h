// What to do about a gate verdict, worked out for the input the user gave and from a real
// re-plan instead of the findings: the artifact is re-planned (planner/replan.h) for the runtime
// that judged it and the capacities given, and the advice says
//   - what the re-plan changes: each pool's planned bytes before -> after (so "a re-plan would
//     reclaim N B" is what the pools really shrink by, not the sum of per-op surpluses, which
//     overlap other buffers);
//   - when no plan can fit the capacities, with the numbers (the pool against the plan's lower
//     bound);
//   - the next command, one that works for the input: `arenastore replan REF --target ISA` for a
//     store version, `arenastore compile SOURCE --target ISA -o FILE` for a file (its source
//     model, or the built-in example it was compiled from).
// Called by check and run for warn and reject verdicts. Host-only, heap OK; never fails: a
// re-plan that cannot be made is part of the advice.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "planner/compile.h"
#include "planner/memory_diff.h"
#include "runtime/artifact_view.h"
#include "tools/artifact_source.h"

namespace arenastore::cli {

struct GateAdvice {
  std::string target_isa;
  bool replan_fits = false;
  std::vector<planner::PoolBytesChange> pools;  // when it fits: every pool before -> after
  uint64_t reclaimable_bytes = 0;               // what the pools shrink by, summed
  std::string no_fit;                           // when it does not: why, with the numbers
  std::string command;                          // the next step
};

GateAdvice AdviseReplan(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                        kernels::Isa isa, const std::vector<planner::PoolConfig>& capacities);

nlohmann::json AdviceJson(const GateAdvice& advice);

// "  a re-plan for ref would reclaim 64 B: sram 16,064 B -> 16,000 B" and the next command.
void PrintAdvice(std::FILE* out, const GateAdvice& advice, bool rejected);

}  // namespace arenastore::cli
