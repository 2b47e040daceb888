// Revoking a trusted key: afterwards its signatures count nowhere (the signature check, the
// policy, deployments, the audit), the revocation keeps when and why, and the key is trusted
// again only when the caller lifts the revocation. Rotation: a version signed by an old and a
// new key stays trusted when the old one is revoked.
#include "store/key_revocations.h"

#include <gtest/gtest.h>

#include "store/audit_evaluate.h"
#include "store/fleet_csv.h"
#include "store/fleet_deploy.h"
#include "store/fleet_inventory.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class KeyRevokeTest : public testing::RegistryTest {
 protected:
  // kws@1 signed by the trusted key "release" only.
  void SetUp() override {
    RegistryTest::SetUp();
    PushTiny(3, "kws");
    ASSERT_TRUE(TrustKey(registry(), "release", release_.public_key).ok());
    ASSERT_TRUE(SignVersion(registry(), "kws@1", release_.private_pem).ok());
  }

  SignatureCheck Check(const std::string& reference) {
    auto check = CheckSignatures(registry(), *Resolve(registry(), reference));
    EXPECT_TRUE(check.ok()) << check.status().message();
    return check.ok() ? *check : SignatureCheck{};
  }

  static KeyPair NewKey() {
    auto key = GenerateKeyPair();
    EXPECT_TRUE(key.ok());
    return key.ok() ? *key : KeyPair{};
  }

  KeyPair release_ = NewKey();
};

TEST_F(KeyRevokeTest, SignaturesOfARevokedKeyNoLongerCount) {
  ASSERT_TRUE(Check("kws@1").trusted());
  ASSERT_TRUE(RevokeKey(registry(), "release", "laptop stolen").ok());
  const SignatureCheck check = Check("kws@1");
  ASSERT_EQ(check.entries.size(), 1u);
  EXPECT_TRUE(check.entries[0].valid) << "the signature still verifies; it just does not count";
  EXPECT_EQ(check.entries[0].revoked_as, "release");
  EXPECT_TRUE(check.entries[0].key_name.empty());
  EXPECT_FALSE(check.trusted());
  EXPECT_EQ(check.State(), SignatureState::kRevoked) << "not a key it never trusted";
  ASSERT_NE(check.RevokedSigner(), nullptr);
  EXPECT_EQ(check.RevokedSigner()->revoked_as, "release");
  EXPECT_EQ(check.RevokedSigner()->revocation_reason, "laptop stolen");
  EXPECT_EQ(check.Summary(), "signed only by revoked key(s) release");
}

TEST_F(KeyRevokeTest, RecordsTheTimeAndReasonAndUntrustsTheKey) {
  auto revoked = RevokeKey(registry(), "release", "laptop stolen");
  ASSERT_TRUE(revoked.ok()) << revoked.status().message();
  EXPECT_EQ(revoked->key_name, "release");
  EXPECT_EQ(revoked->public_key, release_.public_key);
  EXPECT_EQ(revoked->reason, "laptop stolen");
  EXPECT_EQ(revoked->revoked_at.size(), 24u) << revoked->revoked_at;  // 2026-12-02T06:48:00.000Z
  EXPECT_TRUE(ListTrustedKeys(registry())->empty());
  auto listed = ListRevokedKeys(registry());
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->size(), 1u);
  EXPECT_EQ((*listed)[0].reason, "laptop stolen");
  EXPECT_EQ((*listed)[0].revoked_at, revoked->revoked_at);
}

TEST_F(KeyRevokeTest, FindsTheKeyByItsFingerprintOrAUniquePrefixOfIt) {
  const std::string fingerprint = HexOf(release_.public_key);
  auto revoked = RevokeKey(registry(), fingerprint.substr(0, 12), "");
  ASSERT_TRUE(revoked.ok()) << revoked.status().message();
  EXPECT_EQ(revoked->key_name, "release");
}

TEST_F(KeyRevokeTest, AnUnknownKeyIsRefusedNamingItAndKeyLs) {
  const Status refused = RevokeKey(registry(), "relase", "").status();
  EXPECT_EQ(refused.code(), ErrorCode::kNotFound);
  EXPECT_NE(std::string(refused.message()).find("'relase'"), std::string::npos);
  EXPECT_NE(std::string(refused.message()).find("key ls"), std::string::npos);
  EXPECT_EQ(RevokeKey(registry(), "abc", "").status().code(), ErrorCode::kNotFound)
      << "three hex digits are too few to be a fingerprint";
}

TEST_F(KeyRevokeTest, RevokingTwiceIsAConflictNamingTheFirstRevocation) {
  ASSERT_TRUE(RevokeKey(registry(), "release", "leaked").ok());
  const Status again = RevokeKey(registry(), "release", "").status();
  EXPECT_EQ(again.code(), ErrorCode::kStoreConflict);
  EXPECT_NE(std::string(again.message()).find("already revoked"), std::string::npos);
  EXPECT_NE(std::string(again.message()).find("leaked"), std::string::npos);
}

TEST_F(KeyRevokeTest, ThePolicyRefusesAVersionSignedOnlyByARevokedKey) {
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  const ResolvedVersion version = *Resolve(registry(), "kws@1");
  ASSERT_TRUE(EnforceSignaturePolicy(registry(), version).ok());
  ASSERT_TRUE(RevokeKey(registry(), "release", "").ok());
  const Status refused = EnforceSignaturePolicy(registry(), version);
  EXPECT_EQ(refused.code(), ErrorCode::kSignature);
  EXPECT_NE(std::string(refused.message()).find("revoked key(s) release"), std::string::npos)
      << refused.message();
}

TEST_F(KeyRevokeTest, FleetDeployAndTheAuditNoLongerCountARevokedKey) {
  const FleetCsv csv = ParseFleetCsv(
      "device,hardware,isa,kernel_version,pools,model\n"
      "d1,box,ref,1.2.0,sram=1M,kws@1\n");
  ASSERT_TRUE(csv.errors.empty());
  auto imported = ImportDevices(registry(), csv.rows, "test");
  ASSERT_TRUE(imported.ok() && imported->errors.empty());
  PushTiny(4, "kws");
  ASSERT_TRUE(SignVersion(registry(), "kws@2", release_.private_pem).ok());
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  ASSERT_TRUE(RevokeKey(registry(), "release", "").ok());

  const std::string device = "d1";
  auto deployed = DeployToDevices(registry(), {&device, 1}, "kws@2", "test");
  ASSERT_FALSE(deployed.ok());
  EXPECT_EQ(deployed.status().code(), ErrorCode::kSignature);
  EXPECT_EQ(Query("SELECT version FROM deployments WHERE device_id = 'd1'"), "1\n");

  auto report = RunAudit(registry(), AuditOptions{});
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->results.size(), 1u);
  EXPECT_EQ(report->results[0].signature, SignatureState::kRevoked);
  EXPECT_EQ(report->results[0].revoked_key, "release");
  EXPECT_TRUE(AuditFails(*report));
}

TEST_F(KeyRevokeTest, ARevokedKeyIsTrustedAgainOnlyByLiftingTheRevocation) {
  ASSERT_TRUE(RevokeKey(registry(), "release", "leaked").ok());
  const Status refused = TrustKey(registry(), "release", release_.public_key).status();
  EXPECT_EQ(refused.code(), ErrorCode::kStoreConflict);
  EXPECT_NE(std::string(refused.message()).find("--force"), std::string::npos);
  EXPECT_NE(std::string(refused.message()).find("leaked"), std::string::npos);
  EXPECT_EQ(TrustKey(registry(), "renamed", release_.public_key).status().code(),
            ErrorCode::kStoreConflict)
      << "another name is the same key";
  EXPECT_FALSE(Check("kws@1").trusted());

  auto lifted = TrustKey(registry(), "release", release_.public_key, RevokedKey::kLiftRevocation);
  ASSERT_TRUE(lifted.ok()) << lifted.status().message();
  ASSERT_TRUE(lifted->lifted.has_value());
  EXPECT_EQ(lifted->lifted->reason, "leaked");
  EXPECT_TRUE(Check("kws@1").trusted());
  EXPECT_TRUE(ListRevokedKeys(registry())->empty());
  // The journal keeps the revocation, lifted.
  EXPECT_EQ(Query("SELECT key_name, reason, lifted_at IS NOT NULL FROM key_revocations"),
            "release|leaked|1\n");
}

TEST_F(KeyRevokeTest, TheSchemaKeepsRevokedKeysUntrustedAndRevocationsForever) {
  ASSERT_TRUE(RevokeKey(registry(), "release", "leaked").ok());
  EXPECT_FALSE(registry()
                   .db()
                   .Exec("INSERT INTO trusted_keys (name, public_key) SELECT 'sneaky', "
                         "public_key FROM key_revocations")
                   .ok());
  EXPECT_FALSE(registry().db().Exec("DELETE FROM key_revocations").ok());
  EXPECT_FALSE(registry().db().Exec("UPDATE key_revocations SET reason = 'oops'").ok());
  EXPECT_TRUE(registry().db().Exec("UPDATE key_revocations SET lifted_at = 'now'").ok());
  EXPECT_FALSE(registry().db().Exec("UPDATE key_revocations SET lifted_at = 'later'").ok())
      << "lifted once";
}

TEST_F(KeyRevokeTest, RotationKeepsAVersionSignedByTheNewKeyTrustedWhenTheOldIsRevoked) {
  PushTiny(4, "kws");
  const KeyPair next = NewKey();
  ASSERT_TRUE(TrustKey(registry(), "release-2027", next.public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", next.private_pem).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@2", next.private_pem).ok());
  EXPECT_EQ(Check("kws@1").Summary(), "signed by release, release-2027 (trusted)");
  EXPECT_EQ(*VersionsSignedBy(registry(), release_.public_key), std::vector<std::string>{"kws@1"});
  EXPECT_EQ(*VersionsSignedBy(registry(), next.public_key),
            (std::vector<std::string>{"kws@1", "kws@2"}));

  ASSERT_TRUE(RevokeKey(registry(), "release", "rotated").ok());
  EXPECT_EQ(Check("kws@1").Summary(), "signed by release-2027 (trusted)");
  EXPECT_TRUE(Check("kws@2").trusted());
}

TEST_F(KeyRevokeTest, AnAmbiguousFingerprintPrefixIsRefusedNamingTheKeys) {
  // Keys are random, so make two share a prefix by trusting 64-hex keys chosen to.
  PublicKey a{};
  PublicKey b{};
  a.fill(0xab);
  b.fill(0xab);
  b[31] = 0x01;
  ASSERT_TRUE(TrustKey(registry(), "a", a).ok());
  ASSERT_TRUE(TrustKey(registry(), "b", b).ok());
  const Status refused = RevokeKey(registry(), "abababab", "").status();
  EXPECT_EQ(refused.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(refused.message()).find("(a, b)"), std::string::npos) << refused.message();
  EXPECT_TRUE(RevokeKey(registry(), HexOf(b), "").ok()) << "the whole fingerprint is unique";
}

}  // namespace
}  // namespace arenastore::store
