// Re-planning a stored version from its artifact alone: the new version computes bit-identical
// outputs on every built-in example for every target ISA (run on this host where the target
// runs here, and always through a re-plan back to ref, which proves the target's artifact still
// holds the whole computation), records its lineage, and reports the memory it moved.
#include "store/replan.h"

#include <gtest/gtest.h>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "planner/examples/examples.h"
#include "store/artifact_bytes.h"
#include "store/show.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/planner/artifact_runner.h"
#include "tests/planner/skewed_sizer.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

using arenastore::testing::AlignedBuffer;
using arenastore::testing::AlignedCopy;
using arenastore::testing::Outputs;
using arenastore::testing::RunOnRandomInputs;
using arenastore::testing::SkewedSizer;

// Like RunOnRandomInputs, but with the kernels of `isa` (which must be runnable here).
Outputs RunWithIsa(std::span<const uint8_t> artifact_bytes, kernels::Isa isa, uint32_t seed) {
  if (isa == kernels::Isa::kRef) return RunOnRandomInputs(artifact_bytes, seed);
  AlignedBuffer bytes = AlignedCopy(artifact_bytes);
  auto view = runtime::ArtifactView::Create(bytes.span());
  if (!view.ok()) return ADD_FAILURE() << view.status().message(), Outputs{};
  std::vector<AlignedBuffer> pools;
  std::vector<runtime::PoolBuffer> buffers;
  for (int32_t p = 0; p < view->pool_count(); ++p) {
    pools.emplace_back(static_cast<size_t>(view->pool(p).planned_bytes()));
  }
  for (int32_t p = 0; p < view->pool_count(); ++p) {
    buffers.push_back({view->pool(p).name()->c_str(), pools[static_cast<size_t>(p)].span()});
  }
  auto executor = runtime::Executor::Create(*view, buffers, isa);
  if (!executor.ok()) return ADD_FAILURE() << executor.status().message(), Outputs{};
  std::mt19937 random(seed);  // the same input bytes RunOnRandomInputs makes
  for (int32_t i = 0; i < view->input_count(); ++i) {
    std::vector<uint8_t> input(executor->InputTensor(i).size());
    for (uint8_t& byte : input) byte = static_cast<uint8_t>(random());
    EXPECT_TRUE(executor->SetInput(i, input).ok());
  }
  const Status status = executor->Invoke();
  if (!status.ok()) return ADD_FAILURE() << status.message(), Outputs{};
  Outputs outputs;
  for (int32_t i = 0; i < view->output_count(); ++i) {
    outputs.emplace_back(executor->OutputTensor(i).size());
    EXPECT_TRUE(executor->GetOutput(i, outputs.back()).ok());
  }
  return outputs;
}

class ReplanTest : public testing::RegistryTest {
 protected:
  // Pushes `example` planned for ref with 64 B of surplus scratch per op, as model `model`.
  PushResult PushSkewed(const planner::ExampleInfo& example, const std::string& model) {
    const SkewedSizer surplus(64);
    planner::CompileOptions options;
    options.sizer = &surplus;
    auto compiled = planner::Compile(example.build(), options);
    EXPECT_TRUE(compiled.ok()) << compiled.status().message();
    if (!compiled.ok()) return {};
    auto pushed = Push(registry(), compiled->artifact, {model, "", "", ""});
    EXPECT_TRUE(pushed.ok()) << pushed.status().message();
    return pushed.ok() ? *pushed : PushResult{};
  }

  std::vector<uint8_t> Bytes(const std::string& reference) {
    auto version = Resolve(registry(), reference);
    EXPECT_TRUE(version.ok()) << version.status().message();
    if (!version.ok()) return {};
    auto bytes = ReadArtifactBytes(registry(), *version);
    EXPECT_TRUE(bytes.ok()) << bytes.status().message();
    return bytes.ok() ? *bytes : std::vector<uint8_t>{};
  }

  ReplanOutcome ReplanOrFail(const std::string& reference, planner::ReplanOptions options,
                             const std::string& reason = "") {
    auto outcome = Replan(registry(), {reference, std::move(options), reason, ""});
    EXPECT_TRUE(outcome.ok()) << reference << ": " << outcome.status().message();
    return outcome.ok() ? *outcome : ReplanOutcome{};
  }

  static std::string Ref(const PushResult& pushed) {
    return pushed.model + "@" + std::to_string(pushed.version);
  }
};

TEST_F(ReplanTest, EveryExampleOnEveryTargetComputesBitIdenticalOutputs) {
  for (const planner::ExampleInfo& example : planner::Examples()) {
    SCOPED_TRACE(example.name);
    const PushResult original = PushSkewed(example, example.name);
    const std::vector<uint8_t> original_bytes = Bytes(Ref(original));
    const Outputs expected = RunOnRandomInputs(original_bytes, 7);
    ASSERT_FALSE(expected.empty());
    for (int i = 0; i < kernels::kIsaCount; ++i) {
      const auto isa = static_cast<kernels::Isa>(i);
      SCOPED_TRACE(kernels::IsaName(isa));
      planner::ReplanOptions to_target;
      to_target.target_isa = isa;
      const ReplanOutcome replanned = ReplanOrFail(Ref(original), to_target);
      ASSERT_FALSE(replanned.unchanged);  // the surplus is gone at least
      const std::string target_ref = Ref(replanned.pushed);
      if (kernels::IsaRunnable(isa)) {
        EXPECT_EQ(RunWithIsa(Bytes(target_ref), isa, 7), expected);
      }
      planner::ReplanOptions back_to_ref;
      back_to_ref.target_isa = kernels::Isa::kRef;
      const ReplanOutcome back = ReplanOrFail(target_ref, back_to_ref);
      const std::string back_ref = back.unchanged ? target_ref : Ref(back.pushed);
      EXPECT_EQ(RunOnRandomInputs(Bytes(back_ref), 7), expected);
    }
  }
}

TEST_F(ReplanTest, RecordsLineageAndReasonInTheNewVersion) {
  const PushResult original = PushSkewed(planner::Examples().front(), "kws");
  const ReplanOutcome outcome = ReplanOrFail("kws", {}, "runtime 1.3 rollout");
  ASSERT_FALSE(outcome.unchanged);
  EXPECT_EQ(outcome.pushed.model, "kws");
  EXPECT_EQ(outcome.pushed.version, original.version + 1);
  auto details = Show(registry(), "kws@" + std::to_string(outcome.pushed.version));
  ASSERT_TRUE(details.ok()) << details.status().message();
  EXPECT_EQ(details->derived_from_sha256, original.sha256);
  EXPECT_EQ(details->note, "runtime 1.3 rollout");
}

TEST_F(ReplanTest, ReportsTheSurplusScratchItReclaimsPerOpAndPool) {
  const planner::ExampleInfo& example = planner::Examples().front();
  PushSkewed(example, "kws");
  const ReplanOutcome outcome = ReplanOrFail("kws", {});
  ASSERT_FALSE(outcome.diff.scratch.empty());
  for (const planner::ScratchChange& op : outcome.diff.scratch) {
    EXPECT_EQ(op.before_bytes, op.after_bytes + 64) << "op " << op.op_index;
  }
  ASSERT_EQ(outcome.diff.pools.size(), 1u);
  EXPECT_LE(outcome.diff.after_bytes, outcome.diff.before_bytes);  // scratch may sit off the peak
  EXPECT_EQ(outcome.diff.pools[0].after_bytes, outcome.diff.after_bytes);
  EXPECT_NE(outcome.note.find("re-planned for kernel library"), std::string::npos);
}

TEST_F(ReplanTest, PushesNothingWhenTheReplanReproducesTheArtifact) {
  PushSkewed(planner::Examples().front(), "kws");
  const ReplanOutcome first = ReplanOrFail("kws", {});
  ASSERT_FALSE(first.unchanged);
  const ReplanOutcome second = ReplanOrFail("kws", {});
  EXPECT_TRUE(second.unchanged);
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "2\n");
}

TEST_F(ReplanTest, PoolsTooSmallForAnyPlanFailWithTheShortfallAndPushNothing) {
  PushSkewed(planner::Examples().front(), "kws");
  planner::ReplanOptions tiny;
  tiny.pools = {{"sram", 1024, planner::PoolKind::kWorkspace}};
  auto outcome = Replan(registry(), {"kws", tiny, "", ""});
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.status().code(), ErrorCode::kPlanDoesNotFit);
  EXPECT_NE(std::string(outcome.status().message()).find("re-plan kws@1"), std::string::npos)
      << outcome.status().message();
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "1\n");
}

// A re-plan computes what its original does: under require-signature it must not turn a version
// `run` refuses into a fresh one that could be signed and run, so it is refused like `run`.
TEST_F(ReplanTest, UnderRequireSignatureAnUnsignedOriginalIsRefusedAndNothingPushed) {
  PushSkewed(planner::Examples().front(), "kws");
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  auto refused = Replan(registry(), {"kws@1", {}, "", ""});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kSignature);
  EXPECT_NE(std::string(refused.status().message()).find("arenastore sign kws@1 --key KEY"),
            std::string::npos)
      << refused.status().message();
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "1\n");

  auto release = GenerateKeyPair();
  ASSERT_TRUE(release.ok());
  ASSERT_TRUE(TrustKey(registry(), "release", release->public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", release->private_pem).ok());
  EXPECT_FALSE(ReplanOrFail("kws@1", {}).unchanged) << "a signed original re-plans";
}

}  // namespace
}  // namespace arenastore::store
