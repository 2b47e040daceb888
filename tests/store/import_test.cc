#include "store/import.h"

#include <gtest/gtest.h>

#include "store/key_revocations.h"
#include "store/listing.h"
#include "store/removal.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

using testing::DumpDatabase;
using testing::TinyArtifact;

// An artifact with its metadata, as a pull holds it before the import.
struct Incoming {
  std::vector<uint8_t> bytes;
  ArtifactMetadata metadata;
};

class ImportTest : public testing::RegistryTest {
 protected:
  Incoming Artifact(int32_t depth) {
    Incoming incoming;
    incoming.bytes = TinyArtifact(depth);
    auto metadata = ReadArtifactMetadata(incoming.bytes);
    EXPECT_TRUE(metadata.ok()) << metadata.status().message();
    incoming.metadata = *metadata;
    return incoming;
  }

  static ImportItem Item(const Incoming& incoming, const std::string& model, int64_t version) {
    ImportItem item;
    item.model = model;
    item.version = version;
    item.sha256 = incoming.metadata.sha256;
    item.bytes = incoming.bytes;
    item.metadata = &incoming.metadata;
    return item;
  }

  // A signature by `key` over the manifest model@version will have once imported.
  static ImportedSignature SignedBy(const KeyPair& key, const Incoming& incoming,
                                    const std::string& model, int64_t version) {
    ResolvedVersion as_imported;
    as_imported.sha256 = incoming.metadata.sha256;
    as_imported.size_bytes = incoming.metadata.size_bytes;
    as_imported.kernel_version = incoming.metadata.kernel_version;
    as_imported.target_isa = incoming.metadata.target_isa;
    as_imported.model = model;
    as_imported.version = version;
    const std::string manifest = SignedManifest(as_imported);
    auto signature = Sign(key.private_pem, std::vector<uint8_t>(manifest.begin(), manifest.end()));
    EXPECT_TRUE(signature.ok());
    return {key.public_key, *signature, "2026-11-26T10:00:00.000Z"};
  }

  Result<std::vector<ImportResult>> Import(std::vector<ImportItem> items) {
    return ImportVersions(registry(), items);
  }
};

TEST_F(ImportTest, KeepsTheIncomingVersionNumberInAnEmptyStore) {
  const Incoming incoming = Artifact(3);
  auto imported = Import({Item(incoming, "kws", 3)});
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  EXPECT_TRUE((*imported)[0].new_version);
  EXPECT_TRUE((*imported)[0].new_artifact);
  auto version = Resolve(registry(), "kws@3");
  ASSERT_TRUE(version.ok()) << version.status().message();
  EXPECT_EQ(version->sha256, incoming.metadata.sha256);
  // The next local push continues above the highest number.
  EXPECT_EQ(PushTiny(4, "kws").version, 4);
}

TEST_F(ImportTest, FillsANumberBelowLastVersionThatThisStoreNeverHeld) {
  const Incoming five = Artifact(5);
  const Incoming three = Artifact(3);
  ASSERT_TRUE(Import({Item(five, "kws", 5)}).ok());
  auto imported = Import({Item(three, "kws", 3)});
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  EXPECT_EQ(Resolve(registry(), "kws@3")->sha256, three.metadata.sha256);
  EXPECT_EQ(Resolve(registry(), "kws")->version, 5);
}

TEST_F(ImportTest, RefusesANumberThisStoreUsedAndRemovedUnlessTheBytesAreTheSame) {
  const PushResult first = PushTiny(3, "kws");
  PushTiny(4, "kws");
  ASSERT_TRUE(RemoveVersion(registry(), "kws@1").ok());
  const std::string before = DumpDatabase(registry().db());
  auto refused = Import({Item(Artifact(9), "kws", 1)});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kStoreConflict);
  EXPECT_NE(std::string(refused.status().message()).find("never reused"), std::string::npos)
      << refused.status().message();
  EXPECT_EQ(DumpDatabase(registry().db()), before);
  const Incoming same = Artifact(3);
  ASSERT_EQ(same.metadata.sha256, first.sha256);
  auto restored = Import({Item(same, "kws", 1)});
  ASSERT_TRUE(restored.ok()) << restored.status().message();
  EXPECT_EQ(Resolve(registry(), "kws@1")->sha256, first.sha256);
}

TEST_F(ImportTest, RefusesOtherBytesAtAVersionItHoldsAndChangesNothing) {
  PushTiny(3, "kws");
  const std::string before = DumpDatabase(registry().db());
  auto refused = Import({Item(Artifact(4), "kws", 1)});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kStoreConflict);
  EXPECT_NE(std::string(refused.status().message()).find("immutable"), std::string::npos);
  EXPECT_EQ(DumpDatabase(registry().db()), before);
}

TEST_F(ImportTest, IsAllOrNothingAcrossVersions) {
  PushTiny(3, "kws");
  const std::string before = DumpDatabase(registry().db());
  const Incoming fine = Artifact(5);
  const Incoming clash = Artifact(6);
  auto refused = Import({Item(fine, "kws", 2), Item(clash, "kws", 1)});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(DumpDatabase(registry().db()), before);
}

TEST_F(ImportTest, SameBytesAtAHeldVersionBringOnlyNewSignaturesAndAliases) {
  PushTiny(3, "kws");
  const Incoming same = Artifact(3);
  auto key = GenerateKeyPair();
  ASSERT_TRUE(key.ok());
  ImportItem item = Item(same, "kws", 1);
  item.bytes = {};
  item.metadata = nullptr;  // a pull skips the download of what the store holds
  item.signatures.push_back(SignedBy(*key, same, "kws", 1));
  item.aliases = {"prod"};
  auto imported = Import({item});
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  EXPECT_FALSE((*imported)[0].new_version);
  EXPECT_EQ((*imported)[0].signatures_added, 1);
  EXPECT_EQ(Resolve(registry(), "kws@prod")->version, 1);
  auto again = Import({item});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)[0].signatures_added, 0);  // one row per key
}

TEST_F(ImportTest, StoresOnlySignaturesThatVerifyOverTheVersionItLandsAt) {
  const Incoming incoming = Artifact(3);
  auto key = GenerateKeyPair();
  ASSERT_TRUE(key.ok());
  ImportItem item = Item(incoming, "kws", 2);
  item.signatures.push_back(SignedBy(*key, incoming, "kws", 2));
  item.signatures.push_back(SignedBy(*GenerateKeyPair(), incoming, "kws", 7));  // other version
  auto imported = Import({item});
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  EXPECT_EQ((*imported)[0].signatures_added, 1);
  EXPECT_EQ((*imported)[0].signatures_invalid, 1);
  ASSERT_TRUE(TrustKey(registry(), "release", key->public_key).ok());
  auto check = CheckSignatures(registry(), *Resolve(registry(), "kws@2"));
  ASSERT_TRUE(check.ok());
  EXPECT_TRUE(check->trusted());
  EXPECT_EQ(check->entries.front().signed_at, "2026-11-26T10:00:00.000Z");
}

TEST_F(ImportTest, UnderRequireSignatureAnUnsignedVersionIsRefusedAndNothingStored) {
  auto key = GenerateKeyPair();
  ASSERT_TRUE(key.ok());
  ASSERT_TRUE(TrustKey(registry(), "release", key->public_key).ok());
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  const std::string before = DumpDatabase(registry().db());
  const Incoming incoming = Artifact(3);
  auto refused = Import({Item(incoming, "kws", 1)});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kSignature);
  EXPECT_EQ(DumpDatabase(registry().db()), before);
  ImportItem signed_item = Item(incoming, "kws", 1);
  signed_item.signatures.push_back(SignedBy(*key, incoming, "kws", 1));
  EXPECT_TRUE(Import({signed_item}).ok());
}

// A pull (ImportVersions) judges signatures as the store does: a revoked key's count for nothing.
TEST_F(ImportTest, UnderRequireSignatureAVersionSignedOnlyByARevokedKeyIsRefused) {
  auto key = GenerateKeyPair();
  ASSERT_TRUE(key.ok());
  ASSERT_TRUE(TrustKey(registry(), "release", key->public_key).ok());
  ASSERT_TRUE(RevokeKey(registry(), "release", "leaked").ok());
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  const std::string before = DumpDatabase(registry().db());
  const Incoming incoming = Artifact(3);
  ImportItem item = Item(incoming, "kws", 1);
  item.signatures.push_back(SignedBy(*key, incoming, "kws", 1));
  auto refused = Import({item});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kSignature);
  EXPECT_NE(std::string(refused.status().message()).find("revoked key(s) release"),
            std::string::npos)
      << refused.status().message();
  EXPECT_EQ(DumpDatabase(registry().db()), before);
}

TEST_F(ImportTest, RefusesBytesThatDoNotHashToTheNamedDigest) {
  const Incoming incoming = Artifact(3);
  ImportItem item = Item(incoming, "kws", 1);
  item.sha256 = std::string(64, 'a');
  auto refused = Import({item});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kIntegrity);
}

TEST_F(ImportTest, AMissingVersionBelowTheHighestIsNotCalledRemoved) {
  ASSERT_TRUE(Import({Item(Artifact(5), "kws", 5)}).ok());
  auto missing = Resolve(registry(), "kws@2");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(std::string(missing.status().message()).find("removed"), std::string::npos)
      << missing.status().message();
}

}  // namespace
}  // namespace arenastore::store
