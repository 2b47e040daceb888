// What planning below the tensor-level bound bought an artifact: how many of its operators run in
// the over-input form (kernels/exec_form.h), its row stages (runtime/artifact_stages.h) with the
// MACs their strips compute again, the tensor-level bound (the same schedule planned with whole
// tensors: the largest sum of whole tensors and whole-form scratch alive at one step) and the
// bytes its plan saves against that bound. Read back from the artifact alone, so
// `compile`, `inspect`, the plan picture and the fleet audit give the same figures. Host-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/result.h"
#include "runtime/artifact_view.h"

namespace arenastore::planner {

struct InPlaceSummary {
  struct Stage {
    int32_t first_op, op_count, strip_rows;
    uint64_t extra_macs;  // planner/op_macs.h
  };
  size_t over_input_ops = 0;
  // Of those, the ops whose form runs slower than the target ISA's whole kernel
  // (kernels::FormSpeed), taken only because the plan had to fit its pools: on the variant's
  // own slower kernel, or on a kernel it borrows from ref.
  size_t own_slower_kernel_ops = 0;
  size_t reference_kernel_ops = 0;
  std::vector<Stage> row_stages;
  uint64_t extra_macs = 0;  // over all stages
  uint64_t model_macs = 0;  // the whole model's, computed once
  size_t tensor_bound_bytes = 0;
  size_t planned_bytes = 0;  // the plan's own total (PlanSummary.planned_bytes)

  size_t SavedBytes() const {
    return planned_bytes < tensor_bound_bytes ? tensor_bound_bytes - planned_bytes : 0;
  }
};

// Each over-input or stage operator's scratch is taken at its whole form's size on the
// artifact's target ISA. Errors: those of ReadGraph and BuildOpParams (an artifact whose graph cannot be read back).
Result<InPlaceSummary> SummarizeInPlace(const runtime::ArtifactView& view);

}  // namespace arenastore::planner
