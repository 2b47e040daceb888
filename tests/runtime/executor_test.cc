// Executor: binds caller pools by name with size and alignment checks, refuses what it cannot
// run safely, and runs the kernels exactly as calling them directly would, moving every I/O
// byte through the arenastore_io_memcpy hook and bracketing each kernel with the profiling hooks.
#include "runtime/executor.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "runtime/io_memcpy.h"
#include "runtime/op_params_builder.h"
#include "runtime/op_profile_hooks.h"
#include "runtime/tensor_access.h"
#include "tests/runtime/artifact_fixture.h"

namespace {
size_t g_io_bytes = 0;
// What the profiling hooks saw, in order: +op_index for a begin, -(op_index + 1) for an end.
std::vector<int32_t> g_profile_events;
}  // namespace

// Overrides the weak default (runtime/io_memcpy.cc), as firmware would, to count bytes.
extern "C" void arenastore_io_memcpy(void* destination, const void* source, size_t bytes) {
  g_io_bytes += bytes;
  std::memcpy(destination, source, bytes);
}

// Override the weak defaults (runtime/op_profile_hooks.cc), as a firmware profiler would.
extern "C" void arenastore_op_begin(int32_t op_index) { g_profile_events.push_back(op_index); }
extern "C" void arenastore_op_end(int32_t op_index) { g_profile_events.push_back(-(op_index + 1)); }

namespace arenastore::runtime {
namespace {

using kernels::Isa;
using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

std::vector<uint8_t> InputBytes(size_t count) { return Pattern(count, 7, 255); }

struct Arena {
  explicit Arena(const ArtifactView& view)
      : storage(static_cast<size_t>(view.pool(0).planned_bytes())),
        buffers{{"sram", storage.mutable_span()}} {}
  AlignedBytes storage;
  std::vector<PoolBuffer> buffers;
};

// Runs every op of the view with kernels::Eval on buffers of its own, as a caller without the
// executor would.
std::vector<uint8_t> RunKernelsDirectly(const ArtifactView& view,
                                        const std::vector<uint8_t>& input) {
  std::vector<std::vector<uint8_t>> tensors(static_cast<size_t>(view.tensor_count()));
  for (int32_t t = 0; t < view.tensor_count(); ++t) {
    tensors[static_cast<size_t>(t)].resize(static_cast<size_t>(view.tensor(t).bytes()));
  }
  tensors[static_cast<size_t>(view.artifact().inputs()->Get(0))] = input;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    kernels::OpParams params;
    EXPECT_TRUE(BuildOpParams(view, i, &params).ok());
    const schema::Operator& op = view.op(i);
    kernels::OpOperands operands = {};
    operands.num_inputs = static_cast<int32_t>(op.inputs()->size());
    for (int32_t k = 0; k < operands.num_inputs; ++k) {
      const int32_t t = op.inputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
      operands.inputs[k] = IsConstant(view.tensor(t)) ? view.ConstantData(view.tensor(t))
                                                      : tensors[static_cast<size_t>(t)].data();
    }
    operands.outputs[0] = tensors[static_cast<size_t>(op.outputs()->Get(0))].data();
    operands.num_outputs = 1;
    AlignedBytes scratch(kernels::ScratchBytes(params, Isa::kRef));
    const Status status = kernels::Eval(params, Isa::kRef, operands, scratch.mutable_span());
    EXPECT_TRUE(status.ok()) << status.message();
  }
  return tensors[static_cast<size_t>(view.artifact().outputs()->Get(0))];
}

TEST(Executor, RunsTheModelExactlyAsTheKernelsRunDirectly) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_TRUE(executor.ok()) << executor.status().message();
  const std::vector<uint8_t> input = InputBytes(192);
  ASSERT_TRUE(executor->SetInput(0, input).ok());
  const Status status = executor->Invoke();
  ASSERT_TRUE(status.ok()) << status.message();
  std::vector<uint8_t> output(5);
  ASSERT_TRUE(executor->GetOutput(0, output).ok());
  EXPECT_EQ(output, RunKernelsDirectly(artifact.view(), input));
  // A real distribution, not a constant: the model's weights reach the output.
  EXPECT_NE(output, std::vector<uint8_t>(5, output[0]));
}

TEST(Executor, MovesEveryIoByteThroughTheHook) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_TRUE(executor.ok());
  g_io_bytes = 0;
  ASSERT_TRUE(executor->SetInput(0, InputBytes(192)).ok());
  ASSERT_TRUE(executor->Invoke().ok());
  std::vector<uint8_t> output(5);
  ASSERT_TRUE(executor->GetOutput(0, output).ok());
  EXPECT_EQ(g_io_bytes, 192u + 5u);
}

TEST(Executor, BracketsEachKernelWithTheProfilingHooksInOpOrder) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_TRUE(executor.ok());
  ASSERT_TRUE(executor->SetInput(0, InputBytes(192)).ok());
  g_profile_events.clear();
  ASSERT_TRUE(executor->Invoke().ok());
  std::vector<int32_t> expected;
  for (int32_t i = 0; i < artifact.view().operator_count(); ++i) {
    expected.push_back(i);
    expected.push_back(-(i + 1));
  }
  EXPECT_EQ(g_profile_events, expected);
  EXPECT_GT(artifact.view().operator_count(), 1);
}

TEST(Executor, BindsPoolsByNameInAnyOrder) {
  ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  spec.pools.push_back({"dtcm", schema::PoolKind::IO, 16, 16});
  spec.tensors[kSoftmaxOut].pool = 1;
  spec.tensors[kSoftmaxOut].offset = 0;
  const OpenedArtifact artifact(spec);
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  AlignedBytes sram(static_cast<size_t>(artifact.view().pool(0).planned_bytes()));
  AlignedBytes dtcm(16);
  const PoolBuffer buffers[] = {{"dtcm", dtcm.mutable_span()}, {"sram", sram.mutable_span()}};
  auto executor = Executor::Create(artifact.view(), buffers, Isa::kRef);
  ASSERT_TRUE(executor.ok()) << executor.status().message();
  EXPECT_EQ(executor->OutputTensor(0).data(), dtcm.data());
  const std::vector<uint8_t> input = InputBytes(192);
  ASSERT_TRUE(executor->SetInput(0, input).ok());
  ASSERT_TRUE(executor->Invoke().ok());
  std::vector<uint8_t> output(5);
  ASSERT_TRUE(executor->GetOutput(0, output).ok());
  EXPECT_EQ(output, RunKernelsDirectly(artifact.view(), input));
}

TEST(Executor, RejectsMissingPool) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  AlignedBytes storage(4096);
  const PoolBuffer buffers[] = {{"dtcm", storage.mutable_span()}};
  auto executor = Executor::Create(artifact.view(), buffers, Isa::kRef);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kArenaMissingPool);
  EXPECT_EQ(executor.status().pool_index(), 0);
  EXPECT_NE(std::string(executor.status().message()).find("pool 'sram': no buffer given"),
            std::string::npos);
}

TEST(Executor, RejectsPoolBufferSmallerThanThePlan) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  const size_t planned = static_cast<size_t>(artifact.view().pool(0).planned_bytes());
  AlignedBytes storage(planned);
  const PoolBuffer buffers[] = {{"sram", storage.mutable_span().first(planned - 1)}};
  auto executor = Executor::Create(artifact.view(), buffers, Isa::kRef);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kArenaTooSmall);
  EXPECT_EQ(std::string(executor.status().message()),
            "pool 'sram': " + std::to_string(planned - 1) + " B given, plan needs " +
                std::to_string(planned) + " B");
}

TEST(Executor, RejectsMisalignedPoolBuffer) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  const size_t planned = static_cast<size_t>(artifact.view().pool(0).planned_bytes());
  AlignedBytes storage(planned + 16);
  const PoolBuffer buffers[] = {{"sram", storage.mutable_span().subspan(4, planned)}};
  auto executor = Executor::Create(artifact.view(), buffers, Isa::kRef);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kArenaMisaligned);
  EXPECT_NE(std::string(executor.status().message()).find("is not 16-byte aligned"),
            std::string::npos);
}

TEST(Executor, GrowingThePoolFromZeroFailsOnlyWithArenaTooSmallUntilThePlanFits) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  const size_t planned = static_cast<size_t>(artifact.view().pool(0).planned_bytes());
  AlignedBytes storage(planned);
  for (size_t size = 0;; ++size) {
    const PoolBuffer buffers[] = {{"sram", storage.mutable_span().first(size)}};
    auto executor = Executor::Create(artifact.view(), buffers, Isa::kRef);
    if (executor.ok()) {
      EXPECT_EQ(size, planned);
      EXPECT_TRUE(executor->Invoke().ok());
      break;
    }
    ASSERT_EQ(executor.status().code(), ErrorCode::kArenaTooSmall) << size;
    ASSERT_LT(size, planned);
  }
}

TEST(Executor, RefusesUnknownOperatorKinds) {
  ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  spec.ops[kSoftmaxOp].kind = 99;
  const OpenedArtifact artifact(spec);
  ASSERT_TRUE(artifact.ok());
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kKernelUnsupported);
  EXPECT_EQ(executor.status().op_index(), kSoftmaxOp);
}

// Without the gate, a kernel must still never get less scratch than it needs.
TEST(Executor, RefusesScratchSmallerThanTheVariantNeeds) {
  std::vector<uint64_t> planned = KernelScratchBytes(TinyModelSpec(), Isa::kRef);
  planned[kMeanOp] -= 4;
  const OpenedArtifact artifact(TinyModelSpec(planned));
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kKernelScratchTooSmall);
  EXPECT_EQ(executor.status().op_index(), kMeanOp);
  EXPECT_NE(std::string(executor.status().message()).find("mean/ref needs"), std::string::npos);
}

TEST(Executor, RefusesVariantsThatAreNotBuiltIntoThisRuntime) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  for (int i = 0; i < kernels::kIsaCount; ++i) {
    const auto isa = static_cast<Isa>(i);
    const kernels::KernelEntry* entry =
        kernels::ResolveKernel(kernels::OpKind::kConv2d, kernels::KernelDtype::kInt8, isa);
    if (entry->eval != nullptr) continue;
    std::vector<Isa> variants(4, Isa::kRef);
    variants[kConvOp] = isa;
    auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef, variants);
    ASSERT_FALSE(executor.ok());
    EXPECT_EQ(executor.status().code(), ErrorCode::kKernelUnsupported);
    EXPECT_EQ(executor.status().op_index(), kConvOp);
    return;
  }
  GTEST_SKIP() << "every ISA's conv2d is built into this runtime";
}

TEST(Executor, RunsTheVariantTheGateChosePerOp) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  const std::vector<Isa> variants(4, Isa::kRef);
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kX86Avx2, variants);
  ASSERT_TRUE(executor.ok()) << executor.status().message();
  EXPECT_EQ(executor->VariantOf(kConvOp), Isa::kRef);
  auto plain = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->VariantOf(kFcOp), Isa::kRef);
}

TEST(Executor, RejectsVariantListsThatDoNotCoverEveryOp) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  const std::vector<Isa> short_list(3, Isa::kRef);
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef, short_list);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kInvalidArgument);
  const std::vector<Isa> bad(4, static_cast<Isa>(17));
  EXPECT_EQ(Executor::Create(artifact.view(), arena.buffers, Isa::kRef, bad).status().code(),
            ErrorCode::kInvalidArgument);
}

TEST(Executor, PreparedOpsRunExactlyAsLoweringOnEveryInvoke) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  std::vector<PreparedOp> prepared(4);
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef, {}, prepared);
  ASSERT_TRUE(executor.ok()) << executor.status().message();
  EXPECT_EQ(prepared[kConvOp].params.kind, kernels::OpKind::kConv2d);
  EXPECT_EQ(prepared[kConvOp].eval,
            kernels::ResolveKernel(kernels::OpKind::kConv2d, kernels::KernelDtype::kInt8, Isa::kRef)
                ->eval);
  const std::vector<uint8_t> input = InputBytes(192);
  std::vector<uint8_t> outputs[2] = {std::vector<uint8_t>(5), std::vector<uint8_t>(5)};
  for (std::vector<uint8_t>& output : outputs) {  // twice: prepared ops are reusable
    ASSERT_TRUE(executor->SetInput(0, input).ok());
    ASSERT_TRUE(executor->Invoke().ok());
    ASSERT_TRUE(executor->GetOutput(0, output).ok());
  }
  EXPECT_EQ(outputs[0], RunKernelsDirectly(artifact.view(), input));
  EXPECT_EQ(outputs[1], outputs[0]);
}

TEST(Executor, RejectsPreparedOpStorageThatDoesNotCoverEveryOp) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  std::vector<PreparedOp> prepared(3);
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef, {}, prepared);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(executor.status().message()).find("room for 3 operators"),
            std::string::npos);
}

// Runs `executor` on each input in turn and returns the outputs.
std::vector<std::vector<uint8_t>> OutputsFor(Executor& executor,
                                             const std::vector<std::vector<uint8_t>>& inputs) {
  std::vector<std::vector<uint8_t>> outputs;
  for (const std::vector<uint8_t>& input : inputs) {
    EXPECT_TRUE(executor.SetInput(0, input).ok());
    EXPECT_TRUE(executor.Invoke().ok());
    outputs.emplace_back(5);
    EXPECT_TRUE(executor.GetOutput(0, outputs.back()).ok());
  }
  return outputs;
}

TEST(Executor, SplitOpsRunExactlyAsUnsplitOnEveryInvoke) {
  const Isa isa = Isa::kX86Avx512Vnni;  // the one variant with split forms
  if (!kernels::IsaRunnable(isa)) GTEST_SKIP() << "x86_avx512vnni cannot run on this CPU/build";
  const OpenedArtifact artifact(TinyModelSizedFor(isa));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  Arena arena(artifact.view());
  // Different inputs in turn: what one Invoke leaves in an op's own scratch must not leak.
  const std::vector<std::vector<uint8_t>> inputs = {InputBytes(192), Pattern(192, 3, 101),
                                                    InputBytes(192)};
  std::vector<PreparedOp> unsplit_ops(4);
  auto unsplit = Executor::Create(artifact.view(), arena.buffers, isa, {}, unsplit_ops);
  ASSERT_TRUE(unsplit.ok()) << unsplit.status().message();
  const auto expected = OutputsFor(*unsplit, inputs);

  auto bytes = Executor::SplitScratchBytes(artifact.view(), isa);
  ASSERT_TRUE(bytes.ok()) << bytes.status().message();
  ASSERT_GT(*bytes, 0u);
  std::vector<uint8_t> split_scratch(*bytes);
  std::vector<PreparedOp> split_ops(4);
  auto split = Executor::Create(artifact.view(), arena.buffers, isa, {}, split_ops, split_scratch);
  ASSERT_TRUE(split.ok()) << split.status().message();
  ASSERT_NE(split_ops[kConvOp].split, nullptr);
  EXPECT_GE(split_ops[kConvOp].scratch.data(), split_scratch.data());
  EXPECT_LE(split_ops[kConvOp].scratch.data() + split_ops[kConvOp].scratch.size(),
            split_scratch.data() + split_scratch.size());
  EXPECT_EQ(split_ops[kFcOp].split, nullptr);  // no split form: runs on its planned scratch
  EXPECT_EQ(OutputsFor(*split, inputs), expected);
}

TEST(Executor, RefusesSplitScratchSmallerThanSplitScratchBytes) {
  const Isa isa = Isa::kX86Avx512Vnni;
  if (!kernels::IsaRunnable(isa)) GTEST_SKIP() << "x86_avx512vnni cannot run on this CPU/build";
  const OpenedArtifact artifact(TinyModelSizedFor(isa));
  Arena arena(artifact.view());
  auto bytes = Executor::SplitScratchBytes(artifact.view(), isa);
  ASSERT_TRUE(bytes.ok());
  // Half: one op splits here, so its scratch cannot fit, whatever the vector's alignment.
  std::vector<uint8_t> split_scratch(*bytes / 2);
  std::vector<PreparedOp> prepared(4);
  auto executor =
      Executor::Create(artifact.view(), arena.buffers, isa, {}, prepared, split_scratch);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(executor.status().message()).find("SplitScratchBytes"), std::string::npos)
      << executor.status().message();
}

TEST(Executor, SplitsNothingWhereNoKernelHasASplitFormOrNoPreparedOpsKeepThem) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  auto bytes = Executor::SplitScratchBytes(artifact.view(), Isa::kRef);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(*bytes, 0u);
  std::vector<uint8_t> split_scratch(4096);
  auto executor =
      Executor::Create(artifact.view(), arena.buffers, Isa::kRef, {}, {}, split_scratch);
  ASSERT_FALSE(executor.ok());
  EXPECT_EQ(executor.status().code(), ErrorCode::kInvalidArgument);
}

TEST(Executor, InputsAndOutputsRequireTheExactByteCount) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_TRUE(executor.ok());
  g_io_bytes = 0;
  EXPECT_EQ(executor->SetInput(0, InputBytes(191)).code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(executor->SetInput(1, InputBytes(192)).code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(executor->SetInput(-1, InputBytes(192)).code(), ErrorCode::kInvalidArgument);
  std::vector<uint8_t> output(6);
  EXPECT_EQ(executor->GetOutput(0, output).code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(executor->GetOutput(1, std::span(output).first(5)).code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(g_io_bytes, 0u);  // nothing moves on a refused call
}

TEST(Executor, ExposesInputAndOutputTensorsInsideThePool) {
  const OpenedArtifact artifact(TinyModelSizedFor(Isa::kRef));
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_TRUE(executor.ok());
  const std::span<uint8_t> input = executor->InputTensor(0);
  EXPECT_EQ(input.data(), arena.storage.data() + artifact.view().tensor(kInput).offset());
  EXPECT_EQ(input.size(), 192u);
  EXPECT_EQ(executor->OutputTensor(0).size(), 5u);
  EXPECT_TRUE(executor->InputTensor(1).empty());
  EXPECT_TRUE(executor->OutputTensor(-1).empty());
}

TEST(Executor, KernelErrorsNameTheOperator) {
  ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  // Valid format (a shift in [0, 31]) that the softmax kernel itself refuses.
  spec.ops[kSoftmaxOp].options = [](fb::FlatBufferBuilder& b) {
    return std::make_pair(schema::OpOptions::SoftmaxOptions,
                          schema::CreateSoftmaxOptions(b, 1.0f, 1 << 30, 31, -248).Union());
  };
  const OpenedArtifact artifact(spec);
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  Arena arena(artifact.view());
  auto executor = Executor::Create(artifact.view(), arena.buffers, Isa::kRef);
  ASSERT_TRUE(executor.ok());
  const Status status = executor->Invoke();
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams);
  EXPECT_EQ(status.op_index(), kSoftmaxOp);
  EXPECT_EQ(std::string(status.message()).rfind("op 3 (softmax): ", 0), 0u) << status.message();
}

}  // namespace
}  // namespace arenastore::runtime
