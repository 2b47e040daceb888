// Row stages (runtime/row_stage.h) compute a chain's output exactly: chains of the ops with a
// row-strip unit, built by hand as their lowering would give them, run whole op by op on ref and
// then strip by strip on every variant this host runs, for several strip heights; the stage's
// output equals the whole chain's byte for byte. Also what a stage must never touch (input rows
// consumed by earlier strips, output rows of later strips) and what it refuses.
#include "runtime/row_stage.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "runtime/row_strip_unit.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

using kernels::Isa;
using kernels::OpKind;
using kernels::OpParams;

enum class Padding { kSame, kValid };

// Output size and leading padding of one spatial axis, as TensorFlow Lite computes them.
struct Axis {
  int32_t output, pad_before;
};
Axis AxisOf(int32_t input, int32_t filter, int32_t stride, Padding padding) {
  if (padding == Padding::kValid) return {(input - filter) / stride + 1, 0};
  const int32_t output = (input + stride - 1) / stride;
  const int32_t total = std::max((output - 1) * stride + filter - input, 0);
  return {output, total / 2};
}

// A chain of ops on one image, each op's params as its lowering would give them, with the
// constants (filters, biases, requantization) kept here.
class Chain {
 public:
  Chain(int32_t h, int32_t w, int32_t c)
      : input_h_(h), input_w_(w), input_c_(c), h_(h), w_(w), c_(c) {}
  // Not copyable: the params point into its constants.
  Chain(const Chain&) = delete;
  Chain& operator=(const Chain&) = delete;

  Chain& Conv(int32_t k, int32_t output_c, int32_t stride, Padding padding) {
    const Axis y = AxisOf(h_, k, stride, padding), x = AxisOf(w_, k, stride, padding);
    kernels::Conv2dParams p{};
    p = {1,
         h_,
         w_,
         c_,
         k,
         k,
         y.output,
         x.output,
         output_c,
         1,
         stride,
         stride,
         1,
         1,
         y.pad_before,
         x.pad_before,
         -3,
         5,
         -128,
         127,
         Requant(output_c),
         false};
    // The filter holds the input's channels: Add makes the output's the chain's current ones.
    const int8_t* filter = Int8s(size_t(output_c) * k * k * c_);
    StageOp& op = Add(OpKind::kConv2d, y.output, x.output, output_c);
    op.params.conv2d = p;
    BindConstants(&op, filter, output_c);
    return *this;
  }

  Chain& Depthwise(int32_t k, int32_t stride, Padding padding) {
    const Axis y = AxisOf(h_, k, stride, padding), x = AxisOf(w_, k, stride, padding);
    kernels::DepthwiseConv2dParams p{};
    p = {1, h_, w_,           c_,           1, k,  k,    y.output, x.output,   c_, stride, stride,
         1, 1,  y.pad_before, x.pad_before, 2, -7, -128, 127,      Requant(c_)};
    StageOp& op = Add(OpKind::kDepthwiseConv2d, y.output, x.output, c_);
    op.params.depthwise_conv2d = p;
    BindConstants(&op, Int8s(size_t(k) * k * c_), c_);
    return *this;
  }

  Chain& Pool(OpKind kind, int32_t k, int32_t stride, Padding padding) {
    const Axis y = AxisOf(h_, k, stride, padding), x = AxisOf(w_, k, stride, padding);
    const kernels::Pool2dParams p = {
        1,      h_,     w_,           c_,           k,    k,  y.output, x.output,
        stride, stride, y.pad_before, x.pad_before, -100, 120};
    StageOp& op = Add(kind, y.output, x.output, c_);
    (kind == OpKind::kMaxPool2d ? op.params.max_pool2d : op.params.average_pool2d) = p;
    return *this;
  }

  Chain& Pad(int32_t top, int32_t bottom, int32_t left, int32_t right) {
    kernels::PadParams p{};
    p.rank = 4;
    const int32_t shape[4] = {1, h_, w_, c_}, before[4] = {0, top, left, 0},
                  after[4] = {0, bottom, right, 0};
    for (int d = 0; d < 4; ++d)
      p.input_shape[d] = shape[d], p.before[d] = before[d], p.after[d] = after[d];
    p.pad_value = 9;
    StageOp& op = Add(OpKind::kPad, h_ + top + bottom, w_ + left + right, c_);
    op.params.pad = p;
    return *this;
  }

  std::vector<StageOp>& ops() { return ops_; }
  size_t InputBytes() const { return size_t(input_h_) * input_w_ * input_c_; }
  size_t OutputBytes() const { return size_t(h_) * w_ * c_; }
  size_t InputRowBytes() const { return size_t(input_w_) * input_c_; }
  size_t OutputRowBytes() const { return size_t(w_) * c_; }
  int32_t OutputRows() const { return h_; }

  // A deterministic input image.
  std::vector<uint8_t> Input() {
    std::vector<uint8_t> input(InputBytes());
    for (uint8_t& byte : input) byte = static_cast<uint8_t>(rng_());
    return input;
  }

 private:
  StageOp& Add(OpKind kind, int32_t output_h, int32_t output_w, int32_t output_c) {
    StageOp op{};
    op.params.kind = kind;
    op.params.dtype = kernels::KernelDtype::kInt8;
    op.params.form = kernels::ExecForm::kWhole;
    op.isa = Isa::kRef;
    op.operands.num_inputs = 1;
    op.operands.num_outputs = 1;
    ops_.push_back(op);
    h_ = output_h, w_ = output_w, c_ = output_c;
    return ops_.back();
  }

  const int8_t* Int8s(size_t count) {
    std::vector<int8_t>& values = int8s_.emplace_back(count);
    for (int8_t& value : values) value = static_cast<int8_t>(rng_());
    return values.data();
  }

  // Per-channel multipliers in [2^30, 2^31) and right shifts that keep most sums in range.
  kernels::Requantization Requant(int32_t channels) {
    std::vector<int32_t>& multipliers = int32s_.emplace_back(size_t(channels));
    std::vector<int32_t>& shifts = int32s_.emplace_back(size_t(channels));
    for (int32_t i = 0; i < channels; ++i) {
      multipliers[size_t(i)] = (1 << 30) + static_cast<int32_t>(rng_() % (1u << 30));
      shifts[size_t(i)] = -6 - static_cast<int32_t>(rng_() % 4);
    }
    return {multipliers.data(), shifts.data(), channels};
  }

  void BindConstants(StageOp* op, const int8_t* filter, int32_t channels) {
    std::vector<int32_t>& bias = int32s_.emplace_back(size_t(channels));
    for (int32_t& value : bias) value = static_cast<int32_t>(rng_() % 2001) - 1000;
    op->operands.inputs[1] = filter;
    op->operands.inputs[2] = bias.data();
    op->operands.num_inputs = 3;
  }

  int32_t input_h_, input_w_, input_c_, h_, w_, c_;
  std::vector<StageOp> ops_;
  std::deque<std::vector<int8_t>> int8s_;  // deques: the params point into them
  std::deque<std::vector<int32_t>> int32s_;
  std::mt19937 rng_{37};
};

// Bytes whose first is 64-byte aligned, as planned buffers are.
class Aligned {
 public:
  explicit Aligned(size_t bytes, uint8_t fill = 0) : storage_(bytes + 64, fill), size_(bytes) {}
  std::span<uint8_t> span() {
    const auto address = reinterpret_cast<uintptr_t>(storage_.data());
    return {storage_.data() + (64 - address % 64) % 64, size_};
  }

 private:
  std::vector<uint8_t> storage_;
  size_t size_;
};

// The chain run whole, op by op through the registry on ref: what every stage must equal.
std::vector<uint8_t> RunWhole(const std::vector<StageOp>& ops, const std::vector<uint8_t>& input) {
  std::vector<uint8_t> current = input;
  for (const StageOp& op : ops) {
    std::vector<uint8_t> output(1 << 16);
    Aligned scratch(kernels::ScratchBytes(op.params, Isa::kRef));
    kernels::OpOperands operands = op.operands;
    operands.inputs[0] = current.data();
    operands.outputs[0] = output.data();
    const Status status = kernels::Eval(op.params, Isa::kRef, operands, scratch.span());
    EXPECT_TRUE(status.ok()) << status.message();
    current = std::move(output);
  }
  return current;
}

// The stage's memory, sized by RowStageBufferBytes: each inner tensor and each op's scratch in
// bytes of its own; the output starts filled with `fill`.
struct StageMemory {
  StageMemory(const std::vector<StageOp>& ops, int32_t strip_rows, size_t output_bytes,
              uint8_t fill = 0)
      : bytes(RowStageBufferBytes(ops, strip_rows).value()), output(output_bytes, fill) {
    for (size_t k = 0; k < ops.size(); ++k) {
      inner.emplace_back(bytes.inner_bytes[k]);
      scratch.emplace_back(bytes.scratch_bytes[k]);
    }
  }

  RowStageBuffers Buffers(std::span<const uint8_t> input) {
    RowStageBuffers buffers = {input, output, {}, {}};
    for (size_t k = 0; k < inner.size(); ++k) {
      buffers.inner[k] = inner[k].span();
      buffers.scratch[k] = scratch[k].span();
    }
    return buffers;
  }

  RowStageBytes bytes;
  std::vector<uint8_t> output;
  std::vector<Aligned> inner, scratch;
};

// The variants this host runs (ref, and the x86 ones its CPU has).
std::vector<Isa> HostVariants() {
  std::vector<Isa> variants;
  for (const Isa isa : {Isa::kRef, Isa::kX86Avx2, Isa::kX86Avx512Vnni}) {
    if (kernels::IsaRunnable(isa)) variants.push_back(isa);
  }
  return variants;
}

// The chains every stage test runs, by name.
struct NamedChain {
  std::string name;
  std::unique_ptr<Chain> chain;
};

std::vector<NamedChain> Chains() {
  std::vector<NamedChain> chains;
  auto add = [&](std::string name, int32_t h, int32_t w, int32_t c) -> Chain& {
    chains.push_back({std::move(name), std::make_unique<Chain>(h, w, c)});
    return *chains.back().chain;
  };
  add("conv s2 SAME -> dw -> conv 1x1 -> dw s2 -> avg pool", 20, 17, 3)
      .Conv(3, 8, 2, Padding::kSame)
      .Depthwise(3, 1, Padding::kSame)
      .Conv(1, 12, 1, Padding::kValid)
      .Depthwise(3, 2, Padding::kSame)
      .Pool(OpKind::kAveragePool2d, 2, 2, Padding::kSame);
  add("pad -> conv VALID", 9, 7, 4).Pad(1, 2, 1, 1).Conv(3, 6, 1, Padding::kValid);
  add("max pool SAME", 11, 9, 5).Pool(OpKind::kMaxPool2d, 3, 2, Padding::kSame);
  // Strips of the pad's top rows read none of the conv's: the conv is skipped for them.
  add("conv 1x1 -> pad 3 rows above -> max pool VALID", 6, 5, 3)
      .Conv(1, 4, 1, Padding::kValid)
      .Pad(3, 1, 0, 1)
      .Pool(OpKind::kMaxPool2d, 2, 1, Padding::kValid);
  add("dw VALID s2 -> max pool VALID -> conv 5x5 SAME", 23, 6, 4)
      .Depthwise(3, 2, Padding::kValid)
      .Pool(OpKind::kMaxPool2d, 2, 1, Padding::kValid)
      .Conv(5, 3, 1, Padding::kSame);
  return chains;
}

TEST(RowStage, EqualsTheWholeChainOnEveryVariant) {
  int32_t stages = 0;
  for (auto& [name, chain_storage] : Chains()) {
    Chain& chain = *chain_storage;
    const std::vector<uint8_t> input = chain.Input();
    std::vector<uint8_t> expected = RunWhole(chain.ops(), input);
    expected.resize(chain.OutputBytes());
    // Outputs of many values, so that a misplaced row shows (not a chain saturated flat).
    EXPECT_GT(std::set<uint8_t>(expected.begin(), expected.end()).size(), 16u) << name;
    for (const Isa isa : HostVariants()) {
      std::printf("[ row stage ] %s on %s\n", name.c_str(), kernels::IsaName(isa));
      for (StageOp& op : chain.ops()) op.isa = isa;
      for (const int32_t strip_rows : {1, 2, 3, chain.OutputRows()}) {
        StageMemory memory(chain.ops(), strip_rows, chain.OutputBytes());
        const Status status = RunRowStage(chain.ops(), strip_rows, memory.Buffers(input));
        ASSERT_TRUE(status.ok()) << name << ": " << status.message();
        EXPECT_EQ(memory.output, expected)
            << name << " on " << kernels::IsaName(isa) << ", strips of " << strip_rows << " rows";
        ++stages;
      }
    }
  }
  EXPECT_GE(stages, 16);
}

// The inner tensors: op 0 (conv s2 -> 8 channels), op 1 (depthwise, 8), op 2 (conv 1x1 -> 12),
// each row 9 pixels wide, and op 3 (depthwise s2, 12 channels) 5 pixels wide. Whole, ops 0-2 hold
// 10 rows and op 3 5; a strip of one output row (its avg pool reads 2 of op 3's rows, op 3 reads
// 5 of op 2's, op 2 5 of op 1's, op 1 7 of op 0's) holds 7 rows of op 0, 5 of ops 1 and 2.
TEST(RowStage, InnerTensorsHoldOnlyTheRowsOfTheLargestStrip) {
  const std::vector<NamedChain> chains = Chains();
  Chain& chain = *chains[0].chain;
  const RowStageBytes whole = RowStageBufferBytes(chain.ops(), chain.OutputRows()).value();
  EXPECT_EQ(whole.inner_bytes[0], size_t{10} * 9 * 8);
  EXPECT_EQ(whole.inner_bytes[2], size_t{10} * 9 * 12);
  EXPECT_EQ(whole.inner_bytes[3], size_t{5} * 5 * 12);
  EXPECT_EQ(whole.inner_bytes[4], 0u);  // the last op writes the stage output
  const RowStageBytes strips = RowStageBufferBytes(chain.ops(), 1).value();
  EXPECT_EQ(strips.inner_bytes[0], size_t{7} * 9 * 8);
  EXPECT_EQ(strips.inner_bytes[1], size_t{5} * 9 * 8);
  EXPECT_EQ(strips.inner_bytes[2], size_t{5} * 9 * 12);
  EXPECT_EQ(strips.inner_bytes[3], size_t{2} * 5 * 12);
}

TEST(RowStage, InnerBytesAloneAskNoVariant) {
  const std::vector<NamedChain> chains = Chains();
  Chain& chain = *chains[0].chain;
  const RowStageBytes all = RowStageBufferBytes(chain.ops(), 2).value();
  const RowStageBytes inner = RowStageInnerBytes(chain.ops(), 2).value();
  for (int32_t k = 0; k < kMaxStageOps; ++k) {
    EXPECT_EQ(inner.inner_bytes[k], all.inner_bytes[k]) << "op " << k;
    EXPECT_EQ(inner.scratch_bytes[k], 0u) << "op " << k;
  }
}

// Strip by strip: before each strip, every stage-input row no later strip reads is poisoned
// (twice, with two fills) and every output row a later strip writes still holds its fill: the
// planner may then place the output over the consumed input.
TEST(RowStage, TouchesNoConsumedInputRowAndNoLaterOutputRow) {
  for (auto& [name, chain_storage] : Chains()) {
    Chain& chain = *chain_storage;
    const std::vector<uint8_t> clean = chain.Input();
    std::vector<uint8_t> expected = RunWhole(chain.ops(), clean);
    expected.resize(chain.OutputBytes());
    for (const uint8_t poison : {uint8_t{0x80}, uint8_t{0x7f}}) {
      const int32_t strip_rows = 2;
      std::vector<uint8_t> input = clean;
      StageMemory memory(chain.ops(), strip_rows, chain.OutputBytes(), poison);
      const int32_t strip_count = RowStageStripCount(chain.ops(), strip_rows).value();
      for (int32_t s = 0; s < strip_count; ++s) {
        // The first input row strip s reads: the first op's input rows of this strip.
        kernels::RowRange rows = {s * strip_rows,
                                  std::min((s + 1) * strip_rows, chain.OutputRows())};
        for (size_t k = chain.ops().size(); k-- > 0;) {
          OpParams unused;
          RowStripUnitOf(chain.ops()[k].params.kind)
              ->strip(chain.ops()[k].params, rows, &unused, &rows);
        }
        std::memset(input.data(), poison, size_t(rows.begin) * chain.InputRowBytes());
        ASSERT_TRUE(RunRowStageStrip(chain.ops(), strip_rows, s, memory.Buffers(input)).ok());
        const size_t written = std::min(size_t(s + 1) * strip_rows, size_t(chain.OutputRows())) *
                               chain.OutputRowBytes();
        for (size_t i = written; i < memory.output.size(); ++i) {
          ASSERT_EQ(memory.output[i], poison) << name << ": strip " << s << " wrote byte " << i;
        }
      }
      EXPECT_EQ(memory.output, expected) << name << " (poison " << int(poison) << ")";
    }
  }
}

void ExpectRefusal(const Status& status, ErrorCode code, const char* names) {
  EXPECT_EQ(status.code(), code) << status.message();
  EXPECT_NE(std::string(status.message()).find(names), std::string::npos) << status.message();
}

TEST(RowStage, RefusesAnOpWithoutARowStripUnitNamingIt) {
  Chain chain(6, 6, 2);
  chain.Pool(OpKind::kMaxPool2d, 2, 2, Padding::kSame);
  chain.ops()[0].params.kind = OpKind::kAdd;
  ExpectRefusal(RowStageStripCount(chain.ops(), 1).status(), ErrorCode::kKernelUnsupported,
                "stage op 0 (add)");
}

TEST(RowStage, RefusesTwoImagesAndFormsOtherThanWhole) {
  Chain chain(6, 6, 2);
  chain.Depthwise(3, 1, Padding::kSame).Conv(3, 4, 1, Padding::kSame);
  chain.ops()[1].params.conv2d.batches = 2;
  ExpectRefusal(RowStageStripCount(chain.ops(), 1).status(), ErrorCode::kKernelUnsupported,
                "stage op 1 (conv2d)");
  chain.ops()[1].params.conv2d.batches = 1;
  chain.ops()[0].params.form = kernels::ExecForm::kOverInput;
  ExpectRefusal(RowStageStripCount(chain.ops(), 1).status(), ErrorCode::kKernelUnsupported,
                "stage op 0 (depthwise_conv2d)");
}

TEST(RowStage, RefusesAPadOfTheBatchAxis) {
  Chain chain(6, 6, 2);
  chain.Pad(1, 1, 0, 0);
  chain.ops()[0].params.pad.before[0] = 1;
  EXPECT_EQ(RowStageStripCount(chain.ops(), 1).status().code(), ErrorCode::kKernelUnsupported);
}

TEST(RowStage, RefusesMoreOpsThanItHoldsAndOpsThatDoNotChain) {
  Chain chain(6, 6, 2);
  for (int32_t k = 0; k <= kMaxStageOps; ++k) chain.Pool(OpKind::kMaxPool2d, 1, 1, Padding::kValid);
  const Status too_long = RowStageStripCount(chain.ops(), 1).status();
  EXPECT_EQ(too_long.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(too_long.message()).find(std::to_string(kMaxStageOps + 1) + " ops"),
            std::string::npos)
      << too_long.message();
  std::vector<StageOp> broken = {
      chain.ops()[0], Chain(5, 6, 2).Pool(OpKind::kMaxPool2d, 1, 1, Padding::kValid).ops()[0]};
  EXPECT_EQ(RowStageStripCount(broken, 1).status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(RowStageStripCount(std::span<const StageOp>(), 1).status().code(),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(RowStageStripCount(chain.ops(), 0).status().code(), ErrorCode::kInvalidArgument);
}

TEST(RowStage, RefusesBuffersSmallerThanAStripNeedsNamingTheOp) {
  const std::vector<NamedChain> chains = Chains();
  Chain& chain = *chains[0].chain;
  const std::vector<uint8_t> input = chain.Input();
  StageMemory memory(chain.ops(), 2, chain.OutputBytes());
  // Each buffer one byte short, and the op that finds it so.
  const std::pair<void (*)(RowStageBuffers*), const char*> shortened[] = {
      {[](RowStageBuffers* b) { b->inner[1] = b->inner[1].first(b->inner[1].size() - 1); },
       "stage op 1 (depthwise_conv2d)"},
      {[](RowStageBuffers* b) { b->output = b->output.first(b->output.size() - 1); },
       "stage op 4 (average_pool2d)"},
      {[](RowStageBuffers* b) { b->input = b->input.first(b->input.size() - 1); },
       "stage op 0 (conv2d)"},
  };
  for (const auto& [shorten, op] : shortened) {
    RowStageBuffers buffers = memory.Buffers(input);
    shorten(&buffers);
    ExpectRefusal(RunRowStage(chain.ops(), 2, buffers), ErrorCode::kArenaTooSmall, op);
  }
}

TEST(RowStage, RefusesScratchSmallerThanAStripNeeds) {
  int32_t variants_with_scratch = 0;
  for (const Isa isa : HostVariants()) {
    const std::vector<NamedChain> chains = Chains();
    Chain& chain = *chains[1].chain;
    for (StageOp& op : chain.ops()) op.isa = isa;
    StageMemory memory(chain.ops(), 3, chain.OutputBytes());
    if (memory.bytes.scratch_bytes[1] == 0) continue;  // this variant's strips need none
    ++variants_with_scratch;
    const std::vector<uint8_t> input = chain.Input();
    RowStageBuffers buffers = memory.Buffers(input);
    buffers.scratch[1] = buffers.scratch[1].first(buffers.scratch[1].size() - 1);
    ExpectRefusal(RunRowStage(chain.ops(), 3, buffers), ErrorCode::kKernelScratchTooSmall,
                  "stage op 1 (conv2d)");
  }
  EXPECT_GT(variants_with_scratch, 0) << "no variant here needs scratch: nothing was checked";
}

}  // namespace
}  // namespace arenastore::runtime
