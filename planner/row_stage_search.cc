#include "planner/row_stage_search.h"

#include <algorithm>
#include <optional>

#include "planner/buffer_ties.h"
#include "planner/exec_forms.h"
#include "planner/lower_bound.h"
#include "planner/op_macs.h"
#include "runtime/row_strip_unit.h"
#include "runtime/runtime_op.h"

namespace arenastore::planner {
namespace {

// Strip heights tried: every height up to 8 rows, then growing by half (a taller strip recomputes
// less and holds more), below the stage's output rows (one strip is the whole tensor).
std::vector<int32_t> StripRowsToTry(int32_t output_rows) {
  std::vector<int32_t> rows;
  for (int32_t r = 1; r < output_rows; r = r < 8 ? r + 1 : r + r / 2) rows.push_back(r);
  return rows;
}

int32_t StageOutputRows(const StageSearchInput& input, int32_t last_op) {
  const std::vector<runtime::StageOp> ops = StageOpsOf(*input.lowered, last_op, 1, input.isa);
  runtime::OpRows rows;
  runtime::RowStripUnitOf(ops[0].params.kind)->rows(ops[0].params, &rows);
  return rows.output_h;
}

struct Candidate {
  PlannedStage stage;
  size_t bound_bytes;
};

// Forms per op with their scratch.
struct FormSet {
  std::vector<kernels::ExecForm> forms;
  std::vector<size_t> scratch_bytes;
};

// The forms that pay beside `stages` (KeepPayingForms).
FormSet PayingFormsBeside(const StageSearchInput& input, std::span<const PlannedStage> stages) {
  FormSet paying{{}, *input.whole_scratch};
  paying.forms = KeepPayingForms(*input.graph, *input.taken_forms, *input.form_scratch, stages,
                                 input.io_pool, &paying.scratch_bytes);
  return paying;
}

// The buffers of the plan with `stages` (empty: without any) in `forms`; empty when their ties
// fail.
std::optional<BufferAssignment> StagedBuffers(const StageSearchInput& input, const FormSet& forms,
                                              std::span<const PlannedStage> stages) {
  return StagedAssignment(*input.graph, forms.scratch_bytes, forms.forms, stages, input.pinned);
}

// The live-set bound of each group of buffers placed apart (each pinned pool's, the rest's),
// summed: a bound of the plan's total that an :io pool's peak does not mask.
size_t BoundBytes(std::span<const BufferRequest> buffers) {
  std::vector<int32_t> groups;
  for (const BufferRequest& buffer : buffers) {
    if (std::find(groups.begin(), groups.end(), buffer.pinned_pool) == groups.end()) {
      groups.push_back(buffer.pinned_pool);
    }
  }
  size_t bytes = 0;
  std::vector<BufferRequest> group_buffers;
  std::vector<int32_t> index_in_group(buffers.size(), -1);
  for (int32_t group : groups) {
    group_buffers.clear();
    for (size_t b = 0; b < buffers.size(); ++b) {
      if (buffers[b].pinned_pool != group) continue;
      index_in_group[b] = static_cast<int32_t>(group_buffers.size());
      group_buffers.push_back(buffers[b]);
    }
    // A tie joins buffers of one pinned pool (planner/buffer_ties.h): renumber it in the group.
    for (BufferRequest& buffer : group_buffers) {
      if (buffer.tied_to >= 0) buffer.tied_to = index_in_group[size_t(buffer.tied_to)];
    }
    bytes += LargestLiveSet(group_buffers).bytes;
  }
  return bytes;
}

// Whether ops [first, first + count) hold an op of some stage in `stages`.
bool Overlaps(std::span<const PlannedStage> stages, int32_t first, int32_t count) {
  return std::any_of(stages.begin(), stages.end(), [&](const PlannedStage& stage) {
    return first < stage.first_op + stage.op_count && stage.first_op < first + count;
  });
}

// Every stage beside `chosen` within `budget_macs` whose bound with them, every applicable form
// taken, is below `best_bytes`. That bound is cheap (no form is weighed) and ranks candidates; it
// is no bound of the plan whose forms pay, only a filter that keeps the search short.
std::vector<Candidate> Candidates(const StageSearchInput& input,
                                  const std::vector<PlannedStage>& chosen, uint64_t budget_macs,
                                  size_t best_bytes) {
  const FormSet taken{*input.taken_forms, *input.form_scratch};
  std::vector<Candidate> candidates;
  std::vector<PlannedStage> stages = chosen;
  stages.emplace_back();
  for (const StageChain& chain : StageChains(*input.graph, *input.lowered)) {
    const int32_t chain_end = chain.first_op + chain.op_count;
    for (int32_t first = chain.first_op; first + 1 < chain_end; ++first) {
      const int32_t longest = std::min(chain_end - first, runtime::kMaxStageOps);
      for (int32_t count = 2; count <= longest; ++count) {
        if (Overlaps(chosen, first, count)) break;
        for (int32_t rows : StripRowsToTry(StageOutputRows(input, first + count - 1))) {
          Result<PlannedStage> stage =
              SizeStage(*input.graph, *input.lowered, first, count, rows, input.isa);
          if (!stage.ok() || stage.value().extra_macs > budget_macs) continue;
          const auto& inner = stage.value().inner_bytes;
          if (std::find(inner.begin(), inner.end(), size_t{0}) != inner.end()) continue;
          stages.back() = stage.value();
          const std::optional<BufferAssignment> assignment = StagedBuffers(input, taken, stages);
          if (!assignment.has_value()) continue;
          const size_t bound = BoundBytes(assignment->buffers);
          if (bound < best_bytes) candidates.push_back({std::move(stage.value()), bound});
        }
      }
    }
  }
  // Smallest bound first; at equal bounds the one recomputing least, then the earliest.
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) {
                     if (a.bound_bytes != b.bound_bytes) return a.bound_bytes < b.bound_bytes;
                     return a.stage.extra_macs < b.stage.extra_macs;
                   });
  return candidates;
}

// How many of the best-bounded candidates are placed for real, and the most stages a plan takes.
constexpr size_t kPlacedCandidates = 6;
constexpr size_t kMaxStages = 4;

// Adds to `chosen` the stage that lowers *best_bytes most; false when none does. Each of the
// best-ranked candidates is placed with the forms that pay beside it and the chosen stages: placed
// with every applicable form, a plan keeps forms that tie tensors to larger dead ones, and the
// search stalls on that plan's peak instead of the real one.
// *paying: the forms the chosen plan was placed with.
bool AddBestStage(const StageSearchInput& input, uint64_t budget_macs,
                  std::vector<PlannedStage>* chosen, size_t* best_bytes, FormSet* paying) {
  const std::vector<Candidate> candidates = Candidates(input, *chosen, budget_macs, *best_bytes);
  std::vector<PlannedStage> stages = *chosen;
  stages.emplace_back();
  bool added = false;
  for (size_t i = 0; i < candidates.size() && i < kPlacedCandidates; ++i) {
    stages.back() = candidates[i].stage;
    FormSet forms = PayingFormsBeside(input, stages);
    const size_t planned_bytes =
        PlacedBytes(StagedBuffers(input, forms, stages), input.pools, input.placement);
    if (planned_bytes >= *best_bytes) continue;
    *best_bytes = planned_bytes;
    *paying = std::move(forms);
    if (added) chosen->pop_back();
    chosen->push_back(candidates[i].stage);
    added = true;
  }
  return added;
}

}  // namespace

StageChoice ChooseRowStages(const StageSearchInput& input) {
  size_t best_bytes = input.baseline_bytes;
  uint64_t budget_macs = static_cast<uint64_t>(static_cast<double>(GraphMacs(*input.graph)) *
                                               input.max_recompute_percent / 100.0);
  std::vector<PlannedStage> chosen;
  FormSet paying;
  // Greedy: each round adds the stage that lowers the plan most within what is left of the
  // budget, until none lowers it (a stage moves the peak, which the next one may then lower).
  while (chosen.size() < kMaxStages &&
         AddBestStage(input, budget_macs, &chosen, &best_bytes, &paying)) {
    budget_macs -= chosen.back().extra_macs;
  }
  std::sort(chosen.begin(), chosen.end(),
            [](const PlannedStage& a, const PlannedStage& b) { return a.first_op < b.first_op; });
  return {std::move(chosen), std::move(paying.forms), std::move(paying.scratch_bytes)};
}

}  // namespace arenastore::planner
