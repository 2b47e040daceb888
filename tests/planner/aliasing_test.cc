// Outputs that are one contiguous part of their input (split or unpack with nothing before the
// axis, a slice of whole inner rows) are placed inside the input's bytes, and the inputs a
// concatenation gathers as contiguous parts are written in place by their producers: no copy, no
// arena bytes of their own; every other part gets bytes of its own. Either way the outputs are
// the elements the kernels compute.
#include "planner/aliasing.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <numeric>
#include <vector>

#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "planner/planner_op.h"
#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "runtime/runtime_op.h"
#include "tests/planner/artifact_runner.h"

namespace arenastore::planner {
namespace {

using kernels::OpKind;

// A compiled graph and its view, run on the inputs 0, 1, 2, ... (one byte each).
class Compiled {
 public:
  explicit Compiled(const Graph& graph) {
    auto model = Compile(graph, {});
    EXPECT_TRUE(model.ok()) << model.status().message();
    if (!model.ok()) return;
    planned_bytes_ = model->plan.pool_bytes.at(0);
    bytes_ = testing::AlignedCopy(model->artifact);
    auto view = runtime::ArtifactView::Create(bytes_.span());
    EXPECT_TRUE(view.ok()) << view.status().message();
    if (view.ok()) view_.emplace(*view);
  }

  size_t planned_bytes() const { return planned_bytes_; }
  uint64_t OffsetOf(int32_t tensor) const { return view_->tensor(tensor).offset(); }

  std::vector<std::vector<int8_t>> RunOnCountingInput() const {
    testing::AlignedBuffer pool(planned_bytes_);
    const runtime::PoolBuffer buffers[] = {{view_->pool(0).name()->c_str(), pool.span()}};
    auto executor = runtime::Executor::Create(*view_, buffers, kernels::Isa::kRef);
    EXPECT_TRUE(executor.ok()) << executor.status().message();
    if (!executor.ok()) return {};
    std::vector<uint8_t> input(executor->InputTensor(0).size());
    std::iota(input.begin(), input.end(), uint8_t{0});
    EXPECT_TRUE(executor->SetInput(0, input).ok());
    EXPECT_TRUE(executor->Invoke().ok());
    std::vector<std::vector<int8_t>> outputs;
    for (int32_t i = 0; i < view_->output_count(); ++i) {
      std::vector<uint8_t> bytes(executor->OutputTensor(i).size());
      EXPECT_TRUE(executor->GetOutput(i, bytes).ok());
      outputs.emplace_back(bytes.begin(), bytes.end());
    }
    return outputs;
  }

 private:
  testing::AlignedBuffer bytes_{0};
  std::optional<runtime::ArtifactView> view_;
  size_t planned_bytes_ = 0;
};

std::vector<int8_t> Counting(int8_t from, int8_t to_inclusive) {
  std::vector<int8_t> values;
  for (int32_t v = from; v <= to_inclusive; ++v) values.push_back(static_cast<int8_t>(v));
  return values;
}

// x [1,6,4] cut along `axis` into parts of `sizes`, every part a graph output.
Graph SplitGraph(int32_t axis, const std::vector<std::vector<int32_t>>& part_shapes) {
  GraphBuilder b("split", 3);
  const int32_t x = b.Input("x", {1, 6, 4}, 0.1f, 0);
  for (int32_t part : b.MultiOutputOperator(OpKind::kSplit, {x},
                                            SplitAttributes{{.axis = axis, .squeeze_axis = false}},
                                            part_shapes, 0.1f, 0)) {
    b.Output(part);
  }
  return b.Build();
}

TEST(Aliasing, SplitWithNothingBeforeTheAxisPlacesEachPartInsideItsInput) {
  const Graph graph = SplitGraph(1, {{1, 2, 4}, {1, 4, 4}});
  EXPECT_EQ(OutputOffsetInInput(graph, 0, 0), 0u);
  EXPECT_EQ(OutputOffsetInInput(graph, 0, 1), 8u);
  EXPECT_TRUE(OutputsAliasInput(graph, 0));
  const Compiled compiled(graph);
  const int32_t x = graph.inputs[0];
  EXPECT_EQ(compiled.OffsetOf(graph.ops[0].outputs[0]), compiled.OffsetOf(x));
  EXPECT_EQ(compiled.OffsetOf(graph.ops[0].outputs[1]), compiled.OffsetOf(x) + 8);
  EXPECT_EQ(compiled.planned_bytes(), 32u) << "the input's 24 B, 16-aligned, and nothing more";
  const auto outputs = compiled.RunOnCountingInput();
  ASSERT_EQ(outputs.size(), 2u);
  EXPECT_EQ(outputs[0], Counting(0, 7));
  EXPECT_EQ(outputs[1], Counting(8, 23));
}

TEST(Aliasing, SplitAlongAnInnerAxisCopiesIntoBytesOfItsOwn) {
  const Graph graph = SplitGraph(2, {{1, 6, 1}, {1, 6, 3}});
  EXPECT_FALSE(OutputOffsetInInput(graph, 0, 0).has_value());
  EXPECT_FALSE(OutputsAliasInput(graph, 0));
  const Compiled compiled(graph);
  EXPECT_EQ(compiled.planned_bytes(), 80u) << "input 24 B, parts 6 B and 18 B, each 16-aligned";
  const auto outputs = compiled.RunOnCountingInput();
  ASSERT_EQ(outputs.size(), 2u);
  EXPECT_EQ(outputs[0], (std::vector<int8_t>{0, 4, 8, 12, 16, 20}));
  EXPECT_EQ(outputs[1],
            (std::vector<int8_t>{1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19, 21, 22, 23}));
}

// x [1,6,4] -> (strided) slice of `count` rows from `begin`, every `stride`.
Graph SliceGraph(OpKind kind, std::vector<std::vector<int32_t>> begin_stride_count,
                 std::vector<int32_t> output_shape) {
  schema::SliceOptionsT walk;
  walk.begin = begin_stride_count[0];
  walk.stride = begin_stride_count[1];
  walk.count = begin_stride_count[2];
  GraphBuilder b("slice", 5);
  const int32_t x = b.Input("x", {1, 6, 4}, 0.1f, 0);
  if (kind == OpKind::kSlice) {
    b.Output(b.Operator(kind, {x}, SliceAttributes{walk}, output_shape, 0.1f, 0));
  } else {
    b.Output(b.Operator(kind, {x}, StridedSliceAttributes{walk}, output_shape, 0.1f, 0));
  }
  return b.Build();
}

TEST(Aliasing, ASliceOfWholeInnerRowsIsPlacedInsideItsInput) {
  const Graph graph = SliceGraph(OpKind::kSlice, {{0, 2, 0}, {1, 1, 1}, {1, 3, 4}}, {1, 3, 4});
  EXPECT_EQ(OutputOffsetInInput(graph, 0, 0), 8u);
  const Compiled compiled(graph);
  EXPECT_EQ(compiled.OffsetOf(graph.outputs[0]), compiled.OffsetOf(graph.inputs[0]) + 8);
  EXPECT_EQ(compiled.planned_bytes(), 32u);
  const auto outputs = compiled.RunOnCountingInput();
  ASSERT_EQ(outputs.size(), 1u);
  EXPECT_EQ(outputs[0], Counting(8, 19));
}

TEST(Aliasing, AStridedSliceThatSkipsRowsOrColumnsCopies) {
  const Graph rows =
      SliceGraph(OpKind::kStridedSlice, {{0, 1, 0}, {1, 2, 1}, {1, 3, 4}}, {1, 3, 4});
  EXPECT_FALSE(OutputOffsetInInput(rows, 0, 0).has_value());
  const Graph columns =
      SliceGraph(OpKind::kStridedSlice, {{0, 0, 1}, {1, 1, 1}, {1, 6, 2}}, {1, 6, 2});
  EXPECT_FALSE(OutputOffsetInInput(columns, 0, 0).has_value());
  const auto outputs = Compiled(rows).RunOnCountingInput();
  ASSERT_EQ(outputs.size(), 1u);
  EXPECT_EQ(outputs[0], (std::vector<int8_t>{4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23}));
}

TEST(Aliasing, APartOfAPartLiesAtTheSumOfBothOffsets) {
  GraphBuilder b("nested", 9);
  const int32_t x = b.Input("x", {1, 6, 4}, 0.1f, 0);
  const int32_t rows =
      b.Operator(OpKind::kSlice, {x},
                 SliceAttributes{{.begin = {0, 1, 0}, .stride = {1, 1, 1}, .count = {1, 4, 4}}},
                 {1, 4, 4}, 0.1f, 0);
  const std::vector<int32_t> halves = b.MultiOutputOperator(
      OpKind::kSplit, {rows}, SplitAttributes{{.axis = 1, .squeeze_axis = false}},
      {{1, 2, 4}, {1, 2, 4}}, 0.1f, 0);
  b.Output(halves[1]);
  const Graph graph = b.Build();
  const Compiled compiled(graph);
  EXPECT_EQ(compiled.OffsetOf(halves[1]), compiled.OffsetOf(x) + 4 + 8);
  const auto outputs = compiled.RunOnCountingInput();
  ASSERT_EQ(outputs.size(), 1u);
  EXPECT_EQ(outputs[0], Counting(12, 19));
}

TEST(Aliasing, AConstantInputIsNeverAliased) {
  GraphBuilder b("constant", 4);
  const int32_t x = b.Input("x", {1, 4}, 0.1f, 0);
  const int32_t table = b.ConstantInt8("table", {1, 6, 4}, 0.1f, 0);
  const int32_t part =
      b.Operator(OpKind::kSlice, {table},
                 SliceAttributes{{.begin = {0, 2, 0}, .stride = {1, 1, 1}, .count = {1, 1, 4}}},
                 {1, 1, 4}, 0.1f, 0);
  b.Output(b.Add(x, b.Reshape(part, {1, 4}), Activation::NONE));
  const Graph graph = b.Build();
  EXPECT_FALSE(OutputOffsetInInput(graph, 0, 0).has_value());
}

// A copy of x [1,2,4] made by an op (an identity transpose), so that it has a producer.
int32_t CopyOf(GraphBuilder& b, int32_t x) {
  return b.Operator(OpKind::kTranspose, {x}, TransposeAttributes{{.perm = {0, 1, 2}}}, {1, 2, 4},
                    0.1f, 0);
}

TEST(Aliasing, AConcatenationsInputsAreWrittenInPlaceByTheirProducers) {
  GraphBuilder b("concat", 6);
  const int32_t x = b.Input("x", {1, 2, 4}, 0.1f, 0);
  const int32_t first = CopyOf(b, x), second = CopyOf(b, x);
  const int32_t joined = b.Concatenation({first, second}, 1);
  b.Output(joined);
  const Graph graph = b.Build();
  EXPECT_EQ(InputOffsetInOutput(graph, 2, 0), 0u);
  EXPECT_EQ(InputOffsetInOutput(graph, 2, 1), 8u);
  const Compiled compiled(graph);
  EXPECT_EQ(compiled.OffsetOf(first), compiled.OffsetOf(joined));
  EXPECT_EQ(compiled.OffsetOf(second), compiled.OffsetOf(joined) + 8);
  EXPECT_EQ(compiled.planned_bytes(), 32u) << "x and the concatenation, 16 B each";
  const auto outputs = compiled.RunOnCountingInput();
  ASSERT_EQ(outputs.size(), 1u);
  std::vector<int8_t> expected = Counting(0, 7);
  expected.insert(expected.end(), expected.begin(), expected.end());
  EXPECT_EQ(outputs[0], expected);
}

TEST(Aliasing, AGraphInputAnInnerAxisOrARepeatedInputIsCopied) {
  GraphBuilder b("concat copies", 7);
  const int32_t x = b.Input("x", {1, 2, 4}, 0.1f, 0);
  const int32_t copy = CopyOf(b, x);
  b.Output(b.Concatenation({x, copy}, 1));     // op 1: the graph input x is copied
  b.Output(b.Concatenation({copy, copy}, 2));  // op 2: along the inner axis, each row copied
  b.Output(b.Concatenation({copy, copy}, 0));  // op 3: copy is already inside op 1's output
  const Graph graph = b.Build();
  EXPECT_FALSE(InputOffsetInOutput(graph, 1, 0).has_value());
  EXPECT_EQ(InputOffsetInOutput(graph, 1, 1), 8u);
  EXPECT_FALSE(InputOffsetInOutput(graph, 2, 0).has_value());
  EXPECT_EQ(InputOffsetInOutput(graph, 3, 1), 8u);
  const AliasRoots roots = FindAliasRoots(graph);
  EXPECT_EQ(roots.root[copy], graph.ops[1].outputs[0]) << "a tensor lives in one place";
  const auto outputs = Compiled(graph).RunOnCountingInput();
  ASSERT_EQ(outputs.size(), 3u);
  std::vector<int8_t> twice = Counting(0, 7);
  twice.insert(twice.end(), twice.begin(), twice.end());
  EXPECT_EQ(outputs[0], twice);
  EXPECT_EQ(outputs[1], (std::vector<int8_t>{0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7}));
  EXPECT_EQ(outputs[2], twice);
}

// Each op declares its aliasing in its planner unit (PlannerOp::aliasing); these are the ops the
// planner once listed by hand, and only these: a unit that changes its declaration changes plans.
TEST(Aliasing, OnlyReshapeSplitTheSlicesConcatenationAndPackDeclareAliasing) {
  const std::map<OpKind, InputAliasing> aliasing = {
      {OpKind::kReshape, InputAliasing::kAlways},
      {OpKind::kSplit, InputAliasing::kWhenContiguous},
      {OpKind::kSlice, InputAliasing::kWhenContiguous},
      {OpKind::kStridedSlice, InputAliasing::kWhenContiguous},
      {OpKind::kConcatenation, InputAliasing::kGathersInputs},
      {OpKind::kPack, InputAliasing::kGathersInputs},
  };
  for (int k = 0; k < kernels::kOpKindCount; ++k) {
    const auto kind = static_cast<OpKind>(k);
    const auto declared = aliasing.find(kind);
    EXPECT_EQ(AliasingOf(kind),
              declared == aliasing.end() ? InputAliasing::kNever : declared->second)
        << kernels::OpKindName(kind);
  }
  EXPECT_EQ(AliasingOf(static_cast<OpKind>(kernels::kOpKindCount)), InputAliasing::kNever)
      << "a kind outside the list aliases nothing";
}

// The planner asks an op that aliases a part where the part starts; one that only aliases whole
// tensors (or never) has nothing to say.
TEST(Aliasing, AnOpThatAliasesPartsSaysWhereTheyStart) {
  for (int k = 0; k < kernels::kOpKindCount; ++k) {
    const auto kind = static_cast<OpKind>(k);
    const runtime::OpAliasing& aliasing = runtime::RuntimeOpOf(kind)->aliasing;
    const bool parts = aliasing.when == InputAliasing::kWhenContiguous ||
                       aliasing.when == InputAliasing::kGathersInputs;
    EXPECT_EQ(aliasing.part_start != nullptr, parts) << kernels::OpKindName(kind);
  }
}

}  // namespace
}  // namespace arenastore::planner
