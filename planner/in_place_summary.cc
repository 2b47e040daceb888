#include "planner/in_place_summary.h"

#include <vector>

#include "kernels/registry.h"
#include "planner/artifact_reader.h"
#include "planner/buffer_lifetimes.h"
#include "planner/lower_bound.h"
#include "planner/lower_op.h"
#include "planner/op_macs.h"
#include "planner/row_stages.h"
#include "runtime/artifact_stages.h"
#include "runtime/op_params_builder.h"

namespace arenastore::planner {

namespace {

// The artifact's stages as the planner sizes them on `isa`, with their recomputed MACs.
Status SummarizeStages(const runtime::ArtifactView& view, const Graph& graph, kernels::Isa isa,
                       InPlaceSummary* summary) {
  const schema::Artifact& artifact = view.artifact();
  if (runtime::StageCount(artifact) == 0) return Status::Ok();
  std::vector<LoweredOp> lowered;
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    ARENASTORE_ASSIGN_OR_RETURN(LoweredOp op, LowerOp(graph, i));
    lowered.push_back(std::move(op));
  }
  for (int32_t s = 0; s < runtime::StageCount(artifact); ++s) {
    const schema::RowStage& stage = runtime::StageAt(artifact, s);
    ARENASTORE_ASSIGN_OR_RETURN(const PlannedStage sized,
                                SizeStage(graph, lowered, stage.first_op(), stage.op_count(),
                                          stage.strip_rows(), isa));
    summary->row_stages.push_back(
        {stage.first_op(), stage.op_count(), stage.strip_rows(), sized.extra_macs});
    summary->extra_macs += sized.extra_macs;
  }
  return Status::Ok();
}

}  // namespace

Result<InPlaceSummary> SummarizeInPlace(const runtime::ArtifactView& view) {
  ARENASTORE_ASSIGN_OR_RETURN(const Graph graph, ReadGraph(view));
  const auto isa = static_cast<kernels::Isa>(view.artifact().target_isa());
  InPlaceSummary summary;
  summary.model_macs = GraphMacs(graph);
  ARENASTORE_RETURN_IF_ERROR(SummarizeStages(view, graph, isa, &summary));
  std::vector<size_t> whole_scratch;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    const bool in_stage = runtime::StageHolding(view.artifact(), i) >= 0;
    if (view.op(i).form() == schema::ExecForm::WHOLE && !in_stage) {
      whole_scratch.push_back(view.PlannedScratchBytes(i));
      continue;
    }
    kernels::OpParams params;
    ARENASTORE_RETURN_IF_ERROR(runtime::BuildOpParams(view, i, &params));
    if (!in_stage) {
      ++summary.over_input_ops;
      const kernels::FormSpeed speed = kernels::SpeedOfForm(params, isa);
      summary.own_slower_kernel_ops += speed == kernels::FormSpeed::kOwnSlower ? 1 : 0;
      summary.reference_kernel_ops += speed == kernels::FormSpeed::kReference ? 1 : 0;
    }
    params.form = kernels::ExecForm::kWhole;
    whole_scratch.push_back(kernels::ScratchBytes(params, isa));
  }
  summary.tensor_bound_bytes =
      LargestLiveSet(AssignBuffers(graph, whole_scratch, PinnedPools{}).buffers).bytes;
  const schema::PlanSummary* plan = view.artifact().plan();
  summary.planned_bytes = plan != nullptr ? plan->planned_bytes() : 0;
  return summary;
}

}  // namespace arenastore::planner
