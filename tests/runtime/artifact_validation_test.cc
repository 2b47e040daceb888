// Semantic validation: each test breaks one field of a valid artifact and asserts the exact
// error code, the field, the location (op, tensor, pool) and that the message names the field.
#include "runtime/artifact_validation.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "runtime/artifact_view.h"
#include "runtime/runtime_op.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using kernels::OpKind;
using schema::DataType;
using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

Status Validate(const ArtifactSpec& spec) {
  const AlignedBytes bytes(Serialize(spec));
  const auto view = ArtifactView::Create(bytes.span());
  return view.ok() ? Status::Ok() : view.status();
}

bool Mentions(const Status& status, const std::string& text) {
  return std::string(status.message()).find(text) != std::string::npos;
}

#define EXPECT_INVALID(status, expected_field, text)                      \
  do {                                                                    \
    const Status s_ = (status);                                           \
    EXPECT_EQ(s_.code(), ErrorCode::kFormatInvalidField) << s_.message(); \
    ASSERT_NE(s_.field(), nullptr) << s_.message();                       \
    EXPECT_STREQ(s_.field(), expected_field) << s_.message();             \
    EXPECT_TRUE(Mentions(s_, text)) << s_.message();                      \
  } while (0)

TEST(ArtifactValidation, AcceptsTheTinyModel) { EXPECT_TRUE(Validate(TinyModelSpec()).ok()); }

TEST(ArtifactValidation, RejectsOperatorInputIndexOutOfRange) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kFcOp].inputs[1] = 99;
  const Status status = Validate(spec);
  EXPECT_INVALID(status, "operators.inputs",
                 "operators[2].inputs[1]: tensor index 99 out of range (9 tensors)");
  EXPECT_EQ(status.op_index(), 2);
}

TEST(ArtifactValidation, RejectsNegativeInputOtherThanAbsentMarker) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kConvOp].inputs[0] = -2;
  EXPECT_INVALID(Validate(spec), "operators.inputs", "tensor index -2 out of range");
}

TEST(ArtifactValidation, RejectsOperatorOutputIndexOutOfRange) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kSoftmaxOp].outputs[0] = 9;
  EXPECT_INVALID(Validate(spec), "operators.outputs",
                 "operators[3].outputs[0]: tensor index 9 out of range (9 tensors)");
}

TEST(ArtifactValidation, RejectsOperatorWritingIntoAConstant) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kMeanOp].outputs[0] = kFcFilter;
  EXPECT_INVALID(Validate(spec), "operators.outputs", "is a constant");
}

TEST(ArtifactValidation, RejectsGraphInputIndexOutOfRange) {
  ArtifactSpec spec = TinyModelSpec();
  spec.inputs = {42};
  EXPECT_INVALID(Validate(spec), "inputs", "inputs[0]: tensor index 42 out of range (9 tensors)");
}

TEST(ArtifactValidation, RejectsGraphOutputThatIsAConstant) {
  ArtifactSpec spec = TinyModelSpec();
  spec.outputs = {kConvBias};
  EXPECT_INVALID(Validate(spec), "outputs", "is a constant");
}

TEST(ArtifactValidation, RejectsTensorPoolIndexOutOfRange) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kConvOut].pool_override = 3;
  const Status status = Validate(spec);
  EXPECT_INVALID(status, "tensors.pool", "tensors[3].pool: pool index 3 out of range (1 pools)");
  EXPECT_EQ(status.tensor_index(), 3);
}

TEST(ArtifactValidation, RejectsTensorBytesInconsistentWithShape) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kConvOut].bytes = 100;
  const Status status = Validate(spec);
  EXPECT_INVALID(status, "tensors.bytes",
                 "tensors[3].bytes: 100, but shape [1,4,4,4] of int8 needs 64 bytes");
  EXPECT_EQ(status.tensor_index(), 3);
}

TEST(ArtifactValidation, RejectsInt32TensorSizedAsInt8) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kConvBias].bytes = 4;
  EXPECT_INVALID(Validate(spec), "tensors.bytes", "shape [4] of int32 needs 16 bytes");
}

TEST(ArtifactValidation, RejectsShapesWhoseElementCountOverflows) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kConvOut].shape = {65536, 65536, 2};
  spec.tensors[kConvOut].bytes = 0;
  EXPECT_INVALID(Validate(spec), "tensors.shape", "has more than 2147483647 elements");
}

TEST(ArtifactValidation, RejectsZeroAndNegativeDimensions) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kFcOut].shape = {1, 0};
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "tensors[7].shape[1]: dimension 0 must be at least 1");
  spec.tensors[kFcOut].shape = {-1, 5};
  EXPECT_INVALID(Validate(spec), "tensors.shape", "dimension -1 must be at least 1");
}

TEST(ArtifactValidation, RejectsUnknownDataType) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kMeanOut].type = static_cast<DataType>(7);
  EXPECT_INVALID(Validate(spec), "tensors.type", "tensors[4].type: unknown data type 7");
}

TEST(ArtifactValidation, RejectsZeroPointOutsideInt8) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kInput].zero_point = 200;
  EXPECT_INVALID(Validate(spec), "tensors.quantization.zero_point", "200 is outside int8");
}

TEST(ArtifactValidation, RejectsActivationBeyondItsPool) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kSoftmaxOut].offset = spec.pools[0].planned_bytes - 2;
  const Status status = Validate(spec);
  EXPECT_INVALID(status, "tensors.offset", "lie outside pool 'sram'");
  EXPECT_EQ(status.pool_index(), 0);
}

TEST(ArtifactValidation, RejectsActivationWhoseOffsetOverflows) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kSoftmaxOut].offset = ~uint64_t{0} - 2;
  EXPECT_INVALID(Validate(spec), "tensors.offset", "lie outside pool 'sram'");
}

TEST(ArtifactValidation, RejectsConstantBeyondTheConstantsVector) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kFcFilter].constant_offset = 4096;
  EXPECT_INVALID(Validate(spec), "tensors.offset", "lie outside the");
}

TEST(ArtifactValidation, RejectsMisalignedInt32Constant) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kConvBias].constant_offset = 2;
  EXPECT_INVALID(Validate(spec), "tensors.offset", "is not 4-byte aligned");
}

TEST(ArtifactValidation, RejectsScratchBeyondItsPool) {
  ArtifactSpec spec = TinyModelSpec({0, 16, 0, 0});
  spec.ops[kMeanOp].scratch[0].offset = spec.pools[0].planned_bytes - 8;
  const Status status = Validate(spec);
  EXPECT_INVALID(status, "operators.scratch.offset", "operators[1].scratch[0]: bytes [");
  EXPECT_EQ(status.op_index(), 1);
  EXPECT_EQ(status.pool_index(), 0);
}

TEST(ArtifactValidation, RejectsScratchPoolIndexOutOfRange) {
  ArtifactSpec spec = TinyModelSpec({0, 16, 0, 0});
  spec.ops[kMeanOp].scratch[0].pool = 1;
  EXPECT_INVALID(Validate(spec), "operators.scratch.pool",
                 "operators[1].scratch[0].pool: pool index 1 out of range (1 pools)");
}

TEST(ArtifactValidation, RejectsMoreThanOneScratchEntryPerOp) {
  ArtifactSpec spec = TinyModelSpec({0, 16, 0, 0});
  spec.ops[kMeanOp].scratch.push_back(spec.ops[kMeanOp].scratch[0]);
  EXPECT_INVALID(Validate(spec), "operators.scratch", "2 entries; format 1.x allows at most 1");
}

TEST(ArtifactValidation, RejectsDuplicatePoolNames) {
  ArtifactSpec spec = TinyModelSpec();
  spec.pools.push_back(spec.pools[0]);
  const Status status = Validate(spec);
  EXPECT_INVALID(status, "pools.name", "pools[1].name: 'sram' is also the name of pools[0]");
  EXPECT_EQ(status.pool_index(), 1);
}

TEST(ArtifactValidation, RejectsPoolAlignmentThatIsNotAPowerOfTwo) {
  ArtifactSpec spec = TinyModelSpec();
  spec.pools[0].alignment = 24;
  EXPECT_INVALID(Validate(spec), "pools.alignment", "24 is not a power of two");
}

TEST(ArtifactValidation, RejectsMorePoolsThanTheExecutorCanBind) {
  ArtifactSpec spec = TinyModelSpec();
  for (int i = 1; i <= kMaxPools; ++i) spec.pools.push_back({"pool" + std::to_string(i)});
  EXPECT_INVALID(Validate(spec), "pools", "9 pools; this runtime binds at most 8");
}

TEST(ArtifactValidation, RejectsUnknownTargetIsa) {
  ArtifactSpec spec = TinyModelSpec();
  spec.target_isa = 9;
  EXPECT_INVALID(Validate(spec), "target_isa", "unknown ISA 9");
}

// A newer planner may write kinds this runtime does not know: valid format, the gate's call.
TEST(ArtifactValidation, LeavesUnknownOperatorKindsToTheGate) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kSoftmaxOp].kind = 200;
  spec.ops[kSoftmaxOp].options = nullptr;
  const AlignedBytes bytes(Serialize(spec));
  const auto view = ArtifactView::Create(bytes.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  EXPECT_FALSE(view->IsKnownOpKind(kSoftmaxOp));
  EXPECT_TRUE(view->IsKnownOpKind(kFcOp));
}

TEST(ArtifactValidation, RejectsOptionsOfAnotherKind) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kConvOp].options = Pool2dOptionsWriter(2, 2);
  EXPECT_INVALID(Validate(spec), "operators.options",
                 "operators[0] (conv2d): options hold Pool2dOptions, expected Conv2dOptions");
}

TEST(ArtifactValidation, RejectsMissingOptions) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kMeanOp].options = nullptr;
  EXPECT_INVALID(Validate(spec), "operators.options", "options hold NONE, expected ReduceOptions");
}

TEST(ArtifactValidation, RejectsWrongArity) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kSoftmaxOp].inputs.push_back(kFcOut);
  EXPECT_INVALID(Validate(spec), "operators.inputs",
                 "operators[3] (softmax): 2 inputs, expected 1 to 1");
}

TEST(ArtifactValidation, RejectsMissingMandatoryInput) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kConvOp].inputs[1] = -1;
  EXPECT_INVALID(Validate(spec), "operators.inputs", "inputs[1] (filter) is missing");
}

TEST(ArtifactValidation, RejectsOperandOfTheWrongRank) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kFcOp].inputs[1] = kConvFilter;
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "filter shape [4,3,3,3] has rank 4, expected 2 to 2");
}

TEST(ArtifactValidation, ChecksTheTypeOfEveryConcatenationInputPastTheThird) {
  std::vector<TensorSpec> tensors = {ActivationTensor("a", {1, 2}), ActivationTensor("b", {1, 2}),
                                     ActivationTensor("c", {1, 2}), ActivationTensor("d", {1, 2}),
                                     ActivationTensor("out", {1, 8})};
  ArtifactSpec spec =
      SingleOpSpec(OpKind::kConcatenation, tensors, {0, 1, 2, 3}, 4, ConcatenationOptionsWriter(1));
  EXPECT_TRUE(Validate(spec).ok());
  tensors[3].type = schema::DataType::INT32;
  spec =
      SingleOpSpec(OpKind::kConcatenation, tensors, {0, 1, 2, 3}, 4, ConcatenationOptionsWriter(1));
  EXPECT_INVALID(Validate(spec), "tensors.type", "input is INT32, expected INT8");
}

TEST(ArtifactValidation, AcceptsAbsentBias) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kConvOp].inputs[2] = -1;
  EXPECT_TRUE(Validate(spec).ok());
}

TEST(ArtifactValidation, RejectsBiasOfWrongType) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kConvOp].inputs[2] = kFcFilter;
  EXPECT_INVALID(Validate(spec), "tensors.type", "bias is INT8, expected INT32");
}

TEST(ArtifactValidation, RejectsBiasOfWrongLength) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kFcOp].inputs[2] = kConvBias;
  EXPECT_INVALID(Validate(spec), "tensors.shape", "bias shape [4] has 4 elements, expected 5");
}

TEST(ArtifactValidation, RejectsConvFilterThatDoesNotGroupTheInput) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kConvFilter].shape = {4, 3, 3, 2};
  spec.tensors[kConvFilter].data = Pattern(72, 1);
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "filter [4,3,3,2] does not group input [1,8,8,3]");
}

TEST(ArtifactValidation, RejectsConvOutputWithOtherChannels) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kConvOut].shape = {1, 4, 4, 5};
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "output shape [1,4,4,5] of input [1,8,8,3] is not [1, h, w, 4]");
}

TEST(ArtifactValidation, RejectsRequantizationWithoutOneEntryPerChannel) {
  ArtifactSpec spec = TinyModelSpec();
  ConvOptions conv;
  conv.stride = 2;
  conv.multipliers = {1 << 30, 1 << 30, 1 << 30};
  conv.shifts = {-4, -4, -4};
  spec.ops[kConvOp].options = Conv2dOptionsWriter(conv);
  EXPECT_INVALID(Validate(spec), "operators.options.requant",
                 "3 multipliers and 3 shifts, expected 4");
}

TEST(ArtifactValidation, RejectsShiftOutsideTheFixedPointRange) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kFcOp].options = FullyConnectedOptionsWriter({1 << 30}, {31});
  EXPECT_INVALID(Validate(spec), "operators.options.requant", "shift 31 in [-31, 30]");
  spec.ops[kFcOp].options = FullyConnectedOptionsWriter({1 << 30}, {-32});
  EXPECT_INVALID(Validate(spec), "operators.options.requant", "shift -32 in [-31, 30]");
}

TEST(ArtifactValidation, RejectsAFoldedBiasWithoutOneValuePerOutput) {
  ArtifactSpec spec = TinyModelSpec();  // its fully connected layer has 5 outputs
  spec.ops[kFcOp].options = FullyConnectedOptionsWriter({1 << 30}, {-3}, {1, 2, 3});
  EXPECT_INVALID(Validate(spec), "operators.options.folded_bias", "3 values for 5 outputs");
}

TEST(ArtifactValidation, RejectsNegativeMultiplier) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kFcOp].options = FullyConnectedOptionsWriter({-5}, {0});
  EXPECT_INVALID(Validate(spec), "operators.options.requant", "multiplier -5 must be >= 0");
}

TEST(ArtifactValidation, RejectsZeroStride) {
  ArtifactSpec spec = TinyPoolModelSpec();
  spec.ops[kMeanOp].options = Pool2dOptionsWriter(2, 0);
  EXPECT_INVALID(Validate(spec), "operators.options.stride_h",
                 "h: filter 2, stride 0 and dilation 1 must be at least 1");
}

TEST(ArtifactValidation, RejectsActivationRangeOutsideInt8OrInverted) {
  ArtifactSpec spec = TinyModelSpec();
  ConvOptions conv;
  conv.stride = 2;
  conv.multipliers = {1 << 30, 1 << 30, 1 << 30, 1 << 30};
  conv.shifts = {-4, -4, -4, -4};
  conv.activation_min = -129;
  spec.ops[kConvOp].options = Conv2dOptionsWriter(conv);
  EXPECT_INVALID(Validate(spec), "operators.options.activation_min", "[-129, 127]");
  conv.activation_min = 10;
  conv.activation_max = 5;
  spec.ops[kConvOp].options = Conv2dOptionsWriter(conv);
  EXPECT_INVALID(Validate(spec), "operators.options.activation_min", "[10, 5]");
}

TEST(ArtifactValidation, RejectsPaddingBeyondTheFilterWindow) {
  ArtifactSpec spec = TinyModelSpec();
  ConvOptions conv;
  conv.stride = 2;
  conv.pad_top = 3;
  conv.multipliers = {1 << 30, 1 << 30, 1 << 30, 1 << 30};
  conv.shifts = {-4, -4, -4, -4};
  spec.ops[kConvOp].options = Conv2dOptionsWriter(conv);
  EXPECT_INVALID(Validate(spec), "operators.options.pad_top",
                 "h: padding 3 outside [0, 2] for a window of 3");
}

TEST(ArtifactValidation, RejectsOutputRowsThatStartPastTheInput) {
  ArtifactSpec spec = TinyPoolModelSpec();
  spec.tensors[kMeanOut].shape = {1, 3, 2, 4};  // 3 rows of stride 2 over 4 input rows
  spec.tensors[kFcFilter].shape = {5, 24};
  spec.tensors[kFcFilter].data = Pattern(120, 2);
  PlanSequentially(&spec);
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "h: 3 outputs with stride 2 and padding 0 start past the 4 inputs");
}

TEST(ArtifactValidation, RejectsDilationWhoseWindowOverflowsInt32) {
  ArtifactSpec spec = TinyModelSpec();
  ConvOptions conv;
  conv.stride = 2;
  conv.dilation = 1 << 30;
  conv.multipliers = {1 << 30, 1 << 30, 1 << 30, 1 << 30};
  conv.shifts = {-4, -4, -4, -4};
  spec.ops[kConvOp].options = Conv2dOptionsWriter(conv);
  EXPECT_INVALID(Validate(spec), "operators.options.stride_h", "window extent");
}

TEST(ArtifactValidation, RejectsFullyConnectedOutputOfTheWrongSize) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kFcOut].shape = {1, 6};
  spec.tensors[kSoftmaxOut].shape = {1, 6};
  PlanSequentially(&spec);
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "input [1,1,4,4] and output [1,6] are not [batches x 16] and [batches x 5]");
}

TEST(ArtifactValidation, RejectsSoftmaxWhoseOutputShapeDiffers) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kSoftmaxOut].shape = {5, 1};
  EXPECT_INVALID(Validate(spec), "tensors.shape", "input [1,5] and output [5,1] differ");
}

TEST(ArtifactValidation, RejectsPadWhoseOutputIsNotInputPlusPadding) {
  ArtifactSpec spec = SingleOpSpec(
      OpKind::kPad, {ActivationTensor("in", {1, 3, 3, 2}), ActivationTensor("out", {1, 5, 6, 2})},
      {0}, 1, PadOptionsWriter({0, 1, 1, 0}, {0, 1, 1, 0}));
  EXPECT_INVALID(Validate(spec), "operators.options.before",
                 "dimension 2: input 3 + before 1 + after 1");
  spec.ops[0].options = PadOptionsWriter({0, 1, 1, 0}, {0, 1, 2, 0});
  EXPECT_TRUE(Validate(spec).ok());
  spec.ops[0].options = PadOptionsWriter({0, 1, 4, 0}, {0, 1, -1, 0});
  EXPECT_INVALID(Validate(spec), "operators.options.before", "dimension 2");
  spec.ops[0].options = PadOptionsWriter({0, 1, 1}, {0, 1, 2});
  EXPECT_INVALID(Validate(spec), "operators.options.before", "one (before, after) pair");
}

TEST(ArtifactValidation, RejectsConcatenationWhoseShapesDisagree) {
  std::vector<TensorSpec> tensors = {ActivationTensor("a", {2, 3, 4}),
                                     ActivationTensor("b", {2, 5, 4}),
                                     ActivationTensor("out", {2, 8, 4})};
  ArtifactSpec spec =
      SingleOpSpec(OpKind::kConcatenation, tensors, {0, 1}, 2, ConcatenationOptionsWriter(1));
  EXPECT_TRUE(Validate(spec).ok());
  spec.ops[0].options = ConcatenationOptionsWriter(-2);
  EXPECT_TRUE(Validate(spec).ok());
  spec.ops[0].options = ConcatenationOptionsWriter(3);
  EXPECT_INVALID(Validate(spec), "operators.options.axis", "axis 3 out of range for output");
  tensors[2].shape = {2, 9, 4};
  spec = SingleOpSpec(OpKind::kConcatenation, tensors, {0, 1}, 2, ConcatenationOptionsWriter(1));
  EXPECT_INVALID(Validate(spec), "tensors.shape", "inputs add up to 8 along axis 1, output has 9");
  tensors[2].shape = {2, 8, 5};
  spec = SingleOpSpec(OpKind::kConcatenation, tensors, {0, 1}, 2, ConcatenationOptionsWriter(1));
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "input shape [2,3,4] differs from output [2,8,5] off axis 1 (input 0)");
}

TEST(ArtifactValidation, RejectsReshapeThatChangesTheByteCount) {
  ArtifactSpec spec = SingleOpSpec(
      OpKind::kReshape, {ActivationTensor("in", {2, 6}), ActivationTensor("out", {3, 4})}, {0}, 1,
      ReshapeOptionsWriter());
  EXPECT_TRUE(Validate(spec).ok());
  spec.ops[0].options = nullptr;  // reshape has nothing to configure; no table is fine
  EXPECT_TRUE(Validate(spec).ok());
  spec.tensors[1].shape = {3, 5};
  PlanSequentially(&spec);
  EXPECT_INVALID(Validate(spec), "tensors.bytes", "differ in size or type");
}

TEST(ArtifactValidation, RejectsAddInputsThatDoNotBroadcast) {
  std::vector<TensorSpec> tensors = {ActivationTensor("a", {2, 1, 3}),
                                     ActivationTensor("b", {4, 3}),
                                     ActivationTensor("out", {2, 4, 3})};
  ArtifactSpec spec = SingleOpSpec(OpKind::kAdd, tensors, {0, 1}, 2, AddOptionsWriter());
  EXPECT_TRUE(Validate(spec).ok());
  tensors[1].shape = {4, 2};
  spec = SingleOpSpec(OpKind::kAdd, tensors, {0, 1}, 2, AddOptionsWriter());
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "inputs [2,1,3] and [4,2] do not broadcast to output [2,4,3]");
  tensors[1].shape = {4, 3};
  tensors[2].shape = {2, 4, 1};
  spec = SingleOpSpec(OpKind::kAdd, tensors, {0, 1}, 2, AddOptionsWriter());
  EXPECT_INVALID(Validate(spec), "tensors.shape", "do not broadcast to output [2,4,1]");
}

TEST(ArtifactValidation, RejectsDepthwiseFilterThatIsNotAChannelMultiple) {
  ConvOptions conv;
  conv.multipliers = std::vector<int32_t>(6, 1 << 30);
  conv.shifts = std::vector<int32_t>(6, -3);
  std::vector<TensorSpec> tensors = {
      ActivationTensor("in", {1, 4, 4, 3}),
      ConstantTensor("filter", DataType::INT8, {1, 3, 3, 6}, Pattern(54, 1)),
      ActivationTensor("out", {1, 2, 2, 6})};
  ArtifactSpec spec = SingleOpSpec(OpKind::kDepthwiseConv2d, tensors, {0, 1, -1}, 2,
                                   DepthwiseConv2dOptionsWriter(conv, 2));
  EXPECT_TRUE(Validate(spec).ok());
  spec.ops[0].options = DepthwiseConv2dOptionsWriter(conv, 3);
  EXPECT_INVALID(Validate(spec), "tensors.shape",
                 "filter [1,3,3,6] of input [1,4,4,3] is not [1, h, w, 3 x depth_multiplier 3]");
}

TEST(ArtifactValidation, RejectsBatchMatmulWhoseDepthsDiffer) {
  std::vector<TensorSpec> tensors = {ActivationTensor("lhs", {2, 3, 4}),
                                     ActivationTensor("rhs", {4, 5}),
                                     ActivationTensor("out", {2, 3, 5})};
  ArtifactSpec spec = SingleOpSpec(OpKind::kBatchMatmul, tensors, {0, 1}, 2,
                                   BatchMatmulOptionsWriter(false, false, 1 << 30, -5));
  EXPECT_TRUE(Validate(spec).ok());
  spec.ops[0].options = BatchMatmulOptionsWriter(false, true, 1 << 30, -5);
  EXPECT_INVALID(Validate(spec), "tensors.shape", "do not form a batch matmul");
}

TEST(ArtifactValidation, RejectsTransposeConvPaddingBeyondTheFilter) {
  ConvOptions conv;
  conv.stride = 2;
  conv.pad_top = 1;
  conv.pad_left = 1;
  conv.multipliers = std::vector<int32_t>(2, 1 << 30);
  conv.shifts = std::vector<int32_t>(2, -3);
  std::vector<TensorSpec> tensors = {
      ActivationTensor("in", {1, 3, 3, 4}),
      ConstantTensor("filter", DataType::INT8, {2, 3, 3, 4}, Pattern(72, 1)),
      ActivationTensor("out", {1, 5, 5, 2})};
  ArtifactSpec spec = SingleOpSpec(OpKind::kTransposeConv2d, tensors, {0, 1}, 2,
                                   TransposeConv2dOptionsWriter(conv));
  EXPECT_TRUE(Validate(spec).ok());
  conv.pad_top = 3;
  spec.ops[0].options = TransposeConv2dOptionsWriter(conv);
  EXPECT_INVALID(Validate(spec), "operators.options.stride_h",
                 "h: stride 2 must be >= 1, padding 3");
}

// Every required input of every operator of the LSTM in the compatibility corpus (all fifteen),
// made absent: refused naming the operand, never a crash.
TEST(ArtifactValidation, RefusesEveryAbsentRequiredOperandOfTheCorpusLstm) {
  std::ifstream file(
      std::string(ARENASTORE_SOURCE_DIR) + "/tests/data/compat/lstm-gesture-1.12.0-ref.arena",
      std::ios::binary);
  const std::vector<uint8_t> good{std::istreambuf_iterator<char>(file),
                                  std::istreambuf_iterator<char>()};
  ASSERT_FALSE(good.empty());
  ASSERT_TRUE(ArtifactView::Create(AlignedBytes(good).span()).ok());
  int32_t refused = 0;
  const AlignedBytes probe(good);
  const auto* artifact = schema::GetArtifact(probe.span().data());
  for (flatbuffers::uoffset_t o = 0; o < artifact->operators()->size(); ++o) {
    const auto kind = static_cast<OpKind>(artifact->operators()->Get(o)->kind());
    const RuntimeOp* unit = RuntimeOpOf(kind);
    ASSERT_NE(unit, nullptr);
    for (int32_t k = 0; k < unit->operands.arity.min_inputs; ++k) {
      AlignedBytes bytes(good);
      auto* inputs = const_cast<flatbuffers::Vector<int32_t>*>(
          schema::GetArtifact(bytes.data())->operators()->Get(o)->inputs());
      inputs->Mutate(static_cast<flatbuffers::uoffset_t>(k), -1);
      const Status status = ArtifactView::Create(bytes.span()).status();
      EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField)
          << "operators[" << o << "] inputs[" << k << "]: " << status.message();
      EXPECT_TRUE(Mentions(status, "inputs[" + std::to_string(k) + "]")) << status.message();
      EXPECT_TRUE(Mentions(status, "is missing: absent (-1)")) << status.message();
      refused += kind == OpKind::kUnidirectionalSequenceLstm ? 1 : 0;
    }
  }
  EXPECT_EQ(refused, 15);
}

}  // namespace
}  // namespace arenastore::runtime
