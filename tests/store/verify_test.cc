#include "store/verify.h"

#include <gtest/gtest.h>

#include <fstream>

#include "store/artifact_bytes.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

// Flips one byte of `needle`'s first occurrence in the database file, as bit rot would.
// Returns false when the bytes are not found (e.g. still in the WAL).
bool FlipByteInFile(const std::string& path, const std::vector<uint8_t>& needle) {
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  std::string content((std::istreambuf_iterator<char>(file)), {});
  const std::string pattern(needle.begin(), needle.end());
  const size_t at = content.find(pattern);
  if (at == std::string::npos) return false;
  file.seekp(static_cast<std::streamoff>(at + pattern.size() / 2));
  file.put(static_cast<char>(content[at + pattern.size() / 2] ^ 0x40));
  return file.good();
}

class VerifyTest : public testing::RegistryTest {
 protected:
  KeyPair NewKey() {
    auto key = GenerateKeyPair();
    EXPECT_TRUE(key.ok());
    return *key;
  }
};

// An index page that no longer matches its table is damage the quick check does not see (it
// then shows as "no model" on the next pull): verify must run the full integrity check.
TEST_F(VerifyTest, ADamagedIndexPageOfTheModelsTableIsFound) {
  const std::string name = "indexed-model-name";
  PushTiny(3, name);
  const int64_t page_bytes = std::stoll(Query("PRAGMA page_size"));
  const int64_t index_page = std::stoll(
      Query("SELECT rootpage FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'models'"));
  registry_.reset();  // closing checkpoints the WAL into the main file
  {
    std::fstream file(path(), std::ios::in | std::ios::out | std::ios::binary);
    std::string page(static_cast<size_t>(page_bytes), '\0');
    const auto offset = static_cast<std::streamoff>((index_page - 1) * page_bytes);
    file.seekg(offset);
    file.read(page.data(), page_bytes);
    const size_t at = page.find(name);
    ASSERT_NE(at, std::string::npos) << "the name is a key of the models table's index";
    file.seekp(offset + static_cast<std::streamoff>(at + 3));
    file.put(static_cast<char>(page[at + 3] ^ 0x01));
    ASSERT_TRUE(file.good());
  }
  auto registry = Registry::Open(path());
  ASSERT_TRUE(registry.ok()) << registry.status().message();
  auto report = VerifyStore(*registry);
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_FALSE(report->ok()) << "a damaged index page passed verify";
  EXPECT_NE(report->problems[0].problem.find("integrity_check"), std::string::npos)
      << report->problems[0].problem;
}

TEST_F(VerifyTest, CleanStorePassesAndReportsWhatItHashed) {
  const PushResult a = PushTiny(3, "kws");
  const PushResult b = PushTiny(4, "kws");
  int64_t progress_calls = 0;
  auto report = VerifyStore(registry(), [&](int64_t done, int64_t total) {
    ++progress_calls;
    EXPECT_LE(done, total);
  });
  ASSERT_TRUE(report.ok()) << report.status().message();
  EXPECT_TRUE(report->ok());
  EXPECT_EQ(report->artifacts_checked, 2);
  EXPECT_EQ(report->bytes_hashed, a.size_bytes + b.size_bytes);
  EXPECT_EQ(progress_calls, 2);
}

TEST_F(VerifyTest, FlippedByteInsideAStoredBlobIsFoundAndNamesTheArtifact) {
  const std::vector<uint8_t> bytes = testing::TinyArtifact(5);
  auto pushed = Push(registry(), bytes, {"kws", "prod", "", ""});
  ASSERT_TRUE(pushed.ok());
  PushTiny(6, "kws");
  registry_.reset();  // closing checkpoints the WAL into the main file
  const std::vector<uint8_t> window(bytes.begin() + 64, bytes.begin() + 128);
  ASSERT_TRUE(FlipByteInFile(path(), window));

  auto registry = Registry::Open(path());
  ASSERT_TRUE(registry.ok()) << registry.status().message();
  auto report = VerifyStore(*registry);
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->problems.size(), 1u);
  EXPECT_EQ(report->problems[0].sha256, pushed->sha256);
  EXPECT_EQ(report->problems[0].referenced, "kws@1");
  EXPECT_NE(report->problems[0].problem.find("hash to"), std::string::npos);
  // Reading it back refuses the damaged bytes instead of handing them out.
  auto resolved = Resolve(*registry, "kws@prod");
  ASSERT_TRUE(resolved.ok());
  EXPECT_EQ(ReadArtifactBytes(*registry, *resolved).status().code(), ErrorCode::kIntegrity);
  EXPECT_TRUE(ReadArtifactBytes(*registry, *Resolve(*registry, "kws@2")).ok());
}

TEST_F(VerifyTest, EveryStoredSignatureIsVerifiedAndEachThatNoLongerVerifiesIsNamed) {
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  const KeyPair release = NewKey();
  const KeyPair stranger = NewKey();
  ASSERT_TRUE(TrustKey(registry(), "release", release.public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", release.private_pem).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", stranger.private_pem).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@2", release.private_pem).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@2", stranger.private_pem).ok());
  // Damage both signatures of version 2; version 1's stay good.
  ASSERT_TRUE(registry()
                  .db()
                  .Exec("UPDATE signatures SET signature = zeroblob(64) WHERE "
                        "version = 2")
                  .ok());
  auto report = VerifyStore(registry());
  ASSERT_TRUE(report.ok()) << report.status().message();
  EXPECT_EQ(report->signatures_checked, 4);
  ASSERT_EQ(report->problems.size(), 2u);
  const std::string stranger_prefix = HexOf(stranger.public_key).substr(0, 16);
  EXPECT_EQ(report->problems[0].referenced, "kws@2");
  EXPECT_EQ(report->problems[0].sha256, Resolve(registry(), "kws@2")->sha256);
  EXPECT_EQ(report->problems[0].problem,
            "signature by key release (trusted) does not verify over this version's manifest; "
            "sign it again");
  EXPECT_EQ(report->problems[1].referenced, "kws@2");
  EXPECT_NE(report->problems[1].problem.find("untrusted key " + stranger_prefix), std::string::npos)
      << report->problems[1].problem;
}

TEST_F(VerifyTest, ASignatureOverBytesThatRottedIsReportedBesideTheBlob) {
  const std::vector<uint8_t> bytes = testing::TinyArtifact(5);
  ASSERT_TRUE(Push(registry(), bytes, {"kws", "", "", ""}).ok());
  const KeyPair release = NewKey();
  ASSERT_TRUE(TrustKey(registry(), "release", release.public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", release.private_pem).ok());
  registry_.reset();  // closing checkpoints the WAL into the main file
  ASSERT_TRUE(
      FlipByteInFile(path(), std::vector<uint8_t>(bytes.begin() + 64, bytes.begin() + 128)));
  auto registry = Registry::Open(path());
  ASSERT_TRUE(registry.ok()) << registry.status().message();
  auto report = VerifyStore(*registry);
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->problems.size(), 2u);
  EXPECT_NE(report->problems[0].problem.find("hash to"), std::string::npos);
  EXPECT_EQ(report->problems[1].referenced, "kws@1");
  EXPECT_EQ(report->problems[1].problem,
            "signature by key release (trusted) vouches for bytes the store no longer holds (see "
            "the blob above)");
}

TEST_F(VerifyTest, MissingIndexRowsAreReported) {
  PushTiny(3, "kws");
  ASSERT_TRUE(registry().db().Exec("DELETE FROM operators WHERE op_index = 0").ok());
  auto report = VerifyStore(registry());
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report->problems.size(), 1u);
  EXPECT_NE(report->problems[0].problem.find("operator rows"), std::string::npos);
}

TEST_F(VerifyTest, ForeignKeyViolationsAreReported) {
  PushTiny(3, "kws");
  ASSERT_TRUE(registry().db().Exec("PRAGMA foreign_keys = OFF; DELETE FROM models;").ok());
  auto report = VerifyStore(registry());
  ASSERT_TRUE(report.ok());
  ASSERT_FALSE(report->ok());
  EXPECT_NE(report->problems[0].problem.find("foreign_key_check"), std::string::npos);
}

}  // namespace
}  // namespace arenastore::store
