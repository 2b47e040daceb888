// Schedule: chooses the execution order of a graph's operators. The importer's order is
// always valid; where a graph branches (residual adds, concatenations) another topological
// order can lower the peak of live bytes, and so the lower bound of any memory plan.
// Called by the compile pipeline when `--reorder` is asked for. Host-only; no errors (the
// graph must already be valid).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "planner/graph.h"

namespace arenastore::planner {

// Largest sum of live activation and scratch bytes (each rounded up to 16, as the planner
// reserves them) at any step when ops run in `order` (the planner's lifetime rules: inputs
// live from step 0, outputs to the end).
size_t PeakLiveBytes(const Graph& graph, const std::vector<size_t>& scratch_bytes,
                     const std::vector<int32_t>& order);

// A topological order with a peak no higher than the graph's own order: greedy list
// scheduling that prefers the ready op whose run frees the most bytes (ties: original order).
std::vector<int32_t> MemoryAwareOrder(const Graph& graph, const std::vector<size_t>& scratch_bytes);

// The graph with its ops permuted into `order` (a permutation of op indices).
Graph Reordered(const Graph& graph, const std::vector<int32_t>& order);

}  // namespace arenastore::planner
