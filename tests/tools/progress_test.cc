// Specifications of the progress line (tools/progress.h): on a terminal that redraws lines it
// shows, on TERM=dumb it prints no escape codes at all. The terminal is a pseudo-terminal made
// by script(1); the test is skipped where script is missing.
#include "tools/progress.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli::testing {
namespace {

constexpr const char* kScript = "/usr/bin/script";

// `verify` of a three-artifact store, its stderr on a pseudo-terminal of type `term`.
std::string VerifyOnATerminal(const TempDir& dir, const std::string& term) {
  const std::string db = dir.File("s.db");
  const std::string command = Quote(ARENASTORE_CLI) + " verify --db " + Quote(db);
  const std::string out = dir.File("term-" + term);
  const std::string shell = "TERM=" + term + " " + kScript + " -qec " + Quote(command) +
                            " /dev/null > " + Quote(out) + " 2>&1 </dev/null";
  EXPECT_EQ(std::system(shell.c_str()), 0) << shell;
  return ReadText(out);
}

TEST(Progress, DumbTerminalsGetNoEscapeCodes) {
  if (access(kScript, X_OK) != 0) GTEST_SKIP() << "needs script(1) for a pseudo-terminal";
  TempDir dir;
  for (const char* example : {"ds-cnn", "resnet8", "all-ops"}) {
    const std::string file = dir.File(std::string(example) + ".arena");
    ASSERT_EQ(RunCli({"compile", "--example", example, "-o", file}).exit_code, 0);
    ASSERT_EQ(RunCli({"push", file, "--model", example, "--db", dir.File("s.db")}).exit_code, 0);
  }
  const std::string smart = VerifyOnATerminal(dir, "xterm");
  EXPECT_NE(smart.find("\033["), std::string::npos) << "a real terminal sees the progress line";
  const std::string dumb = VerifyOnATerminal(dir, "dumb");
  EXPECT_NE(dumb.find("checked 3 artifact(s)"), std::string::npos) << dumb;
  EXPECT_EQ(dumb.find('\033'), std::string::npos) << dumb;
}

}  // namespace
}  // namespace arenastore::cli::testing
