#include "planner/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {
namespace {

std::vector<int32_t> Identity(size_t n) {
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

bool IsTopological(const Graph& graph, const std::vector<int32_t>& order) {
  std::vector<bool> ready(graph.tensors.size(), false);
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    ready[t] = graph.tensors[t].is_constant || graph.tensors[t].is_variable;
  }
  for (int32_t t : graph.inputs) ready[t] = true;
  for (int32_t op_index : order) {
    for (int32_t t : graph.ops[op_index].inputs) {
      if (t >= 0 && !ready[t]) return false;
    }
    for (int32_t t : graph.ops[op_index].outputs) ready[t] = true;  // split has several
  }
  return true;
}

TEST(PeakLiveBytes, ChainHoldsTwoNeighboursAtATime) {
  GraphBuilder b("chain", 1);
  int32_t x = b.Input("x", {1, 96}, 0.1f, 0);  // 96 B
  x = b.Reshape(x, {1, 8, 12});                // aliases: no new bytes
  x = b.Reshape(x, {1, 96});
  b.Output(b.Softmax(x));  // 96 B
  const Graph graph = b.Build();
  EXPECT_EQ(PeakLiveBytes(graph, {0, 0, 0}, Identity(3)), 192u);
  EXPECT_EQ(PeakLiveBytes(graph, {0, 0, 48}, Identity(3)), 240u) << "scratch counts at its op";
  EXPECT_EQ(PeakLiveBytes(graph, {0, 0, 40}, Identity(3)), 240u) << "rounded up to 16 bytes";
}

// Two branches, each with a big intermediate, listed interleaved: running one branch to its
// small output before starting the other keeps only one big intermediate alive at a time.
Graph InterleavedBranches() {
  GraphBuilder b("branches", 1);
  const int32_t x = b.Input("x", {1, 8, 8, 4}, 0.1f, 0);                          // 256 B
  const int32_t a1 = b.Conv2d(x, 64, 1, 1, 1, Padding::VALID, Activation::RELU);  // 4096 B
  const int32_t a2 = b.Conv2d(a1, 1, 1, 1, 1, Padding::VALID, Activation::NONE);  // 64 B
  const int32_t b1 = b.Conv2d(x, 64, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t b2 = b.Conv2d(b1, 1, 1, 1, 1, Padding::VALID, Activation::NONE);
  b.Output(b.Add(a2, b2, Activation::NONE));
  Graph graph = b.Build();
  graph.ops = {graph.ops[0], graph.ops[2], graph.ops[1], graph.ops[3], graph.ops[4]};
  return graph;
}

TEST(MemoryAwareOrder, IsTopologicalAndNeverWorseOnTheExamples) {
  for (const ExampleInfo& example : Examples()) {
    const Graph graph = example.build();
    const std::vector<size_t> scratch(graph.ops.size(), 0);
    const std::vector<int32_t> order = MemoryAwareOrder(graph, scratch);
    ASSERT_EQ(order.size(), graph.ops.size());
    EXPECT_TRUE(IsTopological(graph, order)) << example.name;
    EXPECT_LE(PeakLiveBytes(graph, scratch, order),
              PeakLiveBytes(graph, scratch, Identity(order.size())))
        << example.name;
    EXPECT_TRUE(Reordered(graph, order).Validate().ok()) << example.name;
  }
}

TEST(MemoryAwareOrder, LowersThePeakWhenABranchIsScheduledEarly) {
  const Graph graph = InterleavedBranches();
  ASSERT_TRUE(graph.Validate().ok()) << graph.Validate().message();
  const std::vector<size_t> scratch(graph.ops.size(), 0);
  const size_t before = PeakLiveBytes(graph, scratch, Identity(graph.ops.size()));
  const std::vector<int32_t> order = MemoryAwareOrder(graph, scratch);
  EXPECT_TRUE(IsTopological(graph, order));
  EXPECT_EQ(before, 256u + 4096u + 4096u);
  EXPECT_EQ(PeakLiveBytes(graph, scratch, order), 256u + 4096u + 64u);
}

}  // namespace
}  // namespace arenastore::planner
