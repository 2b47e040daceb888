// What to do about a gate verdict, from a real re-plan for the runtime that judged it: what the
// pools' planned bytes become (so "would reclaim N B" is what a plan gives back), or why no plan
// fits, and a next command that works for the input (replan for a store version, compile for a
// file). Called by check and run for warn and reject verdicts. Host-only, heap OK; never fails:
// a re-plan that cannot be made is part of the advice.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "planner/compile.h"
#include "planner/memory_diff.h"
#include "runtime/artifact_view.h"
#include "runtime/gate.h"
#include "tools/artifact_source.h"

namespace arenastore::cli {

// Why a real re-plan: the gate's per-op surpluses overlap other buffers in the plan, so their sum
// overstates what a re-plan gives back (a 28,416 B plan was said to free 88,888 B).
struct GateAdvice {
  std::string target_isa;
  bool replan_fits = false;
  std::vector<planner::PoolBytesChange> pools;  // when it fits: every pool before -> after
  uint64_t reclaimable_bytes = 0;               // what the pools shrink by, summed
  std::string no_fit;                           // when it does not: why, with the numbers
  std::string command;                          // the next step
};

// The re-plan is for `identity`'s ISA within `capacities`, and is judged by the same gate
// (identity, policy, capacities) before it is advised: advice that would be rejected again says
// that no re-plan cures the verdict. A file's next command writes a new file beside it.
GateAdvice AdviseReplan(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                        const runtime::RuntimeIdentity& identity, runtime::GatePolicy policy,
                        const std::vector<planner::PoolConfig>& capacities);

nlohmann::json AdviceJson(const GateAdvice& advice);

// "  a re-plan for ref would reclaim 64 B: sram 16,064 B -> 16,000 B" and the next command.
void PrintAdvice(std::FILE* out, const GateAdvice& advice, bool rejected);

}  // namespace arenastore::cli
