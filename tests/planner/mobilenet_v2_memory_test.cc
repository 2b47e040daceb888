// A 224x224 MobileNetV2 planned below its tensor-level bound (issue #37's acceptance model).
// Exported from PyTorch, a stride-2 layer pads its input with an explicit PAD op (PyTorch pads
// both sides, TensorFlow's SAME only the far one), and the tensor-level bound is then the
// 112x112x96 expansion beside its padded copy: 2,451,840 B, TensorFlow Lite Micro's arena for
// such a model. Writing the expansion over its input and the pad over the expansion leaves the
// padded tensor alone (0.51x); row stages through the stem and the first 56x56 blocks leave
// 0.20x (0.246x when the export takes float pixels, which must exist whole; the same as ever when
// it takes NCHW pixels through a transpose). Every plan of every export, on every host variant,
// computes the same bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <optional>

#include "kernels/cpu_features.h"
#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "tests/planner/artifact_runner.h"

namespace arenastore::planner {
namespace {

// kPyTorchFloatInput: the PyTorch export taking float pixels, quantized by its first op.
// kPyTorchChannelsFirst: as a converter through ONNX writes it, the input in PyTorch's NCHW
// layout transposed to NHWC by the first op, the global pool a MEAN over height and width and
// the logits dequantized to float.
enum class Export { kPyTorch, kTensorFlow, kPyTorchFloatInput, kPyTorchChannelsFirst };

// A 3x3 stride-2 layer as each exporter writes it.
int32_t StrideTwo(GraphBuilder& b, int32_t x, int32_t conv_channels, Export from) {
  const bool torch = from != Export::kTensorFlow;
  if (torch) x = b.Pad(x, {0, 1, 1, 0}, {0, 1, 1, 0});
  const Padding padding = torch ? Padding::VALID : Padding::SAME;
  return conv_channels == 0
             ? b.DepthwiseConv2d(x, 3, 3, 2, padding, Activation::RELU6)
             : b.Conv2d(x, conv_channels, 3, 3, 2, padding, Activation::RELU6);
}

// MobileNetV2 1.0 (Sandler et al. 2018, table 2): inverted residual blocks of expansion t,
// output channels c, n repeats and first stride s; a residual add where shapes allow.
Graph MobileNetV2(int32_t side, Export from) {
  GraphBuilder b("mobilenet-v2", 5);
  int32_t x = 0;
  if (from == Export::kPyTorchFloatInput) {
    x = b.Input("image", {1, side, side, 3}, DataType::kFloat32);
    x = b.Operator(kernels::OpKind::kQuantizeFloat, {x}, QuantizeFloatAttributes{},
                   {1, side, side, 3}, 1.0f / 255.0f, -128);
  } else if (from == Export::kPyTorchChannelsFirst) {
    x = b.Input("image", {1, 3, side, side}, 1.0f / 255.0f, -128);
    x = b.Operator(kernels::OpKind::kTranspose, {x}, TransposeAttributes{{.perm = {0, 2, 3, 1}}},
                   {1, side, side, 3}, 1.0f / 255.0f, -128);
  } else {
    x = b.Input("image", {1, side, side, 3}, 1.0f / 255.0f, -128);
  }
  x = StrideTwo(b, x, 32, from);
  struct Block {
    int32_t t, c, n, s;
  };
  const Block blocks[] = {{1, 16, 1, 1}, {6, 24, 2, 2},  {6, 32, 3, 2}, {6, 64, 4, 2},
                          {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}};
  int32_t channels = 32;
  for (const Block& block : blocks) {
    for (int32_t i = 0; i < block.n; ++i) {
      int32_t y = x;
      if (block.t != 1) {
        y = b.Conv2d(y, channels * block.t, 1, 1, 1, Padding::VALID, Activation::RELU6);
      }
      const bool strided = i == 0 && block.s == 2;
      y = strided ? StrideTwo(b, y, 0, from)
                  : b.DepthwiseConv2d(y, 3, 3, 1, Padding::SAME, Activation::RELU6);
      y = b.Conv2d(y, block.c, 1, 1, 1, Padding::VALID, Activation::NONE);
      if (!strided && channels == block.c) y = b.Add(x, y, Activation::NONE);
      x = y;
      channels = block.c;
    }
  }
  x = b.Conv2d(x, 1280, 1, 1, 1, Padding::VALID, Activation::RELU6);
  if (from == Export::kPyTorchChannelsFirst) {
    MeanAttributes over_pixels;
    over_pixels.axes = {1, 2};
    over_pixels.keep_dims = false;
    x = b.Operator(kernels::OpKind::kMean, {x}, over_pixels, {1, 1280}, 0.05f, -128);
    x = b.FullyConnected(x, 1000, Activation::NONE);
    b.Output(b.Operator(kernels::OpKind::kDequantize, {x}, DequantizeAttributes{}, {1, 1000},
                        DataType::kFloat32));
    return b.Build();
  }
  x = b.AveragePool2d(x, side / 32, side / 32, 1, Padding::VALID);
  b.Output(b.FullyConnected(b.Reshape(x, {1, 1280}), 1000, Activation::NONE));
  return b.Build();
}

CompiledModel CompileOrFail(const Graph& graph, bool over_input,
                            std::optional<double> max_recompute,
                            kernels::Isa isa = kernels::Isa::kRef) {
  CompileOptions options;
  options.target_isa = isa;
  options.over_input = over_input;
  options.max_recompute_percent = max_recompute;
  auto model = Compile(graph, options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  return model.ok() ? *std::move(model) : CompiledModel{};
}

constexpr size_t kTensorFlowLiteMicroArenaBytes = 2'451'840;  // issue #37

TEST(MobileNetV2Memory, ItsTensorBoundIsTensorFlowLiteMicrosArenaForThePyTorchExport) {
  const CompiledModel whole = CompileOrFail(MobileNetV2(224, Export::kPyTorch), false, {});
  EXPECT_EQ(whole.tensor_bound_bytes, kTensorFlowLiteMicroArenaBytes);
  EXPECT_EQ(whole.PlannedBytes(), kTensorFlowLiteMicroArenaBytes);
}

TEST(MobileNetV2Memory, PlansThePyTorchExportAtMostHalfTheBoundWithoutRecomputing) {
  for (const Export from :
       {Export::kPyTorch, Export::kPyTorchFloatInput, Export::kPyTorchChannelsFirst}) {
    const CompiledModel model = CompileOrFail(MobileNetV2(224, from), true, {});
    std::cout << "planned " << model.PlannedBytes() << " B of " << kTensorFlowLiteMicroArenaBytes
              << "\n";
    // The padded 114x114x96 tensor, 1,247,616 B, must exist whole: 0.509x.
    EXPECT_LE(model.PlannedBytes(), kTensorFlowLiteMicroArenaBytes * 0.55);
    EXPECT_LE(model.PlannedBytes(), 1'247'616u + 1'024u);
    EXPECT_TRUE(model.stages.empty());
  }
}

// With float pixels the 602,112 B float input must exist whole (0.246x): the stages take
// everything else below it.
TEST(MobileNetV2Memory, PlansThePyTorchExportAtMostAQuarterRecomputingAtMost20Percent) {
  for (const Export from :
       {Export::kPyTorch, Export::kPyTorchFloatInput, Export::kPyTorchChannelsFirst}) {
    const CompiledModel model = CompileOrFail(MobileNetV2(224, from), true, 20.0);
    std::cout << "planned " << model.PlannedBytes() << " B, " << model.stages.size()
              << " stages recomputing " << model.ExtraMacs() << " of " << model.model_macs
              << " MACs\n";
    EXPECT_EQ(model.tensor_bound_bytes, kTensorFlowLiteMicroArenaBytes);
    EXPECT_LE(model.PlannedBytes(), kTensorFlowLiteMicroArenaBytes * 0.25);
    ASSERT_FALSE(model.stages.empty());
    EXPECT_LE(static_cast<double>(model.ExtraMacs()), model.model_macs * 0.20);
  }
}

// Once the stem runs in strips, the peak moves to the second 56x56 block (its skip tensor beside
// its expansion). The search must see that a stage there lowers the plan whose forms pay; weighed
// with every form it could take, that plan's peak hides the saving and the search stops at one
// stage (529,984 B).
TEST(MobileNetV2Memory, StagesTheSecond56x56BlockOnceTheStemRunsInStrips) {
  const CompiledModel model = CompileOrFail(MobileNetV2(224, Export::kPyTorch), true, 20.0);
  EXPECT_GE(model.stages.size(), 2u);
  EXPECT_LE(model.PlannedBytes(), 500'000u);
}

// The Cortex-M targets meet the same goals once their pools ask for it: both walk pointwise
// layers over their inputs with their own code, and arm_dsp's depthwise variant borrows ref's
// over-input form, taken when the plan with its own kernels does not fit (their im2col and window
// buffers are small beside these tensors); arm_mve's own depthwise forms leave it fewer layers to
// borrow.
TEST(MobileNetV2Memory, PlansForTheCortexMTargetsFitTheSameGoalsWhenThePoolsAskForThem) {
  const Graph graph = MobileNetV2(224, Export::kPyTorch);
  const auto capacity = [](double share) {
    return static_cast<size_t>(static_cast<double>(kTensorFlowLiteMicroArenaBytes) * share);
  };
  int32_t borrowed_by_dsp = 0;
  for (const kernels::Isa isa : {kernels::Isa::kArmDsp, kernels::Isa::kArmMve}) {
    SCOPED_TRACE(kernels::IsaName(isa));
    CompileOptions options;
    options.target_isa = isa;
    options.pools = {PoolConfig{"sram", capacity(0.55), PoolKind::kWorkspace}};
    auto in_place = Compile(graph, options);
    ASSERT_TRUE(in_place.ok()) << in_place.status().message();
    if (isa == kernels::Isa::kArmDsp) {
      borrowed_by_dsp = in_place->reference_kernel_forms;
      EXPECT_GT(borrowed_by_dsp, 0);
    } else {
      EXPECT_LT(in_place->reference_kernel_forms, borrowed_by_dsp);
    }
    options.pools = {PoolConfig{"sram", capacity(0.25), PoolKind::kWorkspace}};
    options.max_recompute_percent = 20.0;
    auto staged = Compile(graph, options);
    ASSERT_TRUE(staged.ok()) << staged.status().message();
    std::cout << kernels::IsaName(isa) << ": in place " << in_place->PlannedBytes()
              << " B, staged " << staged->PlannedBytes() << " B recomputing "
              << staged->ExtraMacs() << " MACs\n";
    EXPECT_LE(static_cast<double>(staged->ExtraMacs()), staged->model_macs * 0.20);
  }
}

// Exported from TensorFlow there is no pad: the 112x112x96 expansion alone is the plan.
TEST(MobileNetV2Memory, PlansTheTensorFlowExportAtItsLargestTensor) {
  const CompiledModel model = CompileOrFail(MobileNetV2(224, Export::kTensorFlow), true, {});
  EXPECT_LE(model.PlannedBytes(), 112u * 112 * 96 + 1'024);
}

testing::Outputs RunOnPattern(const CompiledModel& model, kernels::Isa isa) {
  return testing::RunWith(
      model.artifact,
      [](int32_t, size_t bytes, bool) {
        std::vector<uint8_t> values(bytes);
        for (size_t i = 0; i < bytes; ++i) values[i] = static_cast<uint8_t>(i * 29 + 3);
        return values;
      },
      isa);
}

// Every plan computes the same bytes: whole tensors, over inputs, in stages. (At 224x224 the x86
// variants' stages pay too; a smaller copy's peak is their pointwise layers' scratch.)
TEST(MobileNetV2Memory, EveryPlanComputesTheWholeTensorPlansBytesOnEveryHostVariant) {
  for (const Export from : {Export::kPyTorch, Export::kTensorFlow, Export::kPyTorchChannelsFirst}) {
    const Graph graph = MobileNetV2(224, from);
    const testing::Outputs expected =
        RunOnPattern(CompileOrFail(graph, false, {}), kernels::Isa::kRef);
    ASSERT_FALSE(expected.empty());
    for (const kernels::Isa isa :
         {kernels::Isa::kRef, kernels::Isa::kX86Avx2, kernels::Isa::kX86Avx512Vnni}) {
      if (!kernels::IsaRunnable(isa)) {
        std::cout << "[ skipped ] " << kernels::IsaName(isa) << ": this CPU does not run it\n";
        continue;
      }
      const CompiledModel in_place = CompileOrFail(graph, true, {}, isa);
      const CompiledModel staged = CompileOrFail(graph, true, 20.0, isa);
      EXPECT_FALSE(staged.stages.empty()) << kernels::IsaName(isa);
      EXPECT_EQ(RunOnPattern(in_place, isa), expected) << kernels::IsaName(isa);
      EXPECT_EQ(RunOnPattern(staged, isa), expected) << kernels::IsaName(isa);
    }
  }
}

}  // namespace
}  // namespace arenastore::planner

