// Row stages as the planner sizes and lays them out: a chain of operators the runtime runs strip
// by strip (runtime/row_stage.h, format 1.4's Artifact.stages), so the chain's inner tensors
// exist only as strip buffers. Called by the stage search (planner/row_stage_search.h), the
// compile pipeline (which writes the stages it chose) and the in-place summary (which reads
// their extra MACs back). Invariant: the lifetimes ApplyStages gives are at least the runtime's
// plan proof's (runtime/artifact_stages.h, WidenStageLifetimes), so the proof accepts every plan
// made from them. Host-only, heap OK.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "base/result.h"
#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "planner/buffer_lifetimes.h"
#include "planner/graph.h"
#include "planner/lower_op.h"
#include "planner/memory_plan.h"
#include "runtime/row_stage.h"

namespace arenastore::planner {

struct PlannedStage {
  int32_t first_op = 0;
  int32_t op_count = 0;
  int32_t strip_rows = 0;
  std::vector<size_t> inner_bytes;    // per op but the last: its output's strip buffer
  std::vector<size_t> scratch_bytes;  // per op: the most any of its strips takes on the target
  uint64_t extra_macs = 0;            // halo rows computed again, in EstimatedMacs' units
  // How far past the input's first byte the output may start and share its bytes
  // (runtime::RowStageOutputRoomBytes).
  int64_t output_room_bytes = 0;
};

// A run of consecutive ops that may form stages: each strips (it has a row-strip unit accepting
// its whole params), has one output and reads only constants besides its first input, and each
// op's output is read by the next op alone, as its first input, and is no graph output or state.
struct StageChain {
  int32_t first_op = 0;
  int32_t op_count = 0;
};

// The longest such runs of `graph` (at least two ops each), in op order.
std::vector<StageChain> StageChains(const Graph& graph, const std::vector<LoweredOp>& lowered);

// Ops [first_op, first_op + op_count) as the runner sees them: whole params, form whole, `isa`.
std::vector<runtime::StageOp> StageOpsOf(const std::vector<LoweredOp>& lowered, int32_t first_op,
                                         int32_t op_count, kernels::Isa isa);

// Sizes the stage of ops [first_op, first_op + op_count) in strips of `strip_rows` rows on `isa`,
// with its recomputed MACs. Errors: the runner's (runtime/row_stage.h) when the ops do not chain
// or strip, or `isa` cannot run a strip.
Result<PlannedStage> SizeStage(const Graph& graph, const std::vector<LoweredOp>& lowered,
                               int32_t first_op, int32_t op_count, int32_t strip_rows,
                               kernels::Isa isa);

// Stage ops run whole params (their strips are their form): each one's form becomes whole and
// its scratch the stage's.
void ApplyStageForms(std::span<const PlannedStage> stages, std::vector<kernels::ExecForm>* forms,
                     std::vector<size_t>* scratch_bytes);

// An assignment made with ApplyStageForms' forms and scratch, laid out for the stages: each
// inner tensor's buffer holds its strip buffer, the stage input lives to the stage's last step,
// the output from its first, and every stage op's scratch across the stage. Where the input dies
// in the stage (no later reader, no graph output, the output's pinned pool), the output is tied
// over it where no strip overwrites rows a later one reads, one buffer holding the other
// (planner/buffer_ties.h); false when a tie cannot be made.
bool ApplyStages(const Graph& graph, std::span<const PlannedStage> stages,
                 BufferAssignment* assignment);

// The buffers of the plan that runs `graph`'s ops in `forms` with `scratch_bytes` and `stages`:
// ApplyStageForms, AssignBuffers in the `pinned` pools, ApplyStages, each tie checked
// (planner/buffer_ties.h); empty when a tie cannot be made. The one recipe the form choice, the
// stage search and compile weigh their candidate plans by.
std::optional<BufferAssignment> StagedAssignment(const Graph& graph,
                                                 std::vector<size_t> scratch_bytes,
                                                 std::vector<kernels::ExecForm> forms,
                                                 std::span<const PlannedStage> stages,
                                                 PinnedPools pinned);

// Those buffers placed in `pools` (planner/memory_plan.h), the pools' bytes summed; SIZE_MAX when
// there are none or they do not fit.
size_t PlacedBytes(const std::optional<BufferAssignment>& assignment,
                   std::span<const PoolSpec> pools, const PlanOptions& placement);

}  // namespace arenastore::planner
