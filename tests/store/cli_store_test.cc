// End-to-end tests of the registry verbs through the built `arenastore` binary: what a user
// sees for good and bad input, and the exit codes (0 ok, 1 error, 2 usage, 4 integrity or
// signature).
#include <gtest/gtest.h>

#include <fstream>

#include "store/registry.h"
#include "store/schema.h"
#include "store/sha256.h"
#include "tests/store/process_support.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store {
namespace {

using testing::CliRun;

class CliStoreTest : public ::testing::Test {
 protected:
  std::string db() const { return dir_.File("store.db"); }
  std::string File(const std::string& name) const { return dir_.File(name); }

  // Runs `arenastore ARGS --db <store>`.
  CliRun Run(std::vector<std::string> args, const std::vector<std::string>& environment = {}) {
    args.push_back("--db");
    args.push_back(db());
    return testing::RunCli(args, dir_.File("run" + std::to_string(runs_++)), environment);
  }

  std::string WriteArtifact(const std::string& name, int32_t depth) {
    return WriteBytes(name, testing::TinyArtifact(depth));
  }
  std::string WriteBytes(const std::string& name, const std::vector<uint8_t>& bytes) {
    std::ofstream(File(name), std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return File(name);
  }

  testing::ScratchDir dir_;
  int runs_ = 0;
};

TEST_F(CliStoreTest, PushAliasListShowPullRoundTrip) {
  const std::string kws = WriteArtifact("kws.arena", 3);
  CliRun push = Run({"push", kws, "--model", "kws", "--alias", "prod", "--note", "first"});
  ASSERT_EQ(push.exit_code, 0) << push.err;
  EXPECT_NE(push.out.find("pushed kws@1"), std::string::npos) << push.out;
  EXPECT_NE(push.out.find("next: arenastore show kws@1"), std::string::npos) << push.out;
  ASSERT_EQ(Run({"push", WriteArtifact("kws2.arena", 4), "--model", "kws"}).exit_code, 0);

  CliRun ls = Run({"ls", "kws", "--json"});
  ASSERT_EQ(ls.exit_code, 0) << ls.err;
  EXPECT_NE(ls.out.find("\"reference\": \"kws@2\""), std::string::npos) << ls.out;
  EXPECT_NE(ls.out.find("\"prod\""), std::string::npos) << ls.out;

  CliRun show = Run({"show", "kws@prod"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_NE(show.out.find("kws@1"), std::string::npos);
  EXPECT_NE(show.out.find("conv2d"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("sram"), std::string::npos) << show.out;

  ASSERT_EQ(Run({"alias", "set", "kws", "prod", "2"}).exit_code, 0);
  CliRun pull = Run({"pull", "kws@prod", "-o", File("pulled.arena")});
  ASSERT_EQ(pull.exit_code, 0) << pull.err;
  EXPECT_EQ(testing::ReadFile(File("pulled.arena")), testing::ReadFile(File("kws2.arena")));
  EXPECT_EQ(Run({"verify"}).exit_code, 0);
}

TEST_F(CliStoreTest, DbDefaultsToTheEnvironmentVariable) {
  const std::string kws = WriteArtifact("kws.arena", 3);
  const std::string variable = "ARENASTORE_DB=" + File("env.db");
  CliRun push = testing::RunCli({"push", kws, "--model", "kws"}, File("env_push"), {variable});
  ASSERT_EQ(push.exit_code, 0) << push.err;
  EXPECT_TRUE(std::filesystem::exists(File("env.db")));
  EXPECT_EQ(testing::RunCli({"ls", "kws"}, File("env_ls"), {variable}).exit_code, 0);
}

TEST_F(CliStoreTest, PushOfANonArtifactFileFailsClearlyAndStoresNothing) {
  ASSERT_EQ(Run({"push", WriteArtifact("ok.arena", 3), "--model", "kws"}).exit_code, 0);
  std::ofstream(File("notes.arena")) << "definitely not a FlatBuffers artifact, just some text\n";
  CliRun push = Run({"push", File("notes.arena"), "--model", "kws"});
  EXPECT_EQ(push.exit_code, 4) << "a corrupt artifact file is an integrity failure";
  EXPECT_NE(push.err.find("notes.arena is not a valid artifact (nothing was pushed)"),
            std::string::npos)
      << push.err;
  CliRun ls = Run({"ls", "--json"});
  EXPECT_EQ(ls.out.find("kws@2"), std::string::npos) << ls.out;
}

TEST_F(CliStoreTest, PushOfATruncatedArtifactFailsClearlyAndStoresNothing) {
  ASSERT_EQ(Run({"push", WriteArtifact("ok.arena", 3), "--model", "kws"}).exit_code, 0);
  const std::string before = testing::ReadFile(db());
  std::vector<uint8_t> bytes = testing::TinyArtifact(5);
  bytes.resize(bytes.size() / 2);
  CliRun push = Run({"push", WriteBytes("half.arena", bytes), "--model", "kws"});
  EXPECT_EQ(push.exit_code, 4);
  EXPECT_NE(push.err.find("half.arena is not a valid artifact"), std::string::npos) << push.err;
  EXPECT_EQ(testing::ReadFile(db()), before);  // verified before the store is even opened
}

TEST_F(CliStoreTest, ADirectoryWithOneBadFilePushesNothing) {
  std::filesystem::create_directories(File("batch"));
  WriteArtifact("batch/a.arena", 3);
  WriteArtifact("batch/b.arena", 4);
  std::ofstream(File("batch/c.arena")) << "broken";
  CliRun push = Run({"push", File("batch"), "--model", "kws"});
  EXPECT_EQ(push.exit_code, 4);
  EXPECT_NE(push.err.find("1 of 3 files are not valid artifacts"), std::string::npos) << push.err;
  EXPECT_NE(push.err.find("c.arena"), std::string::npos) << push.err;
  EXPECT_FALSE(std::filesystem::exists(db()));
  std::filesystem::remove(File("batch/c.arena"));
  CliRun retry = Run({"push", File("batch"), "--model", "kws", "--json"});
  EXPECT_EQ(retry.exit_code, 0) << retry.err;
  EXPECT_NE(retry.out.find("\"reference\": \"kws@2\""), std::string::npos) << retry.out;
}

TEST_F(CliStoreTest, ForeignSqliteFileIsRefusedByNameAndLeftUntouched) {
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "CREATE TABLE invoices (id INTEGER)", nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  const std::string before = testing::ReadFile(db());
  CliRun push = Run({"push", WriteArtifact("kws.arena", 3), "--model", "kws"});
  EXPECT_EQ(push.exit_code, 1);
  EXPECT_NE(push.err.find("of another application"), std::string::npos) << push.err;
  EXPECT_NE(push.err.find(db()), std::string::npos) << push.err;
  EXPECT_EQ(testing::ReadFile(db()), before);
}

TEST_F(CliStoreTest, AZeroByteFileIsRefusedAsNotAStoreByReadVerbsAndPush) {
  std::ofstream{db()};
  for (const std::vector<std::string>& verb :
       {std::vector<std::string>{"ls"},
        {"verify"},
        {"show", "kws"},
        {"push", WriteArtifact("kws.arena", 3), "--model", "kws"}}) {
    CliRun run = Run(verb);
    EXPECT_EQ(run.exit_code, 1) << verb[0] << ": " << run.err;
    EXPECT_NE(run.err.find(db() + " is empty (0 bytes), not an arenastore store"),
              std::string::npos)
        << verb[0] << ": " << run.err;
    EXPECT_EQ(run.err.find("read-only"), std::string::npos) << verb[0] << ": " << run.err;
    EXPECT_EQ(std::filesystem::file_size(db()), 0u) << verb[0] << " wrote into it";
  }
}

TEST_F(CliStoreTest, NewerSchemaIsRefusedNamingBothVersions) {
  ASSERT_EQ(Run({"push", WriteArtifact("kws.arena", 3), "--model", "kws"}).exit_code, 0);
  {
    auto registry = Registry::Open(db());
    ASSERT_TRUE(registry.ok());
    ASSERT_TRUE(registry->db().Exec("PRAGMA user_version = 99").ok());
  }
  CliRun ls = Run({"ls"});
  EXPECT_EQ(ls.exit_code, 1);
  EXPECT_NE(ls.err.find("schema version 99"), std::string::npos) << ls.err;
  EXPECT_NE(ls.err.find("up to " + std::to_string(LatestSchemaVersion())), std::string::npos)
      << ls.err;
  EXPECT_EQ(Run({"db", "migrate"}).exit_code, 1);
}

TEST_F(CliStoreTest, OlderSchemaSaysToMigrateAndDbMigrateBacksUpFirst) {
  {
    auto db_handle = Database::Open(db(), {});
    ASSERT_TRUE(db_handle.ok());
    ASSERT_TRUE(MigrateTo(*db_handle, 1).ok());
    ASSERT_TRUE(db_handle->Exec("INSERT INTO models (name) VALUES ('kws')").ok());
  }
  CliRun ls = Run({"ls"});
  EXPECT_EQ(ls.exit_code, 1);
  EXPECT_NE(ls.err.find("arenastore db migrate"), std::string::npos) << ls.err;
  CliRun info = Run({"db", "info", "--json"});
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("\"needs_migration\": true"), std::string::npos) << info.out;
  CliRun migrate = Run({"db", "migrate"});
  ASSERT_EQ(migrate.exit_code, 0) << migrate.err;
  EXPECT_NE(migrate.out.find("backup of the old store"), std::string::npos) << migrate.out;
  int backups = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) {
    if (entry.path().extension() == ".backup") ++backups;
  }
  EXPECT_EQ(backups, 1);
  EXPECT_EQ(Run({"ls"}).exit_code, 0);
}

TEST_F(CliStoreTest, StoreLockedBeyondTheTimeoutIsAClearErrorAndLosesNothing) {
  ASSERT_EQ(Run({"push", WriteArtifact("kws.arena", 3), "--model", "kws"}).exit_code, 0);
  auto holder = Database::Open(db(), {});
  ASSERT_TRUE(holder.ok());
  ASSERT_TRUE(holder->Exec("BEGIN EXCLUSIVE").ok());
  CliRun push = Run({"push", WriteArtifact("kws2.arena", 4), "--model", "kws"},
                    {"ARENASTORE_BUSY_TIMEOUT_MS=300"});
  EXPECT_EQ(push.exit_code, 1);
  EXPECT_NE(push.err.find("busy"), std::string::npos) << push.err;
  EXPECT_NE(push.err.find("retry"), std::string::npos) << push.err;
  // Readers are not blocked by a writer in WAL mode.
  EXPECT_EQ(Run({"ls", "kws"}).exit_code, 0);
  ASSERT_TRUE(holder->Exec("COMMIT").ok());
  CliRun retry = Run({"push", File("kws2.arena"), "--model", "kws"});
  EXPECT_EQ(retry.exit_code, 0) << retry.err;
  EXPECT_NE(retry.out.find("kws@2"), std::string::npos);
}

TEST_F(CliStoreTest, FlippedByteInAStoredBlobMakesVerifyExitFourNamingIt) {
  const std::vector<uint8_t> bytes = testing::TinyArtifact(6);
  ASSERT_EQ(Run({"push", WriteBytes("kws.arena", bytes), "--model", "kws"}).exit_code, 0);
  ASSERT_EQ(Run({"push", WriteArtifact("other.arena", 7), "--model", "other"}).exit_code, 0);
  {  // bit rot in the file, inside the blob
    std::fstream file(db(), std::ios::in | std::ios::out | std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(file)), {});
    const size_t at = content.find(std::string(bytes.begin() + 64, bytes.begin() + 128));
    ASSERT_NE(at, std::string::npos);
    file.seekp(static_cast<std::streamoff>(at + 10));
    file.put(static_cast<char>(content[at + 10] ^ 1));
  }
  CliRun verify = Run({"verify"});
  EXPECT_EQ(verify.exit_code, 4) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("BAD"), std::string::npos) << verify.out;
  EXPECT_NE(verify.out.find("(kws@1)"), std::string::npos) << verify.out;
  EXPECT_EQ(verify.out.find("other@1"), std::string::npos) << verify.out;
  EXPECT_NE(verify.err.find("1 problem(s)"), std::string::npos) << verify.err;
  CliRun pull = Run({"pull", "kws", "-o", File("out.arena")});
  EXPECT_EQ(pull.exit_code, 4);
  EXPECT_FALSE(std::filesystem::exists(File("out.arena")));
  EXPECT_EQ(Run({"pull", "other", "-o", File("other_out.arena")}).exit_code, 0);
}

TEST_F(CliStoreTest, VerifyExitsFourNamingEachStoredSignatureThatNoLongerVerifies) {
  ASSERT_EQ(Run({"push", WriteArtifact("kws.arena", 3), "--model", "kws"}).exit_code, 0);
  ASSERT_EQ(Run({"push", WriteArtifact("kws2.arena", 4), "--model", "kws"}).exit_code, 0);
  CliRun generate = testing::RunCli({"key", "generate", "--out", File("release")}, File("gen"));
  ASSERT_EQ(generate.exit_code, 0) << generate.err;
  ASSERT_EQ(Run({"key", "trust", File("release.pub"), "--name", "release"}).exit_code, 0);
  ASSERT_EQ(Run({"sign", "kws@1", "--key", File("release.key")}).exit_code, 0);
  ASSERT_EQ(Run({"sign", "kws@2", "--key", File("release.key")}).exit_code, 0);
  CliRun clean = Run({"verify"});
  EXPECT_EQ(clean.exit_code, 0) << clean.out << clean.err;
  EXPECT_NE(clean.out.find("2 signature(s)"), std::string::npos) << clean.out;
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db().c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "UPDATE signatures SET signature = zeroblob(64) WHERE version = 1",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  CliRun verify = Run({"verify"});
  EXPECT_EQ(verify.exit_code, 4) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("(kws@1): signature by key release (trusted) does not verify"),
            std::string::npos)
      << verify.out;
  EXPECT_EQ(verify.out.find("kws@2"), std::string::npos) << verify.out;
  EXPECT_NE(verify.err.find("1 problem(s)"), std::string::npos) << verify.err;
  CliRun json = Run({"verify", "--json"});
  EXPECT_EQ(json.exit_code, 4);
  EXPECT_NE(json.out.find("\"signatures_checked\": 2"), std::string::npos) << json.out;
}

TEST_F(CliStoreTest, SignaturePolicyMakesPullRefuseUnsignedWithExitFour) {
  ASSERT_EQ(Run({"push", WriteArtifact("kws.arena", 3), "--model", "kws"}).exit_code, 0);
  CliRun generate = testing::RunCli({"key", "generate", "--out", File("release")}, File("gen"));
  ASSERT_EQ(generate.exit_code, 0) << generate.err;
  ASSERT_EQ(Run({"key", "trust", File("release.pub"), "--name", "release"}).exit_code, 0);
  ASSERT_EQ(Run({"policy", "set", "require-signature", "on"}).exit_code, 0);
  CliRun refused = Run({"pull", "kws", "-o", File("out.arena")});
  EXPECT_EQ(refused.exit_code, 4);
  EXPECT_NE(refused.err.find("unsigned"), std::string::npos) << refused.err;
  EXPECT_EQ(Run({"verify-signature", "kws"}).exit_code, 4);
  ASSERT_EQ(Run({"sign", "kws", "--key", File("release.key")}).exit_code, 0);
  EXPECT_EQ(Run({"verify-signature", "kws"}).exit_code, 0);
  EXPECT_EQ(Run({"pull", "kws", "-o", File("out.arena")}).exit_code, 0);
}

TEST_F(CliStoreTest, CheckInspectAndRunAcceptStoreReferencesUnderThePolicy) {
  const std::vector<uint8_t> bytes = testing::TinyArtifact(5);
  ASSERT_EQ(
      Run({"push", WriteBytes("kws.arena", bytes), "--model", "kws", "--alias", "prod"}).exit_code,
      0);
  CliRun check = Run({"check", "kws@prod"});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  CliRun inspect = Run({"inspect", "kws", "--json"});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  EXPECT_NE(inspect.out.find(Sha256Hex(bytes)), std::string::npos) << inspect.out;
  EXPECT_EQ(Run({"run", "kws@1", "--random-input", "1"}).exit_code, 0);
  ASSERT_EQ(Run({"policy", "set", "require-signature", "on"}).exit_code, 0);
  CliRun refused = Run({"check", "kws@prod"});
  EXPECT_EQ(refused.exit_code, 4);
  EXPECT_NE(refused.err.find("requires a signature"), std::string::npos) << refused.err;
  EXPECT_EQ(Run({"run", "kws@1", "--random-input", "1"}).exit_code, 4);
  // A file with the reference's name still wins: files are never shadowed by the store.
  EXPECT_EQ(Run({"check", File("kws.arena")}).exit_code, 0);
}

TEST_F(CliStoreTest, RemoveNeedsAliasesMovedAndGcFreesTheBytes) {
  ASSERT_EQ(
      Run({"push", WriteArtifact("a.arena", 3), "--model", "kws", "--alias", "prod"}).exit_code, 0);
  ASSERT_EQ(Run({"push", WriteArtifact("b.arena", 4), "--model", "kws"}).exit_code, 0);
  CliRun refused = Run({"rm", "kws@1"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("alias(es) prod"), std::string::npos) << refused.err;
  ASSERT_EQ(Run({"alias", "set", "kws", "prod", "2"}).exit_code, 0);
  ASSERT_EQ(Run({"rm", "kws@1"}).exit_code, 0);
  CliRun gc = Run({"gc", "--json"});
  ASSERT_EQ(gc.exit_code, 0);
  EXPECT_NE(gc.out.find("\"artifacts_removed\": 1"), std::string::npos) << gc.out;
}

TEST_F(CliStoreTest, TrustingAPrivateKeyIsAUsageErrorNamingThePublicFileToPass) {
  ASSERT_EQ(Run({"key", "generate", "--out", File("release")}).exit_code, 0);
  const std::string before = testing::ReadFile(db());
  CliRun refused = Run({"key", "trust", File("release.key"), "--name", "release"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find(File("release.key") + " is a PRIVATE key"), std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find(".pub file"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("openssl pkey -in " + File("release.key") + " -pubout"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(testing::ReadFile(db()), before) << "nothing was trusted";
  CliRun json = Run({"key", "trust", File("release.key"), "--name", "release", "--json"});
  EXPECT_EQ(json.exit_code, 2);
  EXPECT_NE(json.out.find("PRIVATE key"), std::string::npos) << json.out;

  CliRun trusted = Run({"key", "trust", File("release.pub"), "--name", "release"});
  ASSERT_EQ(trusted.exit_code, 0) << trusted.err;
  EXPECT_EQ(trusted.err.find("PRIVATE"), std::string::npos) << "no warning for a public key";
  CliRun again = Run({"key", "trust", File("release.pub"), "--name", "release2", "--json"});
  EXPECT_NE(again.out.find("already trusted as 'release'"), std::string::npos)
      << "the same key: " << again.out;
}

// kws@1 pushed and signed by the trusted key "release" (files release.key, release.pub).
class KeyRevokeCliTest : public CliStoreTest {
 protected:
  void SetUp() override {
    ASSERT_EQ(Run({"push", WriteArtifact("kws.arena", 3), "--model", "kws", "--alias", "prod"})
                  .exit_code,
              0);
    ASSERT_EQ(Run({"key", "generate", "--out", File("release")}).exit_code, 0);
    ASSERT_EQ(Run({"key", "trust", File("release.pub"), "--name", "release"}).exit_code, 0);
    ASSERT_EQ(Run({"sign", "kws@1", "--key", File("release.key")}).exit_code, 0);
  }
};

TEST_F(KeyRevokeCliTest, VerifySignatureOfAVersionSignedOnlyByARevokedKeyExitsFour) {
  ASSERT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 0);
  CliRun revoked = Run({"key", "revoke", "release", "--reason", "laptop stolen"});
  ASSERT_EQ(revoked.exit_code, 0) << revoked.err;
  EXPECT_NE(revoked.out.find("revoked key release"), std::string::npos) << revoked.out;
  EXPECT_NE(revoked.out.find("kws@1"), std::string::npos) << "names what to re-sign";
  CliRun verify = Run({"verify-signature", "kws@1"});
  EXPECT_EQ(verify.exit_code, 4);
  EXPECT_NE(verify.out.find("REVOKED (was release)"), std::string::npos) << verify.out;
  EXPECT_NE(verify.err.find("revoked key(s) release"), std::string::npos) << verify.err;
  CliRun json = Run({"verify-signature", "kws@1", "--json"});
  EXPECT_EQ(json.exit_code, 4);
  EXPECT_NE(json.out.find("\"revoked_key_name\": \"release\""), std::string::npos) << json.out;
  CliRun show = Run({"show", "kws@1"});
  EXPECT_NE(show.out.find("REVOKED key (was release)"), std::string::npos) << show.out;
}

TEST_F(KeyRevokeCliTest, UnderThePolicyCheckRunAndPullRefuseARevokedKeysVersions) {
  ASSERT_EQ(Run({"policy", "set", "require-signature", "on"}).exit_code, 0);
  ASSERT_EQ(Run({"check", "kws@prod"}).exit_code, 0);
  // By fingerprint, as verify-signature prints it (16 hex digits).
  CliRun verify = Run({"verify-signature", "kws@1"});
  const size_t key_at = verify.out.find("  key ");
  ASSERT_NE(key_at, std::string::npos) << verify.out;
  const std::string fingerprint = verify.out.substr(key_at + 6, 16);
  CliRun revoked = Run({"key", "revoke", fingerprint});
  ASSERT_EQ(revoked.exit_code, 0) << fingerprint << ": " << revoked.err;
  for (std::vector<std::string> refused :
       std::vector<std::vector<std::string>>{{"check", "kws@prod"},
                                             {"run", "kws@1", "--random-input", "1"},
                                             {"pull", "kws@1", "-o", File("out.arena")}}) {
    CliRun run = Run(refused);
    EXPECT_EQ(run.exit_code, 4) << refused[0] << ": " << run.err;
    EXPECT_NE(run.err.find("revoked"), std::string::npos) << refused[0] << ": " << run.err;
  }
  EXPECT_FALSE(std::filesystem::exists(File("out.arena")));
}

TEST_F(KeyRevokeCliTest, ARevokedKeyIsTrustedAgainOnlyWithForce) {
  ASSERT_EQ(Run({"key", "revoke", "release", "--reason", "leaked"}).exit_code, 0);
  CliRun refused = Run({"key", "trust", File("release.pub"), "--name", "release"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("revoked as 'release'"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--force"), std::string::npos) << refused.err;
  EXPECT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 4);
  CliRun forced = Run({"key", "trust", File("release.pub"), "--name", "release", "--force"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(forced.err.find("lifted the revocation of release"), std::string::npos)
      << forced.err;
  EXPECT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 0);
  CliRun twice = Run({"key", "revoke", "release", "--json"});
  EXPECT_EQ(twice.exit_code, 0) << "a lifted revocation can be followed by another: " << twice.out;
}

TEST_F(KeyRevokeCliTest, RotationSignsWithANewKeyBesideTheOldAndKeyLsShowsWhatEachSigns) {
  ASSERT_EQ(Run({"push", WriteArtifact("kws2.arena", 4), "--model", "kws"}).exit_code, 0);
  ASSERT_EQ(Run({"key", "generate", "--out", File("next")}).exit_code, 0);
  ASSERT_EQ(Run({"key", "trust", File("next.pub"), "--name", "next"}).exit_code, 0);
  CliRun signed_again = Run({"sign", "kws@1", "--key", File("next.key")});
  ASSERT_EQ(signed_again.exit_code, 0) << signed_again.err;
  EXPECT_NE(signed_again.out.find("signed by release, next (trusted)"), std::string::npos)
      << signed_again.out;
  ASSERT_EQ(Run({"sign", "kws@2", "--key", File("next.key")}).exit_code, 0);
  ASSERT_EQ(Run({"key", "revoke", "release", "--reason", "rotated"}).exit_code, 0);
  EXPECT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 0) << "the new key still vouches";

  CliRun ls = Run({"key", "ls"});
  ASSERT_EQ(ls.exit_code, 0) << ls.err;
  EXPECT_NE(ls.out.find("signs kws@1, kws@2"), std::string::npos) << ls.out;
  EXPECT_NE(ls.out.find("REVOKED at"), std::string::npos) << ls.out;
  EXPECT_NE(ls.out.find("(rotated)  signs kws@1\n"), std::string::npos) << ls.out;
}

TEST_F(CliStoreTest, AliasSetTakesAVersionNumberOrAReference) {
  ASSERT_EQ(Run({"push", WriteArtifact("a.arena", 3), "--model", "kws"}).exit_code, 0);
  ASSERT_EQ(Run({"push", WriteArtifact("b.arena", 4), "--model", "kws"}).exit_code, 0);
  ASSERT_EQ(Run({"alias", "set", "kws", "prod", "1"}).exit_code, 0);
  CliRun moved = Run({"alias", "set", "kws", "prod", "kws@2"});
  ASSERT_EQ(moved.exit_code, 0) << moved.err;
  EXPECT_NE(moved.out.find("kws@prod -> version 2 (was 1)"), std::string::npos) << moved.out;
  ASSERT_EQ(Run({"alias", "set", "kws@1", "canary"}).exit_code, 0);
  CliRun followed = Run({"alias", "set", "kws@canary", "prod"});
  EXPECT_NE(followed.out.find("kws@prod -> version 1 (was 2)"), std::string::npos) << followed.out;
  CliRun negative = Run({"alias", "set", "kws", "prod", "-1"});
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_NE(negative.err.find("versions are numbered from 1"), std::string::npos) << negative.err;
  CliRun other = Run({"alias", "set", "kws", "prod", "vision@1"});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("not of kws"), std::string::npos) << other.err;
}

TEST_F(CliStoreTest, RmOfAModelWithoutAVersionNeedsYes) {
  ASSERT_EQ(Run({"push", WriteArtifact("a.arena", 3), "--model", "kws"}).exit_code, 0);
  ASSERT_EQ(Run({"push", WriteArtifact("b.arena", 4), "--model", "kws"}).exit_code, 0);
  CliRun refused = Run({"rm", "kws"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("would remove kws@2, the newest"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--yes"), std::string::npos) << refused.err;
  CliRun removed = Run({"rm", "kws", "--yes", "--json"});
  ASSERT_EQ(removed.exit_code, 0) << removed.err;
  EXPECT_NE(removed.out.find("\"removed\": \"kws@2\""), std::string::npos) << removed.out;
}

TEST_F(CliStoreTest, RmAndGcDryRunsSayWhatWouldGoAndChangeNothing) {
  ASSERT_EQ(Run({"push", WriteArtifact("a.arena", 3), "--model", "kws"}).exit_code, 0);
  ASSERT_EQ(Run({"push", WriteArtifact("b.arena", 4), "--model", "kws"}).exit_code, 0);
  CliRun rm = Run({"rm", "kws@1", "--dry-run"});
  ASSERT_EQ(rm.exit_code, 0) << rm.err;
  EXPECT_NE(rm.out.find("would remove kws@1"), std::string::npos) << rm.out;
  EXPECT_EQ(Run({"show", "kws@1"}).exit_code, 0) << "still there";
  ASSERT_EQ(Run({"rm", "kws@1"}).exit_code, 0);
  CliRun gc = Run({"gc", "--dry-run", "--json"});
  ASSERT_EQ(gc.exit_code, 0) << gc.err;
  EXPECT_NE(gc.out.find("\"artifacts_removed\": 1"), std::string::npos) << gc.out;
  EXPECT_NE(gc.out.find("\"dry_run\": true"), std::string::npos) << gc.out;
  EXPECT_NE(Run({"gc", "--json"}).out.find("\"artifacts_removed\": 1"), std::string::npos)
      << "the dry run deleted nothing";
}

TEST_F(CliStoreTest, UnknownNamesSuggestNearOnesAndBadReferencesAreUsageErrors) {
  ASSERT_EQ(Run({"push", WriteArtifact("a.arena", 3), "--model", "kws"}).exit_code, 0);
  CliRun show = Run({"show", "kwz"});
  EXPECT_EQ(show.exit_code, 1);
  EXPECT_NE(show.err.find("did you mean kws?"), std::string::npos) << show.err;
  EXPECT_EQ(Run({"show", "sha256:12"}).exit_code, 2);
  CliRun json = Run({"show", "kwz", "--json"});
  EXPECT_NE(json.out.find("\"code\": \"not_found\""), std::string::npos) << json.out;
}

TEST_F(CliStoreTest, ReadOnlyVerbsDoNotCreateAStoreAtAMistypedPath) {
  CliRun ls = Run({"ls"});
  EXPECT_EQ(ls.exit_code, 1);
  EXPECT_NE(ls.err.find("no arenastore database at"), std::string::npos) << ls.err;
  EXPECT_FALSE(std::filesystem::exists(db()));
}

TEST_F(CliStoreTest, EveryRegistryVerbHasHelpWithAnExample) {
  for (std::vector<std::string> verb : std::vector<std::vector<std::string>>{{"push"},
                                                                             {"pull"},
                                                                             {"ls"},
                                                                             {"show"},
                                                                             {"rm"},
                                                                             {"gc"},
                                                                             {"alias"},
                                                                             {"alias", "set"},
                                                                             {"alias", "rm"},
                                                                             {"key"},
                                                                             {"key", "generate"},
                                                                             {"key", "trust"},
                                                                             {"key", "revoke"},
                                                                             {"key", "ls"},
                                                                             {"sign"},
                                                                             {"verify-signature"},
                                                                             {"policy", "set"},
                                                                             {"verify"},
                                                                             {"db", "migrate"},
                                                                             {"db", "backup"},
                                                                             {"db", "info"}}) {
    verb.push_back("--help");
    CliRun help = testing::RunCli(verb, File("help"));
    EXPECT_EQ(help.exit_code, 0) << verb[0];
    EXPECT_NE(help.out.find("Example: arenastore"), std::string::npos) << verb[0] << help.out;
  }
}

}  // namespace
}  // namespace arenastore::store
