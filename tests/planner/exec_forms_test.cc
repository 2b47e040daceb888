// Operators whose kernel variant has the over-input form write their output over their input
// where that input dies: the plan goes below the tensor-level bound, and every output byte is
// the whole-tensor plan's. Where an input is read later, or the target's variant lacks the form,
// the operator keeps whole tensors.
#include "planner/exec_forms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <regex>
#include <string>
#include <vector>

#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"
#include "runtime/artifact_view.h"
#include "runtime/gate.h"
#include "runtime/plan_verification.h"
#include "tests/planner/artifact_runner.h"

namespace arenastore::planner {
namespace {

using kernels::ExecForm;

CompiledModel CompileOrFail(const Graph& graph, bool over_input, kernels::Isa isa) {
  CompileOptions options;
  options.over_input = over_input;
  options.target_isa = isa;
  auto model = Compile(graph, options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  return model.ok() ? *model : CompiledModel{};
}

int64_t OverInputCount(const CompiledModel& model) {
  return std::count(model.forms.begin(), model.forms.end(), ExecForm::kOverInput);
}

// The ops of `graph` of `kind` that `model` runs over their input (its forms follow its order).
int64_t OverInputCountOf(const Graph& graph, const CompiledModel& model, kernels::OpKind kind) {
  int64_t count = 0;
  for (size_t i = 0; i < model.forms.size(); ++i) {
    const size_t op = model.order.empty() ? i : static_cast<size_t>(model.order[i]);
    count += model.forms[i] == ExecForm::kOverInput && graph.ops[op].kind == kind ? 1 : 0;
  }
  return count;
}

testing::Outputs RunOnPattern(const CompiledModel& model) {
  return testing::RunWith(model.artifact, [](int32_t input, size_t bytes, bool) {
    std::vector<uint8_t> values(bytes);
    for (size_t i = 0; i < bytes; ++i) values[i] = static_cast<uint8_t>(i * 37 + input * 11 + 5);
    return values;
  });
}

// The in-place plan is smaller than the whole-tensor plan and gives its outputs byte for byte.
void ExpectBelowTheWholePlanWithItsOutputs(const Graph& graph, const CompiledModel& in_place) {
  const CompiledModel whole = CompileOrFail(graph, false, kernels::Isa::kRef);
  EXPECT_LT(in_place.plan.pool_bytes.at(0), whole.plan.pool_bytes.at(0));
  EXPECT_EQ(RunOnPattern(in_place), RunOnPattern(whole));
}

class ExampleForms : public ::testing::TestWithParam<const char*> {};

TEST_P(ExampleForms, PlanAtMostTheTensorBoundWithTheWholePlansOutputs) {
  auto graph = BuildExample(GetParam());
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  const CompiledModel whole = CompileOrFail(*graph, false, kernels::Isa::kRef);
  const CompiledModel in_place = CompileOrFail(*graph, true, kernels::Isa::kRef);
  EXPECT_EQ(OverInputCount(whole), 0);
  EXPECT_EQ(in_place.tensor_bound_bytes, whole.tensor_bound_bytes);
  EXPECT_LE(in_place.plan.pool_bytes.at(0), whole.plan.pool_bytes.at(0));
  EXPECT_EQ(RunOnPattern(in_place), RunOnPattern(whole));
}

INSTANTIATE_TEST_SUITE_P(Examples, ExampleForms,
                         ::testing::Values("ds-cnn", "mobilenet-v1", "resnet8", "all-ops"));

// ds-cnn's peak is a depthwise conv and a pointwise one of 64 channels each: written over their
// inputs, the plan holds one such tensor and a plane, about half the tensor-level bound.
TEST(ExecForms, DsCnnPlansBelowTheTensorBound) {
  auto graph = BuildExample("ds-cnn");
  ASSERT_TRUE(graph.ok());
  const CompiledModel in_place = CompileOrFail(*graph, true, kernels::Isa::kRef);
  EXPECT_GT(OverInputCount(in_place), 0);
  EXPECT_LT(in_place.plan.pool_bytes.at(0) * 10, in_place.tensor_bound_bytes * 6);
}

TEST(ExecForms, TargetsWhoseVariantLacksTheFormPlanWholeTensors) {
  auto graph = BuildExample("ds-cnn");
  ASSERT_TRUE(graph.ok());
  const CompiledModel avx2 = CompileOrFail(*graph, true, kernels::Isa::kX86Avx2);
  EXPECT_EQ(OverInputCount(avx2), 0);
  EXPECT_EQ(avx2.plan.pool_bytes.at(0), avx2.tensor_bound_bytes);
}

// ds-cnn compiled for `isa` into one pool of `capacity_bytes`.
Result<CompiledModel> CompileIntoPool(const Graph& graph, kernels::Isa isa, size_t capacity_bytes) {
  CompileOptions options;
  options.target_isa = isa;
  options.pools = {PoolConfig{"sram", capacity_bytes, PoolKind::kWorkspace}};
  return Compile(graph, options);
}

// The Arm targets' whole kernels are their fastest: a plan takes a slower form only when it must
// shrink to fit its pools, and then fits where a ref plan does. Both have slower pointwise forms
// of their own (their pixel walks), taken before any borrowed one; arm_mve also has its own
// depthwise held rows, arm_dsp borrows ref's depthwise form: there it runs ref's code for the
// depthwise layers alone. A variant without the forms cannot shrink at all.
TEST(ExecForms, ArmTargetsTakeSlowerFormsOnlyToFitTheirPoolsTheirOwnFirst) {
  auto graph = BuildExample("ds-cnn");
  ASSERT_TRUE(graph.ok());
  const CompiledModel ref = CompileOrFail(*graph, true, kernels::Isa::kRef);
  ASSERT_GT(OverInputCount(ref), 0);
  const size_t capacity = ref.PlannedBytes() + 1'024;
  for (const kernels::Isa isa : {kernels::Isa::kArmDsp, kernels::Isa::kArmMve}) {
    SCOPED_TRACE(kernels::IsaName(isa));
    const CompiledModel roomy = CompileOrFail(*graph, true, isa);
    EXPECT_EQ(OverInputCount(roomy), 0);
    EXPECT_EQ(roomy.PlannedBytes(), roomy.tensor_bound_bytes);
    ASSERT_LT(capacity, roomy.PlannedBytes());
    auto small = CompileIntoPool(*graph, isa, capacity);
    ASSERT_TRUE(small.ok()) << small.status().message();
    EXPECT_EQ(OverInputCount(*small), OverInputCount(ref));
    const int64_t pointwise = OverInputCountOf(*graph, *small, kernels::OpKind::kConv2d);
    const int64_t depthwise = OverInputCountOf(*graph, *small, kernels::OpKind::kDepthwiseConv2d);
    EXPECT_GT(pointwise, 0);
    EXPECT_GT(depthwise, 0);
    EXPECT_EQ(small->reference_kernel_forms, isa == kernels::Isa::kArmDsp ? depthwise : 0);
    EXPECT_LE(small->PlannedBytes(), capacity);
  }
  auto avx2 = CompileIntoPool(*graph, kernels::Isa::kX86Avx2, capacity);
  ASSERT_FALSE(avx2.ok());
  EXPECT_EQ(avx2.status().code(), ErrorCode::kPlanDoesNotFit);
}

// A form as fast as the whole kernel is taken wherever it lowers the peak, with no pool asking:
// arm_mve's depthwise at stride 2 walks its pixels in place. At stride 1 it holds output rows,
// slower, so only a pool too small for the whole tensors takes it, and borrows nothing then.
TEST(ExecForms, ArmMveTakesItsPixelWalkByDefaultAndItsHeldRowsToFit) {
  for (const int32_t stride : {2, 1}) {
    SCOPED_TRACE(stride);
    GraphBuilder b("tall", 11);
    const int32_t x = b.Input("x", {1, 24, 8, 32}, 0.05f, 0);
    b.Output(b.DepthwiseConv2d(x, 3, 3, stride, Padding::SAME, Activation::RELU));
    const Graph graph = b.Build();
    const CompiledModel roomy = CompileOrFail(graph, true, kernels::Isa::kArmMve);
    ASSERT_EQ(roomy.forms.size(), 1u);
    EXPECT_EQ(roomy.forms[0], stride == 2 ? ExecForm::kOverInput : ExecForm::kWhole);
    const CompiledModel ref = CompileOrFail(graph, true, kernels::Isa::kRef);
    auto small = CompileIntoPool(graph, kernels::Isa::kArmMve, ref.PlannedBytes() + 256);
    ASSERT_TRUE(small.ok()) << small.status().message();
    EXPECT_EQ(small->forms[0], ExecForm::kOverInput);
    EXPECT_EQ(small->reference_kernel_forms, 0);
    EXPECT_LT(small->PlannedBytes(), small->tensor_bound_bytes);
  }
}

// Too small even with arm_mve's slower forms (its own whole kernels keep some scratch beside
// them): the refusal gives the smallest attempt's shortfall, what a user must still find, not the
// far larger one of the plan with the forms as fast as the whole kernels alone.
TEST(ExecForms, APlanThatFitsNowhereReportsTheShortfallOfItsSmallestAttempt) {
  auto graph = BuildExample("ds-cnn");
  ASSERT_TRUE(graph.ok());
  const size_t capacity = CompileOrFail(*graph, true, kernels::Isa::kRef).PlannedBytes();
  auto tight = CompileIntoPool(*graph, kernels::Isa::kArmMve, capacity);
  ASSERT_FALSE(tight.ok());
  EXPECT_EQ(tight.status().code(), ErrorCode::kPlanDoesNotFit);
  const std::string message = tight.status().message();
  std::smatch shortfall;
  ASSERT_TRUE(std::regex_search(message, shortfall, std::regex("([0-9]+) B short"))) << message;
  EXPECT_LT(std::stoul(shortfall[1]), 1'024u) << message;
}

// x -> conv -> x1 -> depthwise -> y, and x1 read again by add(y, x1).
Graph ReadAgainGraph() {
  GraphBuilder b("reuse", 7);
  const int32_t x = b.Input("x", {1, 6, 6, 4}, 0.05f, 0);
  const int32_t x1 = b.Conv2d(x, 4, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t y = b.DepthwiseConv2d(x1, 3, 3, 1, Padding::SAME, Activation::NONE);
  b.Output(b.Add(y, x1, Activation::NONE));
  return b.Build();
}

// The depthwise may not overwrite x1: the add reads it later.
TEST(ExecForms, AnInputReadByALaterOperatorKeepsItsBytes) {
  const Graph graph = ReadAgainGraph();
  const CompiledModel model = CompileOrFail(graph, true, kernels::Isa::kRef);
  ASSERT_EQ(model.forms.size(), 3u);
  EXPECT_EQ(model.forms[1], ExecForm::kWhole);  // x1 is read by the add
  const CompiledModel whole = CompileOrFail(graph, false, kernels::Isa::kRef);
  EXPECT_EQ(RunOnPattern(model), RunOnPattern(whole));
}

// A graph input dies at its last reader (the caller writes it before each Invoke), so an op may
// write over it, and a graph output may be written over a dying input. With an :io pool, which
// holds the inputs and outputs sized for them alone, neither shares an activation's bytes.
TEST(ExecForms, GraphInputsAndOutputsShareBytesOnlyWithoutAnIoPool) {
  GraphBuilder b("edges", 9);
  const int32_t x = b.Input("x", {1, 5, 5, 8}, 0.05f, 0);
  const int32_t x1 = b.DepthwiseConv2d(x, 3, 3, 1, Padding::SAME, Activation::RELU);
  b.Output(b.Conv2d(x1, 4, 1, 1, 1, Padding::VALID, Activation::RELU));
  const Graph graph = b.Build();
  const CompiledModel model = CompileOrFail(graph, true, kernels::Isa::kRef);
  ASSERT_EQ(model.forms.size(), 2u);
  EXPECT_EQ(model.forms[0], ExecForm::kOverInput);  // over the graph input
  EXPECT_EQ(model.forms[1], ExecForm::kOverInput);  // the graph output over x1
  EXPECT_EQ(RunOnPattern(model), RunOnPattern(CompileOrFail(graph, false, kernels::Isa::kRef)));
  CompileOptions io;
  io.pools = {PoolConfig{"sram", 0, PoolKind::kWorkspace},
              PoolConfig{"io", 208 + 112, PoolKind::kIo}};  // 200 B and 100 B, 16-aligned
  auto with_io = Compile(graph, io);
  ASSERT_TRUE(with_io.ok()) << "an io pool sized for the inputs and outputs: "
                            << with_io.status().message();
  EXPECT_EQ(with_io->forms[0], ExecForm::kWhole);
  EXPECT_EQ(with_io->forms[1], ExecForm::kWhole);
}

// A widening pointwise conv after an in-place depthwise: its output's buffer is tied to its
// input's and lives only from its own step, so the depthwise step holds one 8-channel tensor and
// the plan meets its lower bound, below the whole-tensor plan.
TEST(ExecForms, AWideningPointwiseConvReservesItsOutputOnlyFromItsOwnStep) {
  GraphBuilder b("chain", 3);
  const int32_t x = b.Input("x", {1, 8, 8, 4}, 0.05f, 0);
  const int32_t x1 = b.Conv2d(x, 8, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t x2 = b.DepthwiseConv2d(x1, 3, 3, 1, Padding::SAME, Activation::RELU);
  const int32_t wide = b.Conv2d(x2, 16, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t narrow = b.Conv2d(wide, 8, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t x5 = b.DepthwiseConv2d(narrow, 3, 3, 1, Padding::SAME, Activation::RELU);
  b.Output(b.Conv2d(x5, 4, 1, 1, 1, Padding::VALID, Activation::RELU));
  const Graph graph = b.Build();
  const CompiledModel model = CompileOrFail(graph, true, kernels::Isa::kRef);
  ASSERT_EQ(model.forms.size(), 6u);
  EXPECT_EQ(model.forms[2], ExecForm::kOverInput);  // widens 8 -> 16
  EXPECT_EQ(model.forms[3], ExecForm::kOverInput);  // narrows 16 -> 8
  EXPECT_EQ(model.plan.pool_bytes.at(0), model.plan.lower_bound_bytes);
  // The widening step holds its 1,024 B output (its input inside) and a pixel of scratch.
  EXPECT_LT(model.plan.pool_bytes.at(0), 1024u + 512u);
  ExpectBelowTheWholePlanWithItsOutputs(graph, model);
}

// k x k convolutions of one image write over their input row by row (a ring of the input rows
// still to be read, and one output row, in scratch): same padding, stride 2, valid, dilated;
// every output byte is the whole-tensor plan's.
TEST(ExecForms, KxKConvolutionsWriteOverTheirInputsRowByRow) {
  GraphBuilder b("rows", 13);
  const int32_t x = b.Input("x", {1, 11, 9, 6}, 0.05f, 0);
  const int32_t same = b.Conv2d(x, 6, 3, 3, 1, Padding::SAME, Activation::RELU);
  const int32_t strided = b.Conv2d(same, 8, 3, 3, 2, Padding::SAME, Activation::RELU);
  const int32_t valid = b.Conv2d(strided, 8, 3, 3, 1, Padding::VALID, Activation::RELU);
  const int32_t dilated = b.Conv2d(valid, 8, 3, 3, 1, Padding::SAME, Activation::NONE, 2);
  const int32_t residual = b.Conv2d(valid, 8, 1, 1, 1, Padding::VALID, Activation::NONE);
  const int32_t sum = b.Add(dilated, residual, Activation::RELU);
  b.Output(b.Conv2d(sum, 4, 1, 1, 1, Padding::VALID, Activation::NONE));
  const Graph graph = b.Build();
  const CompiledModel model = CompileOrFail(graph, true, kernels::Isa::kRef);
  ASSERT_EQ(model.forms.size(), 7u);
  for (size_t op : {0u, 1u}) {
    EXPECT_EQ(model.forms[op], ExecForm::kOverInput) << "op " << op;
  }
  ExpectBelowTheWholePlanWithItsOutputs(graph, model);
}

// Two 16-channel branches of one 2-channel input, summed: the add is the peak (both branches and
// the sum), so writing the sum over its first branch pays, on ref and on the Arm and x86
// variants alike (each reads an element just before writing that position).
Graph BranchSumGraph() {
  GraphBuilder b("branches", 17);
  const int32_t x = b.Input("x", {1, 16, 16, 2}, 0.05f, 0);
  const int32_t left = b.Conv2d(x, 16, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t right = b.Conv2d(x, 16, 1, 1, 1, Padding::VALID, Activation::RELU);
  b.Output(b.Add(left, right, Activation::NONE));
  return b.Build();
}

TEST(ExecForms, AnAddAtThePeakWritesOverItsFirstInputOnEveryVariant) {
  const Graph graph = BranchSumGraph();
  for (const kernels::Isa isa : {kernels::Isa::kRef, kernels::Isa::kArmDsp, kernels::Isa::kArmMve,
                                 kernels::Isa::kX86Avx2, kernels::Isa::kX86Avx512Vnni}) {
    const CompiledModel model = CompileOrFail(graph, true, isa);
    const CompiledModel whole = CompileOrFail(graph, false, isa);
    ASSERT_EQ(model.forms.size(), 3u);
    EXPECT_EQ(model.forms[2], ExecForm::kOverInput) << kernels::IsaName(isa);
    EXPECT_LT(model.plan.pool_bytes.at(0), whole.plan.pool_bytes.at(0)) << kernels::IsaName(isa);
  }
  ExpectBelowTheWholePlanWithItsOutputs(graph, CompileOrFail(graph, true, kernels::Isa::kRef));
}

// A form that would save nothing is left out: a runtime without the form would reject the plan
// for nothing. Here the add is not the peak (the second branch's step holds the input and both
// branches), and with no pool asking nothing lowers that step: the Arm targets' pointwise forms
// are slower than their whole kernels, so taken only to fit a pool, and x86_avx2 has none.
TEST(ExecForms, KeepsOnlyTheFormsThatMakeThePlanSmaller) {
  GraphBuilder b("narrow", 19);
  const int32_t x = b.Input("x", {1, 8, 8, 8}, 0.05f, 0);
  const int32_t left = b.Conv2d(x, 8, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t right = b.Conv2d(x, 8, 1, 1, 1, Padding::VALID, Activation::RELU);
  b.Output(b.Add(left, right, Activation::NONE));
  const Graph graph = b.Build();
  for (const kernels::Isa isa :
       {kernels::Isa::kArmDsp, kernels::Isa::kArmMve, kernels::Isa::kX86Avx2}) {
    SCOPED_TRACE(kernels::IsaName(isa));
    const CompiledModel model = CompileOrFail(graph, true, isa);
    EXPECT_EQ(OverInputCount(model), 0);
    EXPECT_EQ(model.plan.pool_bytes.at(0), CompileOrFail(graph, false, isa).plan.pool_bytes.at(0));
  }
}

// A pointwise conv with more output than input channels writes over its input held at the end of
// its output's bytes: each output pixel ends before the next unread input pixel.
TEST(ExecForms, APointwiseConvThatWidensHoldsItsInputAtTheEndOfItsOutput) {
  GraphBuilder b("widen", 5);
  const int32_t x = b.Input("x", {1, 4, 4, 4}, 0.05f, 0);
  const int32_t x1 = b.DepthwiseConv2d(x, 3, 3, 1, Padding::SAME, Activation::RELU);
  const int32_t wide = b.Conv2d(x1, 8, 1, 1, 1, Padding::VALID, Activation::RELU);
  b.Output(b.DepthwiseConv2d(wide, 3, 3, 1, Padding::SAME, Activation::RELU));
  const Graph graph = b.Build();
  const CompiledModel model = CompileOrFail(graph, true, kernels::Isa::kRef);
  ASSERT_EQ(model.forms.size(), 3u);
  EXPECT_EQ(model.forms[1], ExecForm::kOverInput);
  testing::AlignedBuffer bytes = testing::AlignedCopy(model.artifact);
  auto view = runtime::ArtifactView::Create(bytes.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  const auto& input = view->tensor(view->op(1).inputs()->Get(0));
  const auto& output = view->tensor(view->op(1).outputs()->Get(0));
  EXPECT_EQ(output.offset() + output.bytes(), input.offset() + input.bytes());
  EXPECT_EQ(RunOnPattern(model), RunOnPattern(CompileOrFail(graph, false, kernels::Isa::kRef)));
}

// ds-cnn planned for ref, its depthwise and pointwise convs over their inputs.
struct InPlaceDsCnn {
  InPlaceDsCnn() {
    auto graph = BuildExample("ds-cnn");
    EXPECT_TRUE(graph.ok());
    model = CompileOrFail(*graph, true, kernels::Isa::kRef);
    bytes = testing::AlignedCopy(model.artifact);
  }
  int32_t FirstOverInputOp() const {
    const auto at = std::find(model.forms.begin(), model.forms.end(), ExecForm::kOverInput);
    return static_cast<int32_t>(at - model.forms.begin());
  }
  CompiledModel model;
  testing::AlignedBuffer bytes{0};
};

struct Judged {
  runtime::Verdict verdict = runtime::Verdict::kReject;
  std::vector<runtime::Finding> findings;

  const runtime::Finding* First(runtime::FindingKind kind) const {
    const auto at = std::find_if(findings.begin(), findings.end(),
                                 [kind](const runtime::Finding& f) { return f.kind == kind; });
    return at == findings.end() ? nullptr : &*at;
  }
};

// `bytes` judged by a runtime of this library and `isa`.
Judged Judge(testing::AlignedBuffer& bytes, kernels::Isa isa, runtime::GatePolicy policy) {
  Judged judged;
  auto view = runtime::ArtifactView::Create(bytes.span());
  EXPECT_TRUE(view.ok()) << view.status().message();
  if (!view.ok()) return judged;
  judged.findings.resize(64);
  const runtime::RuntimeIdentity identity{kernels::kLibraryVersion, isa};
  const runtime::GateReport report =
      runtime::EvaluateGate(*view, identity, policy, judged.findings, {});
  judged.findings.resize(static_cast<size_t>(report.findings_stored));
  judged.verdict = report.verdict;
  return judged;
}

// The runtime's plan proof of `bytes` after `edit` (through FlatBuffers' object API).
Status VerifyEdited(const uint8_t* bytes, const std::function<void(schema::ArtifactT&)>& edit) {
  auto unpacked = schema::UnPackArtifact(bytes);
  edit(*unpacked);
  flatbuffers::FlatBufferBuilder builder;
  builder.Finish(schema::Artifact::Pack(builder, unpacked.get()));
  testing::AlignedBuffer edited =
      testing::AlignedCopy({builder.GetBufferPointer(), builder.GetSize()});
  return runtime::VerifyPlan(*schema::GetArtifact(edited.data()));
}

TEST(Gate, RejectsAnOverInputFormTheRuntimesVariantLacksNamingOpFormAndVariant) {
  InPlaceDsCnn ds_cnn;
  const Judged avx2 = Judge(ds_cnn.bytes, kernels::Isa::kX86Avx2, runtime::GatePolicy::kDefault);
  EXPECT_EQ(avx2.verdict, runtime::Verdict::kReject);
  const runtime::Finding* missing = avx2.First(runtime::FindingKind::kFormMissing);
  ASSERT_NE(missing, nullptr);
  EXPECT_EQ(missing->op_index, ds_cnn.FirstOverInputOp());
  char text[256];
  runtime::FormatFinding(*missing, text, sizeof(text));
  const std::string message = text;
  EXPECT_NE(message.find("over-input"), std::string::npos) << message;
  EXPECT_NE(message.find("/x86_avx2"), std::string::npos) << message;
  EXPECT_NE(message.find("arenastore replan"), std::string::npos) << message;
  // The reference runtime has the form: accepted. The Arm ones borrow it: no form is missing
  // (their whole kernels may still need other scratch than ref's).
  EXPECT_EQ(Judge(ds_cnn.bytes, kernels::Isa::kRef, runtime::GatePolicy::kDefault).verdict,
            runtime::Verdict::kAccept);
  for (const kernels::Isa isa : {kernels::Isa::kArmDsp, kernels::Isa::kArmMve}) {
    EXPECT_EQ(Judge(ds_cnn.bytes, isa, runtime::GatePolicy::kDefault)
                  .First(runtime::FindingKind::kFormMissing),
              nullptr)
        << kernels::IsaName(isa);
  }
}

// Like a scratch shortfall, a missing form is covered under the fallback policy by a variant
// this CPU also runs that has it and fits: ref's.
TEST(Gate, FallbackPolicyRunsAVariantThatHasTheForm) {
  InPlaceDsCnn ds_cnn;
  const Judged avx2 = Judge(ds_cnn.bytes, kernels::Isa::kX86Avx2, runtime::GatePolicy::kFallback);
  EXPECT_NE(avx2.verdict, runtime::Verdict::kReject);
  const runtime::Finding* fallback = avx2.First(runtime::FindingKind::kFallbackVariant);
  ASSERT_NE(fallback, nullptr);
  EXPECT_EQ(fallback->isa, kernels::Isa::kRef);
}

// The artifact records the form; without it the shared bytes are two live tensors colliding.
TEST(PlanVerification, RefusesAnOutputOverItsInputThatIsNotPlannedInThatForm) {
  InPlaceDsCnn ds_cnn;
  const auto op = static_cast<size_t>(ds_cnn.FirstOverInputOp());
  const Status status = VerifyEdited(ds_cnn.bytes.data(), [op](schema::ArtifactT& artifact) {
    EXPECT_EQ(artifact.operators[op]->form, schema::ExecForm::OVER_INPUT);
    artifact.operators[op]->form = schema::ExecForm::WHOLE;
  });
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message()).find("overlap"), std::string::npos) << status.message();
}

// An input read after the op that writes over it: the plan verification refuses it.
TEST(PlanVerification, RefusesAnOverInputOutputWhoseInputIsReadLater) {
  const CompiledModel model = CompileOrFail(ReadAgainGraph(), true, kernels::Isa::kRef);
  testing::AlignedBuffer bytes = testing::AlignedCopy(model.artifact);
  // Claim the form and put the depthwise output where its input lies.
  const Status status = VerifyEdited(bytes.data(), [](schema::ArtifactT& artifact) {
    artifact.operators[1]->form = schema::ExecForm::OVER_INPUT;
    const int32_t in = artifact.operators[1]->inputs[0], out = artifact.operators[1]->outputs[0];
    artifact.tensors[out]->offset = artifact.tensors[in]->offset;
  });
  EXPECT_FALSE(status.ok());
  EXPECT_NE(std::string(status.message()).find("overlap"), std::string::npos) << status.message();
}

}  // namespace
}  // namespace arenastore::planner
