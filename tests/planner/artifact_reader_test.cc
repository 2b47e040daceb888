// Re-planning from the artifact alone: the artifact reader recovers a graph and compile options
// that reproduce the artifact, and a re-plan with other pools or another sizer computes
// bit-identical outputs (the executor runs both), proved beforehand by the equivalence check.
#include "planner/artifact_reader.h"

#include <gtest/gtest.h>

#include <fstream>

#include "kernels/registry.h"
#include "planner/artifact_equivalence.h"
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"
#include "planner/lower_op.h"
#include "planner/plan_validator.h"
#include "runtime/op_params_builder.h"
#include "tests/planner/artifact_runner.h"
#include "tests/planner/skewed_sizer.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::planner {
namespace {

using arenastore::testing::AlignedBuffer;
using arenastore::testing::AlignedCopy;
using arenastore::testing::RunOnRandomInputs;
using arenastore::testing::SkewedSizer;

// Artifact bytes with a view on them.
class Opened {
 public:
  explicit Opened(const std::vector<uint8_t>& bytes) : bytes_(AlignedCopy(bytes)) {
    auto view = runtime::ArtifactView::Create(bytes_.span());
    EXPECT_TRUE(view.ok()) << view.status().message();
    if (view.ok()) view_.emplace(std::move(view.value()));
  }
  const runtime::ArtifactView& view() const {
    if (!view_) std::abort();  // the constructor already failed the test
    return *view_;
  }

 private:
  AlignedBuffer bytes_;
  std::optional<runtime::ArtifactView> view_;
};

CompiledModel CompileOrDie(const Graph& graph, const CompileOptions& options) {
  auto model = Compile(graph, options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  return model.ok() ? std::move(model.value()) : CompiledModel{};
}

// Reads the artifact back and compiles it again with `options` (or its own when null).
CompiledModel Replan(const std::vector<uint8_t>& artifact, const CompileOptions* options) {
  const Opened opened(artifact);
  auto graph = ReadGraph(opened.view());
  EXPECT_TRUE(graph.ok()) << graph.status().message();
  if (!graph.ok()) return {};
  return CompileOrDie(*graph, options != nullptr ? *options : ReadCompileOptions(opened.view()));
}

TEST(ArtifactReader, ReplanningEveryExampleWithItsOwnOptionsReproducesTheArtifactByteForByte) {
  for (const ExampleInfo& example : Examples()) {
    SCOPED_TRACE(example.name);
    CompileOptions options;
    options.pools = {{"sram", 96 * 1024, PoolKind::kWorkspace}, {"dram", 0, PoolKind::kWorkspace}};
    options.target_cpu = "cortex-m7";
    options.source_model_name = std::string(example.name) + ".tflite";
    options.source_model_sha256 = std::string(64, 'c');
    const CompiledModel original = CompileOrDie(example.build(), options);
    const CompiledModel again = Replan(original.artifact, nullptr);
    EXPECT_EQ(again.artifact, original.artifact);
  }
}

TEST(ArtifactReader, ReplannedExamplesComputeBitIdenticalOutputsInAnotherPlan) {
  for (const ExampleInfo& example : Examples()) {
    SCOPED_TRACE(example.name);
    const CompiledModel original = CompileOrDie(example.build(), CompileOptions{});
    CompileOptions other;  // a small first pool moves most buffers: a different plan
    other.pools = {{"dtcm", 4 * 1024, PoolKind::kWorkspace},
                   {"sram", 0, PoolKind::kWorkspace},
                   {"io", 0, PoolKind::kIo}};
    const CompiledModel replanned = Replan(original.artifact, &other);
    ASSERT_FALSE(replanned.artifact.empty());
    EXPECT_NE(replanned.plan.pool_bytes.size(), original.plan.pool_bytes.size());
    const Opened a(original.artifact);
    const Opened b(replanned.artifact);
    const Status same = CheckSameComputation(a.view(), b.view());
    EXPECT_TRUE(same.ok()) << same.message();
    for (uint32_t seed : {1u, 2u}) {
      const auto expected = RunOnRandomInputs(original.artifact, seed);
      ASSERT_FALSE(expected.empty());
      EXPECT_EQ(RunOnRandomInputs(replanned.artifact, seed), expected) << "seed " << seed;
    }
  }
}

TEST(ArtifactReader, ReplanningASkewedPlanRestoresTheKernelsScratchAndTheSameOutputs) {
  const SkewedSizer surplus(64);
  CompileOptions skewed;
  skewed.sizer = &surplus;
  const CompiledModel original = CompileOrDie(BuildDsCnn(), skewed);
  const CompiledModel replanned = Replan(original.artifact, nullptr);
  ASSERT_EQ(replanned.scratch_bytes.size(), original.scratch_bytes.size());
  const Graph graph = BuildDsCnn();
  size_t reclaimed = 0;
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    kernels::OpParams params = LowerOp(graph, i)->Params();
    params.form = replanned.forms[i];  // the form the re-plan chose (planner/exec_forms.h)
    const size_t needed = kernels::ScratchBytes(params, kernels::Isa::kRef);
    EXPECT_EQ(replanned.scratch_bytes[i], needed) << "op " << i;
    reclaimed += original.scratch_bytes[i] - replanned.scratch_bytes[i];
  }
  EXPECT_GT(reclaimed, 0u);
  EXPECT_EQ(RunOnRandomInputs(replanned.artifact, 9), RunOnRandomInputs(original.artifact, 9));
}

// A bool activation (a comparison's output, here the graph output) is written with its type,
// read back as bool, runs, and its one-byte values are 0 or 1 as TFLM's.
// Kernel library 1.8.0 gave the coverage example's split parts and concatenated inputs bytes of
// their own; planned now they lie inside the split's input and the concatenation's output.
// Reading a plan back keeps each artifact's own placement.
TEST(ArtifactReader, APlanMadeBeforePartsAliasedReadsBackWithThePartsApart) {
  std::ifstream file(
      std::string(ARENASTORE_SOURCE_DIR) + "/tests/data/compat/coverage-1.8.0-ref.arena",
      std::ios::binary);
  const std::vector<uint8_t> old_bytes{std::istreambuf_iterator<char>(file),
                                       std::istreambuf_iterator<char>()};
  ASSERT_FALSE(old_bytes.empty());
  const Opened old_artifact(old_bytes);
  auto old_plan = ReadPlan(old_artifact.view());
  ASSERT_TRUE(old_plan.ok()) << old_plan.status().message();
  EXPECT_TRUE(ValidatePlan(old_plan->buffers, old_plan->pools, old_plan->plan).ok());
  const CompiledModel now = CompileOrDie(BuildCoverage(), {});
  const Opened new_artifact(now.artifact);
  auto new_plan = ReadPlan(new_artifact.view());
  ASSERT_TRUE(new_plan.ok()) << new_plan.status().message();
  EXPECT_EQ(new_plan->buffers.size(), now.assignment.buffers.size());
  EXPECT_EQ(old_plan->buffers.size(), now.assignment.buffers.size() + 4)
      << "the split's two parts and the concatenation's two inputs had bytes of their own";
  EXPECT_EQ(RunOnRandomInputs(old_bytes, 4), RunOnRandomInputs(now.artifact, 4));
}

TEST(ArtifactReader, ABoolGraphOutputRoundTripsAndRuns) {
  GraphBuilder b("bool output", 7);
  const int32_t x = b.Input("x", {2, 3}, 0.5f, 0);
  const int32_t y = b.Input("y", {1, 3}, 0.5f, 0);
  b.Output(b.Operator(
      kernels::OpKind::kComparison, {x, y},
      ComparisonAttributes{{.kind = static_cast<int32_t>(kernels::ComparisonKind::kGreater)}},
      {2, 3}, DataType::kBool));
  const CompiledModel model = CompileOrDie(b.Build(), CompileOptions{});
  ASSERT_FALSE(model.artifact.empty());
  const Opened opened(model.artifact);
  auto graph = ReadGraph(opened.view());
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  const Tensor& output = graph->tensors[graph->outputs[0]];
  EXPECT_EQ(output.type, DataType::kBool);
  EXPECT_EQ(output.bytes(), 6u);
  EXPECT_EQ(Replan(model.artifact, nullptr).artifact, model.artifact);
  const auto outputs = RunOnRandomInputs(model.artifact, 3);
  ASSERT_EQ(outputs.size(), 1u);
  ASSERT_EQ(outputs[0].size(), 6u);
  for (uint8_t value : outputs[0]) EXPECT_LE(value, 1);
}

// A graph output that later ops also read (a model exposing an intermediate) keeps its bytes
// until the caller reads them: equal to the same tensor computed by a graph that stops there.
TEST(ArtifactReader, AnOutputThatLaterOpsAlsoReadKeepsItsBytesToTheEnd) {
  const auto build = [](bool continue_after) {
    GraphBuilder b("exposed intermediate", 17);
    const int32_t x = b.Input("x", {1, 8, 8, 4}, 0.05f, -3);
    const int32_t features = b.Conv2d(x, 8, 3, 3, 1, Padding::SAME, Activation::RELU);
    b.Output(features);
    if (continue_after) {
      int32_t y = b.Conv2d(features, 8, 3, 3, 1, Padding::SAME, Activation::RELU);
      y = b.Conv2d(y, 8, 3, 3, 1, Padding::SAME, Activation::NONE);
      b.Output(b.Conv2d(y, 8, 1, 1, 1, Padding::VALID, Activation::NONE));
    }
    return b.Build();
  };
  const CompiledModel exposed = CompileOrDie(build(true), CompileOptions{});
  const CompiledModel alone = CompileOrDie(build(false), CompileOptions{});
  for (uint32_t seed : {1u, 2u}) {
    const auto exposed_outputs = RunOnRandomInputs(exposed.artifact, seed);
    const auto alone_outputs = RunOnRandomInputs(alone.artifact, seed);
    ASSERT_EQ(exposed_outputs.size(), 2u);
    ASSERT_EQ(alone_outputs.size(), 1u);
    EXPECT_EQ(exposed_outputs[0], alone_outputs[0]) << "seed " << seed;
  }
}

TEST(ArtifactReader, RecoversTargetPoolsAndSourceModel) {
  CompileOptions options;
  options.target_isa = kernels::Isa::kArmMve;
  options.target_cpu = "cortex-m55";
  options.pools = {{"dtcm", 64 * 1024, PoolKind::kWorkspace}, {"io", 0, PoolKind::kIo}};
  options.source_model_name = "kws.tflite";
  options.source_model_sha256 = std::string(64, 'a');
  const CompiledModel model = CompileOrDie(BuildDsCnn(), options);
  const Opened opened(model.artifact);
  const CompileOptions read = ReadCompileOptions(opened.view());
  EXPECT_EQ(read.target_isa, kernels::Isa::kArmMve);
  EXPECT_EQ(read.target_cpu, "cortex-m55");
  ASSERT_EQ(read.pools.size(), 2u);
  EXPECT_EQ(read.pools[0].name, "dtcm");
  EXPECT_EQ(read.pools[0].capacity_bytes, 64u * 1024);
  EXPECT_EQ(read.pools[0].kind, PoolKind::kWorkspace);
  EXPECT_EQ(read.pools[1].name, "io");
  EXPECT_EQ(read.pools[1].capacity_bytes, 0u);
  EXPECT_EQ(read.pools[1].kind, PoolKind::kIo);
  EXPECT_EQ(read.source_model_name, "kws.tflite");
  EXPECT_EQ(read.source_model_sha256, std::string(64, 'a'));
}

TEST(ArtifactReader, RecoversEveryTensorConstantAndQuantization) {
  const Graph graph = BuildAllOps();
  const CompiledModel model = CompileOrDie(graph, CompileOptions{});
  const Opened opened(model.artifact);
  auto read = ReadGraph(opened.view());
  ASSERT_TRUE(read.ok()) << read.status().message();
  // all-ops uses every tensor it creates, so the artifact keeps the graph's numbering.
  ASSERT_EQ(read->tensors.size(), graph.tensors.size());
  EXPECT_EQ(read->name, graph.name);
  EXPECT_EQ(read->inputs, graph.inputs);
  EXPECT_EQ(read->outputs, graph.outputs);
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    SCOPED_TRACE(graph.tensors[t].name);
    const Tensor& a = graph.tensors[t];
    const Tensor& b = read->tensors[t];
    EXPECT_EQ(b.name, a.name);
    EXPECT_EQ(b.type, a.type);
    EXPECT_EQ(b.shape, a.shape);
    EXPECT_EQ(b.is_constant, a.is_constant);
    EXPECT_EQ(b.data, a.data);
    EXPECT_EQ(b.quantization.scales, a.quantization.scales);
    EXPECT_EQ(b.quantization.zero_points, a.quantization.zero_points);
    EXPECT_EQ(b.quantization.quantized_dimension, a.quantization.quantized_dimension);
  }
  ASSERT_EQ(read->ops.size(), graph.ops.size());
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    EXPECT_EQ(read->ops[i].kind, graph.ops[i].kind) << "op " << i;
    EXPECT_EQ(read->ops[i].inputs, graph.ops[i].inputs) << "op " << i;
    EXPECT_EQ(read->ops[i].outputs, graph.ops[i].outputs) << "op " << i;
    EXPECT_EQ(read->ops[i].attributes.index(), graph.ops[i].attributes.index()) << "op " << i;
  }
}

TEST(ArtifactReader, RecoversTheRecordedPlanAsTheCompilerMadeIt) {
  const CompiledModel model = CompileOrDie(BuildResNet8(), CompileOptions{});
  const Opened opened(model.artifact);
  auto plan = ReadPlan(opened.view());
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  ASSERT_EQ(plan->buffers.size(), model.assignment.buffers.size());
  for (size_t i = 0; i < plan->buffers.size(); ++i) {
    EXPECT_EQ(plan->buffers[i].bytes, model.assignment.buffers[i].bytes) << i;
    EXPECT_EQ(plan->buffers[i].first_step, model.assignment.buffers[i].first_step) << i;
    EXPECT_EQ(plan->buffers[i].last_step, model.assignment.buffers[i].last_step) << i;
    EXPECT_EQ(plan->buffers[i].is_scratch, model.assignment.buffers[i].is_scratch) << i;
    EXPECT_EQ(plan->plan.placements[i].pool, model.plan.placements[i].pool) << i;
    EXPECT_EQ(plan->plan.placements[i].offset, model.plan.placements[i].offset) << i;
  }
  EXPECT_EQ(plan->plan.pool_bytes, model.plan.pool_bytes);
  EXPECT_EQ(plan->plan.lower_bound_bytes, model.plan.lower_bound_bytes);
  EXPECT_EQ(plan->plan.peak_step, model.plan.peak_step);
  EXPECT_EQ(plan->plan.algorithm, model.plan.algorithm);
}

TEST(ArtifactReader, ReadsExplicitPaddingAsTheSameOrValidThatLowersToTheRecordedPads) {
  // The runtime fixture writes EXPLICIT padding, as a producer other than our planner might:
  // its conv2d (8x8 -> 4x4, 3x3, stride 2, pad_top 0) is what SAME lowers to.
  const std::vector<uint8_t> bytes =
      runtime::testing::Serialize(runtime::testing::TinyModelSizedFor(kernels::Isa::kRef));
  const Opened opened(bytes);
  auto graph = ReadGraph(opened.view());
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  const auto& conv = std::get<Conv2dAttributes>(graph->ops[runtime::testing::kConvOp].attributes);
  EXPECT_EQ(conv.padding, Padding::SAME);
  kernels::OpParams recorded;
  ASSERT_TRUE(runtime::BuildOpParams(opened.view(), runtime::testing::kConvOp, &recorded).ok());
  const kernels::OpParams lowered = LowerOp(*graph, runtime::testing::kConvOp)->Params();
  EXPECT_EQ(lowered.conv2d.pad_top, recorded.conv2d.pad_top);
  EXPECT_EQ(lowered.conv2d.pad_left, recorded.conv2d.pad_left);
  EXPECT_EQ(lowered.conv2d.output_h, recorded.conv2d.output_h);
}

TEST(ArtifactEquivalence, RefusesAReplanWhoseRequantizationDiffersFromTheRecordedOne) {
  // The fixture's multipliers are hand-picked, not derived from its scales: re-deriving them
  // would change the outputs, so the re-plan must be refused rather than stored.
  const std::vector<uint8_t> original =
      runtime::testing::Serialize(runtime::testing::TinyModelSizedFor(kernels::Isa::kRef));
  const Opened opened(original);
  auto graph = ReadGraph(opened.view());
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  const CompiledModel replanned = CompileOrDie(*graph, ReadCompileOptions(opened.view()));
  const Opened again(replanned.artifact);
  const Status same = CheckSameComputation(opened.view(), again.view());
  EXPECT_EQ(same.code(), ErrorCode::kPlanInvalid);
  EXPECT_EQ(same.op_index(), runtime::testing::kConvOp);
  EXPECT_NE(std::string(same.message()).find("op 0 (conv2d) options (requant) differ"),
            std::string::npos)
      << same.message();
  EXPECT_NE(RunOnRandomInputs(replanned.artifact, 3), RunOnRandomInputs(original, 3));
}

TEST(ArtifactReader, RefusesAnOpKindThisBuildDoesNotKnow) {
  runtime::testing::ArtifactSpec spec = runtime::testing::TinyModelSizedFor(kernels::Isa::kRef);
  spec.ops[1].kind = 200;
  spec.ops[1].options = nullptr;
  const std::vector<uint8_t> bytes = runtime::testing::Serialize(spec);
  const Opened opened(bytes);
  auto graph = ReadGraph(opened.view());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_EQ(graph.status().op_index(), 1);
  EXPECT_NE(std::string(graph.status().message()).find("unknown to this build"), std::string::npos);
}

TEST(ArtifactEquivalence, NamesTheFirstOperatorWhoseOptionsDiffer) {
  const CompiledModel a = CompileOrDie(BuildDsCnn(), CompileOptions{});
  Graph changed = BuildDsCnn();
  int32_t softmax = -1;
  for (size_t i = 0; i < changed.ops.size(); ++i) {
    if (auto* attributes = std::get_if<SoftmaxAttributes>(&changed.ops[i].attributes)) {
      attributes->beta = 0.5f;
      softmax = static_cast<int32_t>(i);
    }
  }
  ASSERT_GE(softmax, 0);
  const CompiledModel b = CompileOrDie(changed, CompileOptions{});
  const Opened x(a.artifact);
  const Opened y(b.artifact);
  const Status status = CheckSameComputation(x.view(), y.view());
  EXPECT_EQ(status.code(), ErrorCode::kPlanInvalid);
  EXPECT_EQ(status.op_index(), softmax);
  EXPECT_NE(std::string(status.message()).find("op " + std::to_string(softmax)), std::string::npos);
}

}  // namespace
}  // namespace arenastore::planner
