// Row stages in an artifact (runtime/artifact_stages.h): validation proves their structure and
// their inner tensors' strip buffers, the plan proof widens the lifetimes strips interleave, the
// gate sizes a stage op's scratch by its strips, and the executor runs a stage to exactly the
// bytes the same model planned whole produces.
#include "runtime/artifact_stages.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "runtime/device_ram.h"
#include "runtime/executor.h"
#include "runtime/gate.h"
#include "runtime/plan_verification.h"
#include "tests/runtime/stage_artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using kernels::Isa;
using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

// The variants this host runs (ref, and the x86 ones its CPU has).
std::vector<Isa> HostVariants() {
  std::vector<Isa> variants;
  for (const Isa isa : {Isa::kRef, Isa::kX86Avx2, Isa::kX86Avx512Vnni}) {
    if (kernels::IsaRunnable(isa)) variants.push_back(isa);
  }
  return variants;
}

AlignedBytes WholeChain(Isa isa = Isa::kRef) { return AlignedBytes(Serialize(StageChainSpec(isa))); }

// The stage artifact after `edit`, opened (plan proof included).
Result<ArtifactView> OpenStage(const AlignedBytes& stage) {
  return ArtifactView::Create(stage.span());
}

void ExpectRefusal(const Status& status, const std::string& says) {
  EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField) << status.message();
  EXPECT_NE(std::string(status.message()).find(says), std::string::npos) << status.message();
}

// Runs the artifact once on `isa`, with or without prepared ops; its output bytes.
std::vector<uint8_t> RunOnce(const ArtifactView& view, Isa isa, bool prepared) {
  AlignedBytes pool(static_cast<size_t>(view.pool(0).planned_bytes()));
  const std::vector<PoolBuffer> buffers = {{"sram", pool.mutable_span()}};
  std::vector<PreparedOp> prepared_ops(prepared ? size_t(view.operator_count()) : 0);
  auto executor = Executor::Create(view, buffers, isa, {}, prepared_ops);
  EXPECT_TRUE(executor.ok()) << executor.status().message();
  if (!executor.ok()) return {};
  const std::vector<uint8_t> input = Pattern(executor.value().InputTensor(0).size(), 7, 255);
  EXPECT_TRUE(executor.value().SetInput(0, input).ok());
  const Status status = executor.value().Invoke();
  EXPECT_TRUE(status.ok()) << status.message();
  std::vector<uint8_t> output(executor.value().OutputTensor(0).size());
  EXPECT_TRUE(executor.value().GetOutput(0, output).ok());
  return output;
}

TEST(Executor, RunsAStageArtifactByteForByteAsTheWholeTensorArtifact) {
  int32_t runs = 0;
  for (const Isa isa : HostVariants()) {
    const AlignedBytes whole = WholeChain(isa);
    const auto whole_view = ArtifactView::Create(whole.span());
    ASSERT_TRUE(whole_view.ok()) << whole_view.status().message();
    const std::vector<uint8_t> expected = RunOnce(whole_view.value(), isa, false);
    ASSERT_EQ(expected.size(), size_t{3 * 2 * 8});
    for (const int32_t strip_rows : {1, 2, kChainOutputRows}) {
      const AlignedBytes stage = WithChainStage(whole.span(), strip_rows, isa);
      const auto view = OpenStage(stage);
      ASSERT_TRUE(view.ok()) << view.status().message();
      for (const bool prepared : {false, true}) {
        EXPECT_EQ(RunOnce(view.value(), isa, prepared), expected)
            << kernels::IsaName(isa) << ", strips of " << strip_rows << " rows"
            << (prepared ? ", prepared" : "");
        ++runs;
      }
    }
  }
  EXPECT_GE(runs, 6);
}

TEST(ArtifactValidation, AcceptsInnerTensorsSmallerThanTheirShapes) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 1, Isa::kRef);
  const auto view = OpenStage(stage);
  ASSERT_TRUE(view.ok()) << view.status().message();
  EXPECT_LT(view.value().tensor(kChainConvOut).bytes(), uint64_t{12 * 10 * 8});
  EXPECT_LT(view.value().tensor(kChainDwOut).bytes(), uint64_t{6 * 5 * 8});
  EXPECT_TRUE(IsStageInnerTensor(view.value().artifact(), kChainConvOut));
  EXPECT_FALSE(IsStageInnerTensor(view.value().artifact(), kChainPoolOut));
}

TEST(ArtifactValidation, RefusesAnInnerTensorSmallerThanItsLargestStrip) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 2, Isa::kRef, [](schema::ArtifactT& a) {
    a.tensors[kChainDwOut]->bytes -= 1;
  });
  ExpectRefusal(OpenStage(stage).status(), "stage 0 op 1 (depthwise_conv2d, operators[1])");
}

TEST(ArtifactValidation, RefusesAnInnerTensorLargerThanItsLargestStrip) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 2, Isa::kRef, [](schema::ArtifactT& a) {
    a.tensors[kChainConvOut]->bytes += 8;
  });
  ExpectRefusal(OpenStage(stage).status(), "stage 0 op 0 (conv2d, operators[0])");
}

TEST(ArtifactValidation, RefusesAStageOfOneOpOrPastTheLastOp) {
  const AlignedBytes whole = WholeChain();
  for (const auto& [first, count] : {std::pair{0, 1}, std::pair{1, 3}, std::pair{-1, 3}}) {
    const AlignedBytes stage =
        WithChainStage(whole.span(), 1, Isa::kRef, [first, count](schema::ArtifactT& a) {
          a.stages[0] = schema::RowStage(first, count, a.stages[0].strip_rows());
        });
    EXPECT_EQ(OpenStage(stage).status().code(), ErrorCode::kFormatInvalidField)
        << first << " +" << count;
  }
}

TEST(ArtifactValidation, RefusesOverlappingStages) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 1, Isa::kRef, [](schema::ArtifactT& a) {
    a.stages.emplace_back(/*first_op=*/1, /*op_count=*/2, a.stages[0].strip_rows());
  });
  ExpectRefusal(OpenStage(stage).status(), "stage 1: operators [1, +2)");
}

TEST(ArtifactValidation, RefusesStripsOfMoreRowsThanTheLastOpWrites) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), kChainOutputRows, Isa::kRef,
                                            [](schema::ArtifactT& a) {
                                              a.stages[0] = schema::RowStage(
                                                  0, a.stages[0].op_count(), kChainOutputRows + 1);
                                            });
  ExpectRefusal(OpenStage(stage).status(), "stage 0: strips of 4 rows");
}

TEST(ArtifactValidation, RefusesAnInnerTensorThatIsAGraphOutput) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 1, Isa::kRef, [](schema::ArtifactT& a) {
    a.outputs.push_back(kChainDwOut);
  });
  ExpectRefusal(OpenStage(stage).status(), "stage 0 op 1 (depthwise_conv2d, operators[1])");
}

TEST(ArtifactValidation, RefusesAStageOpWithoutARowStripUnit) {
  // TinyModelSpec: conv2d -> mean; the mean cannot run strip by strip.
  const AlignedBytes tiny(Serialize(TinyModelSpec()));
  auto artifact = schema::UnPackArtifact(tiny.span().data());
  artifact->stages.emplace_back(/*first_op=*/0, /*op_count=*/2, /*strip_rows=*/1);
  flatbuffers::FlatBufferBuilder builder;
  schema::FinishArtifactBuffer(builder, schema::Artifact::Pack(builder, artifact.get()));
  const AlignedBytes edited({builder.GetBufferPointer(), builder.GetSize()});
  ExpectRefusal(ArtifactView::Create(edited.span()).status(), "stage 0 op 1 (mean, operators[1])");
}

// A format 1.3 reader ignores Artifact.stages: it sees the inner tensors' strip buffers as
// tensors whose bytes do not match their shapes, and refuses the artifact.
TEST(ArtifactView, AReaderIgnoringStagesRefusesTheirStripBuffers) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 1, Isa::kRef, [](schema::ArtifactT& a) {
    a.stages.clear();
  });
  const Status status = OpenStage(stage).status();
  EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField);
  EXPECT_NE(std::string(status.message()).find("tensors[3].bytes"), std::string::npos)
      << status.message();
}

TEST(PlanVerification, ProvesAStageArtifact) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 2, Isa::kRef);
  const Status status = VerifyPlan(*schema::GetArtifact(stage.span().data()));
  EXPECT_TRUE(status.ok()) << status.message();
}

// Op 0 reads the stage input only, but strips run op 0 again after op 1 wrote its inner tensor.
TEST(PlanVerification, RefusesAnInnerTensorOverTheStageInput) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 2, Isa::kRef, [](schema::ArtifactT& a) {
    a.tensors[kChainDwOut]->offset = a.tensors[kChainInput]->offset;
  });
  const auto view = ArtifactView::CreateForGate(stage.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  ExpectRefusal(VerifyPlan(view.value().artifact()), "overlap");
}

// The stage output is written from the stage's first strip on, while op 0's inner tensor lives.
TEST(PlanVerification, RefusesAnInnerTensorOverTheStageOutput) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 2, Isa::kRef, [](schema::ArtifactT& a) {
    a.tensors[kChainConvOut]->offset = a.tensors[kChainPoolOut]->offset;
  });
  ExpectRefusal(OpenStage(stage).status(), "overlap");
}

// Op 0's scratch is used by every strip, so it lives across the stage, past op 1's step.
TEST(PlanVerification, RefusesAnInnerTensorOverAStageOpsScratch) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 2, Isa::kRef, [](schema::ArtifactT& a) {
    auto scratch = std::make_unique<schema::ScratchT>();
    scratch->bytes = 64;
    scratch->pool = 0;
    scratch->offset = a.tensors[kChainDwOut]->offset;
    a.operators[0]->scratch.clear();
    a.operators[0]->scratch.push_back(std::move(scratch));
  });
  ExpectRefusal(OpenStage(stage).status(), "overlap");
}

// How far into the stage input's bytes the output may start, for strips of `strip_rows`.
int64_t ChainOutputRoomBytes(const AlignedBytes& whole, int32_t strip_rows) {
  const std::vector<StageOp> ops = ChainStageOps(whole.span(), Isa::kRef);
  const Result<int64_t> room = RowStageOutputRoomBytes(ops, strip_rows);
  EXPECT_TRUE(room.ok()) << room.status().message();
  return room.ok() ? room.value() : -1;
}

// The stage output written over its input where each strip writes only rows no later strip
// reads: the proof accepts it and the outputs are the whole-tensor artifact's, byte for byte.
TEST(PlanVerification, ProvesAStageOutputOverInputRowsNoLaterStripReads) {
  const AlignedBytes whole = WholeChain();
  const auto whole_view = ArtifactView::Create(whole.span());
  ASSERT_TRUE(whole_view.ok());
  const std::vector<uint8_t> expected = RunOnce(whole_view.value(), Isa::kRef, false);
  for (const int32_t strip_rows : {1, 2}) {
    const int64_t room = ChainOutputRoomBytes(whole, strip_rows);
    ASSERT_GE(room, 16) << "strips of " << strip_rows;
    const uint64_t into_input = uint64_t(room) / 16 * 16;
    const AlignedBytes stage =
        WithChainStage(whole.span(), strip_rows, Isa::kRef, [&](schema::ArtifactT& a) {
          a.tensors[kChainPoolOut]->offset = a.tensors[kChainInput]->offset + into_input;
        });
    const auto view = OpenStage(stage);
    ASSERT_TRUE(view.ok()) << view.status().message();
    EXPECT_EQ(RunOnce(view.value(), Isa::kRef, false), expected) << "strips of " << strip_rows;
  }
}

// One alignment step further in, a strip would overwrite input rows a later strip reads.
TEST(PlanVerification, RefusesAStageOutputOverInputRowsALaterStripReads) {
  const AlignedBytes whole = WholeChain();
  const int64_t room = ChainOutputRoomBytes(whole, 1);
  ASSERT_GE(room, 0);
  const uint64_t into_input = uint64_t(room) / 16 * 16 + 16;
  const AlignedBytes stage = WithChainStage(whole.span(), 1, Isa::kRef, [&](schema::ArtifactT& a) {
    a.tensors[kChainPoolOut]->offset = a.tensors[kChainInput]->offset + into_input;
  });
  ExpectRefusal(OpenStage(stage).status(), "overlap");
}

// A Cortex-M runtime running row stages holds their ops in a frame: the device RAM report (and the
// firmware header made from it) asks for that much more stack.
TEST(DeviceRam, HoldsAStageArtifactToTheRowStageStackBudget) {
  const AlignedBytes whole = WholeChain();
  const AlignedBytes stage = WithChainStage(whole.span(), 1, Isa::kRef);
  const auto whole_view = ArtifactView::Create(whole.span());
  const auto stage_view = OpenStage(stage);
  ASSERT_TRUE(whole_view.ok() && stage_view.ok());
  EXPECT_EQ(DeviceRamOf(whole_view.value(), Isa::kArmMve).stack_budget_bytes,
            kCortexMStackBudgetBytes);
  EXPECT_EQ(DeviceRamOf(stage_view.value(), Isa::kArmMve).stack_budget_bytes,
            kCortexMStackBudgetBytes + kCortexMRowStageStackBytes);
}

GateReport JudgeStage(const AlignedBytes& stage, Isa isa, std::vector<Finding>* findings) {
  const auto view = OpenStage(stage);
  EXPECT_TRUE(view.ok()) << view.status().message();
  findings->resize(8);
  std::vector<Isa> variants(static_cast<size_t>(kChainOps));
  const GateReport report = EvaluateGate(view.value(), {kernels::kLibraryVersion, isa},
                                         GatePolicy::kDefault, {}, *findings, variants);
  findings->resize(size_t(report.findings_stored));
  return report;
}

TEST(Gate, AcceptsAStageArtifactOnRef) {
  const AlignedBytes whole = WholeChain();
  std::vector<Finding> findings;
  EXPECT_EQ(JudgeStage(WithChainStage(whole.span(), 1, Isa::kRef), Isa::kRef, &findings).verdict,
            Verdict::kAccept);
}

// On a variant whose stage ops take scratch: the gate wants each strip's, no less and no more.
TEST(Gate, RejectsAStageOpWhoseScratchIsSmallerThanAStripNeeds) {
  int32_t judged = 0;
  for (const Isa isa : {Isa::kX86Avx2, Isa::kX86Avx512Vnni}) {
    const AlignedBytes whole = WholeChain(isa);
    const RowStageBytes need = RowStageBufferBytes(ChainStageOps(whole.span(), isa), 1).value();
    int32_t op = -1;
    for (int32_t k = 0; k < kChainOps && op < 0; ++k) op = need.scratch_bytes[k] > 0 ? k : -1;
    if (op < 0) continue;  // this variant's strips take no scratch
    ++judged;
    std::vector<Finding> findings;
    EXPECT_EQ(JudgeStage(WithChainStage(whole.span(), 1, isa), isa, &findings).verdict,
              Verdict::kAccept)
        << kernels::IsaName(isa);
    const AlignedBytes short_stage =
        WithChainStage(whole.span(), 1, isa, [op](schema::ArtifactT& a) {
          a.operators[size_t(op)]->scratch[0]->bytes -= 1;
        });
    EXPECT_EQ(JudgeStage(short_stage, isa, &findings).verdict, Verdict::kReject)
        << kernels::IsaName(isa);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].kind, FindingKind::kScratchShort);
    EXPECT_EQ(findings[0].op_index, op);
    EXPECT_EQ(findings[0].required_bytes, need.scratch_bytes[op]);
  }
  if (judged == 0) GTEST_SKIP() << "no variant built here takes scratch for these strips";
}

}  // namespace
}  // namespace arenastore::runtime
