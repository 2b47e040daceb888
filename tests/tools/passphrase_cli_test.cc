// End to end: private keys protected by a passphrase. `key generate` encrypts with the
// passphrase an option points at (an environment variable or a file descriptor, never argv);
// `sign` decrypts the same way; every way of getting the passphrase wrong is a clear refusal.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli {
namespace {

using testing::CliResult;
using testing::ReadText;
using testing::RunCli;
using testing::TempDir;

constexpr char kPassphraseEnv[] = "RELEASE_PASSPHRASE='correct horse'";

// kws@1 in a store; release.key encrypted with "correct horse", release.pub trusted.
class PassphraseCli : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string file = dir_.File("kws.arena");
    ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", file}).exit_code, 0);
    ASSERT_EQ(Run({"push", file, "--model", "kws"}).exit_code, 0);
    const CliResult generated = RunCli({"key", "generate", "--out", dir_.File("release"),
                                        "--passphrase-env", "RELEASE_PASSPHRASE"},
                                       kPassphraseEnv);
    ASSERT_EQ(generated.exit_code, 0) << generated.err;
    ASSERT_EQ(Run({"key", "trust", dir_.File("release.pub"), "--name", "release"}).exit_code, 0);
  }

  CliResult Run(std::vector<std::string> args, const std::string& env = "") {
    args.push_back("--db");
    args.push_back(dir_.File("store.db"));
    return RunCli(args, env);
  }

  CliResult Sign(std::vector<std::string> passphrase_options, const std::string& env = "") {
    std::vector<std::string> args = {"sign", "kws@1", "--key", key()};
    args.insert(args.end(), passphrase_options.begin(), passphrase_options.end());
    return Run(args, env);
  }

  std::string key() const { return dir_.File("release.key"); }

  TempDir dir_;
};

TEST_F(PassphraseCli, KeyGenerateWritesOnlyTheEncryptedKeyReadableByItsOwner) {
  const std::string text = ReadText(key());
  EXPECT_EQ(text.rfind("-----BEGIN ENCRYPTED PRIVATE KEY-----", 0), 0u) << text;
  EXPECT_EQ(text.find("-----BEGIN PRIVATE KEY-----"), std::string::npos) << text;
  struct stat info {};
  ASSERT_EQ(stat(key().c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
}

TEST_F(PassphraseCli, SignDecryptsTheKeyWithThePassphraseFromAnEnvironmentVariable) {
  const CliResult signed_version = Sign({"--passphrase-env", "RELEASE_PASSPHRASE"}, kPassphraseEnv);
  ASSERT_EQ(signed_version.exit_code, 0) << signed_version.err;
  const CliResult verified = Run({"verify-signature", "kws@1"});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
}

TEST_F(PassphraseCli, SignReadsThePassphraseFromAPipe) {
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  const std::string line = "correct horse\n";
  ASSERT_EQ(write(pipe_fds[1], line.data(), line.size()), static_cast<ssize_t>(line.size()));
  close(pipe_fds[1]);
  // The read end is inherited by the shell RunCli starts, and by arenastore.
  const CliResult signed_version = Sign({"--passphrase-fd", std::to_string(pipe_fds[0])});
  close(pipe_fds[0]);
  ASSERT_EQ(signed_version.exit_code, 0) << signed_version.err;
  EXPECT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 0);
}

TEST_F(PassphraseCli, AWrongPassphraseIsRefusedNamingTheKeyFileAndNothingIsSigned) {
  const CliResult refused = Sign({"--passphrase-env", "WRONG"}, "WRONG='battery staple'");
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find(key()), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("wrong passphrase"), std::string::npos) << refused.err;
  EXPECT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 4) << "still unsigned";
}

TEST_F(PassphraseCli, AnEncryptedKeyWithoutAPassphraseOptionSaysWhichOptionToAdd) {
  const CliResult refused = Sign({}, kPassphraseEnv);
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find(key()), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--passphrase-env NAME"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--passphrase-fd N"), std::string::npos) << refused.err;
}

TEST_F(PassphraseCli, AnUnsetOrEmptyVariableAndAnUnreadableDescriptorAreRefused) {
  const CliResult unset = Sign({"--passphrase-env", "NO_SUCH_PASSPHRASE_VARIABLE"});
  EXPECT_EQ(unset.exit_code, 2) << unset.err;
  EXPECT_NE(unset.err.find("NO_SUCH_PASSPHRASE_VARIABLE is not set"), std::string::npos)
      << unset.err;
  const CliResult empty = Sign({"--passphrase-env", "EMPTY"}, "EMPTY=");
  EXPECT_EQ(empty.exit_code, 2) << empty.err;
  EXPECT_NE(empty.err.find("EMPTY is empty"), std::string::npos) << empty.err;
  const CliResult closed = Sign({"--passphrase-fd", "57"});
  EXPECT_EQ(closed.exit_code, 2) << closed.err;
  EXPECT_NE(closed.err.find("cannot read file descriptor 57"), std::string::npos) << closed.err;
  const CliResult blank = Sign({"--passphrase-fd", "0"});  // RunCli's stdin is /dev/null
  EXPECT_EQ(blank.exit_code, 2) << blank.err;
  EXPECT_NE(blank.err.find("empty passphrase"), std::string::npos) << blank.err;
  EXPECT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 4) << "still unsigned";
}

TEST_F(PassphraseCli, KeyTrustStillRefusesAnEncryptedPrivateKeyFile) {
  const CliResult refused = Run({"key", "trust", key(), "--name", "oops"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("PRIVATE key"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find(".pub"), std::string::npos) << refused.err;
}

TEST_F(PassphraseCli, AuditFixSignWithAnEncryptedKeySaysWhichPassphraseOptionToAdd) {
  const CliResult refused = Run({"audit", "--fix", "--sign-with", key()});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("--passphrase-env NAME"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace arenastore::cli
