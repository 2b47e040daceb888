#include "store/signatures.h"

#include <gtest/gtest.h>

#include "store/signature_policy.h"
#include "store/trusted_keys.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class SignaturesTest : public testing::RegistryTest {
 protected:
  KeyPair NewKey() {
    auto key = GenerateKeyPair();
    EXPECT_TRUE(key.ok());
    return *key;
  }
};

TEST(Ed25519, SignsAndVerifiesAndRejectsAnyChange) {
  auto key = GenerateKeyPair();
  ASSERT_TRUE(key.ok());
  const std::string text = "arenastore-manifest 1\n";
  std::vector<uint8_t> message(text.begin(), text.end());
  auto signature = Sign(key->private_pem, message);
  ASSERT_TRUE(signature.ok());
  EXPECT_TRUE(VerifySignature(key->public_key, message, *signature));
  message[3] ^= 1;
  EXPECT_FALSE(VerifySignature(key->public_key, message, *signature));
  EXPECT_FALSE(VerifySignature(GenerateKeyPair()->public_key, {}, *signature));
}

TEST(Ed25519, PublicKeysParseFromHexPublicPemAndPrivatePem) {
  auto key = GenerateKeyPair();
  ASSERT_TRUE(key.ok());
  EXPECT_EQ(*ParsePublicKey(HexOf(key->public_key)), key->public_key);
  EXPECT_EQ(*ParsePublicKey(key->public_pem), key->public_key);
  EXPECT_EQ(*ParsePublicKey(key->private_pem), key->public_key);
  EXPECT_EQ(ParsePublicKey("abcd").status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Sign("not a key", {}).status().code(), ErrorCode::kInvalidArgument);
}

TEST_F(SignaturesTest, ManifestNamesDigestSizeModelVersionKernelAndIsa) {
  const PushResult pushed = PushTiny(3, "kws");
  auto version = Resolve(registry(), "kws");
  ASSERT_TRUE(version.ok());
  EXPECT_EQ(SignedManifest(*version), "arenastore-manifest 1\nsha256 " + pushed.sha256 + "\nsize " +
                                          std::to_string(pushed.size_bytes) +
                                          "\nmodel kws\nversion 1\nkernel " +
                                          testing::KernelVersionText() + "\nisa ref\n");
}

TEST_F(SignaturesTest, TrustedValidSignatureCountsAndUntrustedDoesNot) {
  PushTiny(3, "kws");
  const KeyPair release = NewKey();
  const KeyPair stranger = NewKey();
  ASSERT_TRUE(SignVersion(registry(), "kws@1", stranger.private_pem).ok());
  auto check = CheckSignatures(registry(), *Resolve(registry(), "kws@1"));
  ASSERT_TRUE(check.ok());
  ASSERT_EQ(check->entries.size(), 1u);
  EXPECT_TRUE(check->entries[0].valid);
  EXPECT_FALSE(check->trusted());
  EXPECT_EQ(check->Summary(), "signed only by keys this store does not trust");

  ASSERT_TRUE(TrustKey(registry(), "release", release.public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", release.private_pem).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", release.private_pem).ok());  // idempotent
  check = CheckSignatures(registry(), *Resolve(registry(), "kws@1"));
  ASSERT_TRUE(check.ok());
  EXPECT_EQ(check->entries.size(), 2u);
  EXPECT_TRUE(check->trusted());
  EXPECT_EQ(check->Summary(), "signed by release (trusted)");
}

TEST_F(SignaturesTest, ASignatureMovedToAnotherVersionDoesNotVerify) {
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  const KeyPair release = NewKey();
  ASSERT_TRUE(TrustKey(registry(), "release", release.public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", release.private_pem).ok());
  // Forge: claim version 1's signature for version 2 (a different artifact).
  ASSERT_TRUE(registry()
                  .db()
                  .Exec("INSERT INTO signatures (artifact_id, model_id, version, public_key, "
                        "signature) SELECT v.artifact_id, s.model_id, 2, s.public_key, "
                        "s.signature FROM signatures s JOIN versions v ON v.model_id = "
                        "s.model_id AND v.version = 2")
                  .ok());
  auto check = CheckSignatures(registry(), *Resolve(registry(), "kws@2"));
  ASSERT_TRUE(check.ok());
  ASSERT_EQ(check->entries.size(), 1u);
  EXPECT_FALSE(check->entries[0].valid);
  EXPECT_FALSE(check->trusted());
  EXPECT_EQ(check->Summary(), "1 signature(s) do not verify");
}

TEST_F(SignaturesTest, PolicyRefusesUnsignedAndUntrustedOnlyWhenOn) {
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  const KeyPair release = NewKey();
  ASSERT_TRUE(TrustKey(registry(), "release", release.public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@2", release.private_pem).ok());
  const ResolvedVersion unsigned_version = *Resolve(registry(), "kws@1");
  const ResolvedVersion signed_version = *Resolve(registry(), "kws@2");
  EXPECT_FALSE(*RequireSignature(registry()));
  EXPECT_TRUE(EnforceSignaturePolicy(registry(), unsigned_version).ok());
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  const Status refused = EnforceSignaturePolicy(registry(), unsigned_version);
  EXPECT_EQ(refused.code(), ErrorCode::kSignature);
  EXPECT_NE(std::string(refused.message()).find("kws@1 is refused"), std::string::npos);
  EXPECT_NE(std::string(refused.message()).find("unsigned"), std::string::npos);
  EXPECT_TRUE(EnforceSignaturePolicy(registry(), signed_version).ok());
  ASSERT_TRUE(SetRequireSignature(registry(), false).ok());
  EXPECT_TRUE(EnforceSignaturePolicy(registry(), unsigned_version).ok());
}

// A damaged setting fails closed: "oo" where "on" was must not turn the policy off.
TEST_F(SignaturesTest, ACorruptedPolicyValueRefusesToRunUnsignedVersions) {
  PushTiny(3, "kws");
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  Query("UPDATE settings SET value = 'oo' WHERE name = 'require_signature'");
  const auto required = RequireSignature(registry());
  ASSERT_FALSE(required.ok()) << "a corrupted policy value was read as a setting";
  EXPECT_EQ(required.status().code(), ErrorCode::kIntegrity);
  EXPECT_NE(std::string(required.status().message()).find(path()), std::string::npos)
      << required.status().message();
  const Status enforced = EnforceSignaturePolicy(registry(), *Resolve(registry(), "kws@1"));
  EXPECT_FALSE(enforced.ok());
  ASSERT_TRUE(SetRequireSignature(registry(), false).ok()) << "setting it again repairs it";
  EXPECT_FALSE(*RequireSignature(registry()));
}

TEST_F(SignaturesTest, TrustingTheSameNameOrKeyTwiceIsAConflict) {
  const KeyPair a = NewKey();
  const KeyPair b = NewKey();
  ASSERT_TRUE(TrustKey(registry(), "release", a.public_key).ok());
  EXPECT_EQ(TrustKey(registry(), "release", b.public_key).status().code(),
            ErrorCode::kStoreConflict);
  const Status again = TrustKey(registry(), "ci", a.public_key).status();
  EXPECT_EQ(again.code(), ErrorCode::kStoreConflict);
  EXPECT_NE(std::string(again.message()).find("already trusted as 'release'"), std::string::npos);
  auto keys = ListTrustedKeys(registry());
  ASSERT_TRUE(keys.ok());
  ASSERT_EQ(keys->size(), 1u);
  EXPECT_EQ((*keys)[0].public_key, a.public_key);
}

}  // namespace
}  // namespace arenastore::store
