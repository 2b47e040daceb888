#include "planner/schedule.h"

#include <algorithm>

#include "planner/aliasing.h"

namespace arenastore::planner {
namespace {

struct Usage {
  std::vector<std::vector<int32_t>> consumers;  // per tensor, the ops that read it
  std::vector<int32_t> producer;                // per tensor, -1 for graph inputs/constants
  std::vector<bool> graph_output;
};

Usage UsageOf(const Graph& graph) {
  Usage usage;
  usage.consumers.resize(graph.tensors.size());
  usage.producer.assign(graph.tensors.size(), -1);
  usage.graph_output.assign(graph.tensors.size(), false);
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    for (int32_t t : graph.ops[i].inputs) {
      if (t >= 0 && !graph.tensors[t].is_constant && !graph.tensors[t].is_variable)
        usage.consumers[t].push_back(static_cast<int32_t>(i));
    }
    for (int32_t t : graph.ops[i].outputs) usage.producer[t] = static_cast<int32_t>(i);
  }
  for (int32_t t : graph.outputs) usage.graph_output[t] = true;
  return usage;
}

// Arena bytes an op's outputs add: none when they alias its input (as the planner places them).
size_t OwnedBytes(const Graph& graph, size_t op_index) {
  const Op& op = graph.ops[op_index];
  if (OutputsAliasInput(graph, op_index)) return 0;
  size_t bytes = 0;
  for (int32_t t : op.outputs) bytes += graph.tensors[t].bytes();
  return bytes;
}

}  // namespace

size_t PeakLiveBytes(const Graph& graph, const std::vector<size_t>& scratch_bytes,
                     const std::vector<int32_t>& order) {
  std::vector<int32_t> position(graph.ops.size());
  for (size_t step = 0; step < order.size(); ++step)
    position[order[step]] = static_cast<int32_t>(step);
  const int32_t last = static_cast<int32_t>(order.size()) - 1;
  // Per tensor: [first, last] step; graph inputs from 0, graph outputs to the end.
  std::vector<int64_t> delta(order.size() + 1, 0);
  // Sizes round up to the planner's 16-byte alignment so peaks compare with its lower bound.
  auto add_interval = [&](size_t bytes, int32_t first, int32_t end) {
    const auto reserved = static_cast<int64_t>((bytes + 15) / 16 * 16);
    delta[first] += reserved;
    delta[end + 1] -= reserved;
  };
  const std::vector<int32_t> owner = FindAliasRoots(graph).root;  // aliases share bytes
  std::vector<int32_t> first(graph.tensors.size(), -1), end(graph.tensors.size(), -1);
  auto touch = [&](int32_t t, int32_t step) {
    if (t < 0 || graph.tensors[t].is_constant || graph.tensors[t].is_variable) return;
    const int32_t o = owner[t];
    first[o] = first[o] < 0 ? step : std::min(first[o], step);
    end[o] = std::max(end[o], step);
  };
  for (int32_t t : graph.inputs) touch(t, 0);
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    for (int32_t t : graph.ops[i].inputs) touch(t, position[i]);
    for (int32_t t : graph.ops[i].outputs) touch(t, position[i]);
    if (scratch_bytes[i] > 0) add_interval(scratch_bytes[i], position[i], position[i]);
  }
  for (int32_t t : graph.outputs) touch(t, last);
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    if (first[t] >= 0) add_interval(graph.tensors[t].bytes(), first[t], end[t]);
  }
  int64_t live = 0, peak = 0;
  for (size_t step = 0; step < order.size(); ++step) {
    live += delta[step];
    peak = std::max(peak, live);
  }
  return static_cast<size_t>(peak);
}

std::vector<int32_t> MemoryAwareOrder(const Graph& graph,
                                      const std::vector<size_t>& scratch_bytes) {
  const Usage usage = UsageOf(graph);
  const size_t op_count = graph.ops.size();
  std::vector<int32_t> remaining_consumers(graph.tensors.size(), 0);
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    remaining_consumers[t] = static_cast<int32_t>(usage.consumers[t].size());
  }
  std::vector<int32_t> missing_inputs(op_count, 0);
  for (size_t i = 0; i < op_count; ++i) {
    for (int32_t t : graph.ops[i].inputs) {
      if (t >= 0 && usage.producer[t] >= 0) ++missing_inputs[i];
    }
  }
  std::vector<bool> done(op_count, false);
  std::vector<int32_t> order;
  order.reserve(op_count);
  while (order.size() < op_count) {
    int32_t best = -1;
    int64_t best_gain = 0;
    for (size_t i = 0; i < op_count; ++i) {
      if (done[i] || missing_inputs[i] > 0) continue;
      // Bytes freed by running op i (inputs whose last reader it is) minus bytes it allocates.
      int64_t gain = -static_cast<int64_t>(OwnedBytes(graph, i));
      for (int32_t t : graph.ops[i].inputs) {
        if (t >= 0 && !graph.tensors[t].is_constant && !graph.tensors[t].is_variable &&
            remaining_consumers[t] == 1 && !usage.graph_output[t]) {
          gain += static_cast<int64_t>(graph.tensors[t].bytes());
        }
      }
      if (best < 0 || gain > best_gain) {
        best = static_cast<int32_t>(i);
        best_gain = gain;
      }
    }
    done[best] = true;
    order.push_back(best);
    for (int32_t t : graph.ops[best].inputs) {
      if (t >= 0) --remaining_consumers[t];
    }
    for (int32_t t : graph.ops[best].outputs) {
      for (int32_t consumer : usage.consumers[t]) --missing_inputs[consumer];
    }
  }
  std::vector<int32_t> original(op_count);
  for (size_t i = 0; i < op_count; ++i) original[i] = static_cast<int32_t>(i);
  return PeakLiveBytes(graph, scratch_bytes, order) < PeakLiveBytes(graph, scratch_bytes, original)
             ? order
             : original;
}

Graph Reordered(const Graph& graph, const std::vector<int32_t>& order) {
  Graph reordered = graph;
  reordered.ops.clear();
  for (int32_t op_index : order) reordered.ops.push_back(graph.ops[op_index]);
  return reordered;
}

}  // namespace arenastore::planner
