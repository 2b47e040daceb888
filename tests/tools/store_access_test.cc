// Specifications of how verbs reach the store (tools/store_access.h): read verbs work on a store
// the user may read but not write; verbs that change it say so before they start. Permissions
// do not bind root, so as root the CLI runs as `nobody` through setpriv (skipped without it).
#include "tools/store_access.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli {
namespace {

using testing::CliResult;
using testing::RunCli;
using testing::TempDir;

constexpr const char* kSetpriv = "/usr/bin/setpriv";

// A store with kws@1 in `dir`/shared, then the file made 0444 and its directory 0555.
class ReadOnlyStore : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() == 0 && access(kSetpriv, X_OK) != 0) {
      GTEST_SKIP() << "running as root without setpriv: file permissions do not bind root";
    }
    std::filesystem::create_directory(dir_.path() / "shared");
    ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", dir_.File("kws.arena")}).exit_code,
              0);
    ASSERT_EQ(RunCli({"push", dir_.File("kws.arena"), "--model", "kws", "--db", db()}).exit_code,
              0);
    chmod(dir_.path().c_str(), 0755);  // mkdtemp made it 0700: `nobody` must get in
    ASSERT_EQ(chmod(db().c_str(), 0444), 0);
    ASSERT_EQ(chmod((dir_.path() / "shared").c_str(), 0555), 0);
  }
  void TearDown() override { chmod((dir_.path() / "shared").c_str(), 0755); }

  std::string db() const { return dir_.File("shared/store.db"); }

  // As an unprivileged user when we are root.
  CliResult RunAsReader(std::vector<std::string> args) {
    args.insert(args.end(), {"--db", db()});
    const std::string as_nobody =
        geteuid() == 0 ? std::string(kSetpriv) + " --reuid=65534 --regid=65534 --clear-groups --"
                       : "";
    return RunCli(args, as_nobody);
  }

  TempDir dir_;
};

TEST_F(ReadOnlyStore, ReadVerbsWorkOnAStoreTheUserCannotWrite) {
  const std::vector<std::vector<std::string>> reads = {{"ls"},
                                                       {"show", "kws@1"},
                                                       {"check", "kws"},
                                                       {"inspect", "kws"},
                                                       {"run", "kws", "--random-input", "1"},
                                                       {"pull", "kws", "-o", "-"},
                                                       {"verify"},
                                                       {"db", "info"},
                                                       {"audit", "ls"},
                                                       {"key", "ls"},
                                                       {"policy", "show"},
                                                       {"fleet", "ls"}};
  for (const std::vector<std::string>& read : reads) {
    const CliResult result = RunAsReader(read);
    EXPECT_EQ(result.exit_code, 0) << read[0] << ": " << result.err;
  }
  EXPECT_FALSE(std::filesystem::exists(db() + "-shm")) << "the directory is not ours to write";
}

TEST_F(ReadOnlyStore, AVerbThatWouldChangeItSaysSoBeforeStarting) {
  const CliResult result = RunAsReader({"alias", "set", "kws", "prod", "1"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("read-only for you"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("[sqlite"), std::string::npos) << "no SQLite details: " << result.err;
  EXPECT_EQ(result.err.find("SQL:"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace arenastore::cli
