#include "planner/row_stages.h"

#include <algorithm>
#include <optional>

#include "planner/buffer_ties.h"
#include "planner/op_macs.h"
#include "runtime/row_strip_unit.h"
#include "runtime/runtime_op.h"

namespace arenastore::planner {
namespace {

kernels::OpParams WholeParams(const LoweredOp& lowered) {
  kernels::OpParams params = lowered.Params();
  params.form = kernels::ExecForm::kWhole;
  return params;
}

// Whether op `i` may be a stage op (StageChain's first three conditions).
bool Strips(const Graph& graph, const std::vector<LoweredOp>& lowered, size_t i) {
  const Op& op = graph.ops[i];
  if (op.outputs.size() != 1 || op.inputs.empty() || op.inputs[0] < 0) return false;
  for (size_t k = 1; k < op.inputs.size(); ++k) {
    if (op.inputs[k] >= 0 && !graph.tensors[size_t(op.inputs[k])].is_constant) return false;
  }
  const runtime::RowStripUnit* unit = runtime::RowStripUnitOf(op.kind);
  runtime::OpRows rows;
  return unit != nullptr && unit->rows(WholeParams(lowered[i]), &rows);
}

// How many times each tensor is read, as an operator input or a graph output.
std::vector<int32_t> ReadCounts(const Graph& graph) {
  std::vector<int32_t> reads(graph.tensors.size(), 0);
  for (const Op& op : graph.ops) {
    for (int32_t t : op.inputs) {
      if (t >= 0) ++reads[size_t(t)];
    }
  }
  for (int32_t t : graph.outputs) ++reads[size_t(t)];
  return reads;
}

// Whether op `i`'s output may be an inner tensor read by op i + 1.
bool Links(const Graph& graph, const std::vector<int32_t>& reads, size_t i) {
  const int32_t inner = graph.ops[i].outputs[0];
  const Tensor& tensor = graph.tensors[size_t(inner)];
  const auto is_output = std::find(graph.outputs.begin(), graph.outputs.end(), inner);
  return graph.ops[i + 1].inputs[0] == inner && reads[size_t(inner)] == 1 &&
         is_output == graph.outputs.end() && !tensor.is_variable && !tensor.is_constant;
}

}  // namespace

std::vector<StageChain> StageChains(const Graph& graph, const std::vector<LoweredOp>& lowered) {
  const std::vector<int32_t> reads = ReadCounts(graph);
  std::vector<StageChain> chains;
  size_t i = 0;
  while (i < graph.ops.size()) {
    if (!Strips(graph, lowered, i)) {
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < graph.ops.size() && Links(graph, reads, end - 1) && Strips(graph, lowered, end)) {
      ++end;
    }
    if (end - i >= 2) chains.push_back({static_cast<int32_t>(i), static_cast<int32_t>(end - i)});
    i = end;
  }
  return chains;
}

std::vector<runtime::StageOp> StageOpsOf(const std::vector<LoweredOp>& lowered, int32_t first_op,
                                         int32_t op_count, kernels::Isa isa) {
  std::vector<runtime::StageOp> ops(static_cast<size_t>(op_count));
  for (int32_t k = 0; k < op_count; ++k) {
    ops[size_t(k)].params = WholeParams(lowered[size_t(first_op + k)]);
    ops[size_t(k)].isa = isa;
  }
  return ops;
}

Result<PlannedStage> SizeStage(const Graph& graph, const std::vector<LoweredOp>& lowered,
                               int32_t first_op, int32_t op_count, int32_t strip_rows,
                               kernels::Isa isa) {
  const std::vector<runtime::StageOp> ops = StageOpsOf(lowered, first_op, op_count, isa);
  ARENASTORE_ASSIGN_OR_RETURN(const runtime::RowStageBytes bytes,
                              runtime::RowStageBufferBytes(ops, strip_rows));
  ARENASTORE_ASSIGN_OR_RETURN(const runtime::RowStageWork work,
                              runtime::RowStageComputedRows(ops, strip_rows));
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t room,
                              runtime::RowStageOutputRoomBytes(ops, strip_rows));
  PlannedStage stage;
  stage.first_op = first_op;
  stage.op_count = op_count;
  stage.strip_rows = strip_rows;
  stage.output_room_bytes = room;
  for (int32_t k = 0; k < op_count; ++k) {
    const Op& op = graph.ops[size_t(first_op + k)];
    if (k + 1 < op_count) stage.inner_bytes.push_back(bytes.inner_bytes[k]);
    stage.scratch_bytes.push_back(bytes.scratch_bytes[k]);
    // Every output row of a window op costs the same MACs (padding included, as the estimate
    // counts), so the extra rows cost their share.
    runtime::OpRows rows;
    runtime::RowStripUnitOf(op.kind)->rows(ops[size_t(k)].params, &rows);
    const auto output_rows = uint64_t(rows.output_h);
    const uint64_t extra_rows = work.computed_rows[k] - output_rows;
    stage.extra_macs += EstimatedMacs(graph, op) * extra_rows / output_rows;
  }
  return stage;
}

void ApplyStageForms(std::span<const PlannedStage> stages, std::vector<kernels::ExecForm>* forms,
                     std::vector<size_t>* scratch_bytes) {
  for (const PlannedStage& stage : stages) {
    for (int32_t k = 0; k < stage.op_count; ++k) {
      const size_t op = size_t(stage.first_op + k);
      (*forms)[op] = kernels::ExecForm::kWhole;
      (*scratch_bytes)[op] = stage.scratch_bytes[size_t(k)];
    }
  }
}

namespace {

// Where the stage's output starts from its input's first byte when one holds the other: at the
// input's first byte when the output is the smaller (only if the room allows it), else as far in
// as the room allows, aligned down, still holding the whole input. Empty when neither fits.
std::optional<int64_t> OutputOverInput(const PlannedStage& stage, size_t input_bytes,
                                       size_t output_bytes, uint32_t alignment) {
  const int64_t room = stage.output_room_bytes;
  if (output_bytes <= input_bytes) return room >= 0 ? std::optional<int64_t>(0) : std::nullopt;
  const int64_t within = std::min<int64_t>(room, 0);
  const int64_t aligned = -((-within + alignment - 1) / alignment * alignment);
  const int64_t lowest = static_cast<int64_t>(input_bytes) - static_cast<int64_t>(output_bytes);
  return aligned >= lowest ? std::optional<int64_t>(aligned) : std::nullopt;
}

// Ties the stage's output over its input where ApplyStages says; true when it did or may not.
bool TieStageOutput(const Graph& graph, const PlannedStage& stage, BufferAssignment* assignment) {
  const int32_t last = stage.first_op + stage.op_count - 1;
  const int32_t in = graph.ops[size_t(stage.first_op)].inputs[0];
  const int32_t out = graph.ops[size_t(last)].outputs[0];
  const BufferRequest& input = assignment->buffers[size_t(assignment->buffer_of_tensor[size_t(in)])];
  const BufferRequest& output =
      assignment->buffers[size_t(assignment->buffer_of_tensor[size_t(out)])];
  const bool is_output = std::find(graph.outputs.begin(), graph.outputs.end(), in) !=
                         graph.outputs.end();
  if (input.last_step > last || is_output || input.pinned_pool != output.pinned_pool ||
      input.alignment != output.alignment) {
    return true;
  }
  const std::optional<int64_t> at =
      OutputOverInput(stage, input.bytes, output.bytes, output.alignment);
  return !at.has_value() || TieOutputToInput(in, out, *at, assignment);
}

}  // namespace

bool ApplyStages(const Graph& graph, std::span<const PlannedStage> stages,
                 BufferAssignment* assignment) {
  std::vector<BufferRequest>& buffers = assignment->buffers;
  for (const PlannedStage& stage : stages) {
    // Before the lifetimes widen: whether the input dies in the stage.
    if (!TieStageOutput(graph, stage, assignment)) return false;
    const int32_t first = stage.first_op, last = stage.first_op + stage.op_count - 1;
    BufferRequest& input = buffers[size_t(
        assignment->buffer_of_tensor[size_t(graph.ops[size_t(first)].inputs[0])])];
    input.last_step = std::max(input.last_step, last);
    BufferRequest& output = buffers[size_t(
        assignment->buffer_of_tensor[size_t(graph.ops[size_t(last)].outputs[0])])];
    output.first_step = std::min(output.first_step, first);
    for (int32_t k = 0; k < stage.op_count; ++k) {
      const int32_t scratch = assignment->scratch_buffer_of_op[size_t(first + k)];
      if (scratch >= 0) {
        buffers[size_t(scratch)].first_step = first;
        buffers[size_t(scratch)].last_step = last;
      }
      if (k == stage.op_count - 1) continue;
      const int32_t inner = graph.ops[size_t(first + k)].outputs[0];
      buffers[size_t(assignment->buffer_of_tensor[size_t(inner)])].bytes =
          stage.inner_bytes[size_t(k)];
    }
  }
  return true;
}

std::optional<BufferAssignment> StagedAssignment(const Graph& graph,
                                                 std::vector<size_t> scratch_bytes,
                                                 std::vector<kernels::ExecForm> forms,
                                                 std::span<const PlannedStage> stages,
                                                 PinnedPools pinned) {
  ApplyStageForms(stages, &forms, &scratch_bytes);
  BufferAssignment assignment = AssignBuffers(graph, scratch_bytes, pinned, nullptr, forms);
  if (!assignment.ties_hold || !ApplyStages(graph, stages, &assignment) ||
      !CheckTies(assignment.buffers).ok()) {
    return std::nullopt;
  }
  return assignment;
}

size_t PlacedBytes(const std::optional<BufferAssignment>& assignment,
                   std::span<const PoolSpec> pools, const PlanOptions& placement) {
  if (!assignment.has_value()) return SIZE_MAX;
  Result<MemoryPlan> plan = PlanMemory(assignment->buffers, pools, placement);
  if (!plan.ok()) return SIZE_MAX;
  return plan->PlannedBytes();
}

}  // namespace arenastore::planner
