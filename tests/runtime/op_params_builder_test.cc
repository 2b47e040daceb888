// BuildOpParams: every field of kernels::OpParams comes from the artifact with the meaning
// kernels/op_params.h gives it (the planner's lowering builds the same params from its graph).
#include "runtime/op_params_builder.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using kernels::OpKind;
using kernels::OpParams;
using schema::DataType;
using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

// Keeps the artifact bytes alive with the view built on them.
class Built {
 public:
  explicit Built(const ArtifactSpec& spec) : bytes_(Serialize(spec)) {
    auto view = ArtifactView::Create(bytes_.span());
    EXPECT_TRUE(view.ok()) << view.status().message();
    if (view.ok()) view_.emplace(std::move(view.value()));
  }
  const ArtifactView& view() const { return *view_; }
  OpParams Params(int32_t op_index) const {
    OpParams params;
    const Status status = BuildOpParams(*view_, op_index, &params);
    EXPECT_TRUE(status.ok()) << status.message();
    return params;
  }
  bool InsideArtifact(const void* pointer) const {
    const auto* p = static_cast<const uint8_t*>(pointer);
    return p >= bytes_.span().data() && p < bytes_.span().data() + bytes_.size();
  }

 private:
  AlignedBytes bytes_;
  std::optional<ArtifactView> view_;
};

TEST(OpParamsBuilder, LowersConv2dFromShapesAndOptions) {
  const Built built(TinyModelSpec());
  const OpParams params = built.Params(kConvOp);
  ASSERT_EQ(params.kind, OpKind::kConv2d);
  const kernels::Conv2dParams& c = params.conv2d;
  EXPECT_EQ(c.batches, 1);
  EXPECT_EQ(c.input_h, 8);
  EXPECT_EQ(c.input_w, 8);
  EXPECT_EQ(c.input_c, 3);
  EXPECT_EQ(c.filter_h, 3);
  EXPECT_EQ(c.filter_w, 3);
  EXPECT_EQ(c.output_h, 4);
  EXPECT_EQ(c.output_w, 4);
  EXPECT_EQ(c.output_c, 4);
  EXPECT_EQ(c.groups, 1);
  EXPECT_EQ(c.stride_h, 2);
  EXPECT_EQ(c.stride_w, 2);
  EXPECT_EQ(c.dilation_h, 1);
  EXPECT_EQ(c.dilation_w, 1);
  EXPECT_EQ(c.pad_top, 0);
  EXPECT_EQ(c.pad_left, 0);
  EXPECT_EQ(c.input_zero_point, -1);
  EXPECT_EQ(c.output_zero_point, 2);
  EXPECT_EQ(c.activation_min, -128);
  EXPECT_EQ(c.activation_max, 127);
  ASSERT_EQ(c.requant.count, 4);
  // Read in place from the artifact bytes, not copied.
  EXPECT_TRUE(built.InsideArtifact(c.requant.multipliers));
  EXPECT_TRUE(built.InsideArtifact(c.requant.shifts));
  EXPECT_EQ(c.requant.multipliers[1], 1200000000);
  EXPECT_EQ(c.requant.shifts[2], -3);
}

TEST(OpParamsBuilder, LowersGroupedConv2d) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kInput].shape = {1, 8, 8, 6};
  spec.tensors[kConvFilter].shape = {4, 3, 3, 3};  // 2 groups of 3 input channels
  PlanSequentially(&spec);
  const Built built(spec);
  EXPECT_EQ(built.Params(kConvOp).conv2d.groups, 2);
  EXPECT_EQ(built.Params(kConvOp).conv2d.input_c, 6);
}

TEST(OpParamsBuilder, LowersAveragePool2d) {
  const Built built(TinyPoolModelSpec());
  const OpParams params = built.Params(kMeanOp);
  ASSERT_EQ(params.kind, OpKind::kAveragePool2d);
  const kernels::Pool2dParams& p = params.average_pool2d;
  EXPECT_EQ(p.batches, 1);
  EXPECT_EQ(p.input_h, 4);
  EXPECT_EQ(p.input_w, 4);
  EXPECT_EQ(p.channels, 4);
  EXPECT_EQ(p.filter_h, 2);
  EXPECT_EQ(p.filter_w, 2);
  EXPECT_EQ(p.output_h, 2);
  EXPECT_EQ(p.output_w, 2);
  EXPECT_EQ(p.stride_h, 2);
  EXPECT_EQ(p.stride_w, 2);
  EXPECT_EQ(p.pad_top, 0);
  EXPECT_EQ(p.pad_left, 0);
  EXPECT_EQ(p.activation_min, -128);
  EXPECT_EQ(p.activation_max, 127);
}

TEST(OpParamsBuilder, LowersMeanWithItsAxesZeroPointsAndRescaling) {
  const Built built(TinyModelSpec());
  const OpParams params = built.Params(kMeanOp);
  ASSERT_EQ(params.kind, OpKind::kMean);
  const kernels::ReduceParams& p = params.mean;
  EXPECT_EQ(p.rank, 4);
  EXPECT_EQ(std::vector<int32_t>(p.input_shape, p.input_shape + 4),
            (std::vector<int32_t>{1, 4, 4, 4}));
  EXPECT_EQ(std::vector<int32_t>(p.reduced, p.reduced + 4), (std::vector<int32_t>{0, 1, 0, 0}));
  EXPECT_EQ(p.input_zero_point, 2);
  EXPECT_EQ(p.output_zero_point, 2);
  EXPECT_EQ(p.output_multiplier, 1 << 30);
  EXPECT_EQ(p.output_shift, -1);
}

TEST(OpParamsBuilder, LowersFullyConnectedFlatteningTheInput) {
  const Built built(TinyModelSpec());
  const kernels::FullyConnectedParams f = built.Params(kFcOp).fully_connected;
  EXPECT_EQ(f.batches, 1);  // [1,2,2,4] flattens to one row of 16
  EXPECT_EQ(f.input_depth, 16);
  EXPECT_EQ(f.output_depth, 5);
  EXPECT_EQ(f.input_zero_point, 2);
  EXPECT_EQ(f.filter_zero_point, 0);
  EXPECT_EQ(f.output_zero_point, 3);
  ASSERT_EQ(f.requant.count, 1);
  EXPECT_EQ(f.requant.multipliers[0], 1300000000);
  EXPECT_EQ(f.requant.shifts[0], -3);
}

TEST(OpParamsBuilder, FullyConnectedReadsThePlannersFoldedBiasInPlace) {
  ArtifactSpec spec = TinyModelSpec();
  EXPECT_EQ(Built(spec).Params(kFcOp).fully_connected.folded_bias, nullptr);
  spec.ops[kFcOp].options = FullyConnectedOptionsWriter({1300000000}, {-3}, {7, -8, 9, -10, 11});
  const Built built(spec);
  const int32_t* folded = built.Params(kFcOp).fully_connected.folded_bias;
  ASSERT_NE(folded, nullptr);
  EXPECT_TRUE(built.InsideArtifact(folded));
  EXPECT_EQ(std::vector<int32_t>(folded, folded + 5), (std::vector<int32_t>{7, -8, 9, -10, 11}));
}

TEST(OpParamsBuilder, FullyConnectedBatchesAreAllButTheLastInputDim) {
  const ArtifactSpec spec =
      SingleOpSpec(OpKind::kFullyConnected,
                   {ActivationTensor("in", {2, 3, 16}),
                    ConstantTensor("w", DataType::INT8, {5, 16}, Pattern(80, 1)),
                    ActivationTensor("out", {2, 3, 5})},
                   {0, 1}, 2, FullyConnectedOptionsWriter({1 << 30}, {-2}));
  const Built built(spec);
  EXPECT_EQ(built.Params(0).fully_connected.batches, 6);
}

TEST(OpParamsBuilder, LowersSoftmaxOverTheLastDim) {
  const Built built(TinyModelSpec());
  const kernels::SoftmaxParams s = built.Params(kSoftmaxOp).softmax;
  EXPECT_EQ(s.outer_size, 1);
  EXPECT_EQ(s.depth, 5);
  EXPECT_EQ(s.input_multiplier, 1 << 30);
  EXPECT_EQ(s.input_left_shift, 23);
  EXPECT_EQ(s.diff_min, -248);

  const ArtifactSpec rows = SingleOpSpec(
      OpKind::kSoftmax, {ActivationTensor("in", {2, 3, 5}), ActivationTensor("out", {2, 3, 5})},
      {0}, 1, SoftmaxOptionsWriter());
  const Built built_rows(rows);
  EXPECT_EQ(built_rows.Params(0).softmax.outer_size, 6);
  EXPECT_EQ(built_rows.Params(0).softmax.depth, 5);
}

TEST(OpParamsBuilder, LowersAddWithRightAlignedShapesAndTfliteOffsets) {
  AddOptionsSpec options;
  options.input1_shift = -2;
  options.output_multiplier = 1500000000;
  const ArtifactSpec spec =
      SingleOpSpec(OpKind::kAdd,
                   {ActivationTensor("a", {2, 1, 3}, 0.1f, 5), ActivationTensor("b", {3}, 0.1f, -7),
                    ActivationTensor("out", {2, 1, 3}, 0.2f, 11)},
                   {0, 1}, 2, AddOptionsWriter(options));
  const Built built(spec);
  const kernels::AddParams a = built.Params(0).add;
  const int32_t input1[] = {1, 1, 1, 2, 1, 3};
  const int32_t input2[] = {1, 1, 1, 1, 1, 3};
  for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
    EXPECT_EQ(a.shapes.input1[i], input1[i]) << i;
    EXPECT_EQ(a.shapes.input2[i], input2[i]) << i;
    EXPECT_EQ(a.shapes.output[i], input1[i]) << i;
  }
  EXPECT_EQ(a.input1_offset, -5);
  EXPECT_EQ(a.input2_offset, 7);
  EXPECT_EQ(a.output_offset, 11);  // the output zero point itself, as TensorFlow Lite
  EXPECT_EQ(a.left_shift, 20);
  EXPECT_EQ(a.input1_multiplier, 1 << 30);
  EXPECT_EQ(a.input1_shift, -2);
  EXPECT_EQ(a.output_multiplier, 1500000000);
  EXPECT_EQ(a.output_shift, -18);
}

TEST(OpParamsBuilder, LowersMul) {
  const ArtifactSpec spec =
      SingleOpSpec(OpKind::kMul,
                   {ActivationTensor("a", {4, 3}, 0.1f, 1), ActivationTensor("b", {4, 1}, 0.1f, 2),
                    ActivationTensor("out", {4, 3}, 0.2f, 3)},
                   {0, 1}, 2, MulOptionsWriter(1 << 30, -3));
  const kernels::MulParams m = Built(spec).Params(0).mul;
  EXPECT_EQ(m.shapes.input2[4], 4);
  EXPECT_EQ(m.shapes.input2[5], 1);
  EXPECT_EQ(m.shapes.input2[3], 1);
  EXPECT_EQ(m.input1_offset, -1);
  EXPECT_EQ(m.input2_offset, -2);
  EXPECT_EQ(m.output_offset, 3);
  EXPECT_EQ(m.output_multiplier, 1 << 30);
  EXPECT_EQ(m.output_shift, -3);
}

TEST(OpParamsBuilder, LowersPadWithTheOutputZeroPointAsPadValue) {
  const ArtifactSpec spec = SingleOpSpec(OpKind::kPad,
                                         {ActivationTensor("in", {1, 3, 3, 2}, 0.1f, -4),
                                          ActivationTensor("out", {1, 5, 6, 2}, 0.1f, -4)},
                                         {0}, 1, PadOptionsWriter({0, 1, 1, 0}, {0, 1, 2, 0}));
  const kernels::PadParams p = Built(spec).Params(0).pad;
  EXPECT_EQ(p.rank, 4);
  const int32_t shape[] = {1, 3, 3, 2};
  const int32_t before[] = {0, 1, 1, 0};
  const int32_t after[] = {0, 1, 2, 0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(p.input_shape[i], shape[i]);
    EXPECT_EQ(p.before[i], before[i]);
    EXPECT_EQ(p.after[i], after[i]);
  }
  EXPECT_EQ(p.pad_value, -4);
}

TEST(OpParamsBuilder, LowersConcatenationIntoOuterAndInnerSizes) {
  const ArtifactSpec spec =
      SingleOpSpec(OpKind::kConcatenation,
                   {ActivationTensor("a", {2, 3, 4}), ActivationTensor("b", {2, 5, 4}),
                    ActivationTensor("c", {2, 1, 4}), ActivationTensor("out", {2, 9, 4})},
                   {0, 1, 2}, 3, ConcatenationOptionsWriter(-2));
  const kernels::ConcatenationParams c = Built(spec).Params(0).concatenation;
  EXPECT_EQ(c.num_inputs, 3);
  EXPECT_EQ(c.outer_size, 2);
  EXPECT_EQ(c.inner_size, 4);
  EXPECT_EQ(c.input_axis_sizes[0], 3);
  EXPECT_EQ(c.input_axis_sizes[1], 5);
  EXPECT_EQ(c.input_axis_sizes[2], 1);
}

TEST(OpParamsBuilder, LowersBatchMatmulWithLeadingDimsRightAligned) {
  const ArtifactSpec spec = SingleOpSpec(
      OpKind::kBatchMatmul,
      {ActivationTensor("lhs", {2, 1, 4, 3}, 0.1f, 1), ActivationTensor("rhs", {3, 5, 4}, 0.1f, 2),
       ActivationTensor("out", {2, 3, 3, 5}, 0.1f, 3)},
      {0, 1}, 2, BatchMatmulOptionsWriter(true, true, 1 << 30, -6));
  const kernels::BatchMatmulParams b = Built(spec).Params(0).batch_matmul;
  const int32_t lhs_batch[] = {1, 2, 1};
  const int32_t rhs_batch[] = {1, 1, 3};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(b.lhs_batch[i], lhs_batch[i]) << i;
    EXPECT_EQ(b.rhs_batch[i], rhs_batch[i]) << i;
  }
  EXPECT_TRUE(b.adj_x);
  EXPECT_TRUE(b.adj_y);
  EXPECT_EQ(b.rows, 3);  // lhs [4, 3] read transposed
  EXPECT_EQ(b.accum_depth, 4);
  EXPECT_EQ(b.cols, 5);  // rhs [5, 4] read transposed
  EXPECT_EQ(b.lhs_zero_point, 1);
  EXPECT_EQ(b.rhs_zero_point, 2);
  EXPECT_EQ(b.output_zero_point, 3);
  EXPECT_EQ(b.output_multiplier, 1 << 30);
  EXPECT_EQ(b.output_shift, -6);
}

TEST(OpParamsBuilder, LowersDepthwiseConv2dWithItsDepthMultiplier) {
  ConvOptions conv;
  conv.pad_top = 1;
  conv.pad_left = 1;
  conv.multipliers = std::vector<int32_t>(6, 1 << 30);
  conv.shifts = std::vector<int32_t>(6, -3);
  const ArtifactSpec spec =
      SingleOpSpec(OpKind::kDepthwiseConv2d,
                   {ActivationTensor("in", {1, 4, 4, 3}),
                    ConstantTensor("filter", DataType::INT8, {1, 3, 3, 6}, Pattern(54, 1)),
                    ActivationTensor("out", {1, 4, 4, 6})},
                   {0, 1, -1}, 2, DepthwiseConv2dOptionsWriter(conv, 2));
  const kernels::DepthwiseConv2dParams d = Built(spec).Params(0).depthwise_conv2d;
  EXPECT_EQ(d.input_c, 3);
  EXPECT_EQ(d.output_c, 6);
  EXPECT_EQ(d.depth_multiplier, 2);
  EXPECT_EQ(d.filter_h, 3);
  EXPECT_EQ(d.output_h, 4);
  EXPECT_EQ(d.pad_top, 1);
  EXPECT_EQ(d.pad_left, 1);
  EXPECT_EQ(d.requant.count, 6);
}

TEST(OpParamsBuilder, LowersTransposeConv2d) {
  ConvOptions conv;
  conv.stride = 2;
  conv.pad_top = 1;
  conv.pad_left = 1;
  conv.multipliers = std::vector<int32_t>(2, 1 << 30);
  conv.shifts = std::vector<int32_t>(2, -3);
  const ArtifactSpec spec =
      SingleOpSpec(OpKind::kTransposeConv2d,
                   {ActivationTensor("in", {1, 3, 3, 4}),
                    ConstantTensor("filter", DataType::INT8, {2, 3, 3, 4}, Pattern(72, 1)),
                    ActivationTensor("out", {1, 5, 5, 2})},
                   {0, 1}, 2, TransposeConv2dOptionsWriter(conv));
  const kernels::TransposeConv2dParams t = Built(spec).Params(0).transpose_conv2d;
  EXPECT_EQ(t.input_h, 3);
  EXPECT_EQ(t.input_c, 4);
  EXPECT_EQ(t.output_h, 5);
  EXPECT_EQ(t.output_c, 2);
  EXPECT_EQ(t.filter_h, 3);
  EXPECT_EQ(t.stride_h, 2);
  EXPECT_EQ(t.pad_top, 1);
  EXPECT_EQ(t.requant.count, 2);
}

TEST(OpParamsBuilder, LowersReshapeToItsByteCountAndZeroesTheRest) {
  const ArtifactSpec spec = SingleOpSpec(
      OpKind::kReshape, {ActivationTensor("in", {2, 6}), ActivationTensor("out", {12})}, {0}, 1,
      ReshapeOptionsWriter());
  const Built built(spec);
  OpParams params;
  std::memset(&params, 0xAB, sizeof(params));
  ASSERT_TRUE(BuildOpParams(built.view(), 0, &params).ok());
  EXPECT_EQ(params.reshape.bytes, 12);
  // Every other byte is zero, so params built twice compare equal byte for byte.
  const auto* raw = reinterpret_cast<const uint8_t*>(&params.reshape) + sizeof(params.reshape);
  const size_t tail =
      sizeof(params) - static_cast<size_t>(raw - reinterpret_cast<const uint8_t*>(&params));
  EXPECT_EQ(std::vector<uint8_t>(raw, raw + tail), std::vector<uint8_t>(tail, 0));
}

OptionsWriter ComparisonOptionsWriter(int32_t kind) {
  return [=](fb::FlatBufferBuilder& b) {
    return std::make_pair(
        schema::OpOptions::ComparisonOptions,
        schema::CreateComparisonOptions(b, kind, 8, 1 << 30, -1, 1288490189, -3).Union());
  };
}

// A bool activation is an operand like any other: the output rule asks for BOOL, by type.
TEST(OpParamsBuilder, LowersAComparisonWithABoolOutputAndRefusesAnInt8One) {
  TensorSpec out = ActivationTensor("out", {4, 3});
  out.type = DataType::BOOL;
  const ArtifactSpec spec = SingleOpSpec(
      OpKind::kComparison,
      {ActivationTensor("a", {4, 3}, 0.5f, 1), ActivationTensor("b", {1, 3}, 0.3f, -2), out},
      {0, 1}, 2, ComparisonOptionsWriter(4));
  const kernels::ComparisonParams c = Built(spec).Params(0).comparison;
  EXPECT_EQ(c.kind, kernels::ComparisonKind::kLess);
  EXPECT_EQ(c.left_shift, 8);
  EXPECT_EQ(c.input1_offset, -1);
  EXPECT_EQ(c.input2_offset, 2);
  EXPECT_EQ(c.input2_multiplier, 1288490189);
  EXPECT_EQ(c.input2_shift, -3);

  // Validation lowers every operator, so the view itself refuses these.
  ArtifactSpec int8_output = spec;
  int8_output.tensors[2].type = DataType::INT8;
  AlignedBytes refused(Serialize(int8_output));
  const auto view = ArtifactView::Create(refused.span());
  ASSERT_FALSE(view.ok());
  EXPECT_NE(std::string(view.status().message()).find("output is INT8, expected BOOL"),
            std::string::npos)
      << view.status().message();

  ArtifactSpec bad_kind = spec;
  bad_kind.ops[0].options = ComparisonOptionsWriter(6);
  AlignedBytes unknown(Serialize(bad_kind));
  EXPECT_FALSE(ArtifactView::Create(unknown.span()).ok());
}

TEST(OpParamsBuilder, RefusesUnknownKindsAndIndicesOutOfRange) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kSoftmaxOp].kind = 77;
  const Built built(spec);
  OpParams params;
  EXPECT_EQ(BuildOpParams(built.view(), kSoftmaxOp, &params).code(), ErrorCode::kKernelUnsupported);
  EXPECT_EQ(BuildOpParams(built.view(), 4, &params).code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(BuildOpParams(built.view(), -1, &params).code(), ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace arenastore::runtime
