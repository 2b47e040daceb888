// Persistent state, end to end: a model's variable tensors are planned into a pool of their own
// (kind STATE), exactly their bytes, never shared with activations; the gate judges that pool
// like any other; the executor starts it from TensorFlow Lite Micro's reset values, keeps it
// from one invoke to the next and resets it on request.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "planner/artifact_reader.h"
#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "runtime/gate.h"
#include "tests/planner/artifact_runner.h"

namespace arenastore::planner {
namespace {

using testing::AlignedBuffer;

// Two SVDFs in a row: the first keeps int16 state, the second int8 state.
Graph TwoSvdfs() {
  GraphBuilder b("two svdfs", 5);
  const int32_t input = b.Input("input", {1, 10}, 0.05f, 1);
  const int32_t first = b.Svdf(input, 6, 1, 5, DataType::kInt16);  // 6 x 5 int16 = 60 B
  b.Output(b.Svdf(first, 3, 2, 3, DataType::kInt8));               // 6 x 3 int8 = 18 B
  return b.Build();
}

size_t VariableBytes(const Graph& graph) {
  size_t bytes = 0;
  for (const Tensor& t : graph.tensors) bytes += t.is_variable ? t.bytes() : 0;
  return bytes;
}

struct Loaded {
  AlignedBuffer bytes;
  runtime::ArtifactView view;
};

Loaded Load(const std::vector<uint8_t>& artifact) {
  AlignedBuffer bytes = testing::AlignedCopy(artifact);
  auto view = runtime::ArtifactView::Create(bytes.span());
  EXPECT_TRUE(view.ok()) << view.status().message();
  return {std::move(bytes), *view};
}

int32_t StatePoolOf(const runtime::ArtifactView& view) {
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    if (view.pool(p).kind() == schema::PoolKind::STATE) return p;
  }
  return -1;
}

// Host buffers for every pool, and an executor over them.
struct Running {
  std::vector<AlignedBuffer> pools;
  std::vector<std::string> names;
  std::vector<runtime::PoolBuffer> buffers;
};

Running Pools(const runtime::ArtifactView& view) {
  Running r;
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    r.pools.emplace_back(static_cast<size_t>(view.pool(p).planned_bytes()));
    r.names.push_back(view.pool(p).name()->str());
  }
  for (size_t p = 0; p < r.pools.size(); ++p)
    r.buffers.push_back({r.names[p].c_str(), r.pools[p].span()});
  return r;
}

std::vector<uint8_t> Frame(runtime::Executor& executor, uint8_t fill) {
  std::vector<uint8_t> input(executor.InputTensor(0).size());
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<uint8_t>(fill + 37 * i);
  EXPECT_TRUE(executor.SetInput(0, input).ok());
  EXPECT_TRUE(executor.Invoke().ok());
  std::vector<uint8_t> output(executor.OutputTensor(0).size());
  EXPECT_TRUE(executor.GetOutput(0, output).ok());
  return output;
}

TEST(StatePool, VariablesGetAStatePoolOfExactlyTheirBytes) {
  const Graph graph = TwoSvdfs();
  auto compiled = Compile(graph, CompileOptions{});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  Loaded loaded = Load(compiled->artifact);
  const int32_t state = StatePoolOf(loaded.view);
  ASSERT_GE(state, 0) << "no pool of kind STATE";
  EXPECT_STREQ(loaded.view.pool(state).name()->c_str(), "state");
  EXPECT_EQ(loaded.view.pool(state).planned_bytes(), VariableBytes(graph));
  EXPECT_EQ(VariableBytes(graph), 78u);
  for (int32_t t = 0; t < loaded.view.tensor_count(); ++t) {
    const bool variable = graph.tensors[t].is_variable;
    EXPECT_EQ(runtime::IsStateTensor(loaded.view, loaded.view.tensor(t)), variable)
        << graph.tensors[t].name;
  }
}

TEST(StatePool, AnOddSizedStateIsNotPaddedToItsWidestElement) {
  // One LSTM of 9 units: an int8 hidden state (9 B) and an int16 cell state (18 B). TensorFlow
  // Lite Micro keeps 27 B of variables; the pool is 2-aligned at its base, its end unpadded.
  GraphBuilder b("odd state", 7);
  b.Output(b.UnidirectionalSequenceLstm(b.Input("input", {1, 2, 4}, 0.05f, 0), 9, false, 0.0f));
  const Graph graph = b.Build();
  ASSERT_EQ(VariableBytes(graph), 27u);
  auto compiled = Compile(graph, CompileOptions{});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  Loaded loaded = Load(compiled->artifact);
  const int32_t state = StatePoolOf(loaded.view);
  ASSERT_GE(state, 0);
  EXPECT_EQ(loaded.view.pool(state).planned_bytes(), 27u);
  for (int32_t t = 0; t < loaded.view.tensor_count(); ++t) {
    const schema::Tensor& tensor = loaded.view.tensor(t);
    if (!runtime::IsStateTensor(loaded.view, tensor)) continue;
    EXPECT_EQ(tensor.offset() % (tensor.type() == schema::DataType::INT16 ? 2 : 1), 0u);
  }
}

TEST(StatePool, AStatePoolAskedForByNameHoldsOnlyVariables) {
  CompileOptions options;
  options.pools = {PoolConfig{"sram", 0, PoolKind::kWorkspace},
                   PoolConfig{"retained", 1024, PoolKind::kState}};
  auto compiled = Compile(TwoSvdfs(), options);
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  Loaded loaded = Load(compiled->artifact);
  ASSERT_EQ(loaded.view.pool_count(), 2);
  EXPECT_EQ(loaded.view.pool(1).kind(), schema::PoolKind::STATE);
  EXPECT_EQ(loaded.view.pool(1).planned_bytes(), 78u);
  // Scratch and activations never spill into the state pool, even where it has room.
  for (int32_t op = 0; op < loaded.view.operator_count(); ++op) {
    const schema::Scratch* scratch = loaded.view.ScratchOf(op);
    if (scratch != nullptr) {
      EXPECT_EQ(scratch->pool(), 0);
    }
  }
}

TEST(StatePool, AModelWithoutVariablesHasNoStatePool) {
  GraphBuilder b("no state", 3);
  b.Output(b.FullyConnected(b.Input("input", {1, 8}, 0.05f, 0), 4, Activation::NONE));
  auto compiled = Compile(b.Build(), CompileOptions{});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  EXPECT_EQ(StatePoolOf(Load(compiled->artifact).view), -1);
}

TEST(StatePool, StatePersistsBetweenInvokesAndResetStartsTheSequenceAgain) {
  auto compiled = Compile(TwoSvdfs(), CompileOptions{});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  Loaded loaded = Load(compiled->artifact);
  Running pools = Pools(loaded.view);
  // Garbage in the caller's memory must not matter: Create resets the state.
  for (AlignedBuffer& pool : pools.pools) std::fill(pool.span().begin(), pool.span().end(), 0x5a);
  auto executor = runtime::Executor::Create(loaded.view, pools.buffers, kernels::Isa::kRef);
  ASSERT_TRUE(executor.ok()) << executor.status().message();
  std::vector<std::vector<uint8_t>> first_run;
  for (int frame = 0; frame < 4; ++frame) first_run.push_back(Frame(*executor, 9));
  // The same input gives different outputs as the memory fills: the state is carried.
  EXPECT_NE(first_run[0], first_run[3]);
  executor->ResetState();
  for (int frame = 0; frame < 4; ++frame) EXPECT_EQ(Frame(*executor, 9), first_run[frame]);
}

TEST(StatePool, ResetFillsInt8StateWithItsZeroPointAndWiderStateWithZeros) {
  const Graph graph = TwoSvdfs();
  auto compiled = Compile(graph, CompileOptions{});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  Loaded loaded = Load(compiled->artifact);
  Running pools = Pools(loaded.view);
  for (AlignedBuffer& pool : pools.pools) std::fill(pool.span().begin(), pool.span().end(), 0x5a);
  auto executor = runtime::Executor::Create(loaded.view, pools.buffers, kernels::Isa::kRef);
  ASSERT_TRUE(executor.ok()) << executor.status().message();
  for (int32_t t = 0; t < loaded.view.tensor_count(); ++t) {
    const schema::Tensor& tensor = loaded.view.tensor(t);
    if (!runtime::IsStateTensor(loaded.view, tensor)) continue;
    const uint8_t* data = pools.pools[tensor.pool()].data() + tensor.offset();
    const bool int8 = tensor.type() == schema::DataType::INT8;
    const auto expected = static_cast<uint8_t>(int8 ? graph.tensors[t].zero_point() : 0);
    for (size_t i = 0; i < tensor.bytes(); ++i)
      ASSERT_EQ(data[i], expected) << tensor.name()->str();
  }
}

TEST(StatePool, TheGateRejectsAStatePoolSmallerThanPlannedNamingItAndBothSizes) {
  auto compiled = Compile(TwoSvdfs(), CompileOptions{});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  Loaded loaded = Load(compiled->artifact);
  const runtime::PoolCapacity capacities[] = {{"sram", 1 << 20}, {"state", 64}};
  runtime::Finding findings[8];
  const runtime::GateReport report = runtime::EvaluateGate(
      loaded.view, runtime::ThisRuntime(), runtime::GatePolicy::kDefault, capacities, findings, {});
  EXPECT_EQ(report.verdict, runtime::Verdict::kReject);
  ASSERT_EQ(report.findings_stored, 1);
  EXPECT_EQ(findings[0].kind, runtime::FindingKind::kPoolTooSmall);
  char line[256];
  runtime::FormatFinding(findings[0], line, sizeof(line));
  EXPECT_NE(std::string(line).find(
                "pool 1 'state': plan needs 78 B, memory 'state' has 64 B; 14 B missing"),
            std::string::npos)
      << line;
}

TEST(StatePool, ReplanningKeepsTheVariablesInTheirStatePool) {
  auto compiled = Compile(TwoSvdfs(), CompileOptions{});
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  Loaded loaded = Load(compiled->artifact);
  auto options = ReadCompileOptions(loaded.view);
  auto graph = ReadGraph(loaded.view);
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  auto again = Compile(*graph, options);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->artifact, compiled->artifact);
}

}  // namespace
}  // namespace arenastore::planner
