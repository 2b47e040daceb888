#include "planner/op_macs.h"

namespace arenastore::planner {

uint64_t EstimatedMacs(const Graph& graph, const Op& op) {
  if (op.inputs.size() < 2 || op.inputs[1] < 0 || op.outputs.empty()) return 0;
  const Tensor& filter = graph.tensors[size_t(op.inputs[1])];
  const Tensor& output = graph.tensors[size_t(op.outputs[0])];
  if (!filter.is_constant || filter.shape.size() < 2 || output.shape.empty()) return 0;
  const int64_t output_channels = output.shape.back();
  if (output_channels <= 0) return 0;
  const auto macs_per_output = uint64_t(filter.element_count() / output_channels);
  return uint64_t(output.element_count()) * macs_per_output;
}

uint64_t GraphMacs(const Graph& graph) {
  uint64_t macs = 0;
  for (const Op& op : graph.ops) macs += EstimatedMacs(graph, op);
  return macs;
}

}  // namespace arenastore::planner
