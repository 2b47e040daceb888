#include "kernels/registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "ops/conv2d/ref.h"
#include "ops/fully_connected/ref.h"
#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels {
namespace {

using testing::RandomInt8;

std::string ExpectedName(OpKind op, Isa isa) {
  return std::string(OpKindName(op)) + "/" + IsaName(isa);
}

const KernelEntry* FindInTable(OpKind op, Isa isa) {
  for (const KernelEntry& entry : KernelsOf(op)) {
    if (entry.isa == isa && entry.dtype == KernelDtype::kInt8) return &entry;
  }
  return nullptr;
}

TEST(Registry, EveryOpHasARefEntryThatRuns) {
  for (int op = 0; op < kOpKindCount; ++op) {
    const KernelEntry* entry = FindInTable(static_cast<OpKind>(op), Isa::kRef);
    ASSERT_NE(entry, nullptr) << OpKindName(static_cast<OpKind>(op));
    EXPECT_NE(entry->eval, nullptr) << ExpectedName(entry->op, entry->isa);
    EXPECT_NE(entry->scratch_bytes, nullptr) << ExpectedName(entry->op, entry->isa);
  }
}

TEST(Registry, EachOpsRowsAreItsOwnWithoutDuplicates) {
  for (int op = 0; op < kOpKindCount; ++op) {
    const auto kind = static_cast<OpKind>(op);
    const auto rows = KernelsOf(kind);
    ASSERT_FALSE(rows.empty()) << OpKindName(kind);
    std::set<std::pair<int, int>> seen;
    for (const KernelEntry& row : rows) {
      EXPECT_EQ(row.op, kind) << ExpectedName(row.op, row.isa);
      EXPECT_TRUE(seen.insert({static_cast<int>(row.dtype), static_cast<int>(row.isa)}).second)
          << ExpectedName(row.op, row.isa) << " appears twice for one dtype";
    }
  }
}

TEST(Registry, EveryOpResolvesOnEveryIsaFallingBackToRef) {
  for (int op = 0; op < kOpKindCount; ++op) {
    for (int isa = 0; isa < kIsaCount; ++isa) {
      const auto kind = static_cast<OpKind>(op);
      const auto target = static_cast<Isa>(isa);
      const KernelEntry* resolved = ResolveKernel(kind, KernelDtype::kInt8, target);
      ASSERT_NE(resolved, nullptr) << ExpectedName(kind, target);
      EXPECT_EQ(resolved->op, kind);
      const KernelEntry* own = FindInTable(kind, target);
      EXPECT_EQ(HasOwnVariant(kind, KernelDtype::kInt8, target), own != nullptr)
          << ExpectedName(kind, target);
      EXPECT_EQ(resolved, own != nullptr ? own : FindInTable(kind, Isa::kRef))
          << ExpectedName(kind, target) << " resolved to "
          << ExpectedName(resolved->op, resolved->isa);
    }
  }
}

TEST(Registry, UnknownOpResolvesToNothingAndDoesNotRun) {
  const auto unknown = static_cast<OpKind>(kOpKindCount);
  EXPECT_EQ(ResolveKernel(unknown, KernelDtype::kInt8, Isa::kRef), nullptr);
  EXPECT_FALSE(HasOwnVariant(unknown, KernelDtype::kInt8, Isa::kRef));
  OpParams params{};
  params.kind = unknown;
  EXPECT_EQ(ScratchBytes(params, Isa::kRef), 0u);
  OpOperands operands{};
  EXPECT_EQ(Eval(params, Isa::kRef, operands, {}).code(), ErrorCode::kKernelUnsupported);
}

OpParams AveragePoolParams() {
  OpParams params{};
  params.kind = OpKind::kAveragePool2d;
  params.average_pool2d =
      testing::MakePool2dParams(1, 4, 4, 8, 2, 2, 2, 2, testing::TestPadding::kValid);
  return params;
}

TEST(Registry, ScratchBytesIsTheResolvedKernelsSizeFunction) {
  OpParams params = AveragePoolParams();
  for (int isa = 0; isa < kIsaCount; ++isa) {
    const auto target = static_cast<Isa>(isa);
    EXPECT_EQ(ScratchBytes(params, target),
              ResolveKernel(params.kind, KernelDtype::kInt8, target)->scratch_bytes(params));
  }
  EXPECT_EQ(ScratchBytes(params, Isa::kRef), 0u);      // sums each channel from the input
  EXPECT_EQ(ScratchBytes(params, Isa::kArmDsp), 32u);  // 8 channels of int32
  params.kind = OpKind::kMaxPool2d;                    // same params, no scratch
  EXPECT_EQ(ScratchBytes(params, Isa::kArmDsp), 0u);
}

TEST(Registry, EvalRunsAveragePoolThroughTheTable) {
  const OpParams params = AveragePoolParams();
  std::vector<int8_t> input(4 * 4 * 8, 0);
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<int8_t>(i % 8);  // channel c = c
  std::vector<int8_t> output(2 * 2 * 8, 0x55);
  std::vector<int32_t> scratch(8);
  OpOperands operands{};
  operands.inputs[0] = input.data();
  operands.num_inputs = 1;
  operands.outputs[0] = output.data();
  operands.num_outputs = 1;
  // Every ISA this machine runs (its own variant or ref), each on the scratch it declares.
  for (int isa = 0; isa < kIsaCount; ++isa) {
    const auto target = static_cast<Isa>(isa);
    if (!KernelRunnable(*ResolveKernel(params.kind, KernelDtype::kInt8, target))) continue;
    std::fill(output.begin(), output.end(), int8_t{0x55});
    const Status status =
        Eval(params, target, operands,
             {reinterpret_cast<uint8_t*>(scratch.data()), ScratchBytes(params, target)});
    ASSERT_TRUE(status.ok()) << IsaName(target) << ": " << status.message();
    for (size_t i = 0; i < output.size(); ++i) {
      EXPECT_EQ(output[i], static_cast<int8_t>(i % 8)) << IsaName(target);
    }
  }
}

TEST(Registry, EvalPassesAddInputsInOrder) {
  OpParams params{};
  params.kind = OpKind::kAdd;
  AddParams& add = params.add;
  testing::SetBroadcastShape({3}, add.shapes.input1);
  testing::SetBroadcastShape({1}, add.shapes.input2);  // only input2 broadcasts
  testing::SetBroadcastShape({3}, add.shapes.output);
  add.left_shift = 20;
  add.input1_multiplier = add.input2_multiplier = 1 << 30;  // 0.5 each
  add.output_multiplier = 1 << 30;                          // 0.5 * 2^-18
  add.output_shift = -18;
  add.activation_min = -128;
  add.activation_max = 127;
  const int8_t a[3] = {1, 2, 3};
  const int8_t b[1] = {10};
  int8_t out[3] = {};
  OpOperands operands{};
  operands.inputs[0] = a;
  operands.inputs[1] = b;
  operands.num_inputs = 2;
  operands.outputs[0] = out;
  operands.num_outputs = 1;
  ASSERT_TRUE(Eval(params, Isa::kRef, operands, {}).ok());
  EXPECT_EQ(std::vector<int8_t>(out, out + 3), (std::vector<int8_t>{11, 12, 13}));
}

TEST(Registry, EvalConcatenatesEveryListedInput) {
  OpParams params{};
  params.kind = OpKind::kConcatenation;
  params.concatenation.num_inputs = 3;
  params.concatenation.outer_size = 1;
  params.concatenation.inner_size = 1;
  params.concatenation.input_axis_sizes[0] = 1;
  params.concatenation.input_axis_sizes[1] = 2;
  params.concatenation.input_axis_sizes[2] = 1;
  const int8_t a[] = {1}, b[] = {2, 3}, c[] = {4};
  int8_t out[4] = {};
  OpOperands operands{};
  operands.inputs[0] = a;
  operands.inputs[1] = b;
  operands.inputs[2] = c;
  operands.num_inputs = 3;
  operands.outputs[0] = out;
  operands.num_outputs = 1;
  ASSERT_TRUE(Eval(params, Isa::kArmMve, operands, {}).ok());
  EXPECT_EQ(std::vector<int8_t>(out, out + 4), (std::vector<int8_t>{1, 2, 3, 4}));
  operands.num_inputs = 2;  // disagrees with the params
  EXPECT_EQ(Eval(params, Isa::kRef, operands, {}).code(), ErrorCode::kKernelInvalidParams);
}

TEST(Registry, EvalRejectsMissingOperands) {
  OpParams params{};
  params.kind = OpKind::kSoftmax;
  params.softmax = {1, 2, 1 << 30, 1, -100, ElementType::kInt8};
  int8_t data[2] = {};
  OpOperands operands{};
  operands.num_inputs = 0;
  operands.outputs[0] = data;
  operands.num_outputs = 1;
  const Status none = Eval(params, Isa::kRef, operands, {});
  EXPECT_EQ(none.code(), ErrorCode::kKernelInvalidParams);
  EXPECT_STREQ(none.message(), "softmax/ref: given 0 inputs, takes 1 to 1");
  operands.inputs[0] = data;
  operands.num_inputs = 1;
  operands.outputs[0] = nullptr;
  operands.num_outputs = 1;
  EXPECT_EQ(Eval(params, Isa::kRef, operands, {}).code(), ErrorCode::kKernelInvalidParams);
  operands.outputs[0] = data;
  operands.num_outputs = 1;
  EXPECT_TRUE(Eval(params, Isa::kRef, operands, {}).ok());
}

TEST(Registry, ReshapeThroughTheTableCopiesBytes) {
  OpParams params{};
  params.kind = OpKind::kReshape;
  params.reshape.bytes = 4;
  const int8_t in[4] = {1, -2, 3, -4};
  int8_t out[4] = {};
  OpOperands operands{};
  operands.inputs[0] = in;
  operands.num_inputs = 1;
  operands.outputs[0] = out;
  operands.num_outputs = 1;
  ASSERT_TRUE(Eval(params, Isa::kArmDsp, operands, {}).ok());
  EXPECT_EQ(std::memcmp(in, out, 4), 0);
}

// The conv-like adapters must hand input, filter and bias to the kernel in that order: the
// table's result must equal a direct call of the ref kernel.
TEST(Registry, ConvolutionOperandsReachTheKernelInOrder) {
  std::mt19937 rng(71);
  const int32_t multipliers[4] = {1 << 30, 1 << 30, 1 << 30, 1 << 30};
  const int32_t shifts[4] = {-6, -6, -6, -6};
  OpParams params{};
  params.kind = OpKind::kConv2d;
  Conv2dParams& c = params.conv2d;
  c = Conv2dParams{
      1,    5, 5, 3, 3, 3, 5, 5, 4, 1, 1, 1, 1, 1, 1, 1, 7, -3, -128, 127, {multipliers, shifts, 4},
      false};
  const std::vector<int8_t> input = RandomInt8(rng, 5 * 5 * 3);
  const std::vector<int8_t> filter = RandomInt8(rng, 4 * 3 * 3 * 3);
  const int32_t bias[4] = {100, -200, 300, -400};
  std::vector<int8_t> direct(5 * 5 * 4), table(5 * 5 * 4);
  std::vector<uint8_t> scratch(ScratchBytes(params, Isa::kRef) + 16);
  const Status direct_status =
      ref::Conv2d(c, input.data(), filter.data(), bias, direct.data(), scratch);
  ASSERT_TRUE(direct_status.ok()) << direct_status.message();
  ASSERT_GT(std::set<int8_t>(direct.begin(), direct.end()).size(), 8u) << "a degenerate case";
  OpOperands operands{};
  operands.inputs[0] = input.data();
  operands.inputs[1] = filter.data();
  operands.inputs[2] = bias;
  operands.num_inputs = 3;
  operands.outputs[0] = table.data();
  operands.num_outputs = 1;
  const Status table_status = Eval(params, Isa::kRef, operands, scratch);
  ASSERT_TRUE(table_status.ok()) << table_status.message();
  EXPECT_EQ(table, direct);
  // Without the third operand the kernel runs without bias.
  operands.num_inputs = 2;
  ASSERT_TRUE(Eval(params, Isa::kRef, operands, scratch).ok());
  ASSERT_TRUE(ref::Conv2d(c, input.data(), filter.data(), nullptr, direct.data(), scratch).ok());
  EXPECT_EQ(table, direct);
}

TEST(Registry, FullyConnectedOperandsReachTheKernelInOrder) {
  std::mt19937 rng(72);
  const int32_t multiplier = 1 << 30;
  const int32_t shift = -7;
  OpParams params{};
  params.kind = OpKind::kFullyConnected;
  params.fully_connected =
      FullyConnectedParams{2, 16, 6, 5, 0, -1, -128, 127, {&multiplier, &shift, 1}, false};
  const std::vector<int8_t> input = RandomInt8(rng, 2 * 16);
  const std::vector<int8_t> filter = RandomInt8(rng, 6 * 16);
  const int32_t bias[6] = {1, 2, 3, -4, -5, 600};
  std::vector<int8_t> direct(12), table(12);
  std::vector<uint8_t> scratch(ScratchBytes(params, Isa::kRef) + 16);
  ASSERT_TRUE(ref::FullyConnected(params.fully_connected, input.data(), filter.data(), bias,
                                  direct.data(), scratch)
                  .ok());
  ASSERT_GT(std::set<int8_t>(direct.begin(), direct.end()).size(), 4u) << "a degenerate case";
  OpOperands operands{};
  operands.inputs[0] = input.data();
  operands.inputs[1] = filter.data();
  operands.inputs[2] = bias;
  operands.num_inputs = 3;
  operands.outputs[0] = table.data();
  operands.num_outputs = 1;
  ASSERT_TRUE(Eval(params, Isa::kRef, operands, scratch).ok());
  EXPECT_EQ(table, direct);
}

}  // namespace
}  // namespace arenastore::kernels
