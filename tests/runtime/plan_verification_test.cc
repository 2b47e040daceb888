// The runtime's own check of an artifact's memory plan (runtime/plan_verification.h), through
// ArtifactView::Create as every caller meets it: overlapping live buffers, reads before writes
// and double writes are refused with a message naming the buffers and the operator; reuse of
// bytes by buffers whose lifetimes do not meet, and the planner's exact aliases, are accepted.
#include "runtime/plan_verification.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "runtime/artifact_view.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using kernels::OpKind;
using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

Status Validate(const ArtifactSpec& spec) {
  const AlignedBytes bytes(Serialize(spec));
  return ArtifactView::Create(bytes.span()).status();
}

bool Mentions(const Status& status, const std::string& text) {
  return std::string(status.message()).find(text) != std::string::npos;
}

TEST(PlanVerification, AcceptsReuseOfBytesByBuffersWhoseLifetimesDoNotMeet) {
  ArtifactSpec spec = TinyModelSpec();
  // conv/out lives during ops 0-1, fc/out during ops 2-3: one offset serves both.
  spec.tensors[kFcOut].offset = spec.tensors[kConvOut].offset;
  EXPECT_TRUE(Validate(spec).ok()) << Validate(spec).message();
}

TEST(PlanVerification, RefusesAnOutputPlacedOverItsLiveInput) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors[kMeanOut].offset = spec.tensors[kConvOut].offset + 16;
  const Status status = Validate(spec);
  EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField) << status.message();
  EXPECT_TRUE(Mentions(status, "tensors[3] 'conv/out'")) << status.message();
  EXPECT_TRUE(Mentions(status, "tensors[4] 'mean/out'")) << status.message();
  EXPECT_TRUE(Mentions(status, "overlap in pool 'sram'")) << status.message();
  EXPECT_TRUE(Mentions(status, "operators[1] (mean)")) << status.message();
  EXPECT_EQ(status.op_index(), kMeanOp);
}

TEST(PlanVerification, AcceptsAGraphOutputOverADeadGraphInputButNotOverItsOwnInput) {
  ArtifactSpec spec = TinyModelSpec();
  // The graph input is last read by op 0; softmax/out is written by op 3: apart in time.
  spec.tensors[kSoftmaxOut].offset = spec.tensors[kInput].offset;
  EXPECT_TRUE(Validate(spec).ok()) << Validate(spec).message();
  spec.tensors[kSoftmaxOut].offset = spec.tensors[kFcOut].offset;
  const Status status = Validate(spec);
  EXPECT_TRUE(Mentions(status, "overlap")) << status.message();
  EXPECT_TRUE(Mentions(status, "operators[3] (softmax)")) << status.message();
}

TEST(PlanVerification, RefusesScratchOverTheOperatorsOwnInput) {
  ArtifactSpec spec = TinyModelSpec({0, 64, 0, 0});
  ASSERT_TRUE(Validate(spec).ok()) << Validate(spec).message();
  spec.ops[kMeanOp].scratch[0].offset = spec.tensors[kConvOut].offset;
  const Status status = Validate(spec);
  EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField) << status.message();
  EXPECT_TRUE(Mentions(status, "operators[1]'s scratch")) << status.message();
  EXPECT_TRUE(Mentions(status, "'conv/out'")) << status.message();
}

TEST(PlanVerification, RefusesAGraphInputOverlappingAStateVariableOrAnotherInput) {
  ArtifactSpec spec = TinyModelSpec();
  // Two graph inputs are both written before the first operator runs.
  spec.tensors.push_back(ActivationTensor("second input", {1, 5}, 1.0f, 0));
  spec.tensors.back().pool = 0;
  spec.tensors.back().offset = spec.tensors[kInput].offset + 32;
  spec.inputs.push_back(static_cast<int32_t>(spec.tensors.size() - 1));
  const Status status = Validate(spec);
  EXPECT_TRUE(Mentions(status, "both live before operators[0] runs")) << status.message();
}

TEST(PlanVerification, RefusesAnOperatorThatReadsATensorALaterOperatorWrites) {
  ArtifactSpec spec = TinyModelSpec();
  std::swap(spec.ops[kMeanOp], spec.ops[kFcOp]);  // fc now runs before the mean it reads
  const Status status = Validate(spec);
  EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField) << status.message();
  EXPECT_STREQ(status.field(), "operators.inputs");
  EXPECT_TRUE(Mentions(status,
                       "operators[1] (fully_connected): inputs[0] reads tensors[4] "
                       "'mean/out' before operators[2] (mean) writes it"))
      << status.message();
  EXPECT_EQ(status.op_index(), 1);
}

TEST(PlanVerification, RefusesATensorNoOneWrites) {
  ArtifactSpec spec = TinyModelSpec();
  spec.tensors.push_back(ActivationTensor("orphan", {1, 5}, 1.0f / 16, 3));
  spec.tensors.back().pool = 0;
  spec.tensors.back().offset = spec.pools[0].planned_bytes;
  spec.pools[0].planned_bytes += 16;
  spec.ops[kSoftmaxOp].inputs[0] = static_cast<int32_t>(spec.tensors.size() - 1);
  const Status status = Validate(spec);
  EXPECT_TRUE(Mentions(status, "reads tensors[9] 'orphan', which no operator writes"))
      << status.message();
}

TEST(PlanVerification, RefusesATensorWrittenTwiceAndAGraphInputOverwritten) {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops.push_back(spec.ops[kSoftmaxOp]);  // softmax/out written by ops 3 and 4
  Status status = Validate(spec);
  EXPECT_TRUE(Mentions(status,
                       "operators[4] (softmax) writes tensors[8] 'softmax/out', already "
                       "written by operators[3] (softmax)"))
      << status.message();
  spec = TinyModelSpec();
  spec.inputs = {kInput, kFcOut};  // a graph input an operator overwrites
  status = Validate(spec);
  EXPECT_TRUE(Mentions(status, "a graph input or state variable")) << status.message();
}

// A reshape's output at its input's offset is the planner's alias: accepted. One byte off, the
// kernel would copy the input over itself: refused.
TEST(PlanVerification, AcceptsAnExactReshapeAliasAndRefusesAnInexactOne) {
  std::vector<TensorSpec> tensors = {ActivationTensor("in", {1, 16}),
                                     ActivationTensor("out", {4, 4})};
  ArtifactSpec spec = SingleOpSpec(OpKind::kReshape, tensors, {0}, 1, nullptr);
  spec.tensors[1].offset = spec.tensors[0].offset;
  EXPECT_TRUE(Validate(spec).ok()) << Validate(spec).message();
  spec.pools[0].planned_bytes += 16;
  spec.tensors[1].offset = spec.tensors[0].offset + 1;
  const Status status = Validate(spec);
  EXPECT_TRUE(Mentions(status, "overlap")) << status.message();
}

}  // namespace
}  // namespace arenastore::runtime
