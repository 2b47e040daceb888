// audit --fix in a scripted fleet: a model planned with scratch below this build's needs runs on
// a ref class and an Arm MVE class (both curable rejects), on a class whose pool is smaller than
// any plan (a reject no re-plan cures), and a model planned with surplus scratch warns. After
// the fix no curable reject remains, only the tiny-pool pair; the cured classes' devices run new
// versions derived from the original; and those versions compute bit-identical outputs.
#include "store/audit_fix.h"

#include <gtest/gtest.h>

#include <tuple>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "planner/examples/examples.h"
#include "store/artifact_bytes.h"
#include "store/audit_record.h"
#include "store/fleet_inventory.h"
#include "store/show.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/planner/artifact_runner.h"
#include "tests/planner/skewed_sizer.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

using arenastore::testing::AlignedCopy;
using arenastore::testing::Outputs;
using arenastore::testing::RunOnRandomInputs;
using arenastore::testing::SkewedSizer;

std::vector<uint8_t> CompileSkewed(planner::Graph (*build)(), int64_t delta) {
  const SkewedSizer sizer(delta);
  planner::CompileOptions options;
  options.sizer = &sizer;
  auto compiled = planner::Compile(build(), options);
  EXPECT_TRUE(compiled.ok()) << compiled.status().message();
  return compiled.ok() ? compiled->artifact : std::vector<uint8_t>{};
}

DeviceRow Device(const std::string& id, const std::string& hardware, const std::string& isa,
                 const std::string& pools, const std::string& model) {
  return testing::FleetDevice(id, hardware, isa, pools, model);
}

class AuditFixTest : public testing::RegistryTest {
 protected:
  void SetUp() override {
    RegistryTest::SetUp();
    // all-ops' transpose convolution is planned 16 B short of what ref needs. On arm_mve its
    // convolutions need scratch the ref plan never gave them.
    ASSERT_TRUE(
        Push(registry(), CompileSkewed(planner::BuildAllOps, -16), {"net", "", "", ""}).ok());
    ASSERT_TRUE(
        Push(registry(), CompileSkewed(planner::BuildResNet8, 64), {"resnet", "", "", ""}).ok());
    std::vector<DeviceRow> rows;
    for (int i = 0; i < 3; ++i) {
      rows.push_back(Device("host-" + std::to_string(i), "hostbox", "ref", "sram=1M", "net@1"));
    }
    for (int i = 0; i < 4; ++i) {
      rows.push_back(
          Device("m55-" + std::to_string(i), "m55-board", "arm_mve", "sram=256K", "net@1"));
    }
    for (int i = 0; i < 2; ++i) {
      rows.push_back(Device("tiny-" + std::to_string(i), "tiny", "ref", "sram=2K", "net@1"));
    }
    for (int i = 0; i < 5; ++i) {
      rows.push_back(Device("cam-" + std::to_string(i), "hostbox", "ref", "sram=1M", "resnet@1"));
    }
    for (size_t i = 0; i < rows.size(); ++i) rows[i].line = static_cast<int64_t>(i + 2);
    auto imported = ImportDevices(registry(), rows, "test");
    ASSERT_TRUE(imported.ok()) << imported.status().message();
    ASSERT_TRUE(imported->errors.empty()) << imported->errors[0].message;
  }

  FixReport Fix() {
    auto report = FixAudit(registry(), AuditOptions{});
    EXPECT_TRUE(report.ok()) << report.status().message();
    return report.ok() ? std::move(report.value()) : FixReport{};
  }

  std::vector<uint8_t> Bytes(const std::string& reference) {
    auto version = Resolve(registry(), reference);
    EXPECT_TRUE(version.ok()) << version.status().message();
    if (!version.ok()) return {};
    auto bytes = ReadArtifactBytes(registry(), *version);
    EXPECT_TRUE(bytes.ok()) << bytes.status().message();
    return bytes.ok() ? *bytes : std::vector<uint8_t>{};
  }

  std::string DeployedTo(const std::string& device) {
    return Query(
        "SELECT m.name || '@' || d.version FROM deployments d JOIN models m ON m.id = "
        "d.model_id WHERE d.device_id = '" +
        device + "'");
  }
};

TEST_F(AuditFixTest, TheFirstAuditSeesTwoCurableRejectsOneIncurableAndAWarning) {
  const FixReport report = Fix();
  const VerdictCounts before = Totals(report.before);
  EXPECT_EQ(before.results[static_cast<int>(AuditVerdict::kReject)], 3);
  EXPECT_EQ(before.devices[static_cast<int>(AuditVerdict::kReject)], 9);
  EXPECT_EQ(before.curable_rejects, 2);
  EXPECT_EQ(before.devices[static_cast<int>(AuditVerdict::kWarn)], 5);
}

TEST_F(AuditFixTest, LeavesNoCurableRejectAndSaysWhatRemains) {
  const FixReport report = Fix();
  ASSERT_EQ(report.actions.size(), 2u);
  for (const FixAction& action : report.actions) {
    EXPECT_TRUE(action.fixed) << action.rejected.Reference() << " on " << action.rejected.hardware
                              << ": " << action.error;
  }
  const VerdictCounts after = Totals(report.after);
  EXPECT_EQ(after.curable_rejects, 0);
  const std::vector<const AuditResult*> remaining = RemainingRejects(report);
  ASSERT_EQ(remaining.size(), 1u);
  EXPECT_EQ(remaining[0]->hardware, "tiny");
  EXPECT_EQ(remaining[0]->device_count, 2);
  EXPECT_FALSE(remaining[0]->curable);
  EXPECT_NE(remaining[0]->reasons.find("pool"), std::string::npos) << remaining[0]->reasons;
  EXPECT_EQ(after.devices[static_cast<int>(AuditVerdict::kWarn)], 5);  // --fix cures rejects only
}

TEST_F(AuditFixTest, MovesTheCuredClassesDevicesToVersionsDerivedFromTheOriginal) {
  const FixReport report = Fix();
  ASSERT_EQ(report.actions.size(), 2u);
  auto original_version = Resolve(registry(), "net@1");
  ASSERT_TRUE(original_version.ok()) << original_version.status().message();
  const std::string original = original_version->sha256;
  int64_t moved = 0;
  for (const FixAction& action : report.actions) {
    moved += action.devices_moved;
    auto details = Show(registry(), action.replanned_reference);
    ASSERT_TRUE(details.ok()) << details.status().message();
    EXPECT_EQ(details->derived_from_sha256, original);
    EXPECT_NE(details->note.find("audit --fix (run " + std::to_string(report.before.run.id)),
              std::string::npos)
        << details->note;
  }
  EXPECT_EQ(moved, 7);
  EXPECT_NE(DeployedTo("host-0"), "net@1\n");
  EXPECT_NE(DeployedTo("m55-3"), "net@1\n");
  EXPECT_NE(DeployedTo("host-0"), DeployedTo("m55-3"));  // one re-plan per ISA
  EXPECT_EQ(DeployedTo("tiny-0"), "net@1\n");
  EXPECT_EQ(DeployedTo("cam-0"), "resnet@1\n");
}

// `audit show` of the re-audit reads the fix back from the store: each cured pair with the
// version its devices moved to, which devices, the planned bytes, in the order the fix acted;
// the first run, which is no re-audit, has no fix.
TEST_F(AuditFixTest, TheRecordedReAuditListsWhatTheFixMovedWhere) {
  const FixReport report = Fix();
  ASSERT_EQ(report.actions.size(), 2u);
  auto shown = ReadAudit(registry(), report.after.run.id);
  ASSERT_TRUE(shown.ok()) << shown.status().message();
  EXPECT_EQ(shown->run.fix_of_run, report.before.run.id);
  ASSERT_EQ(shown->fix_moves.size(), report.actions.size());
  for (size_t i = 0; i < report.actions.size(); ++i) {
    const FixAction &done = report.actions[i], &read = shown->fix_moves[i];
    SCOPED_TRACE(done.rejected.Reference() + " on " + done.rejected.hardware);
    EXPECT_EQ(std::tie(read.rejected.class_key, read.rejected.hardware, read.rejected.isa,
                       read.rejected.pools, read.rejected.sha256, read.rejected.reasons,
                       read.rejected.device_ids, read.rejected.device_count),
              std::tie(done.rejected.class_key, done.rejected.hardware, done.rejected.isa,
                       done.rejected.pools, done.rejected.sha256, done.rejected.reasons,
                       done.rejected.device_ids, done.rejected.device_count));
    EXPECT_EQ(read.rejected.Reference(), "net@1");
    EXPECT_TRUE(read.fixed);
    EXPECT_EQ(std::tie(read.replanned_reference, read.replanned_sha256, read.replan_signed,
                       read.devices_moved, read.before_bytes, read.after_bytes, read.error),
              std::tie(done.replanned_reference, done.replanned_sha256, done.replan_signed,
                       done.devices_moved, done.before_bytes, done.after_bytes, done.error));
    EXPECT_EQ(read.devices_moved, read.rejected.device_count);
    EXPECT_GT(read.after_bytes, 0u);
  }
  auto first = ReadAudit(registry(), report.before.run.id);
  ASSERT_TRUE(first.ok()) << first.status().message();
  EXPECT_EQ(first->run.fix_of_run, 0);
  EXPECT_TRUE(first->fix_moves.empty());
}

TEST_F(AuditFixTest, AStoppedFixLeavesEveryStepWholeAndRunningItAgainResumes) {
  int shown = 0;
  FixObserver observer;
  observer.acted = [&shown](const FixAction&) { ++shown; };
  observer.stop_requested = [&shown] { return shown == 1; };  // Ctrl-C during the first step
  auto stopped = FixAudit(registry(), AuditOptions{}, observer);
  ASSERT_TRUE(stopped.ok()) << stopped.status().message();
  EXPECT_TRUE(stopped->stopped);
  ASSERT_EQ(stopped->actions.size(), 1u) << "one step done, none begun after the stop";
  EXPECT_TRUE(stopped->actions[0].fixed);
  EXPECT_EQ(stopped->after.run.id, 0) << "no re-audit after a stop";
  EXPECT_EQ(Query("SELECT count(*) FROM audit_fix_moves WHERE run_id = " +
                  std::to_string(stopped->before.run.id)),
            "1\n")
      << "the step done is recorded with the run it acted on";
  const FixReport resumed = Fix();
  ASSERT_EQ(resumed.actions.size(), 1u) << "only the pair the first fix did not reach";
  EXPECT_NE(resumed.actions[0].rejected.hardware, stopped->actions[0].rejected.hardware);
  EXPECT_EQ(Totals(resumed.after).curable_rejects, 0);
  EXPECT_NE(DeployedTo("host-0"), "net@1\n");
  EXPECT_NE(DeployedTo("m55-3"), "net@1\n");
}

TEST_F(AuditFixTest, ReplannedVersionsComputeBitIdenticalOutputs) {
  const FixReport report = Fix();
  // The original plan is short of scratch, so nothing runs it; the same graph planned exactly
  // computes what it was meant to.
  const std::vector<uint8_t> exact = CompileSkewed(planner::BuildAllOps, 0);
  const Outputs expected = RunOnRandomInputs(exact, 3);
  ASSERT_FALSE(expected.empty());
  for (const FixAction& action : report.actions) {
    SCOPED_TRACE(action.replanned_reference);
    const std::vector<uint8_t> bytes = Bytes(action.replanned_reference);
    auto aligned = AlignedCopy(bytes);
    auto view = runtime::ArtifactView::Create(aligned.span());
    ASSERT_TRUE(view.ok()) << view.status().message();
    if (view->artifact().target_isa() == schema::Isa::REF) {
      EXPECT_EQ(RunOnRandomInputs(bytes, 3), expected);
      continue;
    }
    // Arm MVE does not run here: re-plan it back to ref, which proves the MVE artifact holds the
    // whole computation, and run that.
    planner::ReplanOptions to_ref;
    to_ref.target_isa = kernels::Isa::kRef;
    auto back = planner::ReplanArtifact(*view, to_ref);
    ASSERT_TRUE(back.ok()) << back.status().message();
    EXPECT_EQ(RunOnRandomInputs(back->model.artifact, 3), expected);
  }
}

// Under require-signature every re-plan is a new version no device may run until it is signed.
class SignedAuditFixTest : public AuditFixTest {
 protected:
  void SetUp() override {
    AuditFixTest::SetUp();
    auto release = GenerateKeyPair();
    ASSERT_TRUE(release.ok());
    release_ = *release;
    ASSERT_TRUE(TrustKey(registry(), "release", release_.public_key).ok());
    ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  }

  void SignOriginals() {
    for (const char* reference : {"net@1", "resnet@1"}) {
      ASSERT_TRUE(SignVersion(registry(), reference, release_.private_pem).ok()) << reference;
    }
  }

  std::string Fleet() {
    return Query(
        "SELECT d.device_id, m.name, d.version FROM deployments d JOIN models m ON m.id = "
        "d.model_id ORDER BY 1");
  }

  KeyPair release_;
};

TEST_F(SignedAuditFixTest, WithoutASigningKeyItRefusesBeforeRecordingReplanningOrMovingAnything) {
  SignOriginals();
  const std::string fleet = Fleet();
  auto refused = FixAudit(registry(), AuditOptions{});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kSignature);
  const std::string message = refused.status().message();
  EXPECT_NE(message.find("net@1"), std::string::npos)
      << "says what would need signing: " << message;
  EXPECT_NE(message.find("--sign-with KEY"), std::string::npos) << message;
  EXPECT_EQ(Query("SELECT count(*) FROM audit_runs"), "0\n");
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "2\n");
  EXPECT_EQ(Fleet(), fleet);
}

TEST_F(SignedAuditFixTest, AnUntrustedSigningKeyIsRefusedBeforeAnything) {
  SignOriginals();
  auto stranger = GenerateKeyPair();
  ASSERT_TRUE(stranger.ok());
  auto refused = FixAudit(registry(), AuditOptions{}, {}, stranger->private_pem);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kSignature);
  EXPECT_NE(std::string(refused.status().message()).find("arenastore key trust"), std::string::npos)
      << refused.status().message();
  EXPECT_EQ(Query("SELECT count(*) FROM audit_runs"), "0\n");
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "2\n");
}

TEST_F(SignedAuditFixTest, WithASigningKeyTheReplansAreSignedVerifyAndTheDevicesMove) {
  SignOriginals();
  auto report = FixAudit(registry(), AuditOptions{}, {}, release_.private_pem);
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->actions.size(), 2u);
  int64_t moved = 0;
  for (const FixAction& action : report->actions) {
    SCOPED_TRACE(action.replanned_reference);
    ASSERT_TRUE(action.fixed) << action.error;
    EXPECT_TRUE(action.replan_signed);
    moved += action.devices_moved;
    auto check = CheckSignatures(registry(), *Resolve(registry(), action.replanned_reference));
    ASSERT_TRUE(check.ok()) << check.status().message();
    EXPECT_EQ(check->State(), SignatureState::kTrusted) << check->Summary();
    EXPECT_TRUE(EnforceSignaturePolicy(registry(), check->version).ok());
  }
  EXPECT_EQ(moved, 7);
  EXPECT_NE(DeployedTo("host-0"), "net@1\n");
  EXPECT_NE(DeployedTo("m55-3"), "net@1\n");
  EXPECT_EQ(Totals(report->after).unsigned_results, 0) << "every deployed version is signed";
}

TEST_F(SignedAuditFixTest, AnUnsignedOriginalIsNotReplannedAndItsDevicesStay) {
  // Only resnet is signed: net@1's re-plan is refused like `replan net@1`, naming the command.
  ASSERT_TRUE(SignVersion(registry(), "resnet@1", release_.private_pem).ok());
  auto report = FixAudit(registry(), AuditOptions{}, {}, release_.private_pem);
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->actions.size(), 2u);
  for (const FixAction& action : report->actions) {
    EXPECT_FALSE(action.fixed);
    EXPECT_NE(action.error.find("arenastore sign net@1 --key KEY"), std::string::npos)
        << action.error;
  }
  EXPECT_EQ(DeployedTo("host-0"), "net@1\n");
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "2\n");
  EXPECT_TRUE(AuditFails(report->after));
  EXPECT_EQ(Totals(report->after).unsigned_devices, 9) << "net@1 runs on 3 + 4 + 2 devices";
  // The re-audit's record says why each pair was not moved.
  auto shown = ReadAudit(registry(), report->after.run.id);
  ASSERT_TRUE(shown.ok()) << shown.status().message();
  ASSERT_EQ(shown->fix_moves.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_FALSE(shown->fix_moves[i].fixed);
    EXPECT_EQ(shown->fix_moves[i].error, report->actions[i].error);
    EXPECT_EQ(shown->fix_moves[i].replanned_reference, "");
  }
}

}  // namespace
}  // namespace arenastore::store
