// The audit reports what every deployed version's signatures amount to, judged as the signature
// policy judges them (one SignatureCheck for both), and counts the deployments without a trusted
// signature. Under require-signature those fail the audit as a reject does: check, run and pull
// refuse the versions the devices run. A version signed by a key the store revoked reports as
// `revoked`, naming the key and the reason, apart from one signed by a key it never trusted.
#include <gtest/gtest.h>

#include <map>

#include "store/audit_evaluate.h"
#include "store/audit_record.h"
#include "store/fleet_csv.h"
#include "store/fleet_inventory.h"
#include "store/key_revocations.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class AuditSignaturesTest : public testing::RegistryTest {
 protected:
  // kws@1 signed by a trusted key, kws@2 only by a stranger's, kws@3 unsigned, kws@4 with a
  // signature that no longer verifies, kws@5 only by a key revoked as leaked; each runs on one
  // device of one class, kws@3 on two.
  void SetUp() override {
    RegistryTest::SetUp();
    for (int32_t depth : {3, 4, 5, 6, 7}) PushTiny(depth, "kws");
    auto release = GenerateKeyPair();
    auto stranger = GenerateKeyPair();
    auto old = GenerateKeyPair();
    ASSERT_TRUE(release.ok() && stranger.ok() && old.ok());
    ASSERT_TRUE(TrustKey(registry(), "release", release->public_key).ok());
    ASSERT_TRUE(TrustKey(registry(), "old", old->public_key).ok());
    ASSERT_TRUE(SignVersion(registry(), "kws@5", old->private_pem).ok());
    ASSERT_TRUE(RevokeKey(registry(), "old", "leaked").ok());
    ASSERT_TRUE(SignVersion(registry(), "kws@1", release->private_pem).ok());
    ASSERT_TRUE(SignVersion(registry(), "kws@2", stranger->private_pem).ok());
    ASSERT_TRUE(SignVersion(registry(), "kws@4", release->private_pem).ok());
    ASSERT_TRUE(registry().db().Exec("UPDATE signatures SET signature = zeroblob(64) WHERE "
                                     "version = 4").ok());
    const FleetCsv csv = ParseFleetCsv(
        "device,hardware,isa,kernel_version,pools,model\n"
        "d1,box,ref,1.2.0,sram=1M,kws@1\n"
        "d2,box,ref,1.2.0,sram=1M,kws@2\n"
        "d3,box,ref,1.2.0,sram=1M,kws@3\n"
        "d4,box,ref,1.2.0,sram=1M,kws@3\n"
        "d5,box,ref,1.2.0,sram=1M,kws@4\n"
        "d6,box,ref,1.2.0,sram=1M,kws@5\n");
    ASSERT_TRUE(csv.errors.empty());
    auto imported = ImportDevices(registry(), csv.rows, "test");
    ASSERT_TRUE(imported.ok() && imported->errors.empty());
  }

  AuditReport Audit() {
    auto report = RunAudit(registry(), AuditOptions{});
    EXPECT_TRUE(report.ok()) << report.status().message();
    return report.ok() ? std::move(report.value()) : AuditReport{};
  }

  static std::map<int64_t, std::string> StateByVersion(const AuditReport& report) {
    std::map<int64_t, std::string> states;
    for (const AuditResult& r : report.results) states[r.version] = SignatureStateName(r.signature);
    return states;
  }
};

TEST_F(AuditSignaturesTest, EachDeployedVersionShowsItsSignatureState) {
  const AuditReport report = Audit();
  EXPECT_EQ(
      StateByVersion(report),
      (std::map<int64_t, std::string>{
          {1, "trusted"}, {2, "untrusted"}, {3, "unsigned"}, {4, "invalid"}, {5, "revoked"}}));
}

TEST_F(AuditSignaturesTest, ARevokedKeysVersionNamesTheKeyAndWhyItWasRevoked) {
  for (const AuditResult& r : Audit().results) {
    EXPECT_EQ(r.revoked_key, r.version == 5 ? "old" : "") << r.Reference();
    EXPECT_EQ(r.revocation_reason, r.version == 5 ? "leaked" : "") << r.Reference();
  }
}

TEST_F(AuditSignaturesTest, DeploymentsWithoutATrustedSignatureAreCounted) {
  const VerdictCounts totals = Totals(Audit());
  EXPECT_EQ(totals.unsigned_results, 4);
  EXPECT_EQ(totals.unsigned_devices, 5);
  EXPECT_EQ(totals.results[static_cast<int>(AuditVerdict::kReject)], 0) << "the gate accepts all";
}

TEST_F(AuditSignaturesTest, UnsignedDeploymentsFailTheAuditOnlyUnderRequireSignature) {
  const AuditReport relaxed = Audit();
  EXPECT_FALSE(relaxed.run.require_signature);
  EXPECT_FALSE(AuditFails(relaxed)) << "without the policy they are reported, not refused";
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  const AuditReport strict = Audit();
  EXPECT_TRUE(strict.run.require_signature);
  EXPECT_TRUE(AuditFails(strict));
  for (const char* reference : {"kws@2", "kws@3", "kws@4", "kws@5"}) {
    auto refused = EnforceSignaturePolicy(registry(), *Resolve(registry(), reference));
    EXPECT_EQ(refused.code(), ErrorCode::kSignature) << reference << ": the audit agrees with run";
  }
}

TEST_F(AuditSignaturesTest, ARecordedRunKeepsThePolicyAndTheStatesItSaw) {
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  AuditReport report = Audit();
  ASSERT_TRUE(RecordAudit(registry(), &report).ok());
  ASSERT_TRUE(SetRequireSignature(registry(), false).ok());  // later changes do not rewrite it
  auto read = ReadAudit(registry(), report.run.id);
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_TRUE(read->run.require_signature);
  EXPECT_EQ(StateByVersion(*read), StateByVersion(report));
  EXPECT_EQ(Totals(*read).unsigned_devices, 5);
  for (const AuditResult& r : read->results) {
    if (r.version != 5) continue;
    EXPECT_EQ(r.revoked_key, "old");
    EXPECT_EQ(r.revocation_reason, "leaked");
  }
}

}  // namespace
}  // namespace arenastore::store
