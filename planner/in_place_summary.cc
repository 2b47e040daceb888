#include "planner/in_place_summary.h"

#include <vector>

#include "kernels/registry.h"
#include "planner/artifact_reader.h"
#include "planner/buffer_lifetimes.h"
#include "planner/lower_bound.h"
#include "runtime/op_params_builder.h"

namespace arenastore::planner {

Result<InPlaceSummary> SummarizeInPlace(const runtime::ArtifactView& view) {
  ARENASTORE_ASSIGN_OR_RETURN(const Graph graph, ReadGraph(view));
  const auto isa = static_cast<kernels::Isa>(view.artifact().target_isa());
  InPlaceSummary summary;
  std::vector<size_t> whole_scratch;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    if (view.op(i).form() == schema::ExecForm::WHOLE) {
      whole_scratch.push_back(view.PlannedScratchBytes(i));
      continue;
    }
    ++summary.over_input_ops;
    kernels::OpParams params;
    ARENASTORE_RETURN_IF_ERROR(runtime::BuildOpParams(view, i, &params));
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
